import DocumentCodecs
import Foundation
import Testing

@testable import Formats

/// `NSKeyedArchiver` and `NSKeyedUnarchiver` of this machine's Foundation as the oracle for the tree.
@Suite struct KeyedArchiveFoundationTests {
    typealias Bridge = FoundationPropertyListBridge

    static let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    static func book() -> ArchivedBook {
        let book = ArchivedBook(title: "Field notes")
        let first = ArchivedPage(
            text: "hello", created: Date(timeIntervalSinceReferenceDate: 1.5), pageNumber: 1, pinned: true)
        let second = ArchivedPage(
            text: "hello", created: Date(timeIntervalSinceReferenceDate: 86_400), pageNumber: 2, pinned: false)
        first.book = book
        second.book = book
        book.pages = [first, second]
        return book
    }

    @Test func decodesAppClassesWithTheirCycleAndReencodesTheSameArchive() throws {
        // Linux Foundation ignores the archiver instance's setClassName(_:for:); names are module-qualified.
        let archived = try Bridge.archive(Self.book())
        let archive = try KeyedArchive(propertyList: archived)

        let page = KeyedArchiveClass(rootClass: "FormatsTests.ArchivedPage")
        let expected = KeyedArchiveValue.object(
            KeyedArchiveClass(rootClass: "FormatsTests.ArchivedBook"),
            fields: [
                KeyedArchiveField(key: "title", value: .object(.string("Field notes"))),
                KeyedArchiveField(
                    key: "pages",
                    value: .object(
                        .array(
                            [
                                // Fields that meet new objects first, in the archiver's order; then the others in key
                                // order.
                                .object(
                                    page,
                                    fields: [
                                        KeyedArchiveField(key: "text", value: .object(.string("hello"))),
                                        KeyedArchiveField(
                                            key: "created", value: .object(.date(secondsSinceReferenceDate: 1.5, .date))
                                        ),
                                        KeyedArchiveField(key: "book", value: .object(.reference(0))),
                                        KeyedArchiveField(key: "pageNumber", value: .value(.integer(1))),
                                        KeyedArchiveField(key: "pinned", value: .value(.boolean(true))),
                                    ]),
                                .object(
                                    page,
                                    fields: [
                                        KeyedArchiveField(
                                            key: "created",
                                            value: .object(.date(secondsSinceReferenceDate: 86_400, .date))),
                                        KeyedArchiveField(key: "book", value: .object(.reference(0))),
                                        KeyedArchiveField(key: "pageNumber", value: .value(.integer(2))),
                                        KeyedArchiveField(key: "pinned", value: .value(.boolean(false))),
                                        // The archiver stored "hello" once; this page's text refers to the first
                                        // page's.
                                        KeyedArchiveField(key: "text", value: .object(.string("hello"))),
                                    ]),
                            ], .array))),
            ])
        #expect(archive.archiver == "NSKeyedArchiver")
        #expect(archive.root == expected)
        // Same objects, same UIDs: our layout is Foundation's (key order aside, which XML does not keep).
        #expect(Bridge.sortingKeys(try archive.propertyList()) == Bridge.sortingKeys(archived))
    }

