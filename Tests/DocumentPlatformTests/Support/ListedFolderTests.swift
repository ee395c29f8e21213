@testable import DocumentPlatform
import Foundation
import TestSupport
import Testing

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
        #expect(Set(listed.entries.map(\.name)) == Set([odd, Array("plain.txt".utf8), Array("sub".utf8), Array("link".utf8), Array("pipe".utf8)]))
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
}
