import DocumentCodecs

/// A property list as the property-list codec holds it: the value and the form it was stored in.
///
/// Two documents are equal when they hold the same value in the same form; how a binary file was
/// laid out (``binaryLayout``, ``xmlSource``) is a record for writing it back, not part of the document's meaning.
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
    /// How the binary file this document was read from was laid out; nil for a document made in memory
    /// or read from another form.
    ///
    /// While ``value`` is unchanged, writing the binary form reproduces the source bytes exactly;
    /// once it changes, the binary writer lays the file out afresh as Apple's writer does.
    public var binaryLayout: BinaryPropertyListLayout?
    /// The bytes of the XML file this document was read from; nil for a document made in memory or read from another
    /// form.
    ///
    /// Writing the XML form hands them to `XMLPropertyList.write(_:replacing:)`, which gives them back
    /// unchanged while ``value`` is unchanged, and otherwise writes in the style of the Apple writer that made them.
    public var xmlSource: Data?

    public init(value: PropertyListValue, format: Format) {
        self.value = value
        self.format = format
        self.binaryLayout = nil
        self.xmlSource = nil
    }

    public static func == (left: PropertyListDocument, right: PropertyListDocument) -> Bool {
        left.value == right.value && left.format == right.format
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(format)
    }
}
