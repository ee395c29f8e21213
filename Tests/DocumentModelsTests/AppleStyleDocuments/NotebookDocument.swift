// Written as Apple's documentation writes a package document with incremental saving:
// https://developer.apple.com/documentation/swiftui/filewrapperdocumentwriter/init(_:makefilewrapper:)
// ("previous: the previous file wrapper that can be reused to optimize writing") and the package
// example of https://developer.apple.com/documentation/swiftui/filedocument/filewrapper(configuration:)
// (reuse the existing wrapper, remove stale children, add only changed ones). The snapshot carries
// per-page "changed" flags, cleared when the snapshot is taken. Only the import line differs.
import DocumentModels

extension UTType {
    static let notebook = UTType(exportedAs: "com.example.notebook", conformingTo: .package)
}

/// The notebook's content as the writer sees it: every page's text, and which pages changed.
struct NotebookSnapshot: Sendable, Equatable {
    var pages: [String: String]
    var changedPages: Set<String>
}

@Observable
final class NotebookDocument: Document {
    static let readableContentTypes: [UTType] = [.notebook]

    private(set) var pages: [String: String] = [:]
    private var changedPages: Set<String> = []

    @MainActor
    func setPage(_ name: String, to text: String?, undoManager: UndoManager?) {
        let oldText = pages[name]
        pages[name] = text
        changedPages.insert(name)
        undoManager?.registerUndo(withTarget: self) { document in
            document.setPage(name, to: oldText, undoManager: undoManager)
        }
    }

    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<[String: String]> {
        FileWrapperDocumentReader(configuration) { package in
            guard package.isDirectory, let children = package.fileWrappers else {
                throw CocoaError(.fileReadCorruptFile)
            }
            var pages: [String: String] = [:]
            for (name, child) in children {
                // Children load on demand; one may be gone by now, which is an error, not an empty page.
                guard let data = child.regularFileContents, let text = String(data: data, encoding: .utf8) else {
                    throw CocoaError(.fileReadCorruptFile)
                }
                pages[name] = text
            }
            return pages
        }
    }

    @MainActor
    func apply(snapshot: [String: String], previous: [String: String]?) async throws {
        pages = snapshot
        changedPages = []
    }

    @MainActor
    func snapshot(contentType: UTType) async throws -> sending NotebookSnapshot {
        defer { changedPages = [] }
        return NotebookSnapshot(pages: pages, changedPages: changedPages)
    }

    func writer(configuration: sending WriteConfiguration) -> sending FileWrapperDocumentWriter<NotebookSnapshot> {
        FileWrapperDocumentWriter(configuration) { snapshot, previous in
            let package = previous ?? FileWrapper(directoryWithFileWrappers: [:])
            for (name, child) in package.fileWrappers ?? [:] where snapshot.pages[name] == nil {
                package.removeFileWrapper(child)
            }
            for (name, text) in snapshot.pages {
                let existing = package.fileWrappers?[name]
                guard existing == nil || snapshot.changedPages.contains(name) else { continue }
                if let existing { package.removeFileWrapper(existing) }
                package.addRegularFile(withContents: Data(text.utf8), preferredFilename: name)
            }
            return package
        }
    }
}
