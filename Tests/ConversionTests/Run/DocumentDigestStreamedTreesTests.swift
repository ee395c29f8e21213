import Comparison
import DocumentPlatform
import Foundation
import Synchronization
import SystemSeam
import TestSupport
import Testing

@testable import Conversion

/// ``DocumentDigest/streamed(of:members:blockSize:counting:)`` against ``DocumentDigest/of(_:)`` of the
/// `FileWrapper` read from the same tree, and ``DocumentDigest/streamedCopy(of:to:members:blockSize:counting:)``
/// against the tree it copied and against the copy a `FileWrapper` write made.
@Suite struct DocumentDigestStreamedTreesTests {
    /// A temporary folder and helpers that make items in it by the bytes of their relative paths.
    final class Tree {
        let directory: TemporaryDirectory
        let root: ItemPath

        init(_ label: String) throws {
            directory = try TemporaryDirectory(label)
            root = ItemPath(directory.url.path)
        }

        func path(_ relative: String) -> ItemPath { root.appending(Array(relative.utf8)) }

        @discardableResult
        func file(_ relative: String, _ bytes: [UInt8] = [], permissions: UInt16 = 0o644) throws -> ItemPath {
            let path = path(relative)
            try ByteNamedFiles.makeFolders(path.parent.bytes)
            try ByteNamedFiles.createFile(path.bytes, contents: Data(bytes), permissions: permissions)
            return path
        }

        @discardableResult
        func folder(_ relative: String) throws -> ItemPath {
            let path = path(relative)
            try ByteNamedFiles.makeFolders(path.bytes)
            return path
        }

        func link(_ relative: String, to destination: [UInt8]) throws {
            let path = path(relative)
            try ByteNamedFiles.makeFolders(path.parent.bytes)
            try ByteNamedFiles.makeSymbolicLink(path.bytes, destination: destination)
        }

        /// The digest of the `FileWrapper` read from `relative`, as the job took it before.
        func wrapperDigest(_ relative: String) throws -> SHA256Digest {
            DocumentDigest.of(
                try FileWrapper(url: URL(fileURLWithPath: path(relative).description), options: .immediate))
        }
    }

    static func bytes(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// A package with nested and empty folders, empty files, a file of many blocks, hidden members, links
    /// of every kind, a legacy icon beside its item, and names whose byte-wise order is not `String`'s
    /// (`e` + U+0301 sorts before `f` by bytes, after it as a `String`; `B` before `a`; `Z` before `ä`).
    static func writeMixedPackage(in tree: Tree, at relative: String) throws {
        try tree.file(relative + "/B", Array("upper".utf8), permissions: 0o640)
        try tree.file(relative + "/a")
        try tree.folder(relative + "/Z")
        try tree.file(relative + "/ä", bytes(count: 1_000, seed: 1), permissions: 0o604)
        try tree.file(relative + "/e\u{301}", Array("decomposed".utf8))
        try tree.file(relative + "/f", Array("f".utf8))
        try tree.file(relative + "/nested/é/inner", Array("composed folder".utf8))
        try tree.file(relative + "/nested/é/.hidden", Array("hidden below".utf8))
        try tree.file(relative + "/.hidden", Array("hidden".utf8))
        try tree.file(relative + "/nested/deeper/leaf.txt", Array("leaf".utf8))
        try tree.folder(relative + "/nested/empty")
        try tree.file(relative + "/icon", Array("item".utf8))
        try tree.file(relative + "/icon.tiff", Array("legacy icon".utf8))
        try tree.link(relative + "/relative", to: Array("a".utf8))
        try tree.link(relative + "/up", to: Array("../outside/file".utf8))
        try tree.link(relative + "/absolute", to: Array("/etc/hostname".utf8))
        try tree.link(relative + "/dangling", to: Array("nowhere/at/all".utf8))
        try tree.link(relative + "/nested/to-folder", to: Array("../Z".utf8))
        try tree.link(relative + "/not-utf8", to: [0x61, 0xFF, 0x62])
        try ByteNamedFiles.setPermissions(tree.path(relative + "/nested").bytes, 0o750)
    }

    @Test(arguments: [7, 64, 4096, ConversionRunner.streamedBlockSize])
    func aFoldersDigestIsTheWrappersOfTheSameTree(blockSize: Int) throws {
        let tree = try Tree("streamed-tree")
        try Self.writeMixedPackage(in: tree, at: "package")
        let wrapperDigest = try tree.wrapperDigest("package")
        #expect(try DocumentDigest.streamed(of: tree.path("package"), blockSize: blockSize) == wrapperDigest)
        #expect(JobState.digest(of: tree.path("package"), isFolder: true) == wrapperDigest.hexString)

        // Every member, the legacy icon the wrapper leaves out included: another digest, equal once the icon is gone.
        let everything = try DocumentDigest.streamed(of: tree.path("package"), members: .all, blockSize: blockSize)
        #expect(everything != wrapperDigest)
        try ByteNamedFiles.removeTree(tree.path("package/icon.tiff").bytes)
        #expect(
            try DocumentDigest.streamed(of: tree.path("package"), members: .all, blockSize: blockSize)
                == tree.wrapperDigest("package"))
    }

