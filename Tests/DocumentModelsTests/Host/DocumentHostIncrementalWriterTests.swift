import DocumentModels
import TestSupport
import Testing

/// A package document whose custom writer, given `previous`, writes only the pages that changed
/// and deletes the removed ones, as Apple invites ("compare to write only what changed in package documents").
final class PageSetDocument: Document {
    static let readableContentTypes: [UTType] = [.notebook]

    var pages: [String: String] = [:]

    struct Reader: DocumentReader {
        @concurrent
        func read(from source: URL, progress: consuming Subprogress) async throws -> sending [String: String] {
            var pages: [String: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
                pages[name] = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
            }
            return pages
        }
    }

    struct Writer: DocumentWriter {
        @concurrent
        func write(
            snapshot: sending [String: String], to destination: URL, previous: sending [String: String]?,
            progress: consuming Subprogress
        ) async throws {
            let manager = progress.start(totalCount: snapshot.count + 1)
            if previous == nil {
                try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
            }
            for (name, _) in previous ?? [:] where snapshot[name] == nil {
                try FileManager.default.removeItem(at: destination.appendingPathComponent(name))
            }
            for (name, text) in snapshot where previous?[name] != text {
                try Data(text.utf8).write(to: destination.appendingPathComponent(name))
                manager.complete(count: 1)
            }
        }
    }

    func reader(configuration: sending ReadConfiguration) -> sending Reader { Reader() }
    func writer(configuration: sending WriteConfiguration) -> sending Writer { Writer() }

    @MainActor
    func apply(snapshot: sending [String: String], previous: sending [String: String]?) async throws {
        pages = snapshot
    }

    @MainActor
    func snapshot(contentType: UTType) async throws -> sending [String: String] {
        pages
    }
}

@MainActor
@Suite struct DocumentHostIncrementalWriterTests {
    @Test func aWriterGivenPreviousFindsTheUnchangedMembersInPlace() async throws {
        let folder = try TemporaryDirectory("host-incremental")
        let url = folder.appending("pages.notebook")
        let host = DocumentHost { _, _ in PageSetDocument() }
        let document = try await host.create()
        document.pages = ["a.txt": "alpha", "b.txt": "beta", "c.txt": "gamma"]
        try await host.save(to: url, contentType: .notebook)

        document.pages["b.txt"] = "BETA"
        document.pages["c.txt"] = nil
        try await host.save()

        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() == ["a.txt", "b.txt"])
        #expect(text(of: url.appendingPathComponent("a.txt")) == "alpha")
        #expect(text(of: url.appendingPathComponent("b.txt")) == "BETA")
        let reopened = try await DocumentHost { _, _ in PageSetDocument() }.open(url, contentType: .notebook)
        #expect(reopened.pages == ["a.txt": "alpha", "b.txt": "BETA"])
    }

    @Test func aFailingIncrementalWriteLeavesThePackageAsItWas() async throws {
        let folder = try TemporaryDirectory("host-incremental-fail")
        let url = folder.appending("pages.notebook")
        let host = DocumentHost { _, _ in PageSetDocument() }
        let document = try await host.create()
        document.pages = ["a.txt": "alpha"]
        try await host.save(to: url, contentType: .notebook)
        let packageInode = try inode(of: url)

        // A page name the file system refuses makes the writer throw after it changed its copy.
        document.pages["a.txt"] = "ALPHA"
        document.pages["missing-folder/b.txt"] = "beta"
        await #expect(throws: DocumentHostError.self) { try await host.save() }

        #expect(try inode(of: url) == packageInode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path) == ["a.txt"])
        #expect(text(of: url.appendingPathComponent("a.txt")) == "alpha")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["pages.notebook"])
    }
}
