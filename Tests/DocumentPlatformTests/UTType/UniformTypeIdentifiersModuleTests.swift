// Only `UniformTypeIdentifiers` is imported here, as in sources written for Apple systems: this file
// compiling at all shows that the shim module provides UTType and its members on its own.
#if os(Linux)
import Testing
import UniformTypeIdentifiers

@Suite struct UniformTypeIdentifiersModuleTests {
    @Test func importingUniformTypeIdentifiersGivesDocumentPlatformsUTType() throws {
        #expect(ObjectIdentifier(UTType.self) == documentPlatformUTTypeIdentity)
        #expect(ObjectIdentifier(UTTagClass.self) == documentPlatformUTTagClassIdentity)
        let markdown = try #require(UTType(filenameExtension: "md"))
        #expect(markdown == .markdown && markdown.conforms(to: .plainText))
        #expect(UTType.jpeg.tags[.mimeType] == ["image/jpeg", "image/jpg"])
    }
}
#endif