    @Test func decodesEveryFoundationValueClassAndReencodesTheSameArchive() throws {
        let root: NSDictionary = [
            // Not 1: Linux Foundation gives equal NSNumbers one UID, so 1 would share `true`'s (a quirk of its
            // archiver).
            "array": [3, 2.5, "x", "x", Data([1, 2])] as NSArray,
            "mutable": NSMutableArray(array: ["m"]),
            "url": NSURL(string: "page.html", relativeTo: URL(string: "https://example.com/base/"))!,
            "uuid": NSUUID(uuidString: Self.uuid.uuidString)!,
            "null": NSNull(),
            "set": NSSet(array: [7]),
            "ordered": NSOrderedSet(array: ["q", "r"]),
            "date": NSDate(timeIntervalSinceReferenceDate: -0.25),
            "nested": ["k": ["deep": true]] as NSDictionary,
        ]
        let archived = try Bridge.archive(root)
        let archive = try KeyedArchive(propertyList: archived)
        guard case .dictionary(let entries, let type) = try #require(archive.root) else {
            Issue.record("the root is not a dictionary: \(String(describing: archive.root))")
            return
        }
        #expect(type == .dictionary)
        var byKey: [String: KeyedArchiveValue] = [:]
        for entry in entries {
            guard case .string(let key) = entry.key else {
                Issue.record("a key is not a string")
                continue
            }
            byKey[key] = entry.value
        }
        #expect(
            byKey["array"]
                == .array([.integer(3), .real(2.5), .string("x"), .string("x"), .data(Data([1, 2]))], .array))
        #expect(byKey["uuid"] == .uuid(Self.uuid, .uuid))
        #expect(byKey["null"] == .null(.null))
        #expect(byKey["set"] == .set([.integer(7)], .set))
        #expect(byKey["ordered"] == .orderedSet([.string("q"), .string("r")], .orderedSet))
        #expect(byKey["date"] == .date(secondsSinceReferenceDate: -0.25, .date))
        #expect(
            byKey["nested"]
                == .dictionary(
                    [
                        KeyedArchiveDictionaryEntry(
                            key: .string("k"),
                            value: .dictionary(
                                [
                                    KeyedArchiveDictionaryEntry(key: .string("deep"), value: .boolean(true))
                                ], .dictionary))
                    ], .dictionary))
        // Linux Foundation flattens a relative URL to its absolute string with no base (Apple keeps the base).
        #expect(byKey["url"] == .url(base: nil, relative: "https://example.com/base/page.html", .url))
        // Linux Foundation archives NSMutableArray under NSArray's class (classForKeyedArchiver).
        #expect(byKey["mutable"] == .array([.string("m")], .array))
        #expect(Bridge.sortingKeys(try archive.propertyList()) == Bridge.sortingKeys(archived))
    }

    @Test func foundationUnarchivesWhatWeEncode() throws {
        let tree = KeyedArchiveValue.dictionary(
            [
                KeyedArchiveDictionaryEntry(key: .string("title"), value: .string("Trip")),
                KeyedArchiveDictionaryEntry(key: .string("count"), value: .integer(-3)),
                KeyedArchiveDictionaryEntry(key: .string("ratio"), value: .real(0.5)),
                KeyedArchiveDictionaryEntry(key: .string("flag"), value: .boolean(true)),
                KeyedArchiveDictionaryEntry(key: .string("bytes"), value: .data(Data([0, 255]))),
                KeyedArchiveDictionaryEntry(key: .string("when"), value: .date(secondsSinceReferenceDate: 1000, .date)),
                KeyedArchiveDictionaryEntry(key: .string("id"), value: .uuid(Self.uuid, .uuid)),
                KeyedArchiveDictionaryEntry(key: .string("none"), value: .null(.null)),
                KeyedArchiveDictionaryEntry(
                    key: .string("list"), value: .array([.string("Trip"), .integer(-3)], .array)),
                KeyedArchiveDictionaryEntry(key: .string("tags"), value: .set([.string("a")], .set)),
                KeyedArchiveDictionaryEntry(
                    key: .string("order"), value: .orderedSet([.string("b"), .string("c")], .orderedSet)),
                KeyedArchiveDictionaryEntry(
                    key: .string("link"), value: .url(base: nil, relative: "https://example.com/x", .url)),
            ], .dictionary)
        let data = try Bridge.xmlData(try KeyedArchive(root: tree).propertyList())
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        let decoded = try #require(unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? NSDictionary)
        let expected: NSDictionary = [
            "title": "Trip", "count": -3, "ratio": 0.5, "flag": true, "bytes": Data([0, 255]),
            "when": Date(timeIntervalSinceReferenceDate: 1000), "id": Self.uuid as NSUUID, "none": NSNull(),
            "list": ["Trip", -3] as NSArray, "tags": NSSet(array: ["a"]), "order": NSOrderedSet(array: ["b", "c"]),
            "link": NSURL(string: "https://example.com/x")!,
        ]
        #expect(decoded == expected, "\(decoded)")
        // The oracle can fail: a changed value is noticed.
        #expect(
            decoded
                != (expected.mutableCopy() as? NSMutableDictionary).map {
                    $0["title"] = "Other"
                    return $0
                })
    }
}
