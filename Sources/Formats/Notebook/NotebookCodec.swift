import DocumentCodecs

/// A notebook package: `metadata.json` (title and ordered page IDs) and `pages/<UUID>.txt`, one per page.
///
/// The reference codec of the package family. Decoding reads the pages the metadata lists through the
/// wrapper's lazy loading, and a listed page that is missing or unreadable is an error naming the
/// member, never a silently shorter notebook. Encoding reuses every child of the previous wrapper whose
/// bytes are unchanged (the metadata file and each page), so a save after editing one page of a
/// thousand writes one page file: saved over the package it was read from, that page alone is
/// replaced in place; saved elsewhere, the others are hard-linked from the original.
public struct NotebookCodec: DocumentCodec {
    public typealias Snapshot = Notebook

    public init() {}

    public static let identifier = "notebook"
    /// `com.example.notebook`, a package with the `notebook` extension.
    ///
    /// An app declares its types in its Info.plist; a tool on Linux has none, so the codec declares
    /// its own type (with its extension) in the type registry the first time the type is used, and
    /// `UTType(filenameExtension: "notebook")` finds it from then on. `CodecRegistry.builtIn` uses it.
    public static let contentType: UTType = {
        #if !canImport(Darwin)
        UTTypeRegistry.shared.register([
            UTTypeDeclaration(
                kind: .exported, identifier: "com.example.notebook", conformsTo: ["com.apple.package"],
                tags: [.filenameExtension: ["notebook"]], typeDescription: "Notebook")
        ])
        #endif
        return UTType(exportedAs: "com.example.notebook", conformingTo: .package)
    }()
    public static var readableContentTypes: [UTType] { [contentType] }

    static let metadataName = "metadata.json"
    static let pagesName = "pages"

    static func pageFileName(_ id: UUID) -> String { pageFileName(identifier: id.uuidString) }
    static func pageFileName(identifier: String) -> String { identifier + ".txt" }
    static func pageMember(_ id: UUID) -> String { pagesName + "/" + pageFileName(id) }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> Notebook {
        try decode(file, metadataRead: { _ in }, pageRead: {})
    }

    /// Decodes, telling `metadataRead` how many pages follow and calling `pageRead` after each (for progress).
    func decode(_ file: FileWrapper, metadataRead: (Int) -> Void, pageRead: () -> Void) throws -> Notebook {
        guard file.isDirectory else {
            throw CodecError(
                code: .notebook(.notAPackage), message: "a notebook must be a folder (package), not a single file")
        }
        guard let children = file.fileWrappers else {
            throw CodecError(code: .notebook(.unreadable), message: "the package's members could not be listed")
        }
        let metadata = try Self.readMetadata(children[Self.metadataName])
        metadataRead(metadata.pageIDs.count)
        var seen = Set<UUID>()
        if let duplicate = metadata.pageIDs.first(where: { !seen.insert($0).inserted }) {
            throw CodecError(
                code: .notebook(.metadataDuplicatePage), message: "page \(duplicate.uuidString) is listed twice",
                location: .inMember(Self.metadataName, .keyPath("pageIDs")))
        }
        let pageFiles = metadata.pageIDs.isEmpty ? [:] : try Self.pageFolder(children[Self.pagesName])
        var pages: [Notebook.Page] = []
        pages.reserveCapacity(metadata.pageIDs.count)
        for id in metadata.pageIDs {
            pages.append(Notebook.Page(id: id, text: try Self.readPage(id, pageFiles[Self.pageFileName(id)])))
            pageRead()
        }
        return Notebook(title: metadata.title, pages: pages)
    }

    private static func readMetadata(_ wrapper: FileWrapper?) throws -> NotebookMetadata {
        guard let wrapper, wrapper.isRegularFile else {
            throw CodecError(
                code: .notebook(.metadataMissing), message: "the package has no metadata.json file",
                location: .member(metadataName))
        }
        guard let data = wrapper.regularFileContents else {
            throw CodecError(
                code: .notebook(.metadataUnreadable), message: "metadata.json could not be read",
                location: .member(metadataName))
        }
        do {
            return try JSONDecoder().decode(NotebookMetadata.self, from: data)
        } catch {
            throw CodecError(
                code: .notebook(.metadataInvalid),
                message: "metadata.json is not a notebook's metadata (a title and a list of page IDs): \(error)",
                location: .member(metadataName))
        }
    }

