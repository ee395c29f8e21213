import DocumentPlatform
import Foundation
import TestSupport
import Testing

@Suite struct FileWrapperWritingTests {
    static func inode(_ url: URL) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
    }

    /// Every file under `root` (relative path → bytes), for byte-identical comparisons.
    static func snapshot(_ root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        while let relative = enumerator.nextObject() as? String {
            let url = root.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            result[relative] = isDirectory.boolValue ? Data("<dir>".utf8) : try Data(contentsOf: url)
        }
        return result
    }

    static func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".docmigrate-save-") }
    }

    @Test func writesAndReadsBackATree() throws {
        let temporary = try TemporaryDirectory("write")
        let sub = FileWrapper(directoryWithFileWrappers: [
            "b.txt": FileWrapper(regularFileWithContents: Data("beta".utf8))
        ])
        let tree = FileWrapper(directoryWithFileWrappers: [
            "a.txt": FileWrapper(regularFileWithContents: Data("alpha".utf8)),
            "Sub": sub,
            "link": FileWrapper(symbolicLinkWithDestinationURL: URL(fileURLWithPath: "a.txt")),
        ])
        let destination = temporary.appending("Doc.pkg")
        try tree.write(to: destination, options: .atomic, originalContentsURL: nil)
        #expect(try Self.snapshot(destination)["Sub/b.txt"] == Data("beta".utf8))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: destination.appendingPathComponent("link").path)
                == "a.txt")
        let back = try FileWrapper(url: destination, options: .immediate)
        #expect(back.contentDifferences(from: tree).isEmpty)
        #expect(try Self.leftovers(in: temporary.url).isEmpty)
    }

    @Test func appliesPermissionsLessTheUmaskAndTheModificationDate() throws {
        let temporary = try TemporaryDirectory("attributes")
        let file = FileWrapper(regularFileWithContents: Data("x".utf8))
        let date = Date(timeIntervalSince1970: 1_234_567_890.5)
        var attributes = file.fileAttributes
        attributes[FileAttributeKey.posixPermissions.rawValue] = NSNumber(value: 0o640)
        attributes[FileAttributeKey.modificationDate.rawValue] = date
        file.fileAttributes = attributes
        let destination = temporary.appending("x.txt")
        try file.write(to: destination, options: .atomic, originalContentsURL: nil)
        let written = try FileManager.default.attributesOfItem(atPath: destination.path)
        #expect((written[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        let writtenDate = try #require(written[.modificationDate] as? Date)
        #expect(abs(writtenDate.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.001)
    }

    @Test func atomicWriteReplacesAnExistingPackageWhole() throws {
        let temporary = try TemporaryDirectory("replace")
        let destination = temporary.appending("Doc.pkg")
        try FileWrapperReadingTests.makeTree(["old.txt": "old", "Deep/old.txt": "old"], at: destination)
        let tree = FileWrapper(directoryWithFileWrappers: [
            "new.txt": FileWrapper(regularFileWithContents: Data("new".utf8))
        ])
        try tree.write(to: destination, options: .atomic, originalContentsURL: nil)
        #expect(try Self.snapshot(destination) == ["new.txt": Data("new".utf8)])
        #expect(try Self.leftovers(in: temporary.url).isEmpty)
    }

    @Test func atomicWriteReplacesAFileByAFolderAndBack() throws {
        let temporary = try TemporaryDirectory("kinds")
        let destination = temporary.appending("item")
        try Data("file".utf8).write(to: destination)
        try FileWrapper(directoryWithFileWrappers: [:]).write(
            to: destination, options: .atomic, originalContentsURL: nil)
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory) && isDirectory.boolValue
        )
        try FileWrapper(regularFileWithContents: Data("again".utf8)).write(
            to: destination, options: .atomic, originalContentsURL: nil)
        #expect(try Data(contentsOf: destination) == Data("again".utf8))
    }

    @Test func nonAtomicFolderWriteRefusesAnExistingItemAndKeepsIt() throws {
        let temporary = try TemporaryDirectory("nonatomic")
        let destination = temporary.appending("Doc.pkg")
        try FileWrapperReadingTests.makeTree(["keep.txt": "precious"], at: destination)
        let error = try #require(throws: FileWrapperError.self) {
            try FileWrapper(directoryWithFileWrappers: [:]).write(
                to: destination, options: [], originalContentsURL: nil)
        }
        #expect(error.code == "filewrapper.write.exists")
        #expect((error as NSError).code == CocoaError.fileWriteFileExists.rawValue)
        #expect(try Self.snapshot(destination) == ["keep.txt": Data("precious".utf8)])
    }

    @Test func savingWithTheOriginalHardLinksUnchangedMembersOnly() throws {
        let temporary = try TemporaryDirectory("links")
        let package = temporary.appending("Doc.pkg")
        try FileWrapperReadingTests.makeTree(
            ["same.bin": "unchanged", "edit.txt": "before", "Sub/deep.bin": "deep"], at: package)
        let originalSame = try Self.inode(package.appendingPathComponent("same.bin"))
        let originalDeep = try Self.inode(package.appendingPathComponent("Sub/deep.bin"))
        let originalEdit = try Self.inode(package.appendingPathComponent("edit.txt"))

        let document = try FileWrapper(url: package)
        let old = try #require(document.fileWrappers?["edit.txt"])
        document.removeFileWrapper(old)
        document.addRegularFile(withContents: Data("after".utf8), preferredFilename: "edit.txt")
        try document.write(to: package, options: [.atomic, .withNameUpdating], originalContentsURL: package)

        #expect(try Self.inode(package.appendingPathComponent("same.bin")) == originalSame)
        #expect(try Self.inode(package.appendingPathComponent("Sub/deep.bin")) == originalDeep)
        #expect(try Self.inode(package.appendingPathComponent("edit.txt")) != originalEdit)
        #expect(
            try Self.snapshot(package) == [
                "same.bin": Data("unchanged".utf8), "edit.txt": Data("after".utf8),
                "Sub": Data("<dir>".utf8), "Sub/deep.bin": Data("deep".utf8),
            ])
        #expect(try Self.leftovers(in: temporary.url).isEmpty)
    }

    @Test func aMemberWhoseAttributesWereSetIsWrittenNotLinked() throws {
        let temporary = try TemporaryDirectory("nolink")
        let package = temporary.appending("Doc.pkg")
        try FileWrapperReadingTests.makeTree(["a.bin": "a"], at: package)
        let before = try Self.inode(package.appendingPathComponent("a.bin"))
        let document = try FileWrapper(url: package)
        let member = try #require(document.fileWrappers?["a.bin"])
        member.fileAttributes = member.fileAttributes
        try document.write(to: package, options: .atomic, originalContentsURL: package)
        #expect(try Self.inode(package.appendingPathComponent("a.bin")) != before)
    }

    @Test func aMemberWhoseOriginalChangedOnDiskIsWrittenNotLinked() throws {
        let temporary = try TemporaryDirectory("stale")
        let package = temporary.appending("Doc.pkg")
        try FileWrapperReadingTests.makeTree(["a.bin": "a"], at: package)
        let document = try FileWrapper(url: package, options: .immediate)
        try Data("changed by someone else".utf8).write(to: package.appendingPathComponent("a.bin"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 100)],
            ofItemAtPath: package.appendingPathComponent("a.bin").path)
        let before = try Self.inode(package.appendingPathComponent("a.bin"))
        try document.write(to: package, options: .atomic, originalContentsURL: package)
        #expect(try Self.inode(package.appendingPathComponent("a.bin")) != before)
        #expect(try Data(contentsOf: package.appendingPathComponent("a.bin")) == Data("a".utf8))
    }

    @Test func aWriteThatFailsHalfWayLeavesTheOldPackageByteIdentical() throws {
        let temporary = try TemporaryDirectory("halfway")
        let package = temporary.appending("Doc.pkg")
        try FileWrapperReadingTests.makeTree(["a.txt": "a", "m.txt": "m", "z.txt": "z", "Sub/s.txt": "s"], at: package)
        let before = try Self.snapshot(package)
        let source = temporary.appending("Source.pkg")
        try FileWrapperReadingTests.makeTree(["a.txt": "A", "m.txt": "M", "z.txt": "Z"], at: source)
        let document = try FileWrapper(url: source)
        _ = document.fileWrappers
        // "a.txt" is written first (byte-wise order); "m.txt" then fails to load: the write stops half way.
        try FileManager.default.removeItem(at: source.appendingPathComponent("m.txt"))
        #expect(throws: FileWrapperError.self) {
            try document.write(to: package, options: .atomic, originalContentsURL: nil)
        }
        #expect(try Self.snapshot(package) == before)
        #expect(try Self.leftovers(in: temporary.url).isEmpty)
    }

    // An empty key cannot be made: an empty preferred name is a precondition failure, tested elsewhere.
    @Test(arguments: ["..", ".", "a/b", "../escape", "nul\u{0}name"])
    func unsafeChildNamesFailTheWriteBeforeAnythingIsWritten(_ name: String) throws {
        let temporary = try TemporaryDirectory("names")
        let tree = FileWrapper(directoryWithFileWrappers: [:])
        tree.addRegularFile(withContents: Data("ok".utf8), preferredFilename: "fine.txt")
        let nested = FileWrapper(directoryWithFileWrappers: [:])
        nested.addRegularFile(withContents: Data("x".utf8), preferredFilename: name)
        nested.preferredFilename = "Inner"
        tree.addFileWrapper(nested)
        let destination = temporary.appending("Doc.pkg")
        let error = try #require(throws: FileWrapperError.self) {
            try tree.write(to: destination, options: .atomic, originalContentsURL: nil)
        }
        #expect(error.code == "filewrapper.name.invalid")
        #expect(error.location == .member("Inner"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path).isEmpty)
        #expect(
            !FileManager.default.fileExists(
                atPath: temporary.url.deletingLastPathComponent().appendingPathComponent("escape").path))
    }

    @Test func nameUpdatingSetsDescendantFilenamesToTheirKeys() throws {
        let temporary = try TemporaryDirectory("names-update")
        let first = FileWrapper(regularFileWithContents: Data("1".utf8))
        first.preferredFilename = "same"
        let second = FileWrapper(regularFileWithContents: Data("2".utf8))
        second.preferredFilename = "same"
        let tree = FileWrapper(directoryWithFileWrappers: [:])
        let keys = [tree.addFileWrapper(first), tree.addFileWrapper(second)]
        try tree.write(to: temporary.appending("A.pkg"), options: .atomic, originalContentsURL: nil)
        #expect(first.filename == nil && second.filename == nil)
        try tree.write(
            to: temporary.appending("B.pkg"), options: [.atomic, .withNameUpdating], originalContentsURL: nil)
        #expect([first.filename, second.filename] == keys)
        #expect(
            try Set(FileManager.default.contentsOfDirectory(atPath: temporary.appending("B.pkg").path)) == Set(keys))
    }

    @Test func aSymbolicLinkAtTheDestinationIsReplacedNotWrittenThrough() throws {
        let temporary = try TemporaryDirectory("dest-link")
        let target = temporary.appending("target.txt")
        try Data("keep me".utf8).write(to: target)
        let destination = temporary.appending("doc.txt")
        try FileManager.default.createSymbolicLink(atPath: destination.path, withDestinationPath: "target.txt")
        try FileWrapper(regularFileWithContents: Data("new".utf8)).write(
            to: destination, options: .atomic, originalContentsURL: nil)
        #expect(try Data(contentsOf: target) == Data("keep me".utf8))
        #expect(try Data(contentsOf: destination) == Data("new".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: destination.path)) == nil)
    }

    @Test func aMissingDestinationFolderIsAClearError() throws {
        let temporary = try TemporaryDirectory("no-folder")
        let error = try #require(throws: FileWrapperError.self) {
            try FileWrapper(regularFileWithContents: Data()).write(
                to: temporary.appending("none/x.txt"), options: .atomic, originalContentsURL: nil)
        }
        #expect(error.code == "filewrapper.write.no-such-folder")
        #expect(error.description.contains(temporary.appending("none").path))
    }

    @Test func aPackageSwappedInWhileAnotherProcessReadsNeverShowsAMix() throws {
        let temporary = try TemporaryDirectory("swap")
        let package = temporary.appending("Doc.pkg")
        func generation(_ number: Int) -> FileWrapper {
            var members: [String: FileWrapper] = [:]
            for index in 0..<12 {
                members["member-\(index).txt"] = FileWrapper(regularFileWithContents: Data("generation \(number)".utf8))
            }
            return FileWrapper(directoryWithFileWrappers: members)
        }
        try generation(0).write(to: package, options: .atomic, originalContentsURL: nil)
        let reader = try HelperProcess.start("read-package-loop", [package.path, "3"])
        var written = 1
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            try generation(written).write(to: package, options: .atomic, originalContentsURL: nil)
            written += 1
        }
        let result = HelperProcess.finish(reader)
        #expect(result.status == 0, "\(result.standardError)")
        let counts = Dictionary(
            uniqueKeysWithValues: result.standardOutput.split(whereSeparator: \.isWhitespace).compactMap {
                field -> (String, Int)? in
                let parts = field.split(separator: "=")
                guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                return (String(parts[0]), value)
            })
        #expect(counts["mixes"] == 0, "\(result.standardOutput)")
        #expect(counts["failures"] == 0, "\(result.standardOutput)")
        // The reader really overlapped the writer: it read many times and saw several generations.
        #expect((counts["reads"] ?? 0) > 20, "\(result.standardOutput)")
        #expect((counts["generations"] ?? 0) > 2, "\(result.standardOutput) after \(written) writes")
    }

    @Test func anInPlaceWriterIsSeenMixedByTheSameReader() throws {
        // The control for the test above: without the atomic swap, the same reader does see mixes,
        // so a reader that could not tell would fail here rather than pass the test above vacuously.
        let temporary = try TemporaryDirectory("control")
        let package = temporary.appending("Doc.pkg")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let names = (0..<12).map { "member-\($0).txt" }
        for name in names { try Data("generation 0".utf8).write(to: package.appendingPathComponent(name)) }
        let reader = try HelperProcess.start("read-package-loop", [package.path, "2"])
        let deadline = Date().addingTimeInterval(2)
        var number = 1
        while Date() < deadline {
            for name in names {
                try Data("generation \(number)".utf8).write(to: package.appendingPathComponent(name))
                usleep(200)
            }
            number += 1
        }
        let result = HelperProcess.finish(reader)
        #expect(result.status == 0)
        #expect(!result.standardOutput.contains("mixes=0 "), "\(result.standardOutput)")
    }
}
