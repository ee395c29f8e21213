import Comparison

/// A JSON document as the JSON codec holds it: the value as written and the style it was written in.
///
/// The value keeps key order and numbers as spelled (Comparison's `JSONValue`), so a document
/// written by `JSONEncoder` re-encodes byte for byte when the style is the one it was read with.
public struct JSONDocument: Sendable, Hashable {
    /// The document's value.
    public var value: JSONValue
    /// How the document's bytes are laid out.
    public var style: JSONWritingStyle

    /// A document holding `value`, to be written in `style`.
    public init(value: JSONValue, style: JSONWritingStyle = JSONWritingStyle()) {
        self.value = value
        self.style = style
    }
}
