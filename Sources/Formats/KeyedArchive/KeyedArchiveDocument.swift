import DocumentCodecs

/// A keyed archive as the keyed-archive codec holds it: the decoded tree, the property-list form it is
/// written in, and the property list it was read from.
///
/// The property list read is kept so that an archive whose tree is unchanged is written back exactly
/// as it was (byte for byte through the property-list writers), even where its layout differs from the
/// one `KeyedArchive.propertyList()` makes (Apple's binary dictionary order, duplicated strings, another
/// archiver's numbering). Once the tree changes, the archive is laid out afresh. Two documents are
/// equal when their trees and forms are; the kept source does not take part.
public struct KeyedArchiveDocument: Sendable, Equatable {
    /// The decoded archive.
    public var archive: KeyedArchive
    /// The property-list form the archive is written in (binary or XML).
    public var format: PropertyListDocument.Format
    private var source: Source?

    private struct Source: Sendable {
        var document: PropertyListDocument
        var archive: KeyedArchive
    }

    /// A document holding `archive`, to be written in `format`.
    public init(archive: KeyedArchive, format: PropertyListDocument.Format = .binary) {
        self.archive = archive
        self.format = format
    }

    /// Decodes the archive a property list holds, keeping the property list for an unchanged write.
    public init(
        propertyList document: PropertyListDocument, maximumDepth: Int = KeyedArchive.defaultMaximumDepth
    ) throws {
        let archive = try KeyedArchive(propertyList: document.value, maximumDepth: maximumDepth)
        self.archive = archive
        self.format = document.format
        self.source = Source(document: document, archive: archive)
    }

    /// The property list to write: the one read if nothing changed, else the tree laid out as `NSKeyedArchiver` does.
    public func propertyList() throws -> PropertyListDocument {
        if let source, source.archive == archive, source.document.format == format { return source.document }
        return PropertyListDocument(value: try archive.propertyList(), format: format)
    }

    public static func == (lhs: KeyedArchiveDocument, rhs: KeyedArchiveDocument) -> Bool {
        lhs.archive == rhs.archive && lhs.format == rhs.format
    }
}
