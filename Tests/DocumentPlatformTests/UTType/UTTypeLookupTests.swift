import DocumentPlatform
import Foundation
import Testing

/// The registry is shared by the whole process, so the test that declares a type gives it an identifier of its own.
@Suite struct UTTypeLookupTests {
    @Test func parentsAreTheDirectSupertypesOnly() throws {
        let json = try #require(UTType("public.json"))
        #expect(UTTypeLookup.parents(of: json).map(\.identifier) == ["public.text"])
        let text = try #require(UTType("public.text"))
        #expect(UTTypeLookup.parents(of: text).map(\.identifier) == ["public.content", "public.data"])
    }

    @Test func chainsReachEveryRoot() throws {
        let json = try #require(UTType("public.json"))
        #expect(
            UTTypeLookup.chains(of: json) == [
                "public.json → public.text → public.content",
                "public.json → public.text → public.data → public.item",
            ])
    }

    @Test func declaredTypesOfATagLeaveOutDynamicOnes() {
        let json = UTTypeLookup.declaredTypes(tag: "json", tagClass: .filenameExtension)
        #expect(json.map(\.identifier) == ["public.json"])
        let unknown = "no-such-extension-\(UUID().uuidString)"
        #expect(UTTypeLookup.declaredTypes(tag: unknown, tagClass: .filenameExtension).isEmpty)
    }

    @Test func describesAnExportedDeclaration() throws {
        let identifier = "com.example.lookup-\(UUID().uuidString.lowercased())"
        UTTypeRegistry.shared.register([
            UTTypeDeclaration(
                kind: .exported, identifier: identifier, conformsTo: ["public.json"],
                tags: [.filenameExtension: ["lookup"]], typeDescription: "Lookup")
        ])
        let type = try #require(UTType(identifier))
        #expect(UTTypeLookup.origin(of: type) == "exported (declared by an Info.plist)")
        #expect(
            UTTypeLookup.describe(type) == """
                identifier: \(identifier)
                declaration: exported (declared by an Info.plist)
                description: Lookup
                conforms to:
                  \(identifier) → public.json → public.text → public.content
                  \(identifier) → public.json → public.text → public.data → public.item
                extensions: lookup
                MIME types: (none)

                """)
    }

    @Test func aSystemTypeAndADynamicTypeSayWhereTheyComeFrom() throws {
        #expect(UTTypeLookup.origin(of: try #require(UTType("public.json"))) == "system")
        let dynamic = try #require(UTType(filenameExtension: "no-such-\(UUID().uuidString)"))
        #expect(UTTypeLookup.origin(of: dynamic) == "dynamic (no declaration; the identifier encodes its tag)")
    }
}
