import Formats
import Foundation
import TestSupport

/// Random property-list values that plistlib can also hold: no UIDs, no carriage returns or
/// other control characters in strings (plistlib turns CR into LF and refuses C0 controls).
struct TextPropertyListValueGenerator {
    var generator: SeededGenerator
    /// Whether reals appear (plistlib spells them with `repr`, which neither Apple writer uses).
    var includesReals: Bool
    /// Containers nest at most this deep, keeping `<data>` above depth 8, where plistlib's wrapping departs from CF's.
    var maximumDepth = 4

    private static let characters: [String] = [
        "a", "b", "Z", "0", " ", "&", "<", ">", "\"", "'", "\t", "\n", "é", "ß", "∆", "😀", "\u{FF61}", "\u{E000}", "]",
        ";", "=",
    ]

    mutating func value(depth: Int = 0) -> PropertyListValue {
        let kinds = depth < maximumDepth ? 9 : 7
        switch Int.random(in: 0..<kinds, using: &generator) {
        case 0: return .string(string())
        case 1: return .integer(integer())
        case 2: return includesReals ? .real(real()) : .boolean(Bool.random(using: &generator))
        case 3: return .boolean(Bool.random(using: &generator))
        case 4:
            let seconds = Int64.random(in: -63_000_000_000...252_000_000_000, using: &generator)
            return .date(secondsSinceReferenceDate: Double(seconds))
        case 5:
            let count = Int.random(in: 0...120, using: &generator)
            return .data(Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        case 6: return .string(string())
        case 7:
            let count = Int.random(in: 0...5, using: &generator)
            return .array((0..<count).map { _ in value(depth: depth + 1) })
        default:
            let count = Int.random(in: 0...5, using: &generator)
            var entries: [PropertyListEntry] = []
            var seen = Set<[UInt16]>()
            for _ in 0..<count {
                let key = string()
                guard seen.insert(Array(key.utf16)).inserted else { continue }
                entries.append(PropertyListEntry(key: key, value: value(depth: depth + 1)))
            }
            return .dictionary(entries)
        }
    }

    mutating func string() -> String {
        let count = Int.random(in: 0...10, using: &generator)
        return (0..<count).map { _ in Self.characters.randomElement(using: &generator) ?? "a" }.joined()
    }

    mutating func integer() -> Int128 {
        let edges: [Int128] = [
            0, 1, -1, Int128(Int64.min), Int128(Int64.max), Int128(UInt64.max), Int128(Int64.max) + 1, 728,
            -80_000_000_000,
        ]
        if Bool.random(using: &generator) { return edges.randomElement(using: &generator) ?? 0 }
        return Int128(Int64.random(in: .min ... .max, using: &generator))
    }

    mutating func real() -> Double {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
            return [
                0.0, 0.5, 0.1, 3.14, 2.0, 1e20, 1e-5, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity,
                -.infinity, .nan,
            ].randomElement(using: &generator) ?? 0
        case 1: return Double(Int.random(in: -1000...1000, using: &generator)) / 8
        default:
            // Any finite bit pattern except −0.0, which CF writes as 0.0 (a separate test covers it).
            while true {
                let candidate = Double(bitPattern: UInt64.random(in: 0 ... .max, using: &generator))
                if candidate.isFinite, candidate.bitPattern != (-0.0).bitPattern { return candidate }
            }
        }
    }
}

/// A canonical text form of a value that the Python side (``TextPropertyListCanonicalForm/python``) prints and parses
/// too.
enum TextPropertyListCanonicalForm {
    static func text(_ value: PropertyListValue) -> String {
        switch value {
        case .dictionary(let entries):
            "d[" + entries.map { hex(Array($0.key.utf8)) + "=" + text($0.value) + ";" }.joined() + "]"
        case .array(let elements): "a[" + elements.map { text($0) + ";" }.joined() + "]"
        case .string(let string): "s" + hex(Array(string.utf8))
        case .integer(let integer): "i\(integer)"
        case .real(let real): "r" + hex((0..<8).map { UInt8(truncatingIfNeeded: real.bitPattern >> (56 - 8 * $0)) })
        case .boolean(let boolean): boolean ? "t" : "f"
        case .date(let seconds): "D\(Int64(seconds))"
        case .data(let data): "x" + hex(Array(data))
        case .uid(let uid): "u\(uid)"
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    /// Python definitions of `parse(text)` and `canon(value)` for the same form.
    static let python = """
        import sys, plistlib, base64, struct, datetime
        EPOCH = datetime.datetime(2001, 1, 1)
        def parse(s, i=0):
            c = s[i]
            if c == 'd':
                i += 2; d = {}
                while s[i] != ']':
                    j = s.index('=', i); k = bytes.fromhex(s[i:j]).decode('utf-8'); v, i = parse(s, j + 1); i += 1
                    d[k] = v
                return d, i + 1
            if c == 'a':
                i += 2; a = []
                while s[i] != ']':
                    v, i = parse(s, i); i += 1; a.append(v)
                return a, i + 1
            j = i + 1
            while j < len(s) and s[j] not in ';]':
                j += 1
            body = s[i + 1:j]
            if c == 's': return bytes.fromhex(body).decode('utf-8'), j
            if c == 'i': return int(body), j
            if c == 'r': return struct.unpack('>d', bytes.fromhex(body))[0], j
            if c == 't': return True, j
            if c == 'f': return False, j
            if c == 'D': return EPOCH + datetime.timedelta(seconds=int(body)), j
            if c == 'x': return bytes.fromhex(body), j
            if c == 'u': return plistlib.UID(int(body)), j
            raise ValueError(c)
        def canon(v):
            if isinstance(v, bool): return 't' if v else 'f'
            if isinstance(v, int): return 'i%d' % v
            if isinstance(v, float): return 'r' + struct.pack('>d', v).hex()
            if isinstance(v, str): return 's' + v.encode('utf-8').hex()
            if isinstance(v, bytes): return 'x' + v.hex()
            if isinstance(v, datetime.datetime): return 'D%d' % ((v - EPOCH) // datetime.timedelta(seconds=1))
            if isinstance(v, plistlib.UID): return 'u%d' % v.data
            if isinstance(v, dict): return 'd[' + ''.join(k.encode('utf-8').hex() + '=' + canon(x) + ';' for k, x in v.items()) + ']'
            if isinstance(v, list): return 'a[' + ''.join(canon(x) + ';' for x in v) + ']'
            raise TypeError(type(v))
        def utf16_sorted(v):
            if isinstance(v, dict): return {k: utf16_sorted(v[k]) for k in sorted(v, key=lambda k: k.encode('utf-16-be'))}
            if isinstance(v, list): return [utf16_sorted(x) for x in v]
            return v

        """
}
