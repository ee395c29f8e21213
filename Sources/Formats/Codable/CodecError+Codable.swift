import DocumentCodecs
import Foundation

extension CodecError {
    /// The codec's form of a Foundation decoder's refusal: a `codable.*` code and the coding path.
    init(decodingError error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(
                code: .codable(.typeMismatch), message: "expected \(type): \(context.debugDescription)",
                location: .keyPath(Self.keyPath(context.codingPath)))
        case .valueNotFound(let type, let context):
            self.init(
                code: .codable(.valueNotFound),
                message: "expected \(type), found null or nothing: \(context.debugDescription)",
                location: .keyPath(Self.keyPath(context.codingPath)))
        case .keyNotFound(let key, let context):
            self.init(
                code: .codable(.keyNotFound),
                message: "the key \"\(key.stringValue)\" is missing: \(context.debugDescription)",
                location: .keyPath(Self.keyPath(context.codingPath + [key])))
        case .dataCorrupted(let context):
            self.init(
                code: .codable(.dataCorrupted), message: context.debugDescription,
                location: .keyPath(Self.keyPath(context.codingPath)))
        @unknown default:
            self.init(code: .codable(.dataCorrupted), message: "\(error)")
        }
    }

    /// The codec's form of a Foundation encoder's refusal.
    init(encodingError error: EncodingError) {
        switch error {
        case .invalidValue(_, let context):
            self.init(
                code: .codable(.invalidValue), message: "the value cannot be encoded: \(context.debugDescription)",
                location: .keyPath(Self.keyPath(context.codingPath)))
        @unknown default:
            self.init(code: .codable(.invalidValue), message: "\(error)")
        }
    }

    /// `$.lines[2].unitPrice`: keys as the coder names them, by `KeyPathWriter`'s rule.
    static func keyPath(_ codingPath: [any CodingKey]) -> String {
        var path = "$"
        for key in codingPath {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == String(index) {
                path += KeyPathWriter.component(index: index)
            } else {
                path += KeyPathWriter.component(key: key.stringValue)
            }
        }
        return path
    }
}
