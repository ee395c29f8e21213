import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Formats

@Suite struct BinaryPropertyListTests {
    /// CPython's Apple-made binary vector and plistlib's reading of it.
    static func appleVector() throws -> (bytes: Data, value: PropertyListValue) {
        let output = try PythonOracle.run(
            PlistlibOracle.prelude + """
                from test.test_plistlib import TESTDATA
                data = TESTDATA[plistlib.FMT_BINARY]
                print(data.hex())
                print(json.dumps(tag(plistlib.loads(data))))
                """)
        let lines = output.split(separator: "\n")
        try #require(lines.count == 2)
        return (try PlistlibOracle.bytes(fromHex: lines[0]), try PlistlibOracle.value(fromTagged: String(lines[1])))
    }

    /// CPython's `INVALID_BINARY_PLISTS`, each prefixed with the signature as its test does.
    static func invalidVectors() throws -> [(name: String, bytes: Data)] {
        let output = try PythonOracle.run(
            """
            from test.test_plistlib import INVALID_BINARY_PLISTS
            for name, data in INVALID_BINARY_PLISTS:
                print((b'bplist00' + data).hex(), name)
            """)
        return try output.split(separator: "\n").map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts[1]), try PlistlibOracle.bytes(fromHex: parts[0]))
        }
    }

    @Test func readsApplesVectorAsPlistlibDoesAndWritesItBackByteForByte() throws {
        let (bytes, expected) = try Self.appleVector()
        #expect(bytes.count == 894)
        let document = try BinaryPropertyList.readDocument(bytes)
        #expect(BinaryPropertyListLayout.identical(document.value, expected))
        // Apple's writer laid it out: a fresh encoding of the value reproduces it, not only the recorded bytes.
        #expect(try BinaryPropertyList.write(document.value) == bytes)
        #expect(try BinaryPropertyList.write(document) == bytes)
        #expect(document.binaryLayout?.objectCount == 57)
        #expect(document.binaryLayout?.objectReferenceSize == 1)
        #expect(document.binaryLayout?.offsetSize == 2)
    }

    @Test func rejectsEveryInvalidVectorOfCPython() throws {
        let vectors = try Self.invalidVectors()
        #expect(vectors.count == 40)
        var codes: [String: String] = [:]
        for (name, bytes) in vectors {
            do {
                let value = try BinaryPropertyList.read(bytes)
                Issue.record("\(name): accepted as \(value)")
            } catch let error as CodecError {
                #expect(error.code.hasPrefix("plist.binary."), "\(name): \(error)")
                guard case .byte(let offset)? = error.location else {
                    Issue.record("\(name): no byte offset in \(error)")
                    continue
                }
                #expect(offset >= 0 && offset <= bytes.count, "\(name): \(error)")
                codes[name] = error.code
            }
        }
        // A sample of the classes, each with the code that names it.
        #expect(codes["too short data"] == "plist.binary.truncated-trailer")
        #expect(codes["too large top_object"] == "plist.binary.top-object-out-of-range")
        #expect(codes["integer overflow in num_objects"] == "plist.binary.offset-table-size")
        #expect(codes["offset_size = 0"] == "plist.binary.bad-offset-size")
        #expect(codes["ref_size = 0"] == "plist.binary.bad-reference-size")
        #expect(codes["too large reference index"] == "plist.binary.reference-out-of-range")
        // plistlib ignores the high nibble of a count's marker; CF (and we) want an integer marker there.
        #expect(codes["extremally large array size (64-bit)"] == "plist.binary.bad-count")
        #expect(codes["too large bytes size"] == "plist.binary.bad-count")
        #expect(codes["invalid ASCII"] == "plist.binary.invalid-ascii")
        #expect(codes["invalid UTF-16"] == "plist.binary.invalid-utf16")
        #expect(codes["non-hashable key"] == "plist.binary.non-string-key")
        #expect(codes["invalid datetime (NaN)"] == "plist.binary.invalid-date")
        #expect(codes["too large offset"] == "plist.binary.offset-out-of-range")
    }

    @Test func agreesWithPlistlibOnAThousandGeneratedValuesBothWays() throws {
        var generator = BinaryPlistValueGenerator(seed: 0x5EED_B115)
        var values = (0..<1_000).map { _ in generator.value() }
        // Enough distinct objects for two-byte references, and long enough for two-byte offsets.
        values.append(.array((0..<300).map { .integer(Int128($0) * 1_000) }))
        values.append(
            .dictionary(
                (0..<70).map {
                    PropertyListEntry(key: "key \($0)", value: .data(Data(repeating: UInt8($0), count: 1_000)))
                }))
        let oracle = try PlistlibOracle.writeAndReadBack(values)
        try #require(oracle.count == values.count)
        var mismatches = 0
        for (index, value) in values.enumerated() {
            let ours = try BinaryPropertyList.write(value)
            if ours != oracle[index].bytes {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record("value \(index): our bytes differ from plistlib's: \(PlistlibOracle.tagged(value))")
                }
            }
            let read = try BinaryPropertyList.read(oracle[index].bytes)
            #expect(
                BinaryPropertyListLayout.identical(read, oracle[index].readBack),
                "value \(index): we read plistlib's bytes differently")
            #expect(BinaryPropertyListLayout.identical(read, value), "value \(index) did not survive the round trip")
        }
        #expect(mismatches == 0)
    }

    /// A valid file Apple's writer would never make, built by hand: the same string written twice
    /// (as Foundation on Linux does), an integer in 8 bytes, a count in the extended form, a
    /// dictionary whose values precede it, two-byte references, and a gap of fill bytes.
    static let nonCanonical: Data = {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        func object(_ content: [UInt8]) {
            offsets.append(bytes.count)
            bytes += content
        }
        object([0x51, 0x61])  // 0: "a"
        object([0x51, 0x61])  // 1: "a" again, not shared
        object([0x13, 0, 0, 0, 0, 0, 0, 0, 7])  // 2: 7 in eight bytes
        object([0x5F, 0x10, 0x01, 0x62])  // 3: "b" with an extended count
        bytes += [0x0F, 0x0F]  // two fill bytes nobody refers to
        object([0xD2, 0x00, 0x00, 0x00, 0x03, 0x00, 0x01, 0x00, 0x02])  // 4: {"a": "a", "b": 7}
        let tableOffset = bytes.count
        for offset in offsets { bytes.append(UInt8(offset)) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 2]
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(offsets.count)]
        bytes += [0, 0, 0, 0, 0, 0, 0, 4]
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(tableOffset)]
        return Data(bytes)
    }()

    @Test func writesANonCanonicalFileBackByteForByteUntilItsValueChanges() throws {
        let expected: PropertyListValue = .dictionary([
            PropertyListEntry(key: "a", value: .string("a")), PropertyListEntry(key: "b", value: .integer(7)),
        ])
        let plistlibReading = try PlistlibOracle.read([Self.nonCanonical])
        #expect(plistlibReading == [expected])
        var document = try BinaryPropertyList.readDocument(Self.nonCanonical)
        #expect(document.value == expected)
        #expect(document.binaryLayout?.objectReferenceSize == 2)
        #expect(try BinaryPropertyList.write(document) == Self.nonCanonical)
        let fresh = try BinaryPropertyList.write(document.value)
        #expect(fresh != Self.nonCanonical)

        // Once the value changes, the file is laid out afresh, exactly as plistlib lays it out.
        document.value = .dictionary([
            PropertyListEntry(key: "a", value: .string("a")), PropertyListEntry(key: "b", value: .integer(8)),
        ])
        let rewritten = try BinaryPropertyList.write(document)
        let oracle = try PlistlibOracle.writeAndReadBack([document.value])
        #expect(rewritten == oracle.first?.bytes)
        #expect(try BinaryPropertyList.read(rewritten) == document.value)
    }

    @Test func aCanonicallyEquivalentStringCountsAsAChange() throws {
        let composed = try BinaryPropertyList.write(.string("\u{E9}"))
        var document = try BinaryPropertyList.readDocument(composed)
        document.value = .string("e\u{301}")
        let written = try BinaryPropertyList.write(document)
        #expect(written != composed)
        guard case .string(let text) = try BinaryPropertyList.read(written) else {
            Issue.record("not a string")
            return
        }
        #expect(Array(text.unicodeScalars) == ["e", "\u{301}"])
    }

    @Test func namesTheOffsetAndTheObjectCountOfABadReference() throws {
        // [ref 0, ref 5] in a file of two objects: the reference 5 sits at byte 10.
        var bytes = Array("bplist00".utf8) + [0xA2, 0x01, 0x05, 0x08]
        bytes += [8, 11]
        bytes +=
            [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 2] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 12]
        let error = try #require(throws: CodecError.self) { try BinaryPropertyList.read(Data(bytes)) }
        #expect(error.code == "plist.binary.reference-out-of-range")
        #expect(error.location == .byte(10))
        #expect(
            error.description
                == "byte 10 (0xa): object reference 5 is past the end of the object table (2 objects) [plist.binary.reference-out-of-range]"
        )
    }

    /// A file whose top object is an array holding the objects after it, `count` levels deep, each
    /// level an array of `width` references to the next (so that `width` > 1 shares every level).
    static func nestedArrays(depth count: Int, width: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<count {
            offsets.append(bytes.count)
            if level == count - 1 {
                bytes.append(0xA0)
            } else {
                bytes.append(0xA0 | UInt8(width))
                for _ in 0..<width { bytes += [UInt8((level + 1) >> 8), UInt8((level + 1) & 0xFF)] }
            }
        }
        let tableOffset = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 16), UInt8((offset >> 8) & 0xFF), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 3, 2]
        bytes += [0, 0, 0, 0, 0, 0, UInt8(count >> 8), UInt8(count & 0xFF)]
        bytes += [0, 0, 0, 0, 0, 0, 0, 0]
        bytes += [0, 0, 0, 0, 0, UInt8(tableOffset >> 16), UInt8((tableOffset >> 8) & 0xFF), UInt8(tableOffset & 0xFF)]
        return Data(bytes)
    }

    @Test func capsTheNestingDepthWithAnErrorAndTheLimitIsConfigurable() throws {
        let deep = Self.nestedArrays(depth: 600, width: 1)
        let error = try #require(throws: CodecError.self) { try BinaryPropertyList.read(deep) }
        #expect(error.code == "plist.binary.too-deep")
        // The same file within a raised limit is read, and its depth is what was built (odd offset size 3 included).
        var value = try BinaryPropertyList.read(deep, limits: .init(maximumDepth: 1_000))
        var levels = 1
        while case .array(let elements) = value, let first = elements.first {
            value = first
            levels += 1
        }
        #expect(levels == 600)
        #expect(try BinaryPropertyList.read(Self.nestedArrays(depth: 100, width: 1)) != .array([]))
    }

    /// A file of arrays only, object 0 on top: `objects[i]` lists the references of object i.
    static func arrays(_ objects: [[Int]]) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for references in objects {
            offsets.append(bytes.count)
            bytes.append(references.count < 15 ? 0xA0 | UInt8(references.count) : 0xAF)
            if references.count >= 15 { bytes += [0x11, UInt8(references.count >> 8), UInt8(references.count & 0xFF)] }
            for reference in references { bytes += [UInt8(reference >> 8), UInt8(reference & 0xFF)] }
        }
        let tableOffset = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 16), UInt8((offset >> 8) & 0xFF), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 3, 2, 0, 0, 0, 0, 0, 0, UInt8(objects.count >> 8), UInt8(objects.count & 0xFF)]
        bytes += [0, 0, 0, 0, 0, 0, 0, 0]
        bytes += [0, 0, 0, 0, 0, UInt8(tableOffset >> 16), UInt8((tableOffset >> 8) & 0xFF), UInt8(tableOffset & 0xFF)]
        return Data(bytes)
    }

    @Test func aSharedSubtreeCountsAtTheDepthOfEveryPlaceItAppears() throws {
        // Top: [A, B]. A is a chain of 300 arrays; B a chain of 300 arrays whose innermost holds A again,
        // so A's innermost array sits 601 deep the second time, though each chain alone is 300 deep.
        var objects: [[Int]] = [[1, 301]]
        for level in 1...300 { objects.append(level < 300 ? [level + 1] : []) }
        for level in 301...600 { objects.append(level < 600 ? [level + 1] : [1]) }
        let error = try #require(throws: CodecError.self) { try BinaryPropertyList.read(Self.arrays(objects)) }
        #expect(error.code == "plist.binary.too-deep")
        #expect(throws: Never.self) {
            try BinaryPropertyList.read(Self.arrays(objects), limits: .init(maximumDepth: 700))
        }
    }

    @Test func refusesAValueThatSharingWouldExpandBeyondTheLimit() throws {
        // 40 levels of two references to the next level: 2^40 leaves from a file of a few hundred bytes.
        let bomb = Self.nestedArrays(depth: 40, width: 2)
        #expect(bomb.count < 400)
        let error = try #require(throws: CodecError.self) { try BinaryPropertyList.read(bomb) }
        #expect(error.code == "plist.binary.too-large")
        // Ten levels (2^10 leaves) are fine: sharing itself is not refused.
        let small = try BinaryPropertyList.read(Self.nestedArrays(depth: 10, width: 2))
        guard case .array(let top) = small else { throw PlistlibOracle.Failure(description: "not an array") }
        #expect(top.count == 2)
    }

    @Test func refusesACycleAndMarkersTheModelCannotHold() throws {
        // An array that contains itself.
        var cycle = Array("bplist00".utf8) + [0xA1, 0x00, 8]
        cycle +=
            [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 10]
        #expect(throws: CodecError.self) { try BinaryPropertyList.read(Data(cycle)) }
        let cycleError = try #require(throws: CodecError.self) { try BinaryPropertyList.read(Data(cycle)) }
        #expect(cycleError.code == "plist.binary.cycle")

        for (marker, code) in [
            (0x00, "plist.binary.null-marker"), (0xC0, "plist.binary.set-marker"),
            (0x70, "plist.binary.version-1-marker"),
            (0x0E, "plist.binary.version-1-marker"), (0x0F, "plist.binary.unknown-marker"),
            (0x90, "plist.binary.unknown-marker"),
        ] as [(UInt8, String)] {
            var bytes = Array("bplist00".utf8) + [marker, 8]
            bytes +=
                [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [
                    0, 0, 0, 0, 0, 0, 0, 9,
                ]
            let error = try #require(throws: CodecError.self) { try BinaryPropertyList.read(Data(bytes)) }
            #expect(error.code == code, "marker \(marker)")
        }
    }

    @Test func readsIntegersOfEveryWidthAndFloat32Reals() throws {
        func single(_ object: [UInt8]) throws -> PropertyListValue {
            var bytes = Array("bplist00".utf8) + object
            bytes += [8] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0]
            bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(8 + object.count)]
            return try BinaryPropertyList.read(Data(bytes))
        }
        #expect(try single([0x10, 0xFF]) == .integer(255))
        #expect(try single([0x11, 0xFF, 0xFF]) == .integer(65_535))
        #expect(try single([0x12, 0xFF, 0xFF, 0xFF, 0xFF]) == .integer(4_294_967_295))
        #expect(try single([0x13] + Array(repeating: 0xFF, count: 8)) == .integer(-1))
        #expect(
            try single([0x14] + Array(repeating: 0, count: 8) + Array(repeating: 0xFF, count: 8))
                == .integer(Int128(UInt64.max)))
        #expect(try single([0x14] + Array(repeating: 0xFF, count: 16)) == .integer(-1))
        let tooBig = try #require(throws: CodecError.self) { try single([0x14, 1] + Array(repeating: 0, count: 15)) }
        #expect(tooBig.code == "plist.binary.integer-out-of-range")
        #expect(try single([0x22, 0x3F, 0xC0, 0, 0]) == .real(1.5))
        #expect(try single([0x83, 0, 1, 0, 0]) == .uid(65_536))
        let uid = try #require(throws: CodecError.self) { try single([0x84, 1, 0, 0, 0, 0]) }
        #expect(uid.code == "plist.binary.uid-out-of-range")
    }

    @Test func neverTrapsOnMutatedInputs() throws {
        var seeds: [Data] = [try Self.appleVector().bytes, Self.nonCanonical, Self.nestedArrays(depth: 12, width: 2)]
        var generator = BinaryPlistValueGenerator(seed: 42)
        for _ in 0..<20 { seeds.append(try BinaryPropertyList.write(generator.value(depth: 3))) }
        var decoded = 0, refused = 0
        for round in 0..<4_000 {
            var bytes = [UInt8](seeds[round % seeds.count])
            for _ in 0...generator.below(4) {
                guard !bytes.isEmpty else { break }
                let position = generator.below(bytes.count)
                switch generator.below(5) {
                case 0: bytes[position] ^= UInt8(1 << generator.below(8))
                case 1: bytes[position] = UInt8(truncatingIfNeeded: generator.next())
                case 2: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: position)
                case 3: bytes.remove(at: position)
                default: bytes.removeLast(generator.below(min(bytes.count, 40)))
                }
            }
            do {
                _ = try BinaryPropertyList.read(Data(bytes))
                decoded += 1
            } catch is CodecError {
                refused += 1
            }
        }
        #expect(decoded + refused == 4_000)
        #expect(refused > 1_000)
        print("binary plist mutation test: \(decoded + refused) inputs, \(decoded) decoded, \(refused) refused")
    }
}
