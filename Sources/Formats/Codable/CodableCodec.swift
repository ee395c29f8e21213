import DocumentCodecs
import Foundation

/// Any `Codable` model as a codec, read and written with the app's own encoder and decoder settings.
///
/// `typealias InvoiceCodec = CodableCodec<Invoice, InvoiceFormat>` makes a team's existing document
/// model verifiable and convertible without writing a codec by hand (see `CodableFormat`).
///
/// JSON formats: the file is first read by the strict `JSONParser` (so `[1,]`, comments, repeated keys
/// and lone surrogates, which `JSONDecoder` accepts or resolves silently, are errors with `json.*`
/// codes), then decoded by the format's `JSONDecoder`. Writing is the format's `JSONEncoder`, unchanged.
/// What round-trips byte for byte:
/// - a file written with `.sortedKeys` (in any of the four combinations of the other two flags), when
///   the model reproduces every value (dates at whole seconds under `.iso8601`, for example);
/// - not a file written without `.sortedKeys`: `JSONEncoder` then writes keys in the order of a Swift
///   `Dictionary`, whose hashing is seeded per process, so two runs of the same app (on any platform)
///   write different bytes. Such formats round-trip by value: verify them with the `semantic` rule or
///   `json` accepting `key-order`;
/// - `Double`s are spelled by `Double.description` with `.0` dropped (`1e+20`, `1e-07`, `0.1`) by the
///   swift-foundation `JSONEncoder` on Linux and on Apple systems that use it; older Apple releases
///   whose `JSONEncoder` went through `JSONSerialization` may have spelled some doubles differently
///   (not confirmed here), and such files round-trip by value only.
///
/// Property-list formats: a file is first read by docmigrate's strict `BinaryPropertyList` or
/// `XMLPropertyList` reader (`plist.binary.*`, `plist.xml.*` codes), then decoded by the format's
/// `PropertyListDecoder`. Writing converts the `PropertyListEncoder`'s output through docmigrate's own
/// reader and writer: XML in `PropertyListEncoder`'s layout (`XMLPropertyList.Style.propertyListEncoder`,
/// byte for byte what the encoder writes), binary in Apple's layout through `BinaryPropertyList`,
/// because Foundation's binary output on Linux is not Apple's bytes (it does not unique strings).
/// A binary file keeps the encoder's dictionary order, which like unsorted JSON is seeded per
/// process, so binary formats round-trip byte for byte within a run and by value across runs.
///
/// `differences(expected:actual:)` encodes both models to JSON (a property-list format's models with
/// dates as seconds since 2001 and data as base64) and names each difference by key path.
///
/// Error codes: the `json.*` codes of `JSONParser` for JSON formats; `codable.type-mismatch`,
/// `codable.key-not-found`, `codable.value-not-found`, `codable.data-corrupted` (located by the coding
/// path, such as `$.lineItems[2].unitPrice`, as the decoder names it) when the decoder refuses the file
/// (`codable.data-corrupted` also for the decoders' own error types, such as `PropertyListDecoder`'s
/// `.invalidMarker` for a damaged binary file);
/// `codable.invalid-value` when the encoder refuses the model; `codable.unsupported-format` for an
/// OpenStep output format; `codable.not-a-file`, `codable.unreadable`;
/// for property lists, the `plist.xml.*` codes of `XMLPropertyList` and the `plist.*` codes of `BinaryPropertyList`.
public struct CodableCodec<Model: Codable & Sendable & Equatable, Format: CodableFormat>: DocumentCodec {
    public typealias Snapshot = Model

    /// The codec; it has no options of its own.
    public init() {}