    @Test(arguments: [
        "empty folder", "only a link", "a file read as a folder", "a link read as a folder", "an icon without its item",
    ])
    func smallTreesDigestAsTheirWrappers(_ shape: String) throws {
        let tree = try Tree("streamed-small")
        switch shape {
        case "empty folder": try tree.folder("item")
        case "only a link": try tree.link("item/link", to: Array("../elsewhere".utf8))
        case "a file read as a folder": try tree.file("item", Array("bytes".utf8))
        case "a link read as a folder":
            try tree.folder("target")
            try tree.link("item", to: Array("target".utf8))
        default: try tree.file("item/alone.tiff", Array("no item beside it".utf8))
        }
        let wrapperDigest = try tree.wrapperDigest("item")
        #expect(try DocumentDigest.streamed(of: tree.path("item"), blockSize: 5) == wrapperDigest)
        #expect(JobState.digest(of: tree.path("item"), isFolder: true) == wrapperDigest.hexString)
    }

    @Test func namesThatDifferOnlyInNormalisationHaveNoWrapperDigestAndSaySo() throws {
        let tree = try Tree("streamed-equivalent")
        try tree.file("package/\u{E9}", Array("composed".utf8))
        try tree.file("package/e\u{301}", Array("decomposed".utf8))
        // The reason: the wrapper holds both members, but `fileWrappers` (what its digest reads) keeps one.
        let wrapper = try FileWrapper(url: URL(fileURLWithPath: tree.path("package").description), options: .immediate)
        #expect(wrapper.fileWrappers?.count == 1)

        let error = try #require(throws: ConversionError.self) { try DocumentDigest.streamed(of: tree.path("package")) }
        #expect(error.code == "convert.digest.equivalent-names")
        #expect(error.message.contains("\\u{e9}") && error.message.contains("e\\u{301}"))
        #expect(JobState.digest(of: tree.path("package"), isFolder: true) == nil)
        // Every member by its bytes has a digest: both files are in it.
        let everything = try DocumentDigest.streamed(of: tree.path("package"), members: .all)
        try ByteNamedFiles.removeTree(tree.path("package/e\u{301}").bytes)
        #expect(try DocumentDigest.streamed(of: tree.path("package"), members: .all) != everything)
    }

