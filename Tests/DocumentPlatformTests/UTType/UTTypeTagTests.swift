import DocumentPlatform
import Testing

@Suite struct UTTypeTagTests {
    static let extensions: [(String, UTType)] = [
        ("md", .markdown), ("markdown", .markdown), ("MD", .markdown), ("txt", .plainText), ("text", .plainText),
        ("JPG", .jpeg), ("jpe", .jpeg), ("plist", .propertyList), ("yml", .yaml), ("yaml", .yaml),
        ("htm", .html), ("csv", .commaSeparatedText), ("tsv", .tabSeparatedText), ("svgz", .svg),
        ("pdf", .pdf), ("zip", .zip), ("rtf", .rtf), ("tif", .tiff), ("json", .json), ("xml", .xml),
    ]

    @Test(arguments: extensions)
    func findsDeclaredTypesByExtension(filenameExtension: String, expected: UTType) throws {
        let type = try #require(UTType(filenameExtension: filenameExtension))
        #expect(type == expected)
        #expect(type.isDeclared)
    }

    static let mimeTypes: [(String, UTType)] = [
        ("text/markdown", .markdown), ("application/json", .json), ("IMAGE/PNG", .png), ("image/jpg", .jpeg),
        ("text/plain", .plainText), ("text/plain;charset=utf-8", .utf8PlainText),
        ("text/comma-separated-values", .commaSeparatedText), ("application/x-zip-compressed", .zip),
        ("text/xml", .xml), ("application/pdf", .pdf), ("application/octet-stream", .data),
    ]

    @Test(arguments: mimeTypes)
    func findsDeclaredTypesByMIMEType(mimeType: String, expected: UTType) throws {
        #expect(try #require(UTType(mimeType: mimeType)) == expected)
    }

    @Test func preferredTagsAreTheFirstDeclared() {
        #expect(UTType.jpeg.preferredFilenameExtension == "jpeg")
        #expect(UTType.jpeg.preferredMIMEType == "image/jpeg")
        #expect(UTType.yaml.preferredFilenameExtension == "yml")
        #expect(UTType.markdown.preferredFilenameExtension == "md")
        #expect(UTType.markdown.preferredMIMEType == "text/markdown")
        #expect(UTType.data.preferredFilenameExtension == nil)
        #expect(UTType.data.preferredMIMEType == "application/octet-stream")
        #expect(UTType.html.tags[.filenameExtension] == ["html", "htm", "shtml", "shtm"])
        #expect(UTType.item.tags.isEmpty)
        #expect(UTType.text.tags[.filenameExtension] == nil, "tags are not inherited")
    }

    @Test func theSupertypeFiltersMatches() throws {
        // An RTFD is a package, not data, so the default `.data` finds no declared type.
        let asData = try #require(UTType(filenameExtension: "rtfd"))
        #expect(asData.isDynamic)
        #expect(try #require(UTType(filenameExtension: "rtfd", conformingTo: .package)) == .rtfd)
        let jsonAsImage = try #require(UTType(filenameExtension: "json", conformingTo: .image))
        #expect(jsonAsImage.isDynamic && jsonAsImage.conforms(to: .image) && !jsonAsImage.conforms(to: .json))
        #expect(try #require(UTType(tag: "rtfd", tagClass: .filenameExtension, conformingTo: nil)) == .rtfd)
    }

    @Test func typesListsEveryMatchInTableOrder() {
        #expect(
            UTType.types(tag: "plist", tagClass: .filenameExtension, conformingTo: nil)
                == [.propertyList, .xmlPropertyList, .binaryPropertyList])
        #expect(UTType.types(tag: "PLIST", tagClass: .filenameExtension, conformingTo: .xml) == [.xmlPropertyList])
        let unknown = UTType.types(tag: "docmigrate-none", tagClass: .filenameExtension, conformingTo: .data)
        #expect(unknown.count == 1 && unknown[0].isDynamic)
        #expect(UTType.types(tag: "", tagClass: .filenameExtension, conformingTo: nil).isEmpty)
    }

    @Test func invalidTagsGiveNoType() {
        #expect(UTType(filenameExtension: "") == nil)
        #expect(UTType(mimeType: "") == nil)
        #expect(UTType(tag: "x", tagClass: UTTagClass(rawValue: "com.example.tag-class"), conformingTo: nil) == nil)
    }
}
