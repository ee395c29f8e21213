import Foundation

/// One decoder that the fuzzers drive, and the code that feeds it one input the way docmigrate reads a file.
///
/// Each case is one libFuzzer executable in `Fuzzing/` and one folder of `Fuzzing/Regressions/`; the
/// regression tests replay those folders through the same `run(_:)`. A thrown error is the decoder's
/// answer to a bad input and is ignored; only a trap (an overflow, an index out of range, a force
/// unwrap, a precondition) ends the process, which is what libFuzzer and the replay report.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The strict JSON reader and the JSON codec, its writer and its conversions.
    case json
    /// The binary property-list reader, then both writers.
    case binaryPropertyList = "plist-binary"
    /// The XML property-list reader (strict and Core Foundation–compatible), then both writers.
    case xmlPropertyList = "plist-xml"
    /// The OpenStep property-list reader, then both writers.
    case openStepPropertyList = "plist-openstep"
    /// The keyed-archive codec over any property-list form, and its conversions.
    case keyedArchive = "keyed-archive"
    /// Text encoding detection: the plain-text and Markdown codecs, with and without a fallback encoding.
    case textDetection = "text"
    /// The CSV, TSV and strict CSV codecs (dialect detection, tokenizer) and their conversions.
    case csv
    /// The RTF reader and its conversions to plain text and Markdown.
    case rtf
    /// The flat RTFD container (`FileWrapper(serializedRepresentation:)`) and the flat RTFD codec.
    case flatRTFD = "flat-rtfd"
    /// The package reader: the input describes a folder tree (see ``PackageTreeDescription``), which is
    /// written to a temporary folder and read with `FileWrapper(url:options:)` and the package codecs.
    case package

    /// Feeds `bytes` to this target's decoders; returns normally unless a decoder traps.
    public func run(_ bytes: UnsafeRawBufferPointer) {
        run(Data(bytes))
    }

    /// Feeds `data` to this target's decoders; returns normally unless a decoder traps.
    public func run(_ data: Data) {
        switch self {
        case .json: FuzzDrivers.json(data)
        case .binaryPropertyList: FuzzDrivers.binaryPropertyList(data)
        case .xmlPropertyList: FuzzDrivers.xmlPropertyList(data)
        case .openStepPropertyList: FuzzDrivers.openStepPropertyList(data)
        case .keyedArchive: FuzzDrivers.keyedArchive(data)
        case .textDetection: FuzzDrivers.textDetection(data)
        case .csv: FuzzDrivers.csv(data)
        case .rtf: FuzzDrivers.rtf(data)
        case .flatRTFD: FuzzDrivers.flatRTFD(data)
        case .package: FuzzDrivers.package(data)
        }
    }
}
