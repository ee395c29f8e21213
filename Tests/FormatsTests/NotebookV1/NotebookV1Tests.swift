import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Formats

@Suite struct NotebookV1Tests {
    typealias Bridge = FoundationPropertyListBridge

    static let created = Date(timeIntervalSinceReferenceDate: 700_000_000)
    static let edited = Date(timeIntervalSinceReferenceDate: 700_086_400.5)

    static func legacy() -> LegacyNotebook {
        LegacyNotebook(
            title: "Trip to Lisbon",
            pages: [
                LegacyPage(text: "Day 1\nArrived.", created: created, modified: edited),
                LegacyPage(text: "Day 2: tram 28 ☀️", created: edited, modified: edited),
                LegacyPage(text: "Day 1\nArrived.", created: created, modified: created),
            ])
    }

    static let expected = [
        NotebookV1.Page(text: "Day 1\nArrived.", created: created, modified: edited),
        NotebookV1.Page(text: "Day 2: tram 28 ☀️", created: edited, modified: edited),
        NotebookV1.Page(text: "Day 1\nArrived.", created: created, modified: created),
    ]

    @Test func readsWhatFoundationsArchiverWritesAndLaysItOutTheSameWay() throws {
        let archived = try Bridge.archive(Self.legacy())
        let notebook = try NotebookV1(propertyList: PropertyListDocument(value: archived, format: .xml))
        #expect(notebook.title == "Trip to Lisbon")
        #expect(notebook.pages == Self.expected)
        #expect(
            notebook.storage
                == .keyedArchive(
                    format: .xml, notebookClass: KeyedArchiveClass(rootClass: "FormatsTests.LegacyNotebook"),
                    pageClass: KeyedArchiveClass(rootClass: "FormatsTests.LegacyPage")))
        // Unchanged: the very property list read. Changed and back: laid out afresh, as Foundation laid it out.
        #expect(try notebook.propertyList().value == archived)
        var edited = notebook
        edited.title = "x"
        edited.title = notebook.title
        edited.pages.append(Self.expected[0])
        edited.pages.removeLast()
        var fresh = edited
        fresh.source = nil
        #expect(Bridge.sortingKeys(try fresh.propertyList().value) == Bridge.sortingKeys(archived))
    }

    @Test func foundationsUnarchiverReadsTheNotebooksWeWrite() throws {
        var notebook = NotebookV1(
            title: "New", pages: Self.expected,
            storage: .keyedArchive(
                format: .xml, notebookClass: KeyedArchiveClass(rootClass: "Notebook"),
                pageClass: KeyedArchiveClass(rootClass: "Page")))
        notebook.pages[1].text = "changed"
        let data = try Bridge.xmlData(try notebook.propertyList().value)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        unarchiver.setClass(LegacyNotebook.self, forClassName: "Notebook")
        unarchiver.setClass(LegacyPage.self, forClassName: "Page")
        let read = try #require(unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? LegacyNotebook)
        #expect(read.title == "New")
        #expect(read.pages.map(\.text) == ["Day 1\nArrived.", "changed", "Day 1\nArrived."])
        #expect(read.pages.map(\.created) == Self.expected.map(\.created))
        #expect(read.pages.map(\.modified) == Self.expected.map(\.modified))
    }

    @Test func readsAndWritesThePlainPropertyListForm() throws {
        let notebook = NotebookV1(title: "Plain", pages: Self.expected, storage: .propertyList(format: .binary))
        let document = try notebook.propertyList()
        let read = try NotebookV1(propertyList: document)
        #expect(read == notebook)
        guard case .dictionary(let entries) = document.value else {
            Issue.record("not a dictionary")
            return
        }
        #expect(entries.map(\.key) == ["title", "pages"])
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        let name: String
        let archive: KeyedArchive
        let code: String
        let location: String
        var testDescription: String { name }
    }

    static func page(_ fields: [KeyedArchiveField]) -> KeyedArchiveValue {
        .object(KeyedArchiveClass(rootClass: "Page"), fields: fields)
    }
    static let goodPageFields = [
        KeyedArchiveField(key: "text", value: .object(.string("t"))),
        KeyedArchiveField(key: "created", value: .object(.date(secondsSinceReferenceDate: 0, .date))),
        KeyedArchiveField(key: "modified", value: .object(.reference(3))),
    ]
    static func notebook(
        _ pages: [KeyedArchiveValue], extra: [KeyedArchiveField] = [], className: String = "Notebook"
    ) -> KeyedArchive {
        KeyedArchive(
            root: .object(
                KeyedArchiveClass(rootClass: className),
                fields: [
                    KeyedArchiveField(key: "title", value: .object(.string("T"))),
                    KeyedArchiveField(key: "pages", value: .object(.array(pages, .array))),
                ] + extra))
    }

    static let badCases: [BadCase] = [
        BadCase(
            name: "another root class", archive: notebook([], className: "Diary"), code: "notebook-v1.not-a-notebook",
            location: "root"),
        BadCase(
            name: "a field v1 lacks",
            archive: notebook([], extra: [KeyedArchiveField(key: "author", value: .object(.string("A")))]),
            code: "notebook-v1.unexpected-field", location: "root.author"),
        BadCase(
            name: "a page without text", archive: notebook([page(Array(goodPageFields.dropFirst()))]),
            code: "notebook-v1.missing-field", location: "root.pages[0].text"),
        BadCase(
            name: "a NaN date",
            archive: notebook([
                page([
                    goodPageFields[0],
                    KeyedArchiveField(key: "created", value: .object(.date(secondsSinceReferenceDate: .nan, .date))),
                    goodPageFields[2],
                ])
            ]),
            code: "notebook-v1.bad-date", location: "root.pages[0].created"),
        BadCase(
            name: "two page classes",
            archive: notebook([
                page(goodPageFields),
                .object(
                    KeyedArchiveClass(rootClass: "App.Page"),
                    fields: [
                        goodPageFields[0], goodPageFields[1],
                        KeyedArchiveField(key: "modified", value: .object(.reference(3))),
                    ]),
            ]),
            code: "notebook-v1.mixed-page-classes", location: "root.pages[1]"),
        BadCase(
            name: "a number for text",
            archive: notebook([
                page([KeyedArchiveField(key: "text", value: .object(.integer(1)))] + goodPageFields.dropFirst())
            ]),
            code: "notebook-v1.bad-field", location: "root.pages[0].text"),
    ]

    @Test(arguments: badCases) func rejectsWhatDoesNotFit(_ bad: BadCase) throws {
        let document = PropertyListDocument(value: try bad.archive.propertyList(), format: .binary)
        let error = try #require(throws: CodecError.self) { try NotebookV1(propertyList: document) }
        #expect(error.code == bad.code)
        #expect(error.location == .keyPath(bad.location))
    }

    @Test func convertsToThePackageWithPageIDsDerivedFromIndexAndText() throws {
        let notebook = NotebookV1(title: "Trip to Lisbon", pages: Self.expected)
        let converted = try NotebookV1ToNotebook().convert(notebook)
        #expect(converted.title == "Trip to Lisbon")
        #expect(converted.pages.map(\.text) == Self.expected.map(\.text))
        // Python's hashlib and uuid as the oracle for the documented derivation.
        let program = """
            import hashlib, uuid, sys
            texts = sys.stdin.read().split("\\u0000")
            for i, t in enumerate(texts):
                b = bytearray(hashlib.sha256(f"notebook-v1 page {i}\\n{t}".encode()).digest()[:16])
                b[6] = (b[6] & 0x0F) | 0x80
                b[8] = (b[8] & 0x3F) | 0x80
                print(str(uuid.UUID(bytes=bytes(b))).upper())
            """
        let oracle = try PythonOracle.run(
            program, input: Data(Self.expected.map(\.text).joined(separator: "\u{0}").utf8))
        #expect(converted.pages.map(\.id.uuidString) == oracle.split(separator: "\n").map(String.init))
        // Same text at another index: another page ID; the same notebook again: the same IDs.
        #expect(converted.pages[0].id != converted.pages[2].id)
        #expect(try NotebookV1ToNotebook().convert(notebook) == converted)
    }

    @Test func aNulCharacterDoesNotFitThePackage() throws {
        let notebook = NotebookV1(
            title: "T", pages: [NotebookV1.Page(text: "a\u{0}b", created: Self.created, modified: Self.created)])
        let error = try #require(throws: CodecError.self) { try NotebookV1ToNotebook().convert(notebook) }
        #expect(error.code == "notebook-v1.conversion.nul-character")
        #expect(error.location == .keyPath("pages[0].text"))
    }

    @Test func differencesNamePagesAndDates() {
        let expected = NotebookV1(title: "T", pages: Self.expected)
        var actual = expected
        actual.pages[1].modified = Self.created
        actual.pages[2].text = "Day 1\nLeft."
        let paths = NotebookV1Codec().differences(expected: expected, actual: actual).map(\.path)
        #expect(paths.contains("pages[1].modified"))
        #expect(paths.contains { $0.hasPrefix("pages[2].text") })
        #expect(NotebookV1Codec().differences(expected: expected, actual: expected).isEmpty)
    }
}
