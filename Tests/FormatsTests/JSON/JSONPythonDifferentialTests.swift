import Comparison
import Formats
import Foundation
import TestSupport
import Testing

/// Differential tests against Python's `json` over 1,200 generated values.
///
/// Python generates the values (seeded) and writes them in assorted layouts; we parse each and write
/// it in all eight styles; Python reads our bytes back and checks, for every value and style:
/// the value is Python's own (types, float spelling, key order when unsorted, code-point order when
/// sorted), and the bytes equal Python's own rendering of `JSONEncoder`'s layout where Python can
/// produce it: compact (`separators=(",", ":")`, `ensure_ascii=False`, slashes escaped by replacing `/`),
/// sorted (`sort_keys=True`), and pretty (`indent=2, separators=(",", " : ")`) for values without
/// empty containers, which `JSONEncoder` writes as `[\n\n]` and Python as `[]`.
@Suite struct JSONPythonDifferentialTests {
    static let generator = #"""
        import json, random
        def generate():
            rng = random.Random(20261129)
            palette = ['a', 'Z', '0', ' ', '/', '"', '\\', '\x00', '\x08', '\t', '\n', '\x0c', '\r', '\x1b', '\x1f', '\x7f',
                       '\u00e9', '\u0301', '\u20ac', '\u2028', '\U0001F600', '\ufeff', '<', '&', 'a10', 'a2', 'B', '_']
            def string():
                return ''.join(rng.choice(palette) for _ in range(rng.randint(0, 6)))
            def number():
                choice = rng.randrange(5)
                if choice == 0: return rng.randint(-10**20, 10**20)
                if choice == 1: return rng.randint(-1000, 1000)
                if choice == 2: return rng.choice([0.1, -0.0, 0.0, 1e300, 5e-324, 1e20, 1e-7, 2.5, 1e16, 123456789.125, -1.5e-10])
                if choice == 3: return rng.uniform(-1e6, 1e6)
                return rng.randint(-10**6, 10**6) / 8
            def value(depth):
                choice = rng.randrange(8 if depth > 0 else 5)
                if choice == 0: return None
                if choice == 1: return rng.random() < 0.5
                if choice == 2: return number()
                if choice in (3, 4): return string()
                if choice == 5: return [value(depth - 1) for _ in range(rng.randint(0, 4))]
                return {string(): value(depth - 1) for _ in range(rng.randint(0, 5))}
            return [value(4) for _ in range(1200)]
        """#

    @Test func agreesWithPythonsJSONOnEveryValueAndStyle() throws {
        let layouts = try PythonOracle.run(
            Self.generator + "\n" + #"""
                layout = random.Random(1)
                for value in generate():
                    options = dict(ensure_ascii=layout.random() < 0.5)
                    shape = layout.randrange(4)
                    if shape == 1: options['indent'] = 2
                    if shape == 2: options['indent'] = '\t'
                    if shape == 3: options['separators'] = (',', ':')
                    print(json.dumps(value, **options).encode('utf-8').hex())
                """#
        ).split(separator: "\n")
        try #require(layouts.count == 1_200)

        var ours = ""
        for line in layouts {
            let value = try JSONParser().parse(Self.bytes(fromHex: line))
            for style in JSONWritingStyle.allStyles {
                ours += Self.hex(JSONWriter.write(value, style: style)) + "\n"
            }
        }

        let report = try PythonOracle.run(
            Self.generator + "\n" + #"""
                import sys
                def same(left, right, ordered):
                    if type(left) is not type(right): return False
                    if isinstance(left, float): return repr(left) == repr(right)
                    if isinstance(left, list): return len(left) == len(right) and all(same(a, b, ordered) for a, b in zip(left, right))
                    if isinstance(left, dict):
                        if set(left) != set(right): return False
                        if ordered and list(left) != list(right): return False
                        if not ordered and list(right) != sorted(right): return False
                        return all(same(left[key], right[key], ordered) for key in left)
                    return left == right
                def has_empty(value):
                    if isinstance(value, (list, dict)):
                        return len(value) == 0 or any(has_empty(item) for item in (value.values() if isinstance(value, dict) else value))
                    return False
                lines = sys.stdin.read().split('\n')
                checked = exact = 0
                failures = []
                for index, value in enumerate(generate()):
                    for style in range(8):
                        sorted_keys, pretty, unescaped = style & 1, style & 2, style & 4
                        data = bytes.fromhex(lines[index * 8 + style])
                        checked += 1
                        if not same(value, json.loads(data.decode('utf-8')), not sorted_keys):
                            failures.append(f'value {index} style {style}: read back differently')
                            continue
                        if pretty and has_empty(value): continue
                        if pretty:
                            text = json.dumps(value, ensure_ascii=False, sort_keys=bool(sorted_keys), indent=2, separators=(',', ' : '))
                        else:
                            text = json.dumps(value, ensure_ascii=False, sort_keys=bool(sorted_keys), separators=(',', ':'))
                        if not unescaped: text = text.replace('/', '\\/')
                        exact += 1
                        if text.encode('utf-8') != data:
                            failures.append(f'value {index} style {style}: bytes {data[:80]!r} python {text.encode()[:80]!r}')
                print(checked, exact)
                for failure in failures[:20]: print(failure)
                """#, input: Data(ours.utf8))
        let lines = report.split(separator: "\n").map(String.init)
        let counts = lines.first?.split(separator: " ").compactMap { Int($0) } ?? []
        #expect(counts.first == 9_600, "values × styles read back by Python")
        #expect((counts.last ?? 0) > 7_000, "byte-exact comparisons: \(counts)")
        #expect(lines.count == 1, "mismatches:\n\(lines.dropFirst().joined(separator: "\n"))")
    }

    static func bytes(fromHex line: Substring) -> Data {
        var data = Data(capacity: line.utf8.count / 2)
        var high: UInt8?
        for byte in line.utf8 {
            let nibble = byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : byte - UInt8(ascii: "a") + 10
            if let pending = high {
                data.append(pending << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return data
    }

    static func hex(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(data.count * 2)
        for byte in data {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