    public static var identifier: String { Format.identifier }
    public static var readableContentTypes: [UTType] { Format.contentTypes }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> Model {
        guard file.isRegularFile else {
            throw CodecError(
                code: .codable(.notAFile),
                message: "a \(Format.identifier) document must be a single file, not a folder or a link")
        }
        guard let data = file.regularFileContents else {
            throw CodecError(code: .codable(.unreadable), message: "the file's contents could not be read")
        }
        do {
            switch Format.makeDecoder() {
            case .json(let decoder):
                do {
                    _ = try JSONParser().parse(data)
                } catch {
                    throw CodecError(jsonParseError: error)
                }
                return try decoder.decode(Model.self, from: data)
            case .propertyList(let decoder):
                // Read strictly first, as JSON is: Foundation's readers accept damaged and ambiguous files.
                if data.starts(with: Data("bplist".utf8)) {
                    _ = try BinaryPropertyList.read(data)
                } else {
                    _ = try XMLPropertyList.read(data)
                }
                return try decoder.decode(Model.self, from: data)
            }
        } catch let error as CodecError {
            throw error
        } catch let error as DecodingError {
            throw CodecError(decodingError: error)
        } catch {
            // PropertyListDecoder throws errors of its own (such as `.invalidMarker`) for damaged binary files.
            throw CodecError(code: .codable(.dataCorrupted), message: "the decoder refused the file: \(error)")
        }
    }

    public func encode(_ snapshot: Model, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: try Self.encoded(snapshot))
    }

    /// The model's bytes as the format writes them.
    static func encoded(_ model: Model) throws -> Data {
        do {
            switch Format.makeEncoder() {
            case .json(let encoder):
                return try encoder.encode(model)
            case .propertyList(let encoder):
                // Foundation cannot write OpenStep property lists (on Linux, asking traps), nor can Apple's tools.
                guard encoder.outputFormat != .openStep else {
                    throw CodecError(
                        code: .codable(.unsupportedFormat),
                        message: "OpenStep property lists can be read but not written; choose .xml or .binary")
                }
                let foundationBytes = try encoder.encode(model)
                switch encoder.outputFormat {
                case .binary:
                    return try BinaryPropertyList.write(try BinaryPropertyList.read(foundationBytes))
                default:
                    // The app's writer is `PropertyListEncoder`, so its layout (shortest reals, keys in
                    // `String` order), not CoreFoundation's.
                    return try XMLPropertyList.write(
                        try XMLPropertyList.read(foundationBytes),
                        options: XMLPropertyList.WritingOptions(style: .propertyListEncoder))
                }
            }
        } catch let error as CodecError {
            throw error
        } catch let error as EncodingError {
            throw CodecError(encodingError: error)
        } catch {
            throw CodecError(code: .codable(.invalidValue), message: "the encoder refused the model: \(error)")
        }
    }

    public func differences(expected: Model, actual: Model) -> [SnapshotDifference] {
        if expected == actual { return [] }
        let expectedValue: JSONValue
        let actualValue: JSONValue
        do {
            expectedValue = try Self.comparableValue(expected)
            actualValue = try Self.comparableValue(actual)
        } catch {
            return [
                SnapshotDifference(
                    path: "", summary: "the models differ, and one of them cannot be encoded to show where: \(error)")
            ]
        }
        let found = JSONCodec.differences(expected: expectedValue, actual: actualValue)
        if found.isEmpty {
            return [
                SnapshotDifference(
                    path: "", summary: "the models differ (by ==) in something their encoding does not hold")
            ]
        }
        return found
    }

    /// The model as a JSON value whose key paths name its properties.
    static func comparableValue(_ model: Model) throws -> JSONValue {
        let encoder: JSONEncoder
        switch Format.makeEncoder() {
        case .json(let formatEncoder):
            encoder = formatEncoder
        case .propertyList:
            encoder = JSONEncoder()
            // Seconds since 2001 keep every date's exact `Double`, as a property list does.
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(date.timeIntervalSinceReferenceDate)
            }
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "+infinity", negativeInfinity: "-infinity", nan: "nan")
        }
        encoder.outputFormatting.insert(.sortedKeys)
        return try JSONParser().parse(try encoder.encode(model))
    }
}
