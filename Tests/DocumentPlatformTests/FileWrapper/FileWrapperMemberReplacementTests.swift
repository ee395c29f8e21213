import DocumentPlatform
import Foundation
import SystemSeam
import TestSupport
import Testing

/// An atomic save over the original that changes one regular file writes that file alone, in place;
/// every other save rebuilds the package and swaps it in.
@Suite struct FileWrapperMemberReplacementTests {
    /// The inodes of every item of the package (the package folder itself under "").
    static func inodes(_ package: URL) throws -> [String: UInt64] {
        var result = ["": try FileTree.inode(package)]
        let enumerator = try #require(FileManager.default.enumerator(atPath: package.path))
        while let relative = enumerator.nextObject() as? String {
            result[relative] = try FileTree.inode(package.appendingPathComponent(relative))
        }
        return result
    }

    /// The items whose inode differs between two `inodes` listings (or that are in one only).
    static func changedItems(_ before: [String: UInt64], _ after: [String: UInt64]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    static func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".docmigrate-save-") }
    }

    /// A package with members at two levels, read lazily as a document is opened.
    static func openedPackage(_ temporary: TemporaryDirectory) throws -> (URL, FileWrapper) {
        let package = temporary.appending("Doc.pkg")
        try FileWrapperReadingTests.makeTree(
            ["a.txt": "a", "b.txt": "b", "Sub/c.txt": "c", "Sub/d.txt": "d"], at: package)
        return (package, try FileWrapper(url: package))
    }

    /// Replaces the member `name` of `folder` by a new wrapper holding `text`; returns the new wrapper.
    @discardableResult
    static func replace(_ name: String, in folder: FileWrapper, with text: String) throws -> FileWrapper {
        let old = try #require(folder.fileWrappers?[name])
        folder.removeFileWrapper(old)
        let new = FileWrapper(regularFileWithContents: Data(text.utf8))
        new.preferredFilename = name
        folder.addFileWrapper(new)
        return new
    }

    @Test func oneChangedMemberIsWrittenAloneAndEverythingElseKeepsItsInode() throws {
        let temporary = try TemporaryDirectory("member-one")
        let (package, document) = try Self.openedPackage(temporary)
        let before = try Self.inodes(package)
        let sub = try #require(document.fileWrappers?["Sub"])
        let new = try Self.replace("d.txt", in: sub, with: "D")
        try document.write(to: package, options: [.atomic, .withNameUpdating], originalContentsURL: package)

        #expect(Self.changedItems(before, try Self.inodes(package)) == ["Sub/d.txt"])
        #expect(
            try FileTree.snapshot(package) == [
                "a.txt": Data("a".utf8), "b.txt": Data("b".utf8), "Sub": Data("<folder>".utf8),
                "Sub/c.txt": Data("c".utf8), "Sub/d.txt": Data("D".utf8),
            ])
        #expect(try Self.leftovers(in: temporary.url).isEmpty)
        // As after a rewrite: the name is updated, the member's date and permissions are on disk, so it matches.
        #expect(new.filename == "d.txt")
        #expect(new.matchesContents(of: package.appendingPathComponent("Sub/d.txt")))
        let written = try FileManager.default.attributesOfItem(atPath: package.appendingPathComponent("Sub/d.txt").path)
        #expect((written[.posixPermissions] as? NSNumber)?.uint16Value == 0o666 & ~FileCreationMask.current)
    }

    @Test func theMemberWrittenInPlaceIsHardLinkedByTheNextSave() throws {
        let temporary = try TemporaryDirectory("member-next")
        let (package, document) = try Self.openedPackage(temporary)
        try Self.replace("a.txt", in: document, with: "A")
        try document.write(to: package, options: [.atomic, .withNameUpdating], originalContentsURL: package)
        let afterFirst = try Self.inodes(package)
        // Now another member changes: the first one is an unchanged original, kept where it is.
        try Self.replace("b.txt", in: document, with: "B")
        try document.write(to: package, options: [.atomic, .withNameUpdating], originalContentsURL: package)
        #expect(Self.changedItems(afterFirst, try Self.inodes(package)) == ["b.txt"])
        #expect(try Data(contentsOf: package.appendingPathComponent("a.txt")) == Data("A".utf8))
        #expect(try Data(contentsOf: package.appendingPathComponent("b.txt")) == Data("B".utf8))
    }

    @Test func twoChangedMembersTakeTheWholePackagePath() throws {
        let temporary = try TemporaryDirectory("member-two")
        let (package, document) = try Self.openedPackage(temporary)
        let before = try Self.inodes(package)
        try Self.replace("a.txt", in: document, with: "A")
        try Self.replace("c.txt", in: try #require(document.fileWrappers?["Sub"]), with: "C")
        try document.write(to: package, options: .atomic, originalContentsURL: package)

        // A new package folder swapped in; the unchanged members hard-linked into it.
        #expect(Self.changedItems(before, try Self.inodes(package)) == ["", "Sub", "Sub/c.txt", "a.txt"])
        #expect(try FileTree.snapshot(package)["a.txt"] == Data("A".utf8))
        #expect(try FileTree.snapshot(package)["Sub/c.txt"] == Data("C".utf8))
        #expect(try Self.leftovers(in: temporary.url).isEmpty)
    }

    @Test func anAddedOrRemovedMemberTakesTheWholePackagePath() throws {
        let temporary = try TemporaryDirectory("member-structure")
        let (package, document) = try Self.openedPackage(temporary)
        var before = try Self.inodes(package)
        document.addRegularFile(withContents: Data("e".utf8), preferredFilename: "e.txt")
        try document.write(to: package, options: .atomic, originalContentsURL: package)
        #expect(Self.changedItems(before, try Self.inodes(package)) == ["", "Sub", "e.txt"])

        let reopened = try FileWrapper(url: package)
        before = try Self.inodes(package)
        reopened.removeFileWrapper(try #require(reopened.fileWrappers?["e.txt"]))
        try reopened.write(to: package, options: .atomic, originalContentsURL: package)
        #expect(Self.changedItems(before, try Self.inodes(package)) == ["", "Sub", "e.txt"])
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent("e.txt").path))
    }

    @Test func aFileAddedOnDiskBehindTheWrappersBackIsRemovedAsByARewrite() throws {
        let temporary = try TemporaryDirectory("member-extra")
        let (package, document) = try Self.openedPackage(temporary)
        _ = document.fileWrappers
        _ = document.fileWrappers?["Sub"]?.fileWrappers
        try Data("stray".utf8).write(to: package.appendingPathComponent("Sub/stray.txt"))
        let before = try Self.inodes(package)
        try Self.replace("a.txt", in: document, with: "A")
        try document.write(to: package, options: .atomic, originalContentsURL: package)
        #expect(Self.changedItems(before, try Self.inodes(package)) == ["", "Sub", "Sub/stray.txt", "a.txt"])
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent("Sub/stray.txt").path))
    }

    @Test func aMemberChangedOnDiskBehindTheWrappersBackIsWrittenFromTheWrapper() throws {
        let temporary = try TemporaryDirectory("member-stale")
        let (package, document) = try Self.openedPackage(temporary)
        _ = document.fileWrappers?["b.txt"]?.regularFileContents
        let stale = package.appendingPathComponent("b.txt")
        try Data("changed by someone else".utf8).write(to: stale)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 100)], ofItemAtPath: stale.path)
        let before = try Self.inodes(package)
        // Alone it is the one member to write, in place, with the wrapper's bytes (as a rewrite writes them).
        let packageDate = try #require(document.fileAttributes[FileAttributeKey.modificationDate.rawValue] as? Date)
        try document.write(to: package, options: .atomic, originalContentsURL: package)
        #expect(Self.changedItems(before, try Self.inodes(package)) == ["b.txt"])
        #expect(try Data(contentsOf: stale) == Data("b".utf8))
        // The package folder keeps the date of its wrapper, as a rewrite gives it, not the time of the rename.
        let folderDate = try #require(
            try FileManager.default.attributesOfItem(atPath: package.path)[.modificationDate] as? Date)
        #expect(abs(folderDate.timeIntervalSince1970 - packageDate.timeIntervalSince1970) < 0.001)
        #expect(document.matchesContents(of: package))

        // Beside an edited member it makes two: the whole package is rewritten, and neither is linked.
        try Data("changed again".utf8).write(to: stale)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 200)], ofItemAtPath: stale.path)
        let beforeSecond = try Self.inodes(package)
        try Self.replace("a.txt", in: document, with: "A")
        try document.write(to: package, options: .atomic, originalContentsURL: package)
        #expect(Self.changedItems(beforeSecond, try Self.inodes(package)) == ["", "Sub", "a.txt", "b.txt"])
        #expect(try Data(contentsOf: stale) == Data("b".utf8))
    }

    @Test func aSymbolicLinkInTheTreeTakesTheWholePackagePath() throws {
        let temporary = try TemporaryDirectory("member-link")
        let package = temporary.appending("Doc.pkg")
        try FileWrapperReadingTests.makeTree(["a.txt": "a", "b.txt": "b"], at: package)
        try FileManager.default.createSymbolicLink(
            atPath: package.appendingPathComponent("link").path, withDestinationPath: "b.txt")
        let document = try FileWrapper(url: package)
        let before = try Self.inodes(package)
        try Self.replace("a.txt", in: document, with: "A")
        try document.write(to: package, options: .atomic, originalContentsURL: package)
        #expect(Self.changedItems(before, try Self.inodes(package)) == ["", "a.txt", "link"])
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: package.appendingPathComponent("link").path)
                == "b.txt")
    }

    @Test func aSymbolicLinkOnDiskWhereTheChangedMemberWasIsReplacedNotWrittenThrough() throws {
        let temporary = try TemporaryDirectory("member-link-on-disk")
        let (package, document) = try Self.openedPackage(temporary)
        _ = document.fileWrappers
        let outside = temporary.appending("outside.txt")
        try Data("outside".utf8).write(to: outside)
        let member = package.appendingPathComponent("a.txt")
        try FileManager.default.removeItem(at: member)
        try FileManager.default.createSymbolicLink(atPath: member.path, withDestinationPath: outside.path)
        let before = try Self.inodes(package)
        try Self.replace("a.txt", in: document, with: "A")
        try document.write(to: package, options: .atomic, originalContentsURL: package)
        #expect(try Data(contentsOf: outside) == Data("outside".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: member.path)) == nil)
        #expect(try Data(contentsOf: member) == Data("A".utf8))
        #expect(Self.changedItems(before, try Self.inodes(package)).contains(""))
    }

    @Test func aDestinationOtherThanTheOriginalTakesTheWholePackagePath() throws {
        let temporary = try TemporaryDirectory("member-elsewhere")
        let (package, document) = try Self.openedPackage(temporary)
        let copy = temporary.appending("Copy.pkg")
        try FileManager.default.copyItem(at: package, to: copy)
        let before = try Self.inodes(copy)
        try Self.replace("a.txt", in: document, with: "A")
        try document.write(to: copy, options: .atomic, originalContentsURL: package)
        // Every item of the copy is new: hard links from the original or written.
        #expect(Self.changedItems(before, try Self.inodes(copy)) == before.keys.sorted())
        #expect(
            try FileTree.inode(copy.appendingPathComponent("b.txt"))
                == FileTree.inode(package.appendingPathComponent("b.txt")))
        #expect(try Data(contentsOf: package.appendingPathComponent("a.txt")) == Data("a".utf8))
    }

    @Test func aFolderWhosePermissionsARewriteWouldChangeTakesTheWholePackagePath() throws {
        let temporary = try TemporaryDirectory("member-mode")
        let (package, document) = try Self.openedPackage(temporary)
        _ = document.fileWrappers
        // The wrapper was read at 0o755; the folder on disk has changed since.
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: package.path)
        let before = try Self.inodes(package)
        try Self.replace("a.txt", in: document, with: "A")
        try document.write(to: package, options: .atomic, originalContentsURL: package)
        #expect(Self.changedItems(before, try Self.inodes(package)).contains(""))
        let attributes = try FileManager.default.attributesOfItem(atPath: package.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.uint16Value == 0o755 & ~FileCreationMask.current)
    }

    @Test func aMemberWhoseAttributesWereSetIsWrittenInPlaceWithThem() throws {
        let temporary = try TemporaryDirectory("member-attributes")
        let (package, document) = try Self.openedPackage(temporary)
        let member = try #require(document.fileWrappers?["b.txt"])
        var attributes = member.fileAttributes
        attributes[FileAttributeKey.posixPermissions.rawValue] = NSNumber(value: 0o600)
        member.fileAttributes = attributes
        let before = try Self.inodes(package)
        try document.write(to: package, options: .atomic, originalContentsURL: package)
        #expect(Self.changedItems(before, try Self.inodes(package)) == ["b.txt"])
        let written = try FileManager.default.attributesOfItem(atPath: package.appendingPathComponent("b.txt").path)
        #expect((written[.posixPermissions] as? NSNumber)?.uint16Value == 0o600)
        // The write cleared the "attributes changed" flag: the next save links the member again.
        try Self.replace("a.txt", in: document, with: "A")
        let beforeSecond = try Self.inodes(package)
        try document.write(to: package, options: .atomic, originalContentsURL: package)
        #expect(Self.changedItems(beforeSecond, try Self.inodes(package)) == ["a.txt"])
    }

    @Test func aMemberThatCannotBeLoadedFailsTheSaveAsARewriteWouldAndLeavesThePackage() throws {
        let temporary = try TemporaryDirectory("member-unreadable")
        let package = temporary.appending("Doc.pkg")
        try FileWrapperReadingTests.makeTree(["a.txt": "a", "b.txt": "b"], at: package)
        let source = temporary.appending("Source.pkg")
        try FileWrapperReadingTests.makeTree(["a.txt": "A"], at: source)
        let sourceWrapper = try FileWrapper(url: source)
        let lazy = try #require(sourceWrapper.fileWrappers?["a.txt"])
        sourceWrapper.removeFileWrapper(lazy)
        try FileManager.default.removeItem(at: source.appendingPathComponent("a.txt"))
        // The original is not the lazy member's file, so it cannot stand for it: the member must be loaded.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 100)],
            ofItemAtPath: package.appendingPathComponent("a.txt").path)
        let document = try FileWrapper(url: package)
        document.removeFileWrapper(try #require(document.fileWrappers?["a.txt"]))
        document.addFileWrapper(lazy)
        let before = try FileTree.snapshot(package)
        let error = try #require(throws: FileWrapperError.self) {
            try document.write(to: package, options: .atomic, originalContentsURL: package)
        }
        #expect(error.code == "filewrapper.read.no-such-file")
        #expect(try FileTree.snapshot(package) == before)
        #expect(try Self.leftovers(in: temporary.url).isEmpty)
    }

    /// A package with more pages in one folder than the status batch checks on one thread, opened as a
    /// document is, with every page's contents loaded.
    static func openedLargePackage(_ temporary: TemporaryDirectory) throws -> (URL, FileWrapper) {
        let package = temporary.appending("Large.pkg")
        var files = ["top.txt": "top"]
        for index in 0..<(FileDescriptor.parallelStatusThreshold + 200) {
            files["Pages/page-\(index).txt"] = "page \(index)"
        }
        try FileWrapperReadingTests.makeTree(files, at: package)
        let document = try FileWrapper(url: package)
        for page in try #require(document.fileWrappers?["Pages"]?.fileWrappers).values { _ = page.regularFileContents }
        return (package, document)
    }

    @Test func oneEditedPageOfALargeFolderIsWrittenAlone() throws {
        let temporary = try TemporaryDirectory("member-large-one")
        let (package, document) = try Self.openedLargePackage(temporary)
        let before = try Self.inodes(package)
        try Self.replace("page-777.txt", in: try #require(document.fileWrappers?["Pages"]), with: "edited")
        try document.write(to: package, options: [.atomic, .withNameUpdating], originalContentsURL: package)
        #expect(Self.changedItems(before, try Self.inodes(package)) == ["Pages/page-777.txt"])
        #expect(try Data(contentsOf: package.appendingPathComponent("Pages/page-777.txt")) == Data("edited".utf8))
    }

    @Test func aPageOfALargeFolderChangedOnDiskBehindTheWrappersBackIsWrittenFromTheWrapper() throws {
        let temporary = try TemporaryDirectory("member-large-stale")
        let (package, document) = try Self.openedLargePackage(temporary)
        // As Apple's writer decides: an original modified more than a second from the wrapper's date is not linked.
        let stale = package.appendingPathComponent("Pages/page-900.txt")
        try Data("changed by someone else".utf8).write(to: stale)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 100)], ofItemAtPath: stale.path)
        let before = try Self.inodes(package)
        try document.write(to: package, options: [.atomic, .withNameUpdating], originalContentsURL: package)
        #expect(Self.changedItems(before, try Self.inodes(package)) == ["Pages/page-900.txt"])
        #expect(try Data(contentsOf: stale) == Data("page 900".utf8))

        // Beside an edited page it makes two changed members: the package is rebuilt, the others linked.
        try Data("changed again".utf8).write(to: stale)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 200)], ofItemAtPath: stale.path)
        let beforeSecond = try Self.inodes(package)
        try Self.replace("page-5.txt", in: try #require(document.fileWrappers?["Pages"]), with: "edited")
        try document.write(to: package, options: [.atomic, .withNameUpdating], originalContentsURL: package)
        #expect(
            Self.changedItems(beforeSecond, try Self.inodes(package)) == [
                "", "Pages", "Pages/page-5.txt", "Pages/page-900.txt",
            ])
        #expect(try Data(contentsOf: stale) == Data("page 900".utf8))
        #expect(try Data(contentsOf: package.appendingPathComponent("Pages/page-5.txt")) == Data("edited".utf8))
    }
}