    private static func pageFolder(_ wrapper: FileWrapper?) throws -> [String: FileWrapper] {
        guard let wrapper, wrapper.isDirectory, let pages = wrapper.fileWrappers else {
            throw CodecError(
                code: .notebook(.pagesMissing),
                message: "the package has no pages folder, but its metadata lists pages", location: .member(pagesName))
        }
        return pages
    }

    private static func readPage(_ id: UUID, _ wrapper: FileWrapper?) throws -> String {
        let member = pageMember(id)
        guard let wrapper, wrapper.isRegularFile else {
            throw CodecError(
                code: .notebook(.pageMissing),
                message: "the metadata lists this page, but the package does not hold it", location: .member(member))
        }
        guard let data = wrapper.regularFileContents else {
            throw CodecError(
                code: .notebook(.pageUnreadable),
                message: "the page could not be read (it may have been removed since the notebook was opened)",
                location: .member(member))
        }
        switch StrictUTF8.decode(data) {
        case .success(let text): return text
        case .failure(let invalid):
            throw CodecError(
                code: .notebook(.pageInvalidUTF8), message: "the page is not valid UTF-8",
                location: .inMember(member, .byte(invalid.offset)))
        }
    }

    static func encodeMetadata(_ metadata: NotebookMetadata) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(metadata)
    }

    public func encode(_ snapshot: Notebook, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        let previousChildren = previous.flatMap { $0.isDirectory ? $0.fileWrappers : nil } ?? [:]
        let previousPages = previousChildren[Self.pagesName].flatMap { $0.isDirectory ? $0.fileWrappers : nil } ?? [:]
        // Each page's UUID string names its file and stands in the metadata: made once per page.
        let identifiers = snapshot.pages.map(\.id.uuidString)

        let metadata = NotebookMetadata(title: snapshot.title, pageIDs: snapshot.pages.map(\.id))
        let metadataFile: FileWrapper
        if let old = previousChildren[Self.metadataName], old.isRegularFile, let data = old.regularFileContents,
            Self.isMetadata(data, of: metadata, identifiers: identifiers)
        {
            // Unchanged in meaning: keep the old bytes (and let the save hard-link them).
            metadataFile = old
        } else {
            metadataFile = FileWrapper(regularFileWithContents: try Self.encodeMetadata(metadata))
        }

        let pagesFolder = FileWrapper(directoryWithFileWrappers: [:])
        // The folder is new, but it stands where the previous one was read or written: its filename
        // lets a save find the originals of the reused pages and hard-link them.
        pagesFolder.filename = previousChildren[Self.pagesName]?.filename
        for (page, identifier) in zip(snapshot.pages, identifiers) {
            let name = Self.pageFileName(identifier: identifier)
            if let old = previousPages[name], old.isRegularFile, let data = old.regularFileContents,
                Self.text(page.text, hasBytes: data)
            {
                pagesFolder.addFileWrapper(old)
            } else {
                pagesFolder.addRegularFile(withContents: Data(page.text.utf8), preferredFilename: name)
            }
        }
        return FileWrapper(directoryWithFileWrappers: [Self.metadataName: metadataFile, Self.pagesName: pagesFolder])
    }

    /// Whether `data`, the bytes of a metadata file, hold `metadata` (`identifiers` are its page IDs' strings).
    ///
    /// First compared with the bytes this codec writes, built without a JSON encoder: a save reuses an
    /// unchanged metadata file of thousands of page IDs, and decoding it only to compare is a large part
    /// of such a save. Those bytes are valid JSON for `metadata`, so equal bytes mean the same metadata;
    /// any other bytes (written by another tool, say) are decoded and compared in meaning.
    static func isMetadata(_ data: Data, of metadata: NotebookMetadata, identifiers: [String]) -> Bool {
        if let expected = try? writtenMetadataBytes(title: metadata.title, identifiers: identifiers),
            expected.count == data.count
        {
            let equal = expected.withUnsafeBytes { expectedBuffer in
                data.withUnsafeBytes { dataBuffer in
                    guard let expectedBase = expectedBuffer.baseAddress, let dataBase = dataBuffer.baseAddress else {
                        return true
                    }
                    return memcmp(expectedBase, dataBase, expectedBuffer.count) == 0
                }
            }
            if equal { return true }
        }
        return (try? JSONDecoder().decode(NotebookMetadata.self, from: data)) == metadata
    }

    /// The bytes `encodeMetadata` writes for this title and these page IDs, laid out as the JSON encoder
    /// lays them out (`.prettyPrinted`, `.sortedKeys`); nil for no pages, whose layout is left to the encoder.
    static func writtenMetadataBytes(title: String, identifiers: [String]) throws -> [UInt8]? {
        guard !identifiers.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let encodedTitle = try encoder.encode(title)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(identifiers.count * 44 + encodedTitle.count + 40)
        bytes.append(contentsOf: "{\n  \"pageIDs\" : [\n".utf8)
        for (index, identifier) in identifiers.enumerated() {
            bytes.append(contentsOf: "    \"".utf8)
            bytes.append(contentsOf: identifier.utf8)
            bytes.append(contentsOf: index == identifiers.count - 1 ? "\"\n".utf8 : "\",\n".utf8)
        }
        bytes.append(contentsOf: "  ],\n  \"title\" : ".utf8)
        bytes.append(contentsOf: encodedTitle)
        bytes.append(contentsOf: "\n}".utf8)
        return bytes
    }

    /// Whether `data` holds exactly the UTF-8 bytes of `text`, compared in place without copying the text.
    static func text(_ text: String, hasBytes data: Data) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == data.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { textBuffer in
            data.withUnsafeBytes { dataBuffer in
                guard let textBase = textBuffer.baseAddress, let dataBase = dataBuffer.baseAddress else { return true }
                return memcmp(textBase, dataBase, textBuffer.count) == 0
            }
        }
        return compared ?? (Data(utf8) == data)
    }

    /// Reads with one unit of progress per page, plus one for the metadata.
    public func read(from url: URL, contentType: UTType, progress: consuming Subprogress) async throws -> Notebook {
        let manager = progress.start(totalCount: nil)
        let wrapper = try FileWrapper(url: url, options: [])
        return try decode(
            wrapper,
            metadataRead: { pageCount in
                manager.setCounts { completed, total in
                    completed = 1
                    total = pageCount + 1
                }
            },
            pageRead: { manager.complete(count: 1) })
    }

    /// Writes a fresh package at `url` (which must not exist) with one unit of progress per file.
    public func write(
        _ snapshot: Notebook, to url: URL, previous: Notebook?, contentType: UTType, progress: consuming Subprogress
    ) async throws {
        let manager = progress.start(totalCount: snapshot.pages.count + 1)
        let pages = url.appendingPathComponent(Self.pagesName)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: false)
        let metadata = NotebookMetadata(title: snapshot.title, pageIDs: snapshot.pages.map(\.id))
        try Self.encodeMetadata(metadata).write(
            to: url.appendingPathComponent(Self.metadataName), options: .withoutOverwriting)
        manager.complete(count: 1)
        for page in snapshot.pages {
            try Data(page.text.utf8).write(
                to: pages.appendingPathComponent(Self.pageFileName(page.id)), options: .withoutOverwriting)
            manager.complete(count: 1)
        }
    }

    public func differences(expected: Notebook, actual: Notebook) -> [SnapshotDifference] {
        var differences: [SnapshotDifference] = []
        if expected.title != actual.title {
            differences.append(
                SnapshotDifference(
                    path: "title", expected: "\"\(expected.title)\"", actual: "\"\(actual.title)\"",
                    summary: "the title differs"))
        }
        if expected.pages.map(\.id) != actual.pages.map(\.id) {
            differences.append(
                SnapshotDifference(
                    path: "pageIDs", expected: "\(expected.pages.count) pages", actual: "\(actual.pages.count) pages",
                    summary: "the pages or their order differ"))
        }
        let actualPages = Dictionary(actual.pages.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first })
        for (index, page) in expected.pages.enumerated() {
            guard let text = actualPages[page.id] else { continue }
            if let difference = TextDifferences.first(
                expected: page.text, actual: text, path: "pages[\(index)] (\(page.id.uuidString))")
            {
                differences.append(difference)
            }
        }
        return differences
    }
}
