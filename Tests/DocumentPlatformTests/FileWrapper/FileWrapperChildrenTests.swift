import DocumentPlatform
import Foundation
import Testing

@Suite struct FileWrapperChildrenTests {
    private func file(_ text: String, named name: String? = nil) -> FileWrapper {
        let wrapper = FileWrapper(regularFileWithContents: Data(text.utf8))
        if let name { wrapper.preferredFilename = name }
        return wrapper
    }

    @Test func uniquesClashingKeysWithApplesPrefixSequence() throws {
        let folder = FileWrapper(directoryWithFileWrappers: [:])
        let keys = (0..<4).map { index in folder.addFileWrapper(file("\(index)", named: "image.png")) }
        #expect(keys == ["image.png", "1__#$!@%!#__image.png", "2__#$!@%!#__image.png", "3__#$!@%!#__image.png"])
        #expect(Set(try #require(folder.fileWrappers).keys) == Set(keys))
    }

    @Test func uniquingSkipsAPrefixedKeyThatIsAlreadyTaken() {
        let folder = FileWrapper(directoryWithFileWrappers: [:])
        folder.addFileWrapper(file("a", named: "1__#$!@%!#__x"))
        folder.addFileWrapper(file("b", named: "x"))
        #expect(folder.addFileWrapper(file("c", named: "x")) == "2__#$!@%!#__x")
    }

    @Test func addingTheSameChildTwiceKeepsItsKey() {
        let folder = FileWrapper(directoryWithFileWrappers: [:])
        let child = file("a", named: "a.txt")
        let first = folder.addFileWrapper(child)
        let second = folder.addFileWrapper(child)
        #expect(first == "a.txt" && second == "a.txt")
        #expect(folder.fileWrappers?.count == 1)
    }

    @Test func directoryInitializerKeysChildrenByTheirPreferredName() throws {
        let named = file("n", named: "kept.txt")
        let unnamed = file("u")
        let folder = FileWrapper(directoryWithFileWrappers: ["dictionary-key.txt": named, "fills-name.txt": unnamed])
        let children = try #require(folder.fileWrappers)
        #expect(Set(children.keys) == ["kept.txt", "fills-name.txt"])
        #expect(unnamed.preferredFilename == "fills-name.txt")
        #expect(named.preferredFilename == "kept.txt")
    }

    @Test func directoryInitializerUniquesTwoChildrenWithOneName() throws {
        let folder = FileWrapper(directoryWithFileWrappers: [
            "a": file("1", named: "same"), "b": file("2", named: "same"),
        ])
        #expect(Set(try #require(folder.fileWrappers).keys) == ["same", "1__#$!@%!#__same"])
    }

    @Test func renamingAChildReKeysItInItsParent() throws {
        let folder = FileWrapper(directoryWithFileWrappers: [:])
        let child = file("x", named: "old.txt")
        folder.addFileWrapper(child)
        child.preferredFilename = "new.txt"
        #expect(folder.keyForChildFileWrapper(child) == "new.txt")
        #expect(Set(try #require(folder.fileWrappers).keys) == ["new.txt"])
    }

    @Test func removingIsByIdentityAndIgnoresStrangers() throws {
        let folder = FileWrapper(directoryWithFileWrappers: [:])
        let child = file("x", named: "a")
        folder.addFileWrapper(child)
        folder.removeFileWrapper(file("x", named: "a"))
        #expect(folder.keyForChildFileWrapper(child) == "a")
        folder.removeFileWrapper(child)
        #expect(folder.keyForChildFileWrapper(child) == nil)
        #expect(try #require(folder.fileWrappers).isEmpty)
    }

    @Test func fileWrappersIsACopy() throws {
        let folder = FileWrapper(directoryWithFileWrappers: [:])
        folder.addRegularFile(withContents: Data("a".utf8), preferredFilename: "a")
        var copy = try #require(folder.fileWrappers)
        copy["b"] = file("b", named: "b")
        #expect(folder.fileWrappers?.count == 1)
    }

    @Test func addingOrRemovingDropsTheFolderModificationDate() {
        var attributes = FileWrapper(directoryWithFileWrappers: [:]).fileAttributes
        attributes[FileAttributeKey.modificationDate.rawValue] = Date(timeIntervalSince1970: 1_000_000)
        let folder = FileWrapper(directoryWithFileWrappers: [:])
        folder.fileAttributes = attributes
        #expect(folder.fileAttributes[FileAttributeKey.modificationDate.rawValue] != nil)
        folder.addRegularFile(withContents: Data(), preferredFilename: "x")
        #expect(folder.fileAttributes[FileAttributeKey.modificationDate.rawValue] == nil)
    }

    @Test func newWrappersCarryApplesDefaultAttributes() {
        let regular = FileWrapper(regularFileWithContents: Data("x".utf8))
        #expect((regular.fileAttributes[FileAttributeKey.posixPermissions.rawValue] as? NSNumber)?.intValue == 0o666)
        #expect(regular.fileAttributes[FileAttributeKey.modificationDate.rawValue] is Date)
        #expect(regular.preferredFilename == nil && regular.filename == nil)
        let folder = FileWrapper(directoryWithFileWrappers: [:])
        #expect((folder.fileAttributes[FileAttributeKey.posixPermissions.rawValue] as? NSNumber)?.intValue == 0o777)
        #expect(folder.fileAttributes[FileAttributeKey.modificationDate.rawValue] == nil)
        let link = FileWrapper(symbolicLinkWithDestinationURL: URL(fileURLWithPath: "/tmp"))
        #expect(link.isSymbolicLink && !link.isRegularFile && !link.isDirectory)
    }

    @Test func keysThatDifferOnlyInNormalizationStayDistinct() throws {
        let folder = FileWrapper(directoryWithFileWrappers: [:])
        let composed = folder.addRegularFile(withContents: Data("1".utf8), preferredFilename: "caf\u{E9}")
        let decomposed = folder.addRegularFile(withContents: Data("2".utf8), preferredFilename: "cafe\u{301}")
        // Swift's String == says these are equal; the file system says they are two files.
        #expect(composed.unicodeScalars.elementsEqual("caf\u{E9}".unicodeScalars))
        #expect(decomposed.unicodeScalars.elementsEqual("cafe\u{301}".unicodeScalars))
    }

    @Test func addingAChildToARegularFileIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            let regular = FileWrapper(regularFileWithContents: Data())
            regular.addRegularFile(withContents: Data(), preferredFilename: "x")
        }
    }

    @Test func anEmptyPreferredFilenameIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            FileWrapper(regularFileWithContents: Data()).preferredFilename = ""
        }
    }

    @Test func addingAChildWithoutAPreferredFilenameIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            FileWrapper(directoryWithFileWrappers: [:]).addFileWrapper(FileWrapper(regularFileWithContents: Data()))
        }
    }
}
