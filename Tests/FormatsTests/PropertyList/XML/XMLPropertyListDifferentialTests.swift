import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

/// Differential tests against Python's `plistlib`, an independent reader and writer of the XML form.
@Suite struct XMLPropertyListDifferentialTests {
    static let valueCount = 1_000

    static func values(seed: UInt64, includesReals: Bool) -> [PropertyListValue] {
        var generator = TextPropertyListValueGenerator(
            generator: SeededGenerator(seed: seed), includesReals: includesReals)
        return (0..<valueCount).map { _ in generator.value() }
    }

    /// plistlib's XML for each value: in the value's own key order, then with keys sorted by UTF-16 (CF's order).
    static func plistlibXML(for values: [PropertyListValue]) throws -> [(preserved: Data, sorted: Data)] {
        let input = values.map(TextPropertyListCanonicalForm.text).joined(separator: "\n")
        let output = try PythonOracle.run(
            TextPropertyListCanonicalForm.python + """
                for line in sys.stdin.read().split('\\n'):
                    value = parse(line)[0]
                    preserved = plistlib.dumps(value, fmt=plistlib.FMT_XML, sort_keys=False)
                    ordered = plistlib.dumps(utf16_sorted(value), fmt=plistlib.FMT_XML, sort_keys=False)
                    print(base64.b64encode(preserved).decode(), base64.b64encode(ordered).decode())
                """, input: Data(input.utf8))
        return try output.split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            let preserved = try #require(Data(base64Encoded: String(parts[0])))
            let sorted = try #require(Data(base64Encoded: String(parts[1])))
            return (preserved, sorted)
        }
    }

    @Test func writesTheBytesPlistlibWritesForAThousandValuesWithoutReals() throws {
        let values = Self.values(seed: 7, includesReals: false)
        let expected = try Self.plistlibXML(for: values)
        try #require(expected.count == values.count)
        var mismatches = 0
        for (value, oracle) in zip(values, expected) {
            let preserved = try XMLPropertyList.write(value, options: .init(keyOrder: .preserved))
            let sorted = try XMLPropertyList.write(value)
            if preserved != oracle.preserved || sorted != oracle.sorted {
                mismatches += 1
                if mismatches == 1 {
                    Issue.record(
                        "first mismatch:\n\(String(decoding: preserved, as: UTF8.self))\nplistlib:\n\(String(decoding: oracle.preserved, as: UTF8.self))"
                    )
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func readsWhatPlistlibWritesForAThousandValuesWithReals() throws {
        let values = Self.values(seed: 11, includesReals: true)
        let expected = try Self.plistlibXML(for: values)
        try #require(expected.count == values.count)
        var mismatches = 0
        for (value, oracle) in zip(values, expected) {
            let read = try XMLPropertyList.read(oracle.preserved)
            if read != value { mismatches += 1 }
            if mismatches == 1 && read != value {
                Issue.record(
                    "first mismatch: \(TextPropertyListCanonicalForm.text(read)) != \(TextPropertyListCanonicalForm.text(value))"
                )
            }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: XMLPropertyList.Style.allCases)
    func plistlibReadsWhatWeWriteInEachStyleForAThousandValuesWithReals(_ style: XMLPropertyList.Style) throws {
        let values = Self.values(seed: 13, includesReals: true)
        let documents = try values.map {
            try XMLPropertyList.write($0, options: .init(style: style, keyOrder: .preserved))
        }
        let output = try PythonOracle.run(
            TextPropertyListCanonicalForm.python + """
                for line in sys.stdin.read().split('\\n'):
                    print(canon(plistlib.loads(base64.b64decode(line))))
                """, input: Data(documents.map { $0.base64EncodedString() }.joined(separator: "\n").utf8))
        let canonical = output.split(separator: "\n").map(String.init)
        try #require(canonical.count == values.count)
        let mismatches = zip(values, canonical).filter { TextPropertyListCanonicalForm.text($0) != $1 }.count
        #expect(mismatches == 0)
    }

    @Test func readsCPythonsAppleMadeVectorAsPlistlibDoesAndWritesItsBytesBack() throws {
        let output = try PythonOracle.run(
            TextPropertyListCanonicalForm.python + """
                from test import test_plistlib
                data = test_plistlib.TESTDATA[plistlib.FMT_XML]
                print(base64.b64encode(data).decode())
                print(canon(plistlib.loads(data, dict_type=dict)))
                """)
        let lines = output.split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        let vector = try #require(Data(base64Encoded: lines[0]))
        let document = try XMLPropertyList.readDocument(vector)
        #expect(TextPropertyListCanonicalForm.text(document.value) == lines[1])
        #expect(document.style == .coreFoundation)
        let written = try XMLPropertyList.write(document.value)
        #expect(written == vector)
        if written != vector { Issue.record("ours:\n\(String(decoding: written, as: UTF8.self))") }
    }

    static func hexBits(_ real: Double) -> String {
        let digits = String(real.bitPattern, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    @Test func writesRealsInCoreFoundationStyleAsPrintfDoesWithSeventeenDigits() throws {
        var generator = SeededGenerator(seed: 3)
        var reals: [Double] = [
            0.5, 3.14, 0.1, 1e20, 1e-5, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 123456789012345680, -2.5,
            1.0 / 3.0,
        ]
        for _ in 0..<200 {
            let candidate = Double(bitPattern: UInt64.random(in: 0 ... .max, using: &generator))
            if candidate.isFinite && candidate != 0 { reals.append(candidate) }
        }
        let oracle = try PythonOracle.run(
            """
            import sys, struct
            for line in sys.stdin.read().split():
                print('%.17g' % struct.unpack('>d', bytes.fromhex(line))[0])
            """, input: Data(reals.map { Self.hexBits($0) }.joined(separator: "\n").utf8))
        let expected = oracle.split(separator: "\n").map(String.init)
        try #require(expected.count == reals.count)
        for (real, text) in zip(reals, expected) {
            let written = String(decoding: try XMLPropertyList.write(.real(real)), as: UTF8.self)
            #expect(written.contains("<real>\(text)</real>"), "\(real)")
        }
    }
}
