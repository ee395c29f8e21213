import DocumentCodecs
import Foundation
import Testing

@testable import Formats

/// Archive structure, UID resolution, cycles and depth, on archives built in memory.
@Suite struct KeyedArchiveDecodingTests {
    /// An archive with `objects` after `$null` (so the first is UID 1) and `$top.root` = UID 1.
    static func archive(
        _ objects: [PropertyListValue], top: PropertyListValue = .dictionary([entry("root", .uid(1))])
    ) -> PropertyListValue {
        .dictionary([
            entry("$version", .integer(100000)), entry("$objects", .array([.string("$null")] + objects)),
            entry("$archiver", .string("NSKeyedArchiver")), entry("$top", top),
        ])
    }

    static func replacing(
        _ archive: PropertyListValue, key: String, with value: PropertyListValue?
    ) -> PropertyListValue {
        guard case .dictionary(let entries) = archive else { return archive }
        return .dictionary(entries.compactMap { $0.key == key ? value.map { entry(key, $0) } : $0 })
    }

    /// `["a", "b"]` as an NSArray: root array, two strings, class.
    static let simple = archive([
        .dictionary([entry("$class", .uid(4)), entry("NS.objects", .array([.uid(2), .uid(3)]))]),
        .string("a"), .string("b"), classDictionary("NSArray"),
    ])

    @Test func decodesAndLaysOutASimpleArchive() throws {
        let archive = try KeyedArchive(propertyList: Self.simple)
        #expect(archive.root == .array([.string("a"), .string("b")], .array))
        #expect(try archive.propertyList() == Self.simple)
    }

