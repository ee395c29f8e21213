/// A property list as the property-list codec holds it: the value and the form it was stored in.
public struct PropertyListDocument: Sendable, Hashable {
    /// The three forms a property list is stored in.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// `bplist00`.
        case binary
        /// XML with Apple's DTD.
        case xml
        /// Old-style ASCII; read only.
        case openStep
    }

    /// The document's value.
    public var value: PropertyListValue
    /// The form the document was read from, and is written back in.
    public var format: Format

    public init(value: PropertyListValue, format: Format) {
        self.value = value
        self.format = format
    }
}
