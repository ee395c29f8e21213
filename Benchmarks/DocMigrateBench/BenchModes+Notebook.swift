import Formats
import Foundation

extension BenchModes {
    /// The package modes.
    static var notebookModes: [String: Mode] { ["notebook-save": notebookSave] }

    /// `notebook-save FOLDER PAGES`: saves a PAGES-page notebook package after editing one page, and rewrites it whole;
    /// prints `incremental-seconds=S incremental-bytes=N full-seconds=S full-bytes=N pages=N`.
    ///
    /// The package is generated once in FOLDER (deterministic page IDs and texts) and kept for later runs.
    /// Both saves are what a document host does: encode the snapshot, then write the package to a temporary
    /// sibling and swap it into place (`.atomic`, and `.withNameUpdating` as `FileWrapperDocumentWriter` writes).
    /// The incremental save encodes with the package it read as `previous` and writes with it as
    /// `originalContentsURL`, so unchanged pages are kept; the full rewrite encodes without `previous` and
    /// writes every page to a package of its own. Bytes written are the process's `wchar` from
    /// `/proc/self/io` (every byte handed to `write`), so they count what the code wrote, not what the disk
    /// did later. Opening and decoding the package is not timed: it is no part of a save.
    static func notebookSave(_ arguments: [String]) throws {
        guard arguments.count == 2, let pageCount = Int(arguments[1]), pageCount >= 2 else {
            throw NotebookBenchError(message: "usage: docmigrate-bench notebook-save FOLDER PAGES (PAGES at least 2)")
        }
        let folder = URL(fileURLWithPath: arguments[0], isDirectory: true)
        let original = folder.appendingPathComponent("notebook-\(pageCount).notebook", isDirectory: true)
        let fullCopy = folder.appendingPathComponent("full-rewrite-\(pageCount).notebook", isDirectory: true)
        let codec = NotebookCodec()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: original.path) {
            let notebook = try generatedNotebook(pages: pageCount)
            try codec.encode(notebook, previous: nil, contentType: NotebookCodec.contentType)
                .write(to: original, options: .atomic, originalContentsURL: nil)
        }

        // Open the package as a host does; each run edits the page a little further, so every save writes.
        let opened = try FileWrapper(url: original, options: [])
        var notebook = try codec.decode(opened, contentType: NotebookCodec.contentType)
        let edited = notebook.pages.count / 2
        notebook.pages[edited].text += "An edit made at \(Date().timeIntervalSince1970).\n"

        let incremental = try measuredWrite {
            try codec.encode(notebook, previous: opened, contentType: NotebookCodec.contentType)
                .write(to: original, options: [.atomic, .withNameUpdating], originalContentsURL: original)
        }
        let full = try measuredWrite {
            try codec.encode(notebook, previous: nil, contentType: NotebookCodec.contentType)
                .write(to: fullCopy, options: [.atomic, .withNameUpdating], originalContentsURL: nil)
        }
        print(
            "incremental-seconds=\(incremental.seconds) incremental-bytes=\(incremental.bytes) "
                + "full-seconds=\(full.seconds) full-bytes=\(full.bytes) pages=\(notebook.pages.count)")
    }

    /// A notebook of `pages` pages of 300–3,000 bytes of text each, the same on every run.
    private static func generatedNotebook(pages: Int) throws -> Notebook {
        let words = "the quick brown fox jumps over a lazy dog while seven notebooks keep their pages in order".split(separator: " ")
        var state: UInt64 = 20_261_129
        func next() -> Int {
            // A fixed linear congruential sequence: the package must be the same on every machine and run.
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var result: [Notebook.Page] = []
        for index in 0..<pages {
            guard let id = UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", index)) else {
                throw NotebookBenchError(message: "page \(index) has no identifier")
            }
            var text = "Page \(index + 1)\n"
            let length = 300 + next() % 2_700
            while text.utf8.count < length {
                text += words[next() % words.count] + (next() % 12 == 0 ? "\n" : " ")
            }
            result.append(Notebook.Page(id: id, text: text))
        }
        return Notebook(title: "A notebook of \(pages) pages", pages: result)
    }

    /// The seconds `body` took and the bytes this process handed to `write` meanwhile.
    private static func measuredWrite(_ body: () throws -> Void) throws -> (seconds: Double, bytes: Int) {
        let bytesBefore = try bytesWritten()
        let elapsed = try ContinuousClock().measure(body)
        let bytes = try bytesWritten() - bytesBefore
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, bytes)
    }

    /// `wchar` of `/proc/self/io`: every byte this process has passed to `write` and its kin.
    private static func bytesWritten() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
            if let value = Int(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces)) { return value }
        }
        throw NotebookBenchError(message: "/proc/self/io has no wchar line")
    }

    /// A notebook mode was called with the wrong arguments, or the system gave it nothing to measure with.
    struct NotebookBenchError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
