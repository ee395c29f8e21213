import Foundation
import TestSupport
import Testing

@testable import Conversion

/// The journal's hand-written lines are what Python's `json` module writes for the same fields, byte for byte.
@Suite struct ConversionJournalLineTests {
    /// Paths of every shape a file system hands over: quotes, backslashes, control characters, DEL,
    /// bytes that are not UTF-8, text that looks like the Base64 form, non-ASCII UTF-8.
    static func hostilePaths(count: Int) -> [[UInt8]] {
        var generator = SplitMix(seed: 11)
        let alphabet: [[UInt8]] = [
            Array("a".utf8), Array("Z".utf8), Array("/".utf8), Array(" ".utf8), Array("\"".utf8), Array("\\".utf8),
            [0x00], [0x01], [0x08],
            [0x09], [0x0A], [0x0C], [0x0D], [0x1F], [0x7F], [0x80], [0xC3], [0xFF], Array("é".utf8), Array("日".utf8),
            Array("😀".utf8),
            Array("base64:".utf8), Array("u".utf8), Array("0".utf8),
        ]
        var paths: [[UInt8]] = [
            Array("/plain/ascii/path.txt".utf8), Array("base64:abc".utf8), [], Array("a\"b\\c".utf8),
            // Printable ASCII but for one byte deep inside, past the first eight-byte word.
            Array("/folder/sub\\name/with backslash.txt".utf8), Array("/folder/a long \"quoted\" name.txt".utf8),
            Array("/folder/subfolder/tab\there.txt".utf8), Array("/folder/subfolder/del\u{7F}.txt".utf8),
        ]
        while paths.count < count {
            var path: [UInt8] = []
            for _ in 0..<Int(generator.next() % 12) { path += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            // A name such as `base64:` and a combining mark is text to Swift's `hasPrefix` and not to Python's: not
            // this test's concern.
            paths.append(path)
        }
        return paths
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.isEmpty ? "=" : bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test func linesAreWhatPythonsJSONModuleWrites() throws {
        let paths = Self.hostilePaths(count: 300)
        let sizes: [Int64] = [0, 1, -1, 399, 1 << 40, .max, .min]
        var lines: [UInt8] = []
        var fields = ""
        for (index, path) in paths.enumerated() {
            let output = paths[(index * 7 + 3) % paths.count]
            let size = sizes[index % sizes.count]
            let mtime = ConversionJournal.mtime(
                seconds: Int64(index) * 1_000_003 - 5_000, nanoseconds: Int64(index * 7919 % 1_000_000_000))
            // Digests and results are ASCII in a job, but the line escapes whatever they hold.
            let inputHash: String? = index % 5 == 0 ? nil : (index % 11 == 0 ? "q\"\\\u{1}é" : "ab01")
            let outputHash: String? = index % 3 == 0 ? nil : "cd23"
            ConversionJournal.Entry.appendLine(
                input: ItemPath(bytes: path), size: size, mtime: mtime, inputHash: inputHash,
                output: index % 4 == 0 ? nil : ItemPath(bytes: output),
                outputHash: outputHash, result: "converted", to: &lines)
            let columns = [
                Self.hex(path), String(size), Self.hex(Array(mtime.utf8)),
                inputHash.map { Self.hex(Array($0.utf8)) } ?? "-",
                index % 4 == 0 ? "-" : Self.hex(output), outputHash.map { Self.hex(Array($0.utf8)) } ?? "-",
            ]
            fields += columns.joined(separator: " ") + "\n"
        }
        let program = #"""
            import sys, json, base64
            def raw(h): return b"" if h == "=" else bytes.fromhex(h)
            def text(h): return raw(h).decode("utf-8")
            def path(h):
                b = raw(h)
                try:
                    t = b.decode("utf-8")
                    if not t.startswith("base64:"): return t
                except UnicodeDecodeError:
                    pass
                return "base64:" + base64.b64encode(b).decode("ascii")
            out = []
            for line in sys.stdin.read().splitlines():
                i, size, mtime, ih, o, oh = line.split(" ")
                entry = {"input": path(i), "size": int(size), "mtime": text(mtime), "result": "converted"}
                if ih != "-": entry["inputHash"] = text(ih)
                if o != "-": entry["output"] = path(o)
                if oh != "-": entry["outputHash"] = text(oh)
                out.append(json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n")
            sys.stdout.buffer.write("".join(out).encode("utf-8"))
            """#
        let expected = try PythonOracle.run(program, input: Data(fields.utf8))
        let written = String(decoding: lines, as: UTF8.self)
        #expect(written.split(separator: "\n").count == paths.count)
        let pairs = zip(
            written.split(separator: "\n", omittingEmptySubsequences: false),
            expected.split(separator: "\n", omittingEmptySubsequences: false))
        for (mine, theirs) in pairs where mine != theirs {
            Issue.record("\(mine.debugDescription) != \(theirs.debugDescription)")
        }
        #expect(written == expected)
    }

    @Test func anEntrysLineIsTheLineOfItsFields() throws {
        for (index, path) in Self.hostilePaths(count: 60).enumerated() {
            let entry = ConversionJournal.Entry(
                input: ItemPath(bytes: path), size: Int64(index) - 3, mtime: "12.000000345",
                inputHash: index % 2 == 0 ? "aa" : nil,
                output: index % 3 == 0 ? nil : ItemPath(bytes: path + [0x2F, 0x78]), outputHash: "b\"b",
                result: "converted")
            var fromEntry: [UInt8] = []
            entry.appendLine(to: &fromEntry)
            var fromFields: [UInt8] = []
            ConversionJournal.Entry.appendLine(
                input: entry.input, size: entry.size, mtime: entry.mtime, inputHash: entry.inputHash,
                output: entry.output, outputHash: entry.outputHash,
                result: entry.result, to: &fromFields)
            #expect(fromEntry == fromFields)
            // And it reads back as the entry it was written from.
            #expect(try JSONDecoder().decode(ConversionJournal.Entry.self, from: Data(fromEntry.dropLast())) == entry)
        }
    }

    @Test(arguments: [
        (Int64(0), Int64(0)), (1_764_412_345, 123_456_789), (1_764_412_345, 5), (-5, 5), (-1, 999_999_999), (.max, 1),
        (.min, 0),
        (7, -5), (7, 1_000_000_000), (7, 12_345_678_901), (7, .min),
    ])
    func modificationTimesAreSpelledAsBefore(_ seconds: Int64, _ nanoseconds: Int64) {
        // The earlier spelling: the seconds, a dot, the nanoseconds' digits padded with zeros to nine.
        let fraction = String(nanoseconds)
        let earlier = "\(seconds)." + String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
        #expect(ConversionJournal.mtime(seconds: seconds, nanoseconds: nanoseconds) == earlier)
    }

    @Test func decimalsAreWhatStringWrites() {
        var generator = SplitMix(seed: 3)
        var values: [Int64] = [0, 1, -1, 9, 10, -10, .max, .min, .max - 1, .min + 1]
        for _ in 0..<500 { values.append(Int64(bitPattern: generator.next()) >> Int64(generator.next() % 63)) }
        for value in values {
            var bytes: [UInt8] = []
            ConversionJournal.Entry.appendDecimal(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }

    @Test func theWordAtATimeCheckAgreesWithTheByteByByteRule() {
        var generator = SplitMix(seed: 17)
        // Mostly harmless bytes with one byte near each boundary at a random place, in every length around a word.
        let boundaries: [UInt8] = [
            0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xA2, 0xDC, 0xFF,
        ]
        for length in 0..<40 {
            for _ in 0..<60 {
                var bytes = (0..<length).map { _ in UInt8(0x30 + generator.next() % 40) }
                if length > 0, generator.next() % 4 != 0 {
                    bytes[Int(generator.next() % UInt64(length))] =
                        boundaries[Int(generator.next() % UInt64(boundaries.count))]
                }
                for asciiOnly in [false, true] {
                    let expected = bytes.allSatisfy {
                        $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && (!asciiOnly || $0 < 0x7F)
                    }
                    let checked = bytes.withUnsafeBufferPointer {
                        ConversionJournal.Entry.isPlain($0, asciiOnly: asciiOnly)
                    }
                    #expect(checked == expected, "\(bytes) asciiOnly: \(asciiOnly)")
                }
            }
        }
    }
}
