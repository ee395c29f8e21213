import Foundation
import SourceAudit
import Testing

@Suite struct SourceAuditorTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func audit(_ folder: String) throws -> AuditReport {
        SourceAuditor().audit(try SourceFile.load(paths: [fixtures.appendingPathComponent(folder).path]))
    }

    static func audit(source: String) -> AuditReport {
        SourceAuditor().audit([SourceFile(path: "Test.swift", source: source)])
    }

    /// (file name, line, rule) of every finding, for exact comparison.
    static func places(_ report: AuditReport) -> [String] {
        report.findings.map {
            "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line) \($0.severity.rawValue) \($0.rule)"
        }
    }

    @Test func theLegacyAppGetsEveryFindingAndNoneFromCommentsOrStrings() throws {
        let report = try Self.audit("Legacy")
        #expect(
            Self.places(report) == [
                "NotesApp.swift:7 warning legacy-document-group",
                "NotesFile.swift:5 error uppercase-type-identifier",
                "NotesFile.swift:6 warning imported-type-static-let",
                "NotesFile.swift:9 note legacy-value-document",
                "NotesFile.swift:19 error empty-fallback-on-read",
                "NotesFile.swift:19 error empty-fallback-on-read",
                "NotesFile.swift:27 note legacy-reference-document",
                "NotesFile.swift:37 warning serialization-in-snapshot",
                "Sketch.swift:5 warning document-not-final",
                "Sketch.swift:5 error observable-object-on-observable",
                "Sketch.swift:5 warning undo-never-registered",
                "Sketch.swift:7 error published-on-observable",
                "Sketch.swift:14 error empty-fallback-on-read",
                "Sketch.swift:16 error empty-fallback-on-read",
                "Sketch.swift:33 error serialization-in-snapshot",
                "Sketch.swift:38 error private-document-type",
                "Sketch.swift:43 error private-document-type",
            ])
        #expect(report.hasErrors)
        #expect(report.types.map(\.name) == ["NotesFile", "Board", "Sketch"])
        let notes = try #require(report.types.first)
        #expect(notes.model == .legacyValue)
        #expect(notes.checklist.map(\.done) == [false, false, false, false, false])
        let sketch = try #require(report.types.last)
        #expect(sketch.model == .document)
        #expect(
            sketch.checklist.filter(\.done).map(\.step) == [
                "reads with reader(configuration:) and apply(snapshot:previous:)",
                "writes with snapshot(contentType:) and writer(configuration:)",
            ])
    }

    @Test func aCorrectlyMigratedAppIsClean() throws {
        let report = try Self.audit("Clean")
        #expect(report.findings.isEmpty, "\(Self.places(report))")
        #expect(!report.hasErrors)
        let journal = try #require(report.types.first)
        #expect(journal.name == "JournalDocument")
        #expect(journal.checklist.allSatisfy { $0.done }, "\(journal.checklist)")
    }

    @Test(arguments: [
        ("struct S: Document {}", "document-must-be-class"),
        (
            "@Observable final class D: Document { func snapshot(contentType: UTType) async throws -> sending Data { Data(text.utf8) } }",
            "serialization-in-snapshot"
        ),
        (
            "@Observable final class D: Document { func snapshot(contentType: UTType) async throws -> sending S { FileWrapper(directoryWithFileWrappers: [:]) } }",
            "serialization-in-snapshot"
        ),
        (
            "@Observable final class D: Document { func reader(configuration: ReadConfiguration) -> R { R { try? decode() ?? [:] } } }",
            "empty-fallback-on-read"
        ),
        (
            "@Observable final class D: Document { func reader(configuration: ReadConfiguration) -> R { R { guard let d = x else { return [Card]() } } } }",
            "empty-fallback-on-read"
        ),
        (
            "@Observable final class D: Document { func reader(configuration: ReadConfiguration) -> R { R { x ?? .init() } } }",
            "empty-fallback-on-read"
        ),
        ("final class D: Document { @Published var x = 1 }", "published-on-observable"),
        ("final class D: Document { private struct Snap {}; typealias Snapshot = Snap }", "private-document-type"),
        ("let t = UTType(exportedAs: \"COM.example.x\", conformingTo: .data)", "uppercase-type-identifier"),
        ("extension UTType { static let x: UTType = UTType(importedAs: \"com.a.b\") }", "imported-type-static-let"),
    ])
    func eachRuleFires(source: String, rule: String) {
        let report = Self.audit(source: source)
        #expect(report.findings.contains { $0.rule == rule }, "\(Self.places(report))")
    }

    @Test(arguments: [
        // The same patterns in comments and string literals, and correct code, stay silent.
        (
            "@Observable final class D: Document { func snapshot(contentType: UTType) async throws -> sending S { /* JSONEncoder() */ copy } }",
            "serialization-in-snapshot"
        ),
        (
            "@Observable final class D: Document { func snapshot(contentType: UTType) async throws -> sending S { let s = \"Data(x)\"; return s } }",
            "serialization-in-snapshot"
        ),
        (
            "@Observable final class D: Document { func reader(configuration: ReadConfiguration) -> R { R { // x ?? \"\"\n try decode() } } }",
            "empty-fallback-on-read"
        ),
        (
            "@Observable final class D: Document { func reader(configuration: ReadConfiguration) -> R { R { x ?? fallbackValue } } }",
            "empty-fallback-on-read"
        ),
        (
            "@Observable final class D: Document { func apply(snapshot: S, previous: S?) { x = snapshot ?? \"\" } }",
            "empty-fallback-on-read"
        ),
        ("let t = UTType(exportedAs: \"com.example.x\")", "uppercase-type-identifier"),
        ("extension UTType { static var x: UTType { UTType(importedAs: \"com.a.b\") } }", "imported-type-static-let"),
        (
            "final class D: Document { struct Snap {}; typealias Snapshot = Snap; private struct Cache {} }",
            "private-document-type"
        ),
        ("@Observable final class Model { var x = 1 }", "published-on-observable"),
        ("let s = \"DocumentGroup(newDocument: X())\"", "legacy-document-group"),
    ])
    func eachRuleStaysSilentWhereItShould(source: String, rule: String) {
        let report = Self.audit(source: source)
        #expect(!report.findings.contains { $0.rule == rule }, "\(Self.places(report))")
    }

    @Test func protocolsAndSameNamedTypesElsewhereAreNotDocuments() {
        let report = SourceAuditor().audit([
            SourceFile(
                path: "Protocols.swift", source: "public protocol Document: ReadableDocument, WritableDocument {}"),
            SourceFile(
                path: "D.swift",
                source: """
                    @Observable final class D: Document {
                        func reader(configuration: ReadConfiguration) -> Reader { Reader() }
                        func edit(_ u: UndoManager) { u.registerUndo(withTarget: self) { _ in } }
                    }
                    struct Reader: DocumentReader {}
                    """),
            SourceFile(path: "Other.swift", source: "enum Parsing { private struct Reader {} }"),
        ])
        #expect(report.types.map(\.name) == ["D"])
        #expect(report.findings.isEmpty, "\(Self.places(report))")
    }

    @Test func registeringUndoAnywhereSilencesTheUndoWarning() {
        let without = Self.audit(source: "@Observable final class D: Document {}")
        #expect(without.findings.map(\.rule) == ["undo-never-registered"])
        let with = SourceAuditor().audit([
            SourceFile(path: "D.swift", source: "@Observable final class D: Document {}"),
            SourceFile(
                path: "Edits.swift",
                source: "extension D { func edit(_ u: UndoManager) { u.registerUndo(withTarget: self) { _ in } } }"),
        ])
        #expect(with.findings.isEmpty)
    }

    @Test func reportsRenderAsTextJSONAndAnnotations() throws {
        let report = Self.audit(
            source:
                "struct Notes: FileDocument {\n  init(configuration: ReadConfiguration) throws { text = x ?? \"\" }\n}\n"
        )
        #expect(
            report.text() == """
                Notes (struct, FileDocument) — Test.swift:1:1
                  migration from FileDocument (a value type):
                    [ ] the struct becomes an @Observable final class
                    [ ] init(configuration:) becomes reader(configuration:) and apply(snapshot:previous:)
                    [ ] fileWrapper(configuration:) becomes snapshot(contentType:) and writer(configuration:)
                    [ ] every change registers undo, or autosave never runs
                    [x] DocumentGroup(newDocument:editor:) becomes DocumentGroup(editor:makeDocument:)
                  Test.swift:1:1: note: [legacy-value-document] Notes is a FileDocument (a value type); the value-type migration checklist applies (fix: make it an @Observable final class adopting Document, on a shared codec)
                  Test.swift:2:60: error: [empty-fallback-on-read] init(configuration:) of Notes turns a read failure into an empty value; the next autosave would overwrite the user's file (fix: throw the error instead, so the document does not open)

                1 document type in 1 file: 1 error, 0 warnings, 1 note

                """)
        #expect(
            report.githubAnnotations().hasPrefix(
                "::notice file=Test.swift,line=1,col=1,title=docmigrate audit [legacy-value-document]::Notes is a FileDocument"
            ))
        #expect(
            report.githubAnnotations().contains(
                "\n::error file=Test.swift,line=2,col=60,title=docmigrate audit [empty-fallback-on-read]::"))
        let decoded = try JSONDecoder().decode(AuditReport.self, from: report.json())
        #expect(decoded == report)
        let json = try report.json()
        #expect(String(decoding: json, as: UTF8.self).contains("\"schema\" : \"docmigrate.audit\""))
    }

    @Test func aMissingPathIsAnErrorNamingIt() {
        let error = #expect(throws: SourceAuditError.self) { try SourceFile.load(paths: ["/no/such/folder"]) }
        #expect(error?.description == "/no/such/folder: there is no file or folder here [audit.missing]")
    }
}
