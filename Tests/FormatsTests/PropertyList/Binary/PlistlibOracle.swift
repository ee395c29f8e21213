import Comparison
import Foundation
import TestSupport

@testable import Formats

/// Python's `plistlib` as an oracle for binary property lists, and generated values to feed it.
///
/// Values cross to Python and back in a tagged JSON form that loses nothing: integers as decimal
/// strings, reals as the hex of their bits, dates as whole microseconds from 2001 (Python's
/// `datetime` resolution), data as hex, dictionaries as ordered pairs.
enum PlistlibOracle {
    /// Python helpers that build values from the tagged form and describe values in it.
    static let prelude = """
        import sys, json, struct, plistlib, datetime
        sys.stdout.reconfigure(encoding="utf-8")
        EPOCH = datetime.datetime(2001, 1, 1)
        def build(t):
            k, v = t['t'], t.get('v')
            if k == 'd': return {key: build(value) for key, value in v}
            if k == 'a': return [build(x) for x in v]
            if k == 's': return v
            if k == 'i': return int(v)
            if k == 'r': return struct.unpack('>d', bytes.fromhex(v))[0]
            if k == 'b': return v
            if k == 't': return EPOCH + datetime.timedelta(microseconds=int(v))
            if k == 'x': return bytes.fromhex(v)
            if k == 'u': return plistlib.UID(v)
            raise ValueError(k)
        def tag(v):
            if isinstance(v, dict): return {'t': 'd', 'v': [[key, tag(value)] for key, value in v.items()]}
            if isinstance(v, list): return {'t': 'a', 'v': [tag(x) for x in v]}
            if isinstance(v, str): return {'t': 's', 'v': v}
            if isinstance(v, bool): return {'t': 'b', 'v': v}
            if isinstance(v, int): return {'t': 'i', 'v': str(v)}
            if isinstance(v, float): return {'t': 'r', 'v': struct.pack('>d', v).hex()}
            if isinstance(v, datetime.datetime):
                delta = v - EPOCH
                return {'t': 't', 'v': str((delta.days * 86400 + delta.seconds) * 1000000 + delta.microseconds)}
            if isinstance(v, bytes): return {'t': 'x', 'v': v.hex()}
            if isinstance(v, plistlib.UID): return {'t': 'u', 'v': v.data}
            raise ValueError(type(v))

        """

    /// Runs `program` with `input` in a temporary file opened as `INPUT`.
    ///
    /// Not through standard input: `PythonOracle` writes all of it before reading any output, so a
    /// large input and a large output would each wait for the other once the pipes fill.
    static func run(_ program: String, input: Data) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "plistlib-oracle-\(UUID().uuidString).txt")
        try input.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let opening = "INPUT = open(\(JSONStringEscaper.quoted(file.path)), encoding='utf-8')\n"
        return try PythonOracle.run(prelude + opening + program)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The tagged form of `value`, as one line of JSON.
    static func tagged(_ value: PropertyListValue) -> String {
        taggedValue(value).compactText
    }

    private static func taggedValue(_ value: PropertyListValue) -> JSONValue {
        func tag(_ kind: String, _ payload: JSONValue) -> JSONValue {
            .object([JSONMember(key: "t", value: .string(kind)), JSONMember(key: "v", value: payload)])
        }
        switch value {
        case .dictionary(let entries):
            return tag("d", .array(entries.map { .array([.string($0.key), taggedValue($0.value)]) }))
        case .array(let elements): return tag("a", .array(elements.map(taggedValue)))
        case .string(let text): return tag("s", .string(text))
        case .integer(let integer): return tag("i", .string("\(integer)"))
        case .real(let real): return tag("r", .string(hex(real.bitPattern)))
        case .boolean(let flag): return tag("b", .bool(flag))
        case .date(let seconds): return tag("t", .string("\(Int64((seconds * 1_000_000).rounded()))"))
        case .data(let data):
            return tag("x", .string(data.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined()))
        case .uid(let uid): return tag("u", .number(JSONNumber("\(uid)")!))
        }
    }

    private static func hex(_ bits: UInt64) -> String {
        let digits = String(bits, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The value a tagged JSON text describes.
    static func value(fromTagged text: String) throws -> PropertyListValue {
        try value(fromTagged: try JSONParser().parse(text))
    }

    private static func value(fromTagged json: JSONValue) throws -> PropertyListValue {
        guard case .object(let members) = json, let kindMember = members.first(where: { $0.key == "t" }),
            case .string(let kind) = kindMember.value
        else { throw Failure(description: "not a tagged value: \(json.compactText)") }
        let payload = members.first { $0.key == "v" }?.value ?? .null
        switch (kind, payload) {
        case ("d", .array(let pairs)):
            return .dictionary(
                try pairs.map { pair in
                    guard case .array(let parts) = pair, parts.count == 2, case .string(let key) = parts[0] else {
                        throw Failure(description: "bad pair")
                    }
                    return PropertyListEntry(key: key, value: try value(fromTagged: parts[1]))
                })
        case ("a", .array(let elements)): return .array(try elements.map { try value(fromTagged: $0) })
        case ("s", .string(let text)): return .string(text)
        case ("i", .string(let digits)):
            guard let integer = Int128(digits) else { throw Failure(description: "bad integer \(digits)") }
            return .integer(integer)
        case ("r", .string(let bits)):
            guard let pattern = UInt64(bits, radix: 16) else { throw Failure(description: "bad real") }
            return .real(Double(bitPattern: pattern))
        case ("b", .bool(let flag)): return .boolean(flag)
        case ("t", .string(let micro)):
            guard let count = Int64(micro) else { throw Failure(description: "bad date") }
            return .date(secondsSinceReferenceDate: Double(count) / 1_000_000)
        case ("x", .string(let hexText)):
            var bytes: [UInt8] = []
            var index = hexText.startIndex
            while index < hexText.endIndex {
                let next = hexText.index(index, offsetBy: 2)
                guard let byte = UInt8(hexText[index..<next], radix: 16) else { throw Failure(description: "bad hex") }
                bytes.append(byte)
                index = next
            }
            return .data(Data(bytes))
        case ("u", .number(let number)):
            guard let uid = UInt32(number.text) else { throw Failure(description: "bad UID") }
            return .uid(uid)
        default:
            throw Failure(description: "unknown tag \(kind)")
        }
    }

    /// For each value: the bytes `plistlib.dumps(…, fmt=FMT_BINARY, sort_keys=False)` writes, and what `plistlib.loads`
    /// reads back from them.
    static func writeAndReadBack(_ values: [PropertyListValue]) throws -> [(bytes: Data, readBack: PropertyListValue)] {
        let input = values.map(tagged).joined(separator: "\n") + "\n"
        let output = try run(
            """
            for line in INPUT:
                data = plistlib.dumps(build(json.loads(line)), fmt=plistlib.FMT_BINARY, sort_keys=False)
                print(data.hex(), json.dumps(tag(plistlib.loads(data))))
            """, input: Data(input.utf8))
        return try output.split(separator: "\n").map { line in
            guard let space = line.firstIndex(of: " ") else { throw Failure(description: "bad line") }
            return (
                try bytes(fromHex: line[..<space]), try value(fromTagged: String(line[line.index(after: space)...]))
            )
        }
    }

    /// What plistlib reads from each of `files`, or nil where it raises.
    static func read(_ files: [Data]) throws -> [PropertyListValue?] {
        let input =
            files.map { $0.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined() }.joined(separator: "\n")
            + "\n"
        let output = try run(
            """
            for line in INPUT:
                try:
                    print(json.dumps(tag(plistlib.loads(bytes.fromhex(line.strip()), fmt=plistlib.FMT_BINARY))))
                except Exception:
                    print('rejected')
            """, input: Data(input.utf8))
        return try output.split(separator: "\n").map { line in
            line == "rejected" ? nil : try value(fromTagged: String(line))
        }
    }

    static func bytes<Text: StringProtocol>(fromHex text: Text) throws -> Data {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { throw Failure(description: "bad hex") }
            bytes.append(byte)
            index = next
        }
        return Data(bytes)
    }
}

