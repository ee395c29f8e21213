/// The stable codes of the `CodecError`s of codecs built on `Codable` models.
package enum CodableErrorCode: String, CataloguedErrorCode {
    case dataCorrupted = "codable.data-corrupted"
    case invalidValue = "codable.invalid-value"
    case keyNotFound = "codable.key-not-found"
    case notAFile = "codable.not-a-file"
    case typeMismatch = "codable.type-mismatch"
    case unreadable = "codable.unreadable"
    case unsupportedFormat = "codable.unsupported-format"
    case valueNotFound = "codable.value-not-found"

    package var summary: String {
        switch self {
        case .dataCorrupted:
            "The decoder refused the file as corrupt; the message carries the decoder's reason."
        case .invalidValue:
            "The encoder refused a value of the model; the message carries the encoder's reason."
        case .keyNotFound:
            "The file lacks a key the model requires; add it or make the property optional."
        case .notAFile:
            "A document of this format must be a single file, but the item is a folder or a link."
        case .typeMismatch:
            "A value in the file has another type than the model expects."
        case .unreadable:
            "The file's contents could not be read; check that it exists and is readable."
        case .unsupportedFormat:
            "The chosen property-list form cannot be written (OpenStep is read only); choose XML or binary."
        case .valueNotFound:
            "The file holds null or nothing where the model expects a value."
        }
    }
}

extension CodecError.Code {
    /// A code of the Codable format.
    package static func codable(_ code: CodableErrorCode) -> Self { Self(code) }
}
