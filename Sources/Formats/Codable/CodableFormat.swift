import DocumentCodecs
import Foundation

/// The Foundation encoder a `CodableFormat` writes with, configured as the app configures it.
public enum CodableEncoder {
    /// A `JSONEncoder` (output formatting, date, data, key and non-conforming float strategies).
    case json(JSONEncoder)
    /// A `PropertyListEncoder` (its `outputFormat`, binary or XML).
    case propertyList(PropertyListEncoder)
}

/// The Foundation decoder a `CodableFormat` reads with, configured as the app configures it.
public enum CodableDecoder {
    /// A `JSONDecoder` (date, data, key and non-conforming float strategies).
    case json(JSONDecoder)
    /// A `PropertyListDecoder`.
    case propertyList(PropertyListDecoder)
}

/// How an app stores a `Codable` model: the name, the content types, and its encoder and decoder settings.
///
/// With a format, any model becomes a codec in one line:
/// ```swift
/// enum InvoiceFormat: CodableFormat {
///     static let identifier = "com.example.invoice"
///     static var contentTypes: [UTType] { [UTType(exportedAs: "com.example.invoice", conformingTo: .json)] }
///     static func makeEncoder() -> CodableEncoder {
///         let encoder = JSONEncoder()
///         encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
///         encoder.dateEncodingStrategy = .iso8601
///         return .json(encoder)
///     }
///     static func makeDecoder() -> CodableDecoder {
///         let decoder = JSONDecoder()
///         decoder.dateDecodingStrategy = .iso8601
///         return .json(decoder)
///     }
/// }
/// typealias InvoiceCodec = CodableCodec<Invoice, InvoiceFormat>
/// ```
/// Make a fresh encoder and decoder on each call: Foundation's coders are classes, and the codec
/// may run on several threads at once.
public protocol CodableFormat: Sendable {
    /// The codec's stable name for manifests and reports.
    static var identifier: String { get }
    /// The content types the app reads and writes, preferred first.
    static var contentTypes: [UTType] { get }
    /// An encoder configured exactly as the app's.
    static func makeEncoder() -> CodableEncoder
    /// A decoder configured exactly as the app's.
    static func makeDecoder() -> CodableDecoder
}