    @Test func acceptsXMLFormUIDsAndNamedRoots() throws {
        func uid(_ number: Int128) -> PropertyListValue { .dictionary([entry("CF$UID", .integer(number))]) }
        let value = Self.archive(
            [.string("first"), .integer(7)],
            top: .dictionary([entry("root", uid(1)), entry("second", uid(2)), entry("count", .integer(3))]))
        let archive = try KeyedArchive(propertyList: value)
        #expect(
            archive.top == [
                KeyedArchiveField(key: "root", value: .object(.string("first"))),
                KeyedArchiveField(key: "second", value: .object(.integer(7))),
                KeyedArchiveField(key: "count", value: .value(.integer(3))),
            ])
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        let name: String
        let value: PropertyListValue
        let code: String
        let location: String?
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        BadCase(name: "not a dictionary", value: .array([]), code: "keyed-archive.not-an-archive", location: nil),
        BadCase(
            name: "missing $top", value: replacing(simple, key: "$top", with: nil), code: "keyed-archive.missing-top",
            location: "$top"),
        BadCase(
            name: "$top not a dictionary", value: replacing(simple, key: "$top", with: .array([])),
            code: "keyed-archive.malformed-top", location: "$top"),
        BadCase(
            name: "bad version", value: replacing(simple, key: "$version", with: .integer(100001)),
            code: "keyed-archive.bad-version", location: "$version"),
        BadCase(
            name: "bad archiver", value: replacing(simple, key: "$archiver", with: .string("NSArchiver")),
            code: "keyed-archive.bad-archiver", location: "$archiver"),
        BadCase(
            name: "missing $objects", value: replacing(simple, key: "$objects", with: nil),
            code: "keyed-archive.missing-objects", location: "$objects"),
        BadCase(
            name: "extra key", value: archive([]).appending("$extra", .integer(1)),
            code: "keyed-archive.unexpected-key", location: "$extra"),
        BadCase(
            name: "no $null", value: replacing(simple, key: "$objects", with: .array([.string("a")])),
            code: "keyed-archive.not-null-at-zero", location: "$objects[0]"),
        BadCase(
            name: "dangling element",
            value: archive([
                .dictionary([
                    entry("$class", .uid(3)), entry("NS.keys", .array([.uid(2), .uid(2), .uid(2), .uid(9)])),
                    entry("NS.objects", .array([.uid(2), .uid(2), .uid(2), .uid(2)])),
                ]), .string("k"), classDictionary("NSDictionary"),
            ]),
            code: "keyed-archive.dangling-uid", location: "$objects[1].NS.keys[3]"),
        BadCase(
            name: "dangling root", value: archive([], top: .dictionary([entry("root", .uid(5))])),
            code: "keyed-archive.dangling-uid", location: "$top.root"),
        BadCase(
            name: "class is a string",
            value: archive([.dictionary([entry("$class", .uid(2))]), .string("NSNull")]),
            code: "keyed-archive.bad-class-reference", location: "$objects[1].$class"),
        BadCase(
            name: "class without $classes",
            value: archive([.dictionary([entry("$class", .uid(2))]), .dictionary([entry("$classname", .string("X"))])]),
            code: "keyed-archive.bad-class-reference", location: "$objects[2]"),
        BadCase(
            name: "object without $class", value: archive([.dictionary([entry("NS.objects", .array([]))])]),
            code: "keyed-archive.malformed-object", location: "$objects[1]"),
        BadCase(
            name: "array as object", value: archive([.array([])]), code: "keyed-archive.malformed-object",
            location: "$objects[1]"),
        BadCase(
            name: "array containing itself",
            value: archive([
                .dictionary([entry("$class", .uid(2)), entry("NS.objects", .array([.uid(1)]))]),
                classDictionary("NSArray"),
            ]),
            code: "keyed-archive.cycle", location: "$objects[1].NS.objects[0]"),
        BadCase(
            name: "unreachable object",
            value: archive([.string("root"), .string("orphan")]),
            code: "keyed-archive.unreachable-object", location: "$objects[2]"),
    ]

    @Test(arguments: badCases) func rejectsWithItsOwnCode(_ bad: BadCase) throws {
        let error = try #require(throws: CodecError.self) { try KeyedArchive(propertyList: bad.value) }
        #expect(error.code == bad.code)
        #expect(error.location == bad.location.map(ErrorLocation.keyPath))
    }

    @Test func keepsACycleThroughAnAppClassAsAReference() throws {
        // A node whose `parent` field refers back to itself and whose `children` array holds the same child twice.
        // Laid out as NSKeyedArchiver does: objects numbered as met, each class after its first object's fields.
        let value = Self.archive([
            .dictionary([
                entry("$class", .uid(6)), entry("children", .uid(2)), entry("parent", .uid(1)),
                entry("depth", .integer(0)),
            ]),
            .dictionary([entry("$class", .uid(5)), entry("NS.objects", .array([.uid(3), .uid(3)]))]),
            .dictionary([entry("$class", .uid(4))]),
            classDictionary("NSNull"),
            classDictionary("NSArray"),
            classDictionary("Node", ["Node", "NSObject"]),
        ])
        let archive = try KeyedArchive(propertyList: value)
        #expect(
            archive.root
                == .object(
                    KeyedArchiveClass(rootClass: "Node"),
                    fields: [
                        KeyedArchiveField(
                            key: "children", value: .object(.array([.null(.null), .reference(2)], .array))),
                        KeyedArchiveField(key: "parent", value: .object(.reference(0))),
                        KeyedArchiveField(key: "depth", value: .value(.integer(0))),
                    ]))
        #expect(try archive.propertyList() == value)
        #expect(archive.objectsByNumber().count == 3)
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let depth = 20_000
        var objects: [PropertyListValue] = []
        for index in 1...depth {
            objects.append(
                .dictionary([
                    entry("$class", .uid(UInt32(depth + 1))),
                    entry("NS.objects", .array(index < depth ? [.uid(UInt32(index + 1))] : [])),
                ]))
        }
        objects.append(classDictionary("NSArray"))
        let error = try #require(throws: CodecError.self) { try KeyedArchive(propertyList: Self.archive(objects)) }
        #expect(error.code == "keyed-archive.too-deep")
        // A tree built in memory is capped when encoding as well.
        var tree = KeyedArchiveValue.array([], .array)
        for _ in 0..<600 { tree = .array([tree], .array) }
        let encodingError = try #require(throws: CodecError.self) { try KeyedArchive(root: tree).propertyList() }
        #expect(encodingError.code == "keyed-archive.too-deep")
        #expect(
            try KeyedArchive(
                propertyList: KeyedArchive(root: tree).propertyList(maximumDepth: 1_000), maximumDepth: 1_000
            ).root == tree)
    }

    @Test func aGenericLayoutKeepsEveryFieldOfAFoundationSubclass() throws {
        // CPython's vector has this shape: an NSString subclass with a field of its own.
        let value = Self.archive([
            .dictionary([entry("$class", .uid(2)), entry("NS.string", .string("s")), entry("extra", .integer(1))]),
            .dictionary([
                entry("$classname", .string("MyString")),
                entry("$classes", .array([.string("MyString"), .string("NSString"), .string("NSObject")])),
                entry("$classhints", .array([.string("NSString")])),
            ]),
        ])
        let archive = try KeyedArchive(propertyList: value)
        #expect(
            archive.root
                == .object(
                    KeyedArchiveClass(
                        name: "MyString", chain: ["MyString", "NSString", "NSObject"], hints: ["NSString"]),
                    fields: [
                        KeyedArchiveField(key: "NS.string", value: .value(.string("s"))),
                        KeyedArchiveField(key: "extra", value: .value(.integer(1))),
                    ]))
        #expect(try archive.propertyList() == value)
    }

    static let everyKind: KeyedArchiveValue = .dictionary(
        [
            KeyedArchiveDictionaryEntry(key: .integer(1), value: .mutableString("m", .mutableString)),
            KeyedArchiveDictionaryEntry(key: .string("data"), value: .mutableData(Data([9]), .mutableData)),
            KeyedArchiveDictionaryEntry(key: .string("real"), value: .real(-0.0)),
            KeyedArchiveDictionaryEntry(key: .string("nan"), value: .real(.nan)),
            KeyedArchiveDictionaryEntry(key: .string("bytes"), value: .data(Data([1, 2, 3]))),
            KeyedArchiveDictionaryEntry(
                key: .string("url"),
                value: .url(base: .url(base: nil, relative: "https://example.com/", .url), relative: "a/b", .url)),
            KeyedArchiveDictionaryEntry(
                key: .string("ordered"), value: .orderedSet([.string("x"), .boolean(false)], .orderedSet)),
            KeyedArchiveDictionaryEntry(
                key: .string("set"),
                value: .set(
                    [.integer(Int128(UInt64.max))],
                    KeyedArchiveClass(name: "NSMutableSet", chain: ["NSMutableSet", "NSSet", "NSObject"]))),
            KeyedArchiveDictionaryEntry(
                key: .string("nil"),
                value: .object(
                    KeyedArchiveClass(rootClass: "Holder"),
                    fields: [
                        // Fields in the order decoding recovers: by the first new UID each holds, then the others.
                        KeyedArchiveField(key: "list", value: .array([.object(.string("in")), .value(.integer(2))])),
                        KeyedArchiveField(key: "same", value: .object(.reference(7))),
                        KeyedArchiveField(key: "nothing", value: .object(.nilReference)),
                        KeyedArchiveField(key: "$odd", value: .value(.date(secondsSinceReferenceDate: 0.5))),
                    ])),
            KeyedArchiveDictionaryEntry(key: .string("$null"), value: .string("$null")),
        ], .dictionary)

    @Test func everyKindSurvivesEncodingAndDecoding() throws {
        let archive = KeyedArchive(root: Self.everyKind)
        let value = try archive.propertyList()
        #expect(try KeyedArchive(propertyList: value) == archive)
        // The string "$null" is an object of its own, never UID 0.
        guard case .dictionary(let entries) = value,
            case .array(let objects)? = entries.first(where: { $0.key == "$objects" })?.value
        else {
            Issue.record("no $objects")
            return
        }
        #expect(objects.filter { $0 == .string("$null") }.count == 2)
    }

    @Test func cpythonsAppleArchiveDecodesToTheExpectedTree() throws {
        let value = try PythonPropertyList.read(try PythonPropertyList.cpythonKeyedArchive())
        let archive = try KeyedArchive(propertyList: value)
        #expect(
            archive.root
                == .object(
                    KeyedArchiveClass(
                        name: "OC_BuiltinPythonUnicode",
                        chain: ["OC_BuiltinPythonUnicode", "OC_PythonUnicode", "NSString", "NSObject"],
                        hints: ["OC_PythonString", "NSString"]),
                    fields: [
                        KeyedArchiveField(key: "pytype", value: .value(.integer(1))),
                        KeyedArchiveField(key: "NS.string", value: .value(.string("KeyArchive UID Test"))),
                    ]))
        // Apple's key order differs from ours, but the objects and their numbering are the same.
        #expect(
            FoundationPropertyListBridge.sortingKeys(try archive.propertyList())
                == FoundationPropertyListBridge.sortingKeys(value))
    }
}

extension PropertyListValue {
    fileprivate func appending(_ key: String, _ value: PropertyListValue) -> PropertyListValue {
        guard case .dictionary(let entries) = self else { return self }
        return .dictionary(entries + [PropertyListEntry(key: key, value: value)])
    }
}

private func entry(_ key: String, _ value: PropertyListValue) -> PropertyListEntry {
    PropertyListEntry(key: key, value: value)
}

private func classDictionary(_ name: String, _ chain: [String]? = nil) -> PropertyListValue {
    .dictionary([
        entry("$classname", .string(name)),
        entry("$classes", .array((chain ?? [name, "NSObject"]).map(PropertyListValue.string))),
    ])
}
