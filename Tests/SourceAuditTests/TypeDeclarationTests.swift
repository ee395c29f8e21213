import SourceAudit
import Testing

@Suite struct TypeDeclarationTests {
    @Test func findsMultiLineDeclarationsWithAttributesModifiersAndGenerics() {
        let file = SourceFile(
            path: "A.swift",
            source: """
                @available(macOS 27, *)
                @Observable
                public final class Box<Value: Codable & Sendable>:
                    Document,
                    @unchecked Sendable
                    where Value: Equatable
                {
                    class func make() -> Box { Box() }
                    private struct Inner: DocumentReader {}
                }
                extension Box: SwiftUI.WritableDocument {}
                let k = x.class
                """)
        let declarations = file.typeDeclarations()
        #expect(declarations.map(\.name) == ["Box", "Inner", "Box"])
        #expect(declarations[0].conformances == ["Document", "Sendable"])
        #expect(declarations[0].attributes == ["@available", "@Observable"])
        #expect(declarations[0].modifiers == ["public", "final"])
        #expect(declarations[0].line == 3)
        #expect(declarations[1].isPrivate)
        #expect(declarations[2].kind == .extension)
        #expect(declarations[2].conformances == ["WritableDocument"])
    }

    @Test func membersHaveSwiftStyleSignaturesAndReturnTypes() throws {
        let file = SourceFile(
            path: "A.swift",
            source: """
                final class D: Document {
                    @Published var count = 0
                    typealias Snapshot = [Int]
                    init(configuration: ReadConfiguration) throws {}
                    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<[Int]> { fatalError() }
                    @MainActor func apply(snapshot: sending [Int], previous: sending [Int]?) async throws(MyError) {}
                    func write(_ a: Int, to b: URL) {}
                    var computed: Int { 1 }
                }
                """)
        let declaration = try #require(file.typeDeclarations().first)
        let members = file.members(of: declaration)
        #expect(
            members.functions.map(\.signature) == [
                "init(configuration:)", "reader(configuration:)", "apply(snapshot:previous:)", "write(_:to:)",
            ])
        #expect(members.functions[1].returnType == "FileWrapperDocumentReader<[Int]>")
        #expect(members.functions[2].parameterTypes == ["[Int]", "[Int]?"])
        #expect(members.publishedProperties.map(\.name) == ["count"])
        #expect(members.typeAliases["Snapshot"] == "[Int]")
    }
}
