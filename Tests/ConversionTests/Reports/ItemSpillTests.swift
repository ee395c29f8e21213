import DocumentCodecs
import Foundation
import Testing

@testable import Conversion

@Suite struct ItemSpillTests {
    /// Items of every shape: names that are not UTF-8 or hold a newline, errors with nested locations, warnings.
    static func items(count: Int) -> [ConversionReport.Item] {
        var generator = SplitMix(seed: 7)
        var items: [ConversionReport.Item] = []
        for index in 0..<count {
            var name = Array("folder\(generator.next() % 50)/file\(generator.next() % 100_000)-\(index)".utf8)
            if index % 7 == 0 { name += [0xFF, 0x0A] }
            let input = ItemPath(bytes: name)
            switch index % 6 {
            case 4:
                items.append(
                    ConversionReport.Item(input: input, output: ItemPath("out/\(index).txt"), status: .resumed))
            case 5:
                items.append(
                    ConversionReport.Item(
                        input: input, output: ItemPath(bytes: Array("out/\(index)".utf8) + [0xFE]), status: .planned,
                        sourceType: "public.json",
                        route: ["json", "plain-text"]))
            case 0:
                items.append(
                    ConversionReport.Item(
                        input: input, output: ItemPath("out/\(index).txt"), status: .converted,
                        sourceType: "public.plain-text", route: ["plain-text"]))
            case 1:
                items.append(
                    ConversionReport.Item(
                        input: input, status: .failed, sourceType: "com.example.notebook",
                        error: ConversionError(
                            code: "text.invalid", message: "bad \"byte\"\n", file: input.description,
                            location: .inMember("pages/a.txt", .byte(index)))))
            case 2:
                items.append(
                    ConversionReport.Item(
                        input: input, output: ItemPath("out/\(index)"), status: .warning, route: ["a", "b", "c"],
                        warnings: [
                            ConversionWarning(code: "w.one", path: "k", message: "lost"),
                            ConversionWarning(code: "w.two", message: "ß"),
                        ]))
            default:
                items.append(
                    ConversionReport.Item(
                        input: input, status: .skipped,
                        error: ConversionError(code: "convert.skipped.symbolic-link", message: "a link")))
            }
        }
        return items
    }

    @Test(arguments: [0, 1, 5, 3000])
    func readsBackEveryItemSortedByPath(_ count: Int) throws {
        // A tiny run limit makes hundreds of runs, so reading merges in more than one level.
        let spill = try ItemSpill(runByteLimit: 600)
        let items = Self.items(count: count)
        for item in items { try spill.add(item) }
        try spill.finish()
        #expect(spill.runCount <= ItemSpill.mergeFanIn)
        var read: [ConversionReport.Item] = []
        try spill.forEach { read.append($0) }
        #expect(read.map(\.input) == items.map(\.input).sorted())
        // Every field survives, compared item by item by path (paths are unique here).
        let byPath = Dictionary(uniqueKeysWithValues: items.map { ($0.input, $0) })
        #expect(read.allSatisfy { byPath[$0.input] == $0 })
    }

    @Test func memoryHoldsAtMostOneRunWhateverTheItemCount() throws {
        let limit = 4096
        let spill = try ItemSpill(runByteLimit: limit)
        var largestRecord = 0
        var largestBuffer = 0
        for item in Self.items(count: 5000) {
            largestRecord = max(largestRecord, ItemSpill.Record.encodedLength(item))
            try spill.add(item)
            largestBuffer = max(largestBuffer, spill.bufferedByteCount)
        }
        #expect(largestBuffer < limit + largestRecord)
        #expect(spill.runCount > 50)
    }
}

extension ItemSpillTests {
    @Test func pathsCompareAsLexicographicallyPrecedesDoes() {
        var generator = SplitMix(seed: 5)
        // Short alphabets and lengths around a word, so that many pairs share prefixes and differ in the high bit.
        let alphabet: [UInt8] = [0x00, 0x2F, 0x61, 0x62, 0x7F, 0x80, 0xFE, 0xFF]
        var paths: [[UInt8]] = []
        for _ in 0..<400 {
            let length = Int(generator.next() % 20)
            paths.append((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
        paths += [
            Array(repeating: 0x61, count: 8), Array(repeating: 0x61, count: 9), Array(repeating: 0x61, count: 16),
        ]
        for left in paths {
            for right in paths.prefix(60) {
                let order = left.withUnsafeBufferPointer { a in
                    right.withUnsafeBufferPointer { b in ItemSpill.Record.compare(a, b) }
                }
                let expected = left.lexicographicallyPrecedes(right) ? -1 : (left == right ? 0 : 1)
                #expect(order == expected, "\(left) \(right)")
            }
        }
    }

    @Test(arguments: [1 << 20, 700, 90])
    func equalPathsKeepTheOrderTheyWereAddedIn(_ runByteLimit: Int) throws {
        // One buffer kept in memory, a few runs and the last in memory, or more runs than are merged at once.
        let spill = try ItemSpill(runByteLimit: runByteLimit)
        var added: [ConversionReport.Item] = []
        for index in 0..<60 {
            let item = ConversionReport.Item(
                input: ItemPath("same/\(index % 3)"), output: ItemPath("out/\(index)"),
                status: index % 2 == 0 ? .converted : .failed,
                error: index % 2 == 0 ? nil : ConversionError(code: "x.y", message: "number \(index)"))
            added.append(item)
            try spill.add(item)
        }
        try spill.finish()
        var read: [ConversionReport.Item] = []
        try spill.forEach { read.append($0) }
        if runByteLimit == 1 << 20 { #expect(spill.runCount == 1) }
        if runByteLimit == 700 { #expect(spill.runCount > 2) }
        // A stable sort of what was added; when more runs than `mergeFanIn` were merged first, only the paths' order is
        // promised.
        if runByteLimit != 90 {
            #expect(
                read
                    == added.enumerated().sorted { ($0.element.input, $0.offset) < ($1.element.input, $1.offset) }.map(
                        \.element))
        }
        #expect(read.map(\.input) == added.map(\.input).sorted())
        #expect(Set(read.map(\.output)) == Set(added.map(\.output)))
    }

    @Test(arguments: [1 << 20, 600])
    func everyRecordsStatusReadsWithoutDecodingItAndTwoReadingsAgree(_ runByteLimit: Int) throws {
        let spill = try ItemSpill(runByteLimit: runByteLimit)
        let items = Self.items(count: 240)
        for item in items { try spill.add(item) }
        try spill.finish()
        var statuses: [ConversionReport.Status] = []
        var decoded: [ConversionReport.Item] = []
        try spill.forEachRecord { record in
            statuses.append(try record.status())
            decoded.append(try record.item())
        }
        #expect(statuses == decoded.map(\.status))
        #expect(Set(statuses) == Set(ConversionReport.Status.allCases))
        // The report reads its items once per format: the run kept in memory reads the same each time.
        var again: [ConversionReport.Item] = []
        try spill.forEach { again.append($0) }
        #expect(again == decoded)
        #expect(decoded.map(\.input) == items.map(\.input).sorted())
    }
}

/// A small fixed pseudo-random sequence (SplitMix64), so a test's items are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
