@testable import Conversion
import DocumentCodecs
import Foundation
import Testing

@Suite struct ItemSpillTests {
    /// Items of every shape: names that are not UTF-8 or hold a newline, errors with nested locations, warnings.
    static func items(count: Int) -> [ConversionReport.Item] {
        var generator = SplitMix(seed: 7)
        var items: [ConversionReport.Item] = []
        for index in 0..<count {
            var name = Array("folder\(generator.next() % 50)/file\(generator.next() % 100_000)-\(index)".utf8)
            if index % 7 == 0 { name += [0xFF, 0x0A] }
            let input = ItemPath(bytes: name)
            switch index % 4 {
            case 0:
                items.append(ConversionReport.Item(input: input, output: ItemPath("out/\(index).txt"), status: .converted, sourceType: "public.plain-text", route: ["plain-text"]))
            case 1:
                items.append(ConversionReport.Item(
                    input: input, status: .failed, sourceType: "com.example.notebook",
                    error: ConversionError(code: "text.invalid", message: "bad \"byte\"\n", file: input.description, location: .inMember("pages/a.txt", .byte(index)))))
            case 2:
                items.append(ConversionReport.Item(
                    input: input, output: ItemPath("out/\(index)"), status: .warning, route: ["a", "b", "c"],
                    warnings: [ConversionWarning(code: "w.one", path: "k", message: "lost"), ConversionWarning(code: "w.two", message: "ß")]))
            default:
                items.append(ConversionReport.Item(input: input, status: .skipped, error: ConversionError(code: "convert.skipped.symbolic-link", message: "a link")))
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
            largestRecord = max(largestRecord, ItemSpill.Record(item).bytes.count)
            try spill.add(item)
            largestBuffer = max(largestBuffer, spill.bufferedByteCount)
        }
        #expect(largestBuffer < limit + largestRecord)
        #expect(spill.runCount > 50)
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
