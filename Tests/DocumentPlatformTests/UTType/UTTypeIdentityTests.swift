import DocumentPlatform
import Foundation
import Testing

@Suite struct UTTypeIdentityTests {
    /// Every static member with the identifier Apple gives it; a typo in the table or a member fails here.
    static let staticMembers: [(UTType, String)] = [
        (.item, "public.item"), (.content, "public.content"), (.compositeContent, "public.composite-content"),
        (.data, "public.data"), (.directory, "public.directory"), (.folder, "public.folder"),
        (.package, "com.apple.package"), (.bundle, "com.apple.bundle"), (.text, "public.text"),
        (.plainText, "public.plain-text"), (.utf8PlainText, "public.utf8-plain-text"),
        (.utf16PlainText, "public.utf16-plain-text"), (.utf16ExternalPlainText, "public.utf16-external-plain-text"),
        (.delimitedText, "public.delimited-values-text"), (.commaSeparatedText, "public.comma-separated-values-text"),
        (.tabSeparatedText, "public.tab-separated-values-text"), (.rtf, "public.rtf"), (.rtfd, "com.apple.rtfd"),
        (.flatRTFD, "com.apple.flat-rtfd"), (.html, "public.html"), (.xml, "public.xml"), (.json, "public.json"),
        (.yaml, "public.yaml"), (.propertyList, "com.apple.property-list"),
        (.xmlPropertyList, "com.apple.xml-property-list"), (.binaryPropertyList, "com.apple.binary-property-list"),
        (.markdown, "net.daringfireball.markdown"), (.sourceCode, "public.source-code"), (.script, "public.script"),
        (.image, "public.image"), (.png, "public.png"), (.jpeg, "public.jpeg"), (.tiff, "public.tiff"),
        (.svg, "public.svg-image"), (.pdf, "com.adobe.pdf"), (.archive, "public.archive"),
        (.zip, "public.zip-archive"), (.audiovisualContent, "public.audiovisual-content"), (.movie, "public.movie"),
        (.video, "public.video"), (.audio, "public.audio"), (.presentation, "public.presentation"),
    ]

    @Test(arguments: staticMembers)
    func staticMembersAreDeclaredSystemTypes(type: UTType, identifier: String) throws {
        #expect(type.identifier == identifier)
        #expect(type.isDeclared)
        #expect(!type.isDynamic)
        #expect(try #require(UTType(identifier)) == type)
    }

    @Test func identifiersCompareCaseInsensitively() throws {
        let shouted = try #require(UTType("PUBLIC.Plain-TEXT"))
        #expect(shouted == .plainText)
        #expect(shouted.identifier == "public.plain-text", "reports the declared spelling")
        #expect(Set([shouted, .plainText, try #require(UTType("public.plain-text"))]).count == 1)
        #expect(UTType.plainText != .utf8PlainText)
        // A mixed-case declared identifier keeps its spelling, whatever the caller typed.
        #expect(UTType("COM.APPLE.IWORK.KEYNOTE.KEY")?.identifier == "com.apple.iWork.Keynote.key")
    }

    @Test func unknownIdentifiersAreNil() {
        #expect(UTType("com.example.docmigrate.never-declared") == nil)
        #expect(UTType("") == nil)
    }

    @Test func undeclaredIdentifiersAreKeptOnlyWhenAllowed() throws {
        let kept = try #require(UTType(identifier: "com.example.Undeclared", allowUndeclared: true))
        #expect(kept.identifier == "com.example.Undeclared")
        #expect(!kept.isDeclared && !kept.isDynamic)
        #expect(kept.supertypes.isEmpty)
        #expect(UTType(identifier: "com.example.undeclared", allowUndeclared: false) == nil)
        #expect(UTType(identifier: "not an identifier", allowUndeclared: true) == nil)
        #expect(UTType(identifier: "", allowUndeclared: true) == nil)
    }

    @Test func exportedAsUndeclaredConformsToTheGivenParent() {
        let custom = UTType(exportedAs: "com.example.docmigrate.exported-only", conformingTo: .json)
        #expect(custom.identifier == "com.example.docmigrate.exported-only")
        #expect(!custom.isDeclared && !custom.isDynamic)
        #expect(custom.conforms(to: .json) && custom.conforms(to: .text) && custom.conforms(to: .data))
        #expect(!custom.conforms(to: .image))
        #expect(custom.tags.isEmpty)
        let imported = UTType(importedAs: "com.example.docmigrate.imported-only")
        #expect(imported.supertypes.isEmpty)
        // A declared identifier wins over the parent the caller guessed.
        #expect(UTType(exportedAs: "public.json", conformingTo: .image) == .json)
        #expect(!UTType(exportedAs: "public.json", conformingTo: .image).conforms(to: .image))
    }

    @Test func isPublicMeansThePublicDomain() throws {
        #expect(UTType.plainText.isPublic)
        #expect(!UTType.rtfd.isPublic)
        #expect(!UTType.pdf.isPublic)
        #expect(try #require(UTType(filenameExtension: "docmigrate-unknown")).isPublic == false)
    }

    @Test func descriptionIsTheIdentifier() {
        #expect(UTType.markdown.description == "net.daringfireball.markdown")
        #expect(UTType.markdown.debugDescription.hasPrefix("net.daringfireball.markdown"))
        #expect(UTTagClass.mimeType.description == "public.mime-type")
    }

    @Test func localizedDescriptionsAreOnlyThoseKnown() throws {
        #expect(UTType.json.localizedDescription == "JSON")
        #expect(UTType.html.localizedDescription == "HTML text")
        // The dump has no description for plain text: we answer nil rather than borrow "text".
        #expect(UTType.plainText.localizedDescription == nil)
        #expect(try #require(UTType(filenameExtension: "docmigrate-unknown")).localizedDescription == nil)
    }

    @Test func codesAsTheIdentifierString() throws {
        let encoded = try JSONEncoder().encode([UTType.markdown, .rtfd])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["net.daringfireball.markdown","com.apple.rtfd"]"#)
        let decoded = try JSONDecoder().decode([UTType].self, from: Data(#"["PUBLIC.JSON","com.example.kept"]"#.utf8))
        #expect(decoded[0] == .json && decoded[0].isDeclared)
        #expect(decoded[1].identifier == "com.example.kept" && !decoded[1].isDeclared)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([UTType].self, from: Data(#"["not a type"]"#.utf8))
        }
    }
}
