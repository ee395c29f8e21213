import DocumentPlatform
import Foundation
import TestSupport
import Testing

@Suite struct FileWrapperReadingTests {
    /// Writes `files` (relative path → text) under `root`, creating folders as needed.
    static func makeTree(_ files: [String: String], at root: URL) throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    @Test func readsAPackageTreeWithNamesAndAttributes() throws {
        let temporary = try TemporaryDirectory("read")
        let package = temporary.appending("Doc.pkg")
        try Self.makeTree(["a.txt": "alpha", "Sub/b.txt": "beta"], at: package)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o640], ofItemAtPath: package.appendingPathComponent("a.txt").path)

        let wrapper = try FileWrapper(url: package, options: .immediate)
        #expect(wrapper.isDirectory)
        #expect(wrapper.preferredFilename == "Doc.pkg" && wrapper.filename == "Doc.pkg")
        let children = try #require(wrapper.fileWrappers)
        #expect(Set(children.keys) == ["a.txt", "Sub"])
        let a = try #require(children["a.txt"])
        #expect(a.regularFileContents == Data("alpha".utf8))
        #expect(a.filename == "a.txt" && a.preferredFilename == "a.txt")
        #expect((a.fileAttributes[FileAttributeKey.posixPermissions.rawValue] as? NSNumber)?.intValue == 0o640)
        #expect(a.fileAttributes[FileAttributeKey.type.rawValue] as? FileAttributeType == .typeRegular)
        let b = try #require(children["Sub"]?.fileWrappers?["b.txt"])
        #expect(b.regularFileContents == Data("beta".utf8))
    }

    @Test func contentsLoadLazilyWithoutImmediate() throws {
        let temporary = try TemporaryDirectory("lazy")
        let package = temporary.appending("Doc.pkg")
        try Self.makeTree(["a.txt": "before"], at: package)
        let lazy = try FileWrapper(url: package)
        let eager = try FileWrapper(url: package, options: .immediate)
        try Data("after".utf8).write(to: package.appendingPathComponent("a.txt"))
        // The lazy wrapper had not read the member yet, so it sees the new bytes; the immediate one does not.
        #expect(lazy.fileWrappers?["a.txt"]?.regularFileContents == Data("after".utf8))
        #expect(eager.fileWrappers?["a.txt"]?.regularFileContents == Data("before".utf8))
    }

    @Test func aLazyChildRemovedAfterOpeningGivesNilAndKeepsTheErrorForWrite() throws {
        let temporary = try TemporaryDirectory("vanish")
        let package = temporary.appending("Doc.pkg")
        try Self.makeTree(["a.txt": "alpha", "b.txt": "beta"], at: package)
        let wrapper = try FileWrapper(url: package)
        let children = try #require(wrapper.fileWrappers)
        try FileManager.default.removeItem(at: package.appendingPathComponent("b.txt"))

        #expect(children["b.txt"]?.regularFileContents == nil)
        #expect(children["a.txt"]?.regularFileContents == Data("alpha".utf8))
        let error = try #require(throws: FileWrapperError.self) {
            try wrapper.write(to: temporary.appending("Copy.pkg"), options: .atomic, originalContentsURL: nil)
        }
        #expect(error.code == "filewrapper.read.no-such-file")
        #expect(error.location == .member("b.txt"))
        #expect((error as NSError).domain == NSCocoaErrorDomain)
        #expect((error as NSError).code == CocoaError.fileReadNoSuchFile.rawValue)
        #expect(!FileManager.default.fileExists(atPath: temporary.appending("Copy.pkg").path))
    }

    @Test func aSymbolicLinkIsReadAsALinkAndNeverFollowed() throws {
        let temporary = try TemporaryDirectory("links")
        let secret = temporary.appending("secret.txt")
        try Data("outside".utf8).write(to: secret)
        let package = temporary.appending("Doc.pkg")
        try Self.makeTree(["a.txt": "alpha"], at: package)
        try FileManager.default.createSymbolicLink(
            atPath: package.appendingPathComponent("escape").path, withDestinationPath: "../secret.txt")

        let wrapper = try FileWrapper(url: package, options: .immediate)
        let link = try #require(wrapper.fileWrappers?["escape"])
        #expect(link.isSymbolicLink)
        #expect(link.symbolicLinkDestinationURL?.relativePath == "../secret.txt")
        // The serialized tree holds the link's text, never the bytes of the file outside the package.
        let serialized = try #require(wrapper.serializedRepresentation)
        #expect(serialized.range(of: Data("outside".utf8)) == nil)
    }

    @Test func aTopLevelSymbolicLinkIsNotFollowed() throws {
        let temporary = try TemporaryDirectory("toplink")
        try Self.makeTree(["a.txt": "alpha"], at: temporary.appending("Real.pkg"))
        try FileManager.default.createSymbolicLink(
            atPath: temporary.appending("Link.pkg").path, withDestinationPath: "Real.pkg")
        let wrapper = try FileWrapper(url: temporary.appending("Link.pkg"), options: .immediate)
        #expect(wrapper.isSymbolicLink)
    }

    @Test func aLazyMemberSwappedForALinkIsRefusedNotFollowed() throws {
        let temporary = try TemporaryDirectory("swaplink")
        let secret = temporary.appending("secret.txt")
        try Data("outside".utf8).write(to: secret)
        let package = temporary.appending("Doc.pkg")
        try Self.makeTree(["Sub/a.txt": "alpha"], at: package)
        let wrapper = try FileWrapper(url: package)
        let sub = try #require(wrapper.fileWrappers?["Sub"])
        // Between listing and reading, someone replaces the member folder by a link leading outside.
        try FileManager.default.removeItem(at: package.appendingPathComponent("Sub"))
        try FileManager.default.createDirectory(at: temporary.appending("Elsewhere"), withIntermediateDirectories: true)
        try Data("outside".utf8).write(to: temporary.appending("Elsewhere/a.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: package.appendingPathComponent("Sub").path, withDestinationPath: "../Elsewhere")
        #expect(sub.fileWrappers == nil)
        let error = try #require(throws: FileWrapperError.self) {
            try wrapper.write(to: temporary.appending("Copy.pkg"), options: .atomic, originalContentsURL: nil)
        }
        #expect(error.code == "filewrapper.read.symbolic-link-refused")
    }

    @Test func skipsALegacyIconFileBesideItsItemAsApplesReaderDoes() throws {
        let temporary = try TemporaryDirectory("tiff")
        let package = temporary.appending("Doc.pkg")
        try Self.makeTree(["photo": "p", "photo.tiff": "icon", "lone.tiff": "kept"], at: package)
        let wrapper = try FileWrapper(url: package, options: .immediate)
        #expect(Set(try #require(wrapper.fileWrappers).keys) == ["photo", "lone.tiff"])
    }

    @Test func aNameThatIsNotUTF8IsAClearError() throws {
        let temporary = try TemporaryDirectory("utf8")
        let package = temporary.appending("Doc.pkg")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        // A file whose name holds the byte 0xFF, which is not UTF-8, made through the C library.
        let bytes: [UInt8] = Array((package.path + "/").utf8) + [0x62, 0xFF, 0]
        let descriptor = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                open($0, O_CREAT | O_WRONLY, 0o644)
            }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let error = try #require(throws: FileWrapperError.self) { try FileWrapper(url: package, options: .immediate) }
        #expect(error.code == "filewrapper.name.not-utf8")
        #expect(error.description.contains("b\\xff"))
    }

    @Test func aFIFOInsideAPackageIsRefusedWithoutBlocking() throws {
        let temporary = try TemporaryDirectory("fifo")
        let package = temporary.appending("Doc.pkg")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        #expect(mkfifo(package.path + "/pipe", 0o644) == 0)
        let error = try #require(throws: FileWrapperError.self) { try FileWrapper(url: package, options: .immediate) }
        #expect(error.code == "filewrapper.read.unsupported-kind")
    }

    @Test(arguments: ["/", "https://example.com/doc.pkg"])
    func refusesTheRootAndNonFileURLs(_ text: String) throws {
        let url = text.hasPrefix("/") ? URL(fileURLWithPath: text) : try #require(URL(string: text))
        #expect(throws: FileWrapperError.self) { try FileWrapper(url: url) }
    }

    @Test func aMissingItemIsNoSuchFile() throws {
        let temporary = try TemporaryDirectory("missing")
        let error = try #require(throws: FileWrapperError.self) { try FileWrapper(url: temporary.appending("nothing")) }
        #expect(error.code == "filewrapper.read.no-such-file")
        #expect(error.file == temporary.appending("nothing").path)
    }

    @Test func rereadingReconcilesChildrenAndKeepsSurvivorsIdentity() throws {
        let temporary = try TemporaryDirectory("reread")
        let package = temporary.appending("Doc.pkg")
        try Self.makeTree(["keep.txt": "1", "gone.txt": "2"], at: package)
        let wrapper = try FileWrapper(url: package, options: .immediate)
        let kept = try #require(wrapper.fileWrappers?["keep.txt"])

        try FileManager.default.removeItem(at: package.appendingPathComponent("gone.txt"))
        try Data("new".utf8).write(to: package.appendingPathComponent("new.txt"))
        try Data("changed".utf8).write(to: package.appendingPathComponent("keep.txt"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 10)],
            ofItemAtPath: package.appendingPathComponent("keep.txt").path)
        try wrapper.read(from: package, options: .immediate)

        let children = try #require(wrapper.fileWrappers)
        #expect(Set(children.keys) == ["keep.txt", "new.txt"])
        #expect(children["keep.txt"] === kept)
        #expect(kept.regularFileContents == Data("changed".utf8))
    }

    @Test func rereadingCanChangeTheKind() throws {
        let temporary = try TemporaryDirectory("rekind")
        let item = temporary.appending("item")
        try Data("file".utf8).write(to: item)
        let wrapper = try FileWrapper(url: item, options: .immediate)
        #expect(wrapper.isRegularFile)
        try FileManager.default.removeItem(at: item)
        try Self.makeTree(["x": "y"], at: item)
        try wrapper.read(from: item, options: .immediate)
        #expect(wrapper.isDirectory)
        #expect(wrapper.fileWrappers?["x"]?.regularFileContents == Data("y".utf8))
    }

    @Test func matchesContentsComparesKindAndModificationTimeOnly() throws {
        let temporary = try TemporaryDirectory("matches")
        let file = temporary.appending("a.txt")
        try Data("one".utf8).write(to: file)
        let old = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
        let wrapper = try FileWrapper(url: file, options: .immediate)
        #expect(wrapper.matchesContents(of: file))
        // Same size, same date, different bytes: Apple's rule still says it matches.
        try Data("two".utf8).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
        #expect(wrapper.matchesContents(of: file))
        try FileManager.default.setAttributes([.modificationDate: old.addingTimeInterval(5)], ofItemAtPath: file.path)
        #expect(!wrapper.matchesContents(of: file))
        #expect(!FileWrapper(directoryWithFileWrappers: [:]).matchesContents(of: temporary.url))
    }
}
