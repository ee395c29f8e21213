import Foundation
import TestSupport
import Testing

@testable import SystemSeam

/// A folder listed with what its directory entries record: the converter's walk takes a file's kind
/// and inode from them instead of a status per file.
@Suite struct ListedFolderTests {
    @Test func entriesCarryTheKindAndInodeTheirStatusHas() throws {
        let temporary = try TemporaryDirectory("listed-folder")
        let folderPath = Array(temporary.url.path.utf8)
        let odd: [UInt8] = [0x6F, 0xFF, 0x64]  // not UTF-8
        try ByteNamedFiles.createFile(folderPath + [0x2F] + odd, contents: Data("odd".utf8))
        try ByteNamedFiles.createFile(folderPath + [0x2F] + Array("plain.txt".utf8), contents: Data())
        try ByteNamedFiles.makeFolders(folderPath + [0x2F] + Array("sub".utf8))
        try FileManager.default.createSymbolicLink(atPath: temporary.url.path + "/link", withDestinationPath: "sub")
        #expect(mkfifo(temporary.url.path + "/pipe", 0o600) == 0)

        let listed = try ListedFolder(listing: folderPath)
        #expect(
            Set(listed.entries.map(\.name))
                == Set([odd, Array("plain.txt".utf8), Array("sub".utf8), Array("link".utf8), Array("pipe".utf8)]))
        for entry in listed.entries {
            let status = try #require(try ByteNamedFiles.status(folderPath + [0x2F] + entry.name))
            // This file system records kinds; where one does not, the kind is nil and the caller looks the entry up.
            #expect(entry.kind == status.kind, "\(entry.name)")
            #expect(entry.inode == status.inode, "\(entry.name)")
            #expect(try listed.status(ofEntry: entry.name) == status)
        }
        #expect(try listed.status(ofEntry: Array("missing".utf8)) == nil)
    }

    @Test func directoryEntryTypesMapToKindsAndUnknownToNone() {
        #expect(ListedFolder.kind(UInt8(DT_REG)) == .regular)
        #expect(ListedFolder.kind(UInt8(DT_DIR)) == .directory)
        #expect(ListedFolder.kind(UInt8(DT_LNK)) == .symbolicLink)
        #expect(ListedFolder.kind(UInt8(DT_FIFO)) == .other)
        #expect(ListedFolder.kind(UInt8(DT_SOCK)) == .other)
        #expect(ListedFolder.kind(UInt8(DT_UNKNOWN)) == nil)
    }

    @Test func aMissingFolderFailsAsOpendirDoes() throws {
        let temporary = try TemporaryDirectory("listed-folder-missing")
        let path = temporary.url.path + "/nothing"
        let error = try #require(throws: FileSystemError.self) { try ListedFolder(listing: Array(path.utf8)) }
        #expect(error.operation == "opendir")
        #expect(error.path == path)
        #expect(error.errorNumber == ENOENT)
        let file = temporary.url.path + "/file"
        try ByteNamedFiles.createFile(Array(file.utf8), contents: Data())
        let notFolder = try #require(throws: FileSystemError.self) { try ListedFolder(listing: Array(file.utf8)) }
        #expect(notFolder.errorNumber == ENOTDIR)
    }

    @Test func aMemberIsListedAndOpenedByNameInItsFolderAndNeverThroughALink() throws {
        let temporary = try TemporaryDirectory("listed-folder-members")
        let folderPath = Array(temporary.url.path.utf8)
        try ByteNamedFiles.makeFolders(folderPath + Array("/sub".utf8))
        try ByteNamedFiles.createFile(folderPath + Array("/sub/file".utf8), contents: Data("inside".utf8))
        try ByteNamedFiles.makeSymbolicLink(folderPath + Array("/link".utf8), destination: Array("sub".utf8))
        try ByteNamedFiles.makeSymbolicLink(folderPath + Array("/odd".utf8), destination: [0x61, 0xFF, 0x62])
        try ByteNamedFiles.makeSymbolicLink(folderPath + Array("/sub/file-link".utf8), destination: Array("file".utf8))
        #expect(mkfifo(temporary.url.path + "/sub/pipe", 0o600) == 0)

        let listed = try ListedFolder(listing: folderPath)
        #expect(try listed.status() == ByteNamedFiles.status(folderPath))
        let sub = try ListedFolder(listing: Array("sub".utf8), in: listed)
        #expect(sub.path == folderPath + Array("/sub".utf8))
        #expect(Set(sub.entries.map(\.name)) == Set(["file", "file-link", "pipe"].map { Array($0.utf8) }))
        #expect(try sub.status() == ByteNamedFiles.status(folderPath + Array("/sub".utf8)))
        // A link where a folder was listed is refused, not followed.
        let throughLink = try #require(throws: FileSystemError.self) {
            try ListedFolder(listing: Array("link".utf8), in: listed)
        }
        #expect(throughLink.errorNumber == ELOOP || throughLink.errorNumber == ENOTDIR)
        #expect(throughLink.path == temporary.url.path + "/link")
        // A link's destination is its exact bytes.
        #expect(try listed.symbolicLinkDestination(ofEntry: Array("odd".utf8)) == [0x61, 0xFF, 0x62])
        #expect(throws: FileSystemError.self) { try listed.symbolicLinkDestination(ofEntry: Array("sub".utf8)) }

        let (file, status) = try ByteNamedStream.openRegularFile(named: Array("file".utf8), in: sub)
        #expect(status.size == 6 && status.kind == .regular)
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = try bytes.withUnsafeMutableBytes { try file.read(at: 0, into: $0) }
        #expect(Array(bytes[0..<count]) == Array("inside".utf8))
        let link = try #require(throws: FileSystemError.self) {
            try ByteNamedStream.openRegularFile(named: Array("file-link".utf8), in: sub)
        }
        #expect(link.errorNumber == ELOOP)
        // A FIFO is refused without blocking the open.
        let pipe = try #require(throws: FileSystemError.self) {
            try ByteNamedStream.openRegularFile(named: Array("pipe".utf8), in: sub)
        }
        #expect(pipe.errorNumber == EINVAL && pipe.path == temporary.url.path + "/sub/pipe")
    }
}
