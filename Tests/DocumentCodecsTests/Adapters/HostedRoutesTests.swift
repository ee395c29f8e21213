import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

/// The four routes of a codec driven through `DocumentHost`: open → edit → save → reopen, by every route.
@MainActor
@Suite struct HostedRoutesTests {
    /// Opens `url` through one route, replaces the content, saves in place, and returns what the route reads back.
    typealias Route<Snapshot> = (URL, UTType, Snapshot) async throws -> Void
    typealias Reader<Snapshot> = (URL, UTType) async throws -> Snapshot

    static func editors<Codec: DocumentCodec>(_ codec: Codec.Type) -> [String: Route<Codec.Snapshot>] {
        [
            "FileDocument": { url, type, content in
                let host = DocumentHost { _, _ in FileDocumentContainer<CodecFileDocument<Codec>>() }
                try await host.open(url, contentType: type)
                host.update { $0.content = content }
                try await host.save()
            },
            "ReferenceFileDocument": { url, type, content in
                let host = DocumentHost { _, _ in ReferenceFileDocumentContainer<CodecReferenceDocument<Codec>>() }
                let container = try await host.open(url, contentType: type)
                let old = container.document.content
                container.document.content = content
                host.undoManager.registerUndo(withTarget: container) { $0.document.content = old }
                try await host.save()
            },
            "FileWrapperDocument": { url, type, content in
                let host = DocumentHost { _, _ in CodecWrapperDocument<Codec>() }
                let document = try await host.open(url, contentType: type)
                document.content = content
                host.undoManager.registerUndo(withTarget: document) { _ in }
                try await host.save()
            },
            "URLDocument": { url, type, content in
                let host = DocumentHost { _, _ in CodecURLDocument<Codec>() }
                let document = try await host.open(url, contentType: type)
                document.content = content
                host.undoManager.registerUndo(withTarget: document) { _ in }
                try await host.save()
            },
        ]
    }

    static func readers<Codec: DocumentCodec>(_ codec: Codec.Type) -> [String: Reader<Codec.Snapshot>] {
        [
            "FileDocument": { url, type in
                try await DocumentHost { _, _ in FileDocumentContainer<CodecFileDocument<Codec>>() }.open(
                    url, contentType: type
                ).value.content
            },
            "ReferenceFileDocument": { url, type in
                try await DocumentHost { _, _ in ReferenceFileDocumentContainer<CodecReferenceDocument<Codec>>() }.open(
                    url, contentType: type
                ).document.content
            },
            "FileWrapperDocument": { url, type in
                try #require(
                    try await DocumentHost { _, _ in CodecWrapperDocument<Codec>() }.open(url, contentType: type)
                        .content)
            },
            "URLDocument": { url, type in
                try #require(
                    try await DocumentHost { _, _ in CodecURLDocument<Codec>() }.open(url, contentType: type).content)
            },
        ]
    }

    @Test func everyRouteSavesAnEditThatEveryRouteReadsBack() async throws {
        let folder = try TemporaryDirectory("hosted-routes")
        let original = Notebook(title: "Trip", pages: (0..<4).map { Notebook.Page(text: "page \($0)\n") })
        var bytesByRoute: [String: [String: Data]] = [:]
        for (route, edit) in Self.editors(NotebookCodec.self) {
            let url = folder.appending("\(route).notebook")
            try NotebookCodec().encode(original, previous: nil, contentType: NotebookCodec.contentType)
                .write(to: url, options: .atomic, originalContentsURL: nil)
            var edited = original
            edited.title = "Trip, edited"
            edited.pages[2].text = "rewritten by \(route)\n"
            edited.pages.removeLast()
            try await edit(url, NotebookCodec.contentType, edited)
            for (readerRoute, read) in Self.readers(NotebookCodec.self) {
                let back = try await read(url, NotebookCodec.contentType)
                #expect(back == edited, "\(readerRoute) read back something else than \(route) saved")
            }
            var tree = try FileTree.snapshot(url)
            tree = tree.filter { !$0.key.hasPrefix("pages/\(edited.pages[2].id.uuidString)") }
            bytesByRoute[route] = tree
        }
        // Apart from the page each route wrote its own name into, every route saved the same bytes.
        #expect(Set(bytesByRoute.values).count == 1)
    }

    @Test func theFourRoutesSaveTheSameBytesForTheSameSnapshot() async throws {
        let folder = try TemporaryDirectory("hosted-bytes")
        let text = "\u{FEFF}héllo\r\nworld"
        var outputs: [String: Data] = [:]
        for (route, edit) in Self.editors(PlainTextCodec.self) {
            let url = folder.appending("\(route).txt")
            try Data("before".utf8).write(to: url)
            try await edit(url, .utf8PlainText, TextDocument(text: text))
            outputs[route] = try Data(contentsOf: url)
        }
        #expect(outputs.count == 4)
        #expect(Set(outputs.values) == [Data(text.utf8)])
    }
}
