import Foundation
import TestSupport
import Testing

@testable import SystemSeam

@Suite struct ExtendedAttributesTests {
    @Test func setsAndListsAttributesOnNamesThatAreNotUTF8() throws {
        let folder = try TemporaryDirectory("xattr")
        let path = Array(folder.url.path.utf8) + Array("/n".utf8) + [0xFF]
        try ByteNamedFiles.createFile(path, contents: Data("x".utf8))
        try ExtendedAttributes.set("user.docmigrate.tag", value: [0, 1, 0xFF], atPath: path)
        let attributes = try ExtendedAttributes.all(atPath: path)
        #expect(attributes.contains { $0.name == "user.docmigrate.tag" && $0.value == [0, 1, 0xFF] })
        #expect(try ByteNamedFiles.contents(path).data == Data("x".utf8))
        #expect(try ByteNamedFiles.names(inFolder: Array(folder.url.path.utf8)) == [Array("n".utf8) + [0xFF]])
    }

    @Test func renamingWithoutReplacingRefusesAnExistingName() throws {
        let folder = try TemporaryDirectory("rename")
        let base = Array(folder.url.path.utf8)
        try ByteNamedFiles.createFile(base + Array("/a".utf8), contents: Data("a".utf8))
        try ByteNamedFiles.createFile(base + Array("/b".utf8), contents: Data("b".utf8))
        #expect(throws: FileSystemError.self) {
            try ByteNamedFiles.rename(base + Array("/a".utf8), to: base + Array("/b".utf8), replacing: false)
        }
        #expect(try ByteNamedFiles.contents(base + Array("/b".utf8)).data == Data("b".utf8))
        try ByteNamedFiles.rename(base + Array("/a".utf8), to: base + Array("/b".utf8), replacing: true)
        #expect(try ByteNamedFiles.contents(base + Array("/b".utf8)).data == Data("a".utf8))
    }
}