/// A seeded generator of property-list values (SplitMix64), so that failures reproduce.
struct BinaryPlistValueGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    static let keys = [
        "name", "é", "items", "日本語", "emoji 😀", "CF$UID", "a longer key of more than fifteen", "", "x", "NS.objects",
    ]
    static let strings = [
        "", "a", "hello", "ünïcödé", "𝄞 clef", "a string long enough for an extended count", "tab\tand\nnewline",
        "\u{0}nul",
    ]
    static let integers: [Int128] = [
        0, 1, 14, 15, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, Int128(Int64.max), Int128(Int64.max) + 1,
        Int128(UInt64.max), -1, -255, -65_536, Int128(Int64.min),
    ]
    static let uids: [UInt32] = [0, 1, 255, 256, 65_535, 65_536, UInt32.max]

    /// A value nested at most `depth` deep.
    mutating func value(depth: Int = 4) -> PropertyListValue {
        let kinds = depth > 0 ? 11 : 9
        switch below(kinds) {
        case 0: return .string(below(3) == 0 ? "s\(below(1000))" : Self.strings[below(Self.strings.count)])
        case 1:
            return .integer(
                below(2) == 0
                    ? Self.integers[below(Self.integers.count)] : Int128(Int64(bitPattern: next()) >> UInt64(below(64)))
            )
        case 2:
            var real = Double(bitPattern: next())
            while !real.isFinite || real.bitPattern == (-0.0 as Double).bitPattern { real = Double(bitPattern: next()) }
            return .real(below(3) == 0 ? [0.0, 1.5, -2.25, 3.14][below(4)] : real)
        case 3: return .boolean(below(2) == 0)
        case 4:
            let micro =
                Int64(below(2) == 0 ? below(1_000_000_000) : below(4_000_000)) * (below(2) == 0 ? 1 : -1)
                * (below(2) == 0 ? 1_000_000 : 1)
            return .date(secondsSinceReferenceDate: Double(micro) / 1_000_000)
        case 5: return .data(Data((0..<[0, 3, 15, 16, 300][below(5)]).map { _ in UInt8(truncatingIfNeeded: next()) }))
        case 6: return .uid(Self.uids[below(Self.uids.count)])
        case 7, 8: return .string(Self.keys[below(Self.keys.count)])
        case 9:
            let count = below(8) == 0 ? 16 + below(20) : below(6)
            return .array((0..<count).map { _ in value(depth: depth - 1) })
        default:
            var entries: [PropertyListEntry] = []
            var used = Set<String>()
            for _ in 0..<below(7) {
                let key = below(4) == 0 ? "k\(below(50))" : Self.keys[below(Self.keys.count)]
                if used.insert(key).inserted {
                    entries.append(PropertyListEntry(key: key, value: value(depth: depth - 1)))
                }
            }
            return .dictionary(entries)
        }
    }
}
