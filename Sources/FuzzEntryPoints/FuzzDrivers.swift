import Comparison
import DocumentCodecs
import DocumentPlatform
import Formats
import Foundation

/// The per-target drivers behind ``FuzzTarget/run(_:)``.
///
/// Every driver goes past the first decode when it succeeds: it writes the snapshot back, reads that
/// again, compares the two and runs the registered conversions, because a value a reader accepts is
/// what the writers, comparators and conversions then meet, and a trap there is as much a crash of
/// `docmigrate convert` or `verify` on that input as one in the reader.
enum FuzzDrivers {
    /// The built-in registry, made once: its conversions are looked up by codec for every input.
    static let registry = CodecRegistry.builtIn

    static func json(_ data: Data) {
        _ = try? JSONParser().parse(data)
        _ = try? JSONParser(maximumDepth: 64, loneSurrogates: .replace).parse(data)
        exercise(JSONCodec.self, FileWrapper(regularFileWithContents: data))
        // Both sides from the input, so the comparator's word-at-a-time scanning and key matching meet
        // documents the fuzzer shapes on each side (the codec round trip above only ever compares a
        // document with this encoder's own output).
        let middle = data.count / 2
        let left = Data(data.prefix(middle)), right = Data(data.suffix(from: data.startIndex + middle))
        _ = JSONComparator().compare(expected: left, actual: right)
        _ = JSONComparator(accepting: [.keyOrder, .numberSpelling]).compare(expected: left, actual: right)
        _ = JSONComparator(accepting: [.keyOrder]).compare(expected: data, actual: data + Data(" ".utf8))
    }

    static func binaryPropertyList(_ data: Data) {
        // Inputs without the magic would be refused at the first bytes; the prefix keeps the fuzzer in the reader.
        let input = data.starts(with: Array("bplist".utf8)) ? data : Data("bplist00".utf8) + data
        _ = try? BinaryPropertyList.read(input, limits: BinaryPropertyList.Limits())
        if let document = try? BinaryPropertyList.readDocument(input) { writeBack(document) }
        exercise(PropertyListCodec.self, FileWrapper(regularFileWithContents: input))
    }

    static func xmlPropertyList(_ data: Data) {
        _ = try? XMLPropertyList.read(data, options: .coreFoundationCompatible)
        if let document = try? XMLPropertyList.readDocument(data) {
            writeBack(PropertyListDocument(value: document.value, format: .xml))
        }
        exercise(PropertyListCodec.self, FileWrapper(regularFileWithContents: data))
    }

    static func openStepPropertyList(_ data: Data) {
        if let value = try? OpenStepPropertyList.read(data) {
            writeBack(PropertyListDocument(value: value, format: .openStep))
        }
        exercise(PropertyListCodec.self, FileWrapper(regularFileWithContents: data))
    }

    static func keyedArchive(_ data: Data) {
        exercise(KeyedArchiveCodec.self, FileWrapper(regularFileWithContents: data))
        exercise(NotebookV1Codec.self, FileWrapper(regularFileWithContents: data))
    }

    static func textDetection(_ data: Data) {
        let file = FileWrapper(regularFileWithContents: data)
        exercise(PlainTextCodec.self, file)
        exercise(MarkdownCodec.self, file)
        let lenient = TextCodecOptions(fallbackEncoding: .singleByte(.windows1252), replacesInvalidBytes: true)
        if let document = try? PlainTextCodec(options: lenient).decode(file, contentType: .plainText) {
            _ = try? PlainTextCodec().encode(document, previous: nil, contentType: .plainText)
        }
    }

    static func csv(_ data: Data) {
        let file = FileWrapper(regularFileWithContents: data)
        exercise(CSVCodec.self, file)
        exercise(TSVCodec.self, file)
        exercise(StrictCSVCodec.self, file)
    }

    static func rtf(_ data: Data) {
        exercise(RTFCodec.self, FileWrapper(regularFileWithContents: data))
    }

    static func flatRTFD(_ data: Data) {
        if let wrapper = FileWrapper(serializedRepresentation: data) {
            _ = wrapper.serializedRepresentation
            exercise(RTFDCodec.self, wrapper)
        }
        exercise(FlatRTFDCodec.self, FileWrapper(regularFileWithContents: data))
    }

    static func package(_ data: Data) {
        PackageTreeDescription(data).withMaterializedTree { url in
            for options: FileWrapper.ReadingOptions in [[], [.immediate]] {
                guard let wrapper = try? FileWrapper(url: url, options: options) else { continue }
                _ = wrapper.serializedRepresentation
                exercise(NotebookCodec.self, wrapper)
                exercise(RTFDCodec.self, wrapper)
                exercise(MarkdownBundleCodec.self, wrapper)
            }
        }
    }

    /// Writes a property list in both writable forms and reads each back.
    private static func writeBack(_ document: PropertyListDocument) {
        for format: PropertyListDocument.Format in [.binary, .xml] {
            guard let written = try? PropertyListCodec.write(document, as: format) else { continue }
            _ = try? PropertyListCodec.read(written)
        }
    }

    /// Decodes `file` with `Codec`, then writes the snapshot back, reads and compares it, and converts it
    /// with every registered conversion from `Codec` (encoding each result with its target codec).
    private static func exercise<Codec: DocumentCodec>(_ codecType: Codec.Type, _ file: FileWrapper) {
        let codec = AnyDocumentCodec(codecType)
        for contentType in codec.readableContentTypes.prefix(1) {
            guard let snapshot = try? codec.decode(file, contentType: contentType) else { continue }
            if let written = try? codec.encode(snapshot, previous: file, contentType: contentType),
                let again = try? codec.decode(written, contentType: contentType)
            {
                _ = try? codec.differences(expected: snapshot, actual: again)
            }
            if let written = try? codec.encode(snapshot, previous: nil, contentType: contentType) {
                _ = try? codec.decode(written, contentType: contentType)
            }
            for conversion in registry.conversions where conversion.sourceCodec == codec.identifier {
                guard let converted = try? conversion.convert(snapshot) else { continue }
                _ = conversion.warnings(converting: snapshot, into: converted)
                guard let target = registry.codec(identifier: conversion.targetCodec),
                    let targetType = target.writableContentTypes.first
                else { continue }
                _ = try? target.encode(converted, previous: nil, contentType: targetType)
            }
        }
    }
}
