// The portable UTType family compiles only where the system lacks it: on Apple systems
// UniformTypeIdentifiers provides UTType, and a second one would make user code ambiguous.
#if !canImport(Darwin)

extension UTType {
    // MARK: Reading tags

    /// The type's own tags of the standard classes, each list in declared order.
    ///
    /// Apple drops nonstandard tag classes and normalizes single strings to arrays. Tags are not
    /// inherited from supertypes here; whether Apple's are is unconfirmed.
    public var tags: [UTTagClass: [String]] { record.tags }

    /// The first declared filename extension, such as `txt` for `.plainText`.
    public var preferredFilenameExtension: String? { record.tags[.filenameExtension]?.first }

    /// The first declared MIME type, such as `text/plain` for `.plainText`.
    public var preferredMIMEType: String? { record.tags[.mimeType]?.first }

    // MARK: Creating a type from a tag

    /// Creates the type for a filename extension (without the period) that conforms to `supertype`.
    ///
    /// The extension is compared case-insensitively, so `JPG` finds `.jpeg`; Apple's documentation does
    /// not confirm that, the macOS dump's port does the same. When no declared type matches, the result
    /// is a dynamic type (`isDynamic`), as Apple's may be; nil for an empty extension.
    /// Apple advises `URLResourceValues.contentType` for files on disk rather than their extension.
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        self.init(tag: filenameExtension, tagClass: .filenameExtension, conformingTo: supertype)
    }

    /// Creates the type for a MIME type that conforms to `supertype`, or a dynamic type for an unknown one.
    ///
    /// MIME types are compared case-insensitively and whole, parameters included
    /// (`text/plain;charset=utf-8` is `.utf8PlainText`); nil for an empty string.
    public init?(mimeType: String, conformingTo supertype: UTType = .data) {
        self.init(tag: mimeType, tagClass: .mimeType, conformingTo: supertype)
    }

    /// Creates the preferred type for a tag of a class that conforms to `supertype` (nil: no requirement).
    ///
    /// Among several declared matches the system table wins, then exported declarations, then imported
    /// ones, each in declaration order. With no match the result is a dynamic type; nil when the tag is
    /// empty or its class cannot be expressed in a dynamic identifier.
    public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        guard let first = UTType.types(tag: tag, tagClass: tagClass, conformingTo: supertype).first else {
            return nil
        }
        self = first
    }

    /// Every declared type with the tag that conforms to `supertype`, preferred first.
    ///
    /// When none is declared, the array holds one dynamic type, as Apple documents it may; it is empty
    /// for invalid input (an empty tag, or a class a dynamic identifier cannot carry).
    public static func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
        guard !tag.isEmpty else { return [] }
        let snapshot = UTTypeRegistry.shared.snapshot
        let matches = snapshot.records(withTag: tag, tagClass: tagClass).filter { candidate in
            guard let supertype else { return true }
            return candidate.key == supertype.key
                || snapshot.ancestors(of: candidate).contains { $0.key == supertype.key }
        }
        if !matches.isEmpty { return matches.map(UTType.init(record:)) }
        guard
            let payload = DynamicTypeIdentifier.payload(
                tag: tag, tagClass: tagClass, parentIdentifier: supertype?.identifier
            ), let record = DynamicTypeIdentifier.record(for: DynamicTypeIdentifier.encode(payload: payload))
        else {
            return []
        }
        return [UTType(record: record)]
    }
}

#endif