    @Test(arguments: ["name not UTF-8", "FIFO", "FIFO below", "too deep", "missing"])
    func whatAWrapperCannotReadFailsWithTheWrappersError(_ shape: String) throws {
        let tree = try Tree("streamed-unreadable")
        try tree.file("package/fine", Array("fine".utf8))
        switch shape {
        case "name not UTF-8":
            try tree.folder("package/sub")
            try ByteNamedFiles.createFile(
                tree.path("package/sub").appending([0x6F, 0xFF]).bytes, contents: Data("odd".utf8))
        case "FIFO": #expect(mkfifo(tree.path("package/pipe").description, 0o600) == 0)
        case "FIFO below":
            try tree.folder("package/sub/deeper")
            #expect(mkfifo(tree.path("package/sub/deeper/pipe").description, 0o600) == 0)
        case "too deep":
            try tree.folder(
                "package/" + Array(repeating: "d", count: FileWrapper.maximumImmediateDepth).joined(separator: "/"))
        default: try ByteNamedFiles.removeTree(tree.path("package").bytes)
        }
        let url = URL(fileURLWithPath: tree.path("package").description)
        let expected = try #require(throws: FileWrapperError.self) { try FileWrapper(url: url, options: .immediate) }
        let streamed = try #require(throws: FileWrapperError.self) {
            try DocumentDigest.streamed(of: tree.path("package"))
        }
        #expect(streamed.code == expected.code)
        #expect(streamed.location == expected.location)
        #expect(streamed.file == expected.file)
        #expect(JobState.digest(of: tree.path("package"), isFolder: true) == nil)
    }

    @Test func oneLevelLessThanTooDeepDigestsAsTheWrapper() throws {
        let tree = try Tree("streamed-deep")
        try tree.file(
            "package/" + Array(repeating: "d", count: FileWrapper.maximumImmediateDepth - 1).joined(separator: "/")
                + "/leaf", [1])
        #expect(try DocumentDigest.streamed(of: tree.path("package")) == tree.wrapperDigest("package"))
    }

    @Test func aFilesDigestIsTheWholeFilesReadOneBlockAtATime() throws {
        let tree = try Tree("streamed-file")
        let size = (1 << 20) + 3
        let bytes = Self.bytes(count: size, seed: 7)
        let file = try tree.file("big", bytes)
        let pieces = Mutex<[Int]>([])
        let digest = try DocumentDigest.streamed(
            of: file, blockSize: 4096, counting: { block in pieces.withLock { $0.append(block.count) } })
        #expect(digest == DocumentDigest.of(fileContents: Data(bytes)))
        let counts = pieces.withLock { $0 }
        // Every byte was read, and never more than one block at a time.
        #expect(counts.reduce(0, +) == size)
        #expect(counts.max() == 4096)
        #expect(counts.count == (size + 4095) / 4096)
        #expect(JobState.digest(of: file, isFolder: false) == digest.hexString)
        #expect(JobState.digest(of: file, isFolder: true) == digest.hexString)
    }

    @Test func aFileInAFolderAndItsCopyAreReadOneBlockAtATime() throws {
        let tree = try Tree("streamed-file-in-folder")
        let size = 300_001
        let bytes = Self.bytes(count: size, seed: 8)
        try tree.file("package/pages/big", bytes)
        let pieces = Mutex<[Int]>([])
        let counting: (UnsafeRawBufferPointer) -> Void = { block in pieces.withLock { $0.append(block.count) } }
        let digest = try DocumentDigest.streamed(of: tree.path("package"), blockSize: 1000, counting: counting)
        #expect(digest == (try tree.wrapperDigest("package")))
        #expect(pieces.withLock { $0.reduce(0, +) } == size && pieces.withLock { $0.max() } == 1000)

        pieces.withLock { $0 = [] }
        let copied = try DocumentDigest.streamedCopy(
            of: tree.path("package"), to: tree.path("copy"), blockSize: 1000, counting: counting)
        #expect(copied == digest)
        #expect(pieces.withLock { $0.reduce(0, +) } == size && pieces.withLock { $0.max() } == 1000)
        #expect(try ByteNamedFiles.contents(tree.path("copy/pages/big").bytes).data == Data(bytes))
    }

    @Test func theDigestOfAFileIsNilForWhatIsNoRegularFile() throws {
        let tree = try Tree("streamed-not-file")
        try tree.file("target", Array("bytes".utf8))
        try tree.link("link", to: Array("target".utf8))
        #expect(mkfifo(tree.path("pipe").description, 0o600) == 0)
        try tree.folder("folder")
        #expect(JobState.digest(of: tree.path("target"), isFolder: false) != nil)
        for name in ["link", "pipe", "folder", "missing"] {
            #expect(JobState.digest(of: tree.path(name), isFolder: false) == nil, "\(name)")
        }
        #expect(JobState.digest(of: ItemPath("/dev/zero"), isFolder: false) == nil)
    }

    /// Relative path → kind, bytes or link destination, permission bits and modification time of every item below
    /// `root`.
    static func snapshot(
        _ root: ItemPath
    ) throws -> [String: (description: String, permissions: UInt16, seconds: Int64, nanoseconds: Int64)] {
        var result: [String: (String, UInt16, Int64, Int64)] = [:]
        var folders: [(ItemPath, String)] = [(root, "")]
        while let (folder, relative) = folders.popLast() {
            for name in try ByteNamedFiles.names(inFolder: folder.bytes) {
                let path = folder.appending(name)
                let relativePath = relative + "/" + name.map { String($0, radix: 16) }.joined(separator: ".")
                let status = try #require(try ByteNamedFiles.status(path.bytes))
                let description: String
                switch status.kind {
                case .directory:
                    description = "folder"
                    folders.append((path, relativePath))
                case .regular:
                    description = "file " + (try ByteNamedFiles.contents(path.bytes).data.base64EncodedString())
                case .symbolicLink:
                    description =
                        "link "
                        + (try ListedFolder(listing: folder.bytes).symbolicLinkDestination(ofEntry: name)).map {
                            String($0)
                        }.joined(separator: ",")
                default: description = "other"
                }
                // A link's own bits and time are whatever making it gave: neither copy sets them.
                let isLink = status.kind == .symbolicLink
                result[relativePath] = (
                    description, isLink ? 0 : status.permissions, isLink ? 0 : status.modificationSeconds,
                    isLink ? 0 : status.modificationNanoseconds
                )
            }
        }
        return result
    }

    @Test func aPackageCopyIsTheWholeOriginalWithTheMetadataAWrapperWriteGave() throws {
        let tree = try Tree("streamed-copy")
        try Self.writeMixedPackage(in: tree, at: "package")
        // Times with nanoseconds, set after the members were made.
        for (index, relative) in [
            "package/B", "package/ä", "package/nested", "package/nested/deeper", "package/nested/é", "package/Z",
        ].enumerated() {
            try ByteNamedFiles.setModificationTime(
                tree.path(relative).bytes, seconds: 1_500_000_000 + Int64(index), nanoseconds: 123_456_789)
        }
        let digest = try DocumentDigest.streamedCopy(of: tree.path("package"), to: tree.path("copy"), blockSize: 64)
        #expect(digest == (try DocumentDigest.streamed(of: tree.path("package"), members: .all)))
        #expect(digest == (try DocumentDigest.streamed(of: tree.path("copy"), members: .all)))

        let original = try Self.snapshot(tree.path("package"))
        let copy = try Self.snapshot(tree.path("copy"))
        let umask = FileCreationMask.current
        #expect(Set(copy.keys) == Set(original.keys))
        for (relative, item) in original {
            let copied = try #require(copy[relative], "\(relative)")
            #expect(copied.description == item.description, "\(relative)")
            #expect(copied.permissions == item.permissions & ~umask, "\(relative)")
            #expect(copied.seconds == item.seconds && copied.nanoseconds == item.nanoseconds, "\(relative)")
        }

        // What a wrapper's write gave before: the same bits, the time to within its `Date`'s precision, and no legacy
        // icon.
        let written = tree.path("written")
        try FileWrapper(url: URL(fileURLWithPath: tree.path("package").description), options: .immediate)
            .write(to: URL(fileURLWithPath: written.description), options: [], originalContentsURL: nil)
        let wrapperCopy = try Self.snapshot(written)
        let iconKey = "/" + Array("icon.tiff".utf8).map { String($0, radix: 16) }.joined(separator: ".")
        #expect(Set(wrapperCopy.keys) == Set(copy.keys).subtracting([iconKey]))
        for (relative, item) in wrapperCopy {
            let copied = try #require(copy[relative], "\(relative)")
            #expect(
                copied.description == item.description
                    || relative.hasSuffix(Array("not-utf8".utf8).map { String($0, radix: 16) }.joined(separator: ".")),
                "\(relative)")
            #expect(copied.permissions == item.permissions, "\(relative)")
            let difference = (copied.seconds - item.seconds) * 1_000_000_000 + (copied.nanoseconds - item.nanoseconds)
            #expect(abs(difference) < 1_000, "\(relative)")
        }

        // A link-free part of it compared by the shared helper too.
        #expect(
            try FileTree.snapshot(URL(fileURLWithPath: tree.path("copy/nested/é").description))
                == FileTree.snapshot(URL(fileURLWithPath: tree.path("package/nested/é").description)))
    }

    @Test func aCopyOverAnExistingItemFailsAndLeavesItAlone() throws {
        let tree = try Tree("streamed-copy-exists")
        try tree.file("package/member", Array("member".utf8))
        try tree.file("copy/someone-else", Array("theirs".utf8))
        let error = try #require(throws: FileWrapperError.self) {
            try DocumentDigest.streamedCopy(of: tree.path("package"), to: tree.path("copy"))
        }
        #expect(error.code == "filewrapper.write.exists")
        #expect(try ByteNamedFiles.names(inFolder: tree.path("copy").bytes) == [Array("someone-else".utf8)])
    }

    @Test func aFailedCopyRemovesWhatItMade() throws {
        let tree = try Tree("streamed-copy-fails")
        try tree.file("package/a", Array("a".utf8))
        try tree.file("package/b/c", Array("c".utf8))
        #expect(mkfifo(tree.path("package/b/pipe").description, 0o600) == 0)
        let error = try #require(throws: FileWrapperError.self) {
            try DocumentDigest.streamedCopy(of: tree.path("package"), to: tree.path("copy"))
        }
        #expect(error.code == "filewrapper.read.unsupported-kind")
        #expect(error.location == .member("b/pipe"))
        #expect(try ByteNamedFiles.status(tree.path("copy").bytes) == nil)
    }
}
