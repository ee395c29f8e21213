import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Formats

/// The codec on the golden files: bytes kept when nothing changed, Foundation reading what we write,
/// damaged files rejected without a trap.
@Suite struct KeyedArchiveCodecTests {
    static let goldenFiles = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("GoldenFiles")

    static func golden(_ path: String) throws -> Data {
        try Data(contentsOf: goldenFiles.appendingPathComponent(path))
    }

    static func decode(_ data: Data) throws -> KeyedArchiveDocument {
        try KeyedArchiveCodec().decode(FileWrapper(regularFileWithContents: data), contentType: .propertyList)
    }

    static func encode(_ document: KeyedArchiveDocument) throws -> Data {
        try #require(
            try KeyedArchiveCodec().encode(document, previous: nil, contentType: .propertyList).regularFileContents)
    }

    @Test(arguments: ["keyed-archive/cases/foundation-values.plist", "keyed-archive/cases/app-objects.plist"])
    func anUnchangedXMLArchiveIsWrittenBackByteForByte(_ path: String) throws {
        let data = try Self.golden(path)
        let document = try Self.decode(data)
        #expect(document.format == .xml)
        #expect(try Self.encode(document) == data)
        // Laid out afresh by our encoder and written by the XML writer: the same bytes as Foundation's.
        #expect(try XMLPropertyList.write(try document.archive.propertyList()) == data)
    }

    @Test func cpythonsAppleBytesDecodeThroughTheCodecAndAreWrittenBackExactly() throws {
        let data = try PythonPropertyList.cpythonKeyedArchive()
        let document = try Self.decode(data)
        #expect(document.format == .binary)
        guard case .object(let type, let fields)? = document.archive.root else {
            Issue.record("the root is not an object")
            return
        }
        #expect(type.name == "OC_BuiltinPythonUnicode" && type.hints == ["OC_PythonString", "NSString"])
        #expect(
            fields == [
                KeyedArchiveField(key: "pytype", value: .value(.integer(1))),
                KeyedArchiveField(key: "NS.string", value: .value(.string("KeyArchive UID Test"))),
            ])
        #expect(try Self.encode(document) == data)
    }

    @Test func foundationsOwnBinaryArchiveIsWrittenBackByteForByte() throws {
        // Linux Foundation's binary layout is not Apple's; the kept layout still reproduces its bytes.
        let data = try NSKeyedArchiver.archivedData(
            withRootObject: KeyedArchiveFoundationTests.book(), requiringSecureCoding: false)
        let document = try Self.decode(data)
        #expect(document.format == .binary)
        #expect(try Self.encode(document) == data)
        var changed = document
        changed.archive.top.append(KeyedArchiveField(key: "extra", value: .value(.integer(1))))
        #expect(try Self.encode(changed) != data)
        #expect(try Self.decode(try Self.encode(changed)) == changed)
    }

    @Test func aChangedArchiveIsLaidOutAfreshAndFoundationReadsIt() throws {
        var document = try Self.decode(try Self.golden("keyed-archive/cases/foundation-values.plist"))
        guard case .dictionary(var entries, let type)? = document.archive.root else {
            Issue.record("the root is not a dictionary")
            return
        }
        entries.append(
            KeyedArchiveDictionaryEntry(key: .string("added"), value: .array([.string("new"), .integer(-1)], .array)))
        document.archive = KeyedArchive(root: .dictionary(entries, type))
        let data = try Self.encode(document)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        let root = try #require(unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? NSDictionary)
        #expect(root["added"] as? NSArray == ["new", -1] as NSArray)
        #expect(root["uuid"] as? NSUUID == NSUUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(root["emoji"] as? String == "naïve ☕️ 𝄞")
        #expect(root.count == 10)
    }

    @Test func thePlainPropertyListConversionReadsBackInPython() throws {
        let document = try Self.decode(try Self.golden("keyed-archive/cases/app-objects.plist"))
        let converted = try KeyedArchiveToPropertyList().convert(document)
        let data = try XMLPropertyList.write(converted.value)
        let program = """
            import plistlib, sys
            v = plistlib.loads(sys.stdin.buffer.read())
            root = v['$top']['root']
            print(v['$archiver'], root['$class'], root['name'], [c['name'] for c in root['children']['$array']] if '$array' in root['children'] else [c['name'] for c in root['children']])
            print(root['children'][0]['parent'] if isinstance(root['children'], list) else root['children']['$array'][0]['parent'], root['$id'], root['$inline'])
            """
        let output = try PythonOracle.run(program, input: data)
        #expect(
            output == """
                NSKeyedArchiver NotebookApp.Node root ['left', 'right']
                {'$ref': 0} 0 {'rank': 0, 'visible': True, 'weight': 1.5}

                """)
    }

    @Test func damagedGoldenBytesDecodeOrThrowButNeverTrap() throws {
        var generator = SeededGenerator(seed: 0xB17E_5EED)
        let paths =
            try FileManager.default.contentsOfDirectory(
                atPath: Self.goldenFiles.appendingPathComponent("keyed-archive/cases").path
            ).sorted()
            .map { "keyed-archive/cases/" + $0 }
            + [
                "notebook-v1/cases/Trip.notebookv1", "notebook-v1/cases/Trip (XML).notebookv1",
                "notebook-v1/cases/Plain.notebookv1",
            ]
        let inputs = try paths.map(Self.golden)
        var decoded = 0, rejected = 0
        let rounds = 3_000
        for round in 0..<rounds {
            var bytes = Array(inputs[round % inputs.count])
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                guard !bytes.isEmpty else { break }
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[position] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
                case 1: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
                case 2: bytes.remove(at: position)
                default: bytes.removeSubrange(position...)
                }
            }
            let file = FileWrapper(regularFileWithContents: Data(bytes))
            do {
                _ = try KeyedArchiveCodec().decode(file, contentType: .propertyList)
                decoded += 1
            } catch is CodecError {
                rejected += 1
            }
            _ = try? NotebookV1Codec().decode(file, contentType: NotebookV1Codec.contentType)
        }
        print("keyed-archive byte mutation test: \(rounds) inputs, \(decoded) decoded, \(rejected) rejected")
        #expect(decoded + rejected == rounds)
        #expect(rejected > 0)
    }
}
