import DocumentPlatform
import Testing

@Suite struct UTTypeConformanceTests {
    @Test func markdownConformsThroughPlainTextToItem() {
        for ancestor: UTType in [.utf8PlainText, .plainText, .text, .data, .content, .item] {
            #expect(UTType.markdown.conforms(to: ancestor), "markdown should conform to \(ancestor)")
        }
        for stranger: UTType in [.image, .package, .directory, .json, .utf16PlainText] {
            #expect(!UTType.markdown.conforms(to: stranger), "markdown should not conform to \(stranger)")
        }
    }

    @Test func rtfdIsAPackageNotData() {
        #expect(UTType.rtfd.conforms(to: .package))
        #expect(UTType.rtfd.conforms(to: .directory))
        #expect(UTType.rtfd.conforms(to: .item))
        #expect(UTType.rtfd.conforms(to: .compositeContent))
        #expect(!UTType.rtfd.conforms(to: .data))
        #expect(UTType.flatRTFD.conforms(to: .data))
        #expect(!UTType.flatRTFD.conforms(to: .package))
    }

    @Test func conformanceIsReflexiveButSubtypingIsStrict() {
        #expect(UTType.json.conforms(to: .json))
        #expect(!UTType.json.isSubtype(of: .json))
        #expect(!UTType.json.isSupertype(of: .json))
        #expect(UTType.json.isSubtype(of: .text))
        #expect(UTType.text.isSupertype(of: .json))
        #expect(!UTType.text.isSubtype(of: .json))
    }

    @Test func conformanceFollowsEveryParent() {
        // public.zip-archive → com.pkware.zip-archive → public.data and public.archive.
        #expect(UTType.zip.conforms(to: .archive))
        #expect(UTType.zip.conforms(to: .data))
        // public.svg-image has two parents: image and XML.
        #expect(UTType.svg.conforms(to: .image) && UTType.svg.conforms(to: .xml) && UTType.svg.conforms(to: .text))
        #expect(UTType.xmlPropertyList.conforms(to: .propertyList) && UTType.xmlPropertyList.conforms(to: .xml))
        #expect(!UTType.binaryPropertyList.conforms(to: .xml))
        #expect(UTType.video.conforms(to: .movie) && UTType.video.conforms(to: .audiovisualContent))
        #expect(!UTType.audio.conforms(to: .movie))
    }

    @Test func supertypesListEveryAncestorButSelf() {
        #expect(UTType.plainText.supertypes == [.text, .data, .content, .item])
        #expect(
            UTType.commaSeparatedText.supertypes
                == [.plainText, .delimitedText, .text, .data, .content, .item])
        #expect(UTType.archive.supertypes.isEmpty, "public.archive declares no parent")
        #expect(UTType.item.supertypes.isEmpty)
    }
}
