import DocumentModels

/// A codec that can turn a real document into an anonymized case: same structure and sizes, no private text.
///
/// An optional capability: `docmigrate anonymize` uses it so teams can build goldens from users' files
/// without keeping their content. A codec replaces every text value of its snapshot with
/// `Anonymizer.text(_:)` and every binary payload with `Anonymizer.bytes(replacing:)`, and keeps what
/// is structure (keys, identifiers, order, encodings). The built-in codecs all conform.
public protocol AnonymizableCodec: DocumentCodec {
    /// The snapshot with every private value replaced by the anonymizer's deterministic filler.
    func anonymize(_ snapshot: Snapshot, with anonymizer: inout Anonymizer) -> Snapshot

    /// The anonymized document of `file`; by default decode, `anonymize(_:with:)`, and encode with
    /// `file` as the previous wrapper so that unchanged members keep their bytes.
    ///
    /// Override it when the format has bytes the snapshot does not carry (a member's formatting, say)
    /// that the anonymized case should keep.
    func anonymize(_ file: FileWrapper, contentType: UTType, with anonymizer: inout Anonymizer) throws -> FileWrapper
}

extension AnonymizableCodec {
    public func anonymize(
        _ file: FileWrapper, contentType: UTType, with anonymizer: inout Anonymizer
    ) throws -> FileWrapper {
        let snapshot = try decode(file, contentType: contentType)
        return try encode(anonymize(snapshot, with: &anonymizer), previous: file, contentType: contentType)
    }
}
