import Foundation
import TestSupport
import Testing

@testable import SystemSeam

/// `makeFolders` makes a folder and its missing parents, accepts one that is there, and names the path
/// that is in the way: the batch converter makes its output tree with it, one call per new folder.
@Suite struct ByteNamedFilesMakeFoldersTests {
    @Test func makesMissingParentsAndAcceptsWhatIsThere() throws {
        let temporary = try TemporaryDirectory("make-folders")
        let base = Array(temporary.url.path.utf8)
        let odd: [UInt8] = [0x6F, 0xFF, 0x64]  // not UTF-8
        let deep = base + Array("/a/b".utf8) + [0x2F] + odd + Array("/c".utf8)
        try ByteNamedFiles.makeFolders(deep)
        #expect(try ByteNamedFiles.status(deep)?.kind == .directory)
        // Again, and a parent of it: both are there already.
        try ByteNamedFiles.makeFolders(deep)
        try ByteNamedFiles.makeFolders(base + Array("/a/b".utf8))
        // One new folder in an existing one, with the permissions asked for.
        let sibling = base + Array("/a/b/sibling".utf8)
        try ByteNamedFiles.makeFolders(sibling, permissions: 0o700)
        #expect(try ByteNamedFiles.status(sibling)?.permissions == 0o700)
        // A link to a folder is a folder here, as the output folder named through a link is.
        try FileManager.default.createSymbolicLink(
            atPath: temporary.url.path + "/link", withDestinationPath: temporary.url.path + "/a")
        try ByteNamedFiles.makeFolders(base + Array("/link".utf8))
        try ByteNamedFiles.makeFolders(base + Array("/link/new".utf8))
        #expect(try ByteNamedFiles.status(base + Array("/a/new".utf8))?.kind == .directory)
    }

    @Test func namesTheFileThatIsInTheWay() throws {
        let temporary = try TemporaryDirectory("make-folders-file")
        let base = Array(temporary.url.path.utf8)
        try ByteNamedFiles.createFile(base + Array("/file".utf8), contents: Data("x".utf8))
        // The path itself is a file.
        let itself = try #require(throws: FileSystemError.self) {
            try ByteNamedFiles.makeFolders(base + Array("/file".utf8))
        }
        #expect(
            itself.operation == "mkdir" && itself.errorNumber == ENOTDIR && itself.path == temporary.url.path + "/file")
        // A parent is a file: the error names the parent, not the folder asked for.
        let parent = try #require(throws: FileSystemError.self) {
            try ByteNamedFiles.makeFolders(base + Array("/file/a/b".utf8))
        }
        #expect(
            parent.operation == "mkdir" && parent.errorNumber == ENOTDIR && parent.path == temporary.url.path + "/file")
        #expect(try ByteNamedFiles.contents(base + Array("/file".utf8)).data == Data("x".utf8))
    }
}
