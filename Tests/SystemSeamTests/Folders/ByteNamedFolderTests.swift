import Foundation
import TestSupport
import Testing

@testable import SystemSeam

/// Renames by name in a folder opened once: the batch converter's group commit puts outputs in place with them.
@Suite struct ByteNamedFolderTests {
    @Test func renamesByNameAndRefusesAnExistingName() throws {
        let temporary = try TemporaryDirectory("named-folder")
        let folderPath = Array(temporary.url.path.utf8)
        let odd: [UInt8] = [0x6F, 0xFF, 0x64]  // not UTF-8
        try ByteNamedFiles.createFile(folderPath + [0x2F] + Array("temporary".utf8), contents: Data("new".utf8))
        try ByteNamedFiles.createFile(folderPath + [0x2F] + Array("taken".utf8), contents: Data("someone's".utf8))
        let folder = try ByteNamedFolder(opening: folderPath)

        let error = try #require(throws: FileSystemError.self) {
            try folder.renameWithoutReplacing(Array("temporary".utf8), to: Array("taken".utf8))
        }
        #expect(error.errorNumber == SystemErrorText.exists)
        #expect(error.path == temporary.url.path + "/taken")
        #expect(try ByteNamedFiles.contents(folderPath + [0x2F] + Array("taken".utf8)).data == Data("someone's".utf8))

        try folder.renameWithoutReplacing(Array("temporary".utf8), to: odd)
        #expect(try ByteNamedFiles.contents(folderPath + [0x2F] + odd).data == Data("new".utf8))
        #expect(try ByteNamedFiles.status(folderPath + [0x2F] + Array("temporary".utf8)) == nil)
        #expect(try folder.status(ofEntry: odd)?.size == 3)
        #expect(try folder.status(ofEntry: Array("temporary".utf8)) == nil)
    }

    @Test func aFolderSwappedForASymbolicLinkIsNotFollowed() throws {
        let temporary = try TemporaryDirectory("named-folder-swap")
        let base = temporary.url.path
        try FileManager.default.createDirectory(atPath: base + "/outputs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/elsewhere", withIntermediateDirectories: true)
        try Data("output".utf8).write(to: URL(fileURLWithPath: base + "/outputs/.tmp"))
        let folder = try ByteNamedFolder(opening: Array((base + "/outputs").utf8))
        // Someone moves the folder away and leaves a link to another folder under its name.
        try FileManager.default.moveItem(atPath: base + "/outputs", toPath: base + "/moved")
        try FileManager.default.createSymbolicLink(atPath: base + "/outputs", withDestinationPath: base + "/elsewhere")

        try folder.renameWithoutReplacing(Array(".tmp".utf8), to: Array("doc.txt".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: base + "/moved/doc.txt")) == Data("output".utf8))
        #expect(!FileManager.default.fileExists(atPath: base + "/elsewhere/doc.txt"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: base + "/elsewhere").isEmpty)
    }

    @Test func anEntryThatIsALinkIsNotFollowed() throws {
        let temporary = try TemporaryDirectory("named-folder-link")
        try Data("twelve bytes".utf8).write(to: temporary.appending("file"))
        try FileManager.default.createSymbolicLink(atPath: temporary.url.path + "/link", withDestinationPath: "file")
        let folder = try ByteNamedFolder(opening: Array(temporary.url.path.utf8))
        #expect(try folder.status(ofEntry: Array("link".utf8))?.kind == .symbolicLink)
        #expect(
            try folder.status(ofEntry: Array("file".utf8))
                == ByteNamedFiles.status(Array((temporary.url.path + "/file").utf8)))
        #expect(throws: FileSystemError.self) {
            try ByteNamedFolder(opening: Array((temporary.url.path + "/file").utf8))
        }
    }
}
