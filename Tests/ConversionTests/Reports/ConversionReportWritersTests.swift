import DocumentCodecs
import DocumentPlatform
import Foundation
import Testing

@testable import Conversion

/// The byte-writing report writers against the writers they replaced (`ConversionReportWritersOracle`), and the spill
/// beneath them.
@Suite struct ConversionReportWritersTests {
    /// Strings a writer must escape, or must not: quotes, backslashes, every control character, DEL, the Unicode
    /// line separators, non-ASCII, emoji, XML's five, a slash, a Base64-looking prefix, and a long run.
    static let oddStrings: [String] = {
        var strings = [
            "", "plain", "say \"hi\"", "back\\slash", "a/b/c", "tab\there", "line\nbreak", "cr\rlf\r\n", "bell\u{07}",
            "nul\u{00}end",
            "del\u{7F}", "sep\u{2028}par\u{2029}", "café ß ü", "emoji 🧪👩‍👩‍👧", "<tag attr='x'>&amp;</tag>",
            "base64:notreally",
            "\u{1F}\u{10}\u{0B}\u{0C}\u{08}", String(repeating: "long message ", count: 3000) + "\"end\"",
        ]
        strings.append(String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self))
        return strings
    }()

    /// Paths of every kind: ASCII, odd ASCII, UTF-8, not UTF-8, and text that starts like the Base64 form.
    static let oddPaths: [ItemPath] =
        oddStrings.map { ItemPath("dir/" + $0) } + [
            ItemPath(bytes: [0x61, 0xFF, 0xFE, 0x2F, 0x62]), ItemPath(bytes: [0xC3]),
            ItemPath(bytes: [0x80, 0x22, 0x3C, 0x0A]),
            ItemPath("base64:abc"), ItemPath(bytes: Array("base64:".utf8) + [0xFF]),
            ItemPath(bytes: [0xF0, 0x9F, 0xA7]),
        ]

    /// Every kind of location, nested ones included, and none.
    static let locations: [ErrorLocation?] = [
        nil, .byte(0), .byte(500), .byte(-3), .byte(Int.max), .line(1, column: 1), .line(12, column: 345),
        .member("pages/a \"b\".txt"),
        .keyPath("root.items[3]\n"), .inMember("x", .byte(7)), .inMember("a", .inMember("b/c", .line(2, column: 9))),
        .inMember("outer", .inMember("inner", .keyPath("k.p"))), .inMember("m", .member("n")),
    ]

    /// Items of every status, every location, odd strings in every field, warnings of every shape.
    static func oddItems() -> [ConversionReport.Item] {
        var items: [ConversionReport.Item] = []
        var generator = SplitMix(seed: 11)
        func odd() -> String { oddStrings[Int(generator.next() % UInt64(oddStrings.count))] }
        for (index, path) in oddPaths.enumerated() {
            let statuses = ConversionReport.Status.allCases
            for (offset, status) in statuses.enumerated() {
                let location = locations[(index + offset) % locations.count]
                let input = ItemPath(bytes: path.bytes + Array("#\(offset)".utf8))
                let error: ConversionError? =
                    status == .failed || status == .skipped || index % 4 == 0
                    ? ConversionError(
                        code: "code." + odd(), message: odd(), file: index % 2 == 0 ? nil : odd(), location: location)
                    : nil
                let warnings: [ConversionWarning] =
                    switch (index + offset) % 3 {
                    case 0: []
                    case 1: [ConversionWarning(code: "w." + odd(), message: odd())]
                    default:
                        [
                            ConversionWarning(code: odd(), path: odd(), message: odd()),
                            ConversionWarning(code: "w.two", path: "k", message: "ß"),
                        ]
                    }
                let output: ItemPath? = index % 4 == 1 ? nil : oddPaths[(index + 1) % oddPaths.count]
                let route: [String] =
                    switch index % 3 {
                    case 0: []
                    case 1: [odd()]
                    default: ["json", odd(), "plain-text"]
                    }
                items.append(
                    ConversionReport.Item(
                        input: input, output: output, status: status, sourceType: index % 5 == 2 ? nil : odd(),
                        route: route, warnings: warnings,
                        error: error))
            }
        }
        return items
    }

    private static func report(_ items: [ConversionReport.Item], target: String, shard: String?) -> ConversionReport {
        var report = ConversionReport(target: target, shard: shard)
        for item in items { report.add(item, inputBytes: 17) }
        report.sort()
        return report
    }

    private static func spilled(
        _ items: [ConversionReport.Item], target: String, shard: String?, runByteLimit: Int
    ) throws -> ConversionReport {
        let inMemory = report(items, target: target, shard: shard)
        let spill = try ItemSpill(runByteLimit: runByteLimit)
        for item in items { try spill.add(item) }
        try spill.finish()
        return ConversionReport(
            target: target, shard: shard, totals: inMemory.totals, hasWarnings: inMemory.hasWarnings, spill: spill)
    }

    /// A readable first difference, so a failure says where the bytes part.
    private static func firstDifference(_ left: Data, _ right: Data) -> String {
        let left = Array(left), right = Array(right)
        let index =
            zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)
        func around(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, index - 80)..<min(bytes.count, index + 80)], as: UTF8.self).debugDescription
        }
        return "byte \(index) of \(left.count) and \(right.count):\n\(around(left))\n\(around(right))"
    }

    @Test(arguments: ["text", "json", "junit"])
    func oddItemsAreWrittenByteForByteAsTheOldWritersWroteThem(_ format: String) throws {
        let items = Self.oddItems()
        #expect(items.count >= 150)
        // Items written from their records' bytes (no warnings, no error) with and without a route, and all others.
        let plain = items.filter { $0.warnings.isEmpty && $0.error == nil }
        #expect(
            plain.contains { $0.route.isEmpty } && plain.contains { !$0.route.isEmpty } && plain.count < items.count)
        for (target, shard) in [("plain-text", nil), ("odd \"target\" <&> 'x'\u{01}", "2/3")] as [(String, String?)] {
            let inMemory = Self.report(items, target: target, shard: shard)
            let expected = try ConversionReportWritersOracle.render(inMemory, format: format)
            let written = try inMemory.render(format: format)
            #expect(written == expected, "\(format): \(Self.firstDifference(written, expected))")
            // The same report read back from a spill of many runs, more than are merged at once.
            let spilled = try Self.spilled(items, target: target, shard: shard, runByteLimit: 900)
            let fromSpill = try spilled.render(format: format)
            #expect(fromSpill == expected, "\(format) from the spill: \(Self.firstDifference(fromSpill, expected))")
        }
    }

    @Test(arguments: ["text", "json", "junit"])
    func emptyAndSingleItemReportsAreWrittenAsBefore(_ format: String) throws {
        let reports = [
            ConversionReport(target: "plain-text"), ConversionReport(target: "x\"y", shard: "1/1"),
            Self.report([ConversionReport.Item(input: ItemPath("a"), status: .converted)], target: "t", shard: nil),
            Self.report(
                [
                    ConversionReport.Item(
                        input: ItemPath(bytes: [0xFF]), status: .failed, error: ConversionError(code: "c", message: "m")
                    )
                ], target: "t", shard: "3/4"),
        ]
        for report in reports {
            let written = try report.render(format: format)
            let expected = try ConversionReportWritersOracle.render(report, format: format)
            #expect(written == expected, "\(format): \(Self.firstDifference(written, expected))")
        }
    }

    @Test func jsonOfOddItemsReadsBackAsTheSameReport() throws {
        // The JSON writer no longer calls JSONEncoder per item: what it writes must still decode to every field.
        let report = Self.report(Self.oddItems(), target: "plain-text", shard: "1/2")
        let decoded = try ConversionReport.decode(json: try report.json())
        #expect(decoded.items == report.items)
        #expect(decoded.totals == report.totals)
    }

    @Test func aLargeReportIsHandedOnInChunksOfAboutSixtyFourKilobytes() throws {
        let items = (0..<3000).map {
            ConversionReport.Item(
                input: ItemPath("folder/file-\($0).txt"), output: ItemPath("out/\($0)"), status: .converted,
                route: ["plain-text"])
        }
        let report = Self.report(items, target: "plain-text", shard: nil)
        for format in ["json", "junit"] {
            var sizes: [Int] = []
            var whole = Data()
            try report.write(format: format) { piece in
                sizes.append(piece.count)
                whole.append(piece)
            }
            #expect(whole == (try ConversionReportWritersOracle.render(report, format: format)), "\(format)")
            #expect(sizes.count > 2, "\(format)")
            // Every piece but the last is a full chunk plus at most one item.
            #expect(sizes.dropLast().allSatisfy { $0 >= 64 * 1024 && $0 < 64 * 1024 + 1024 }, "\(format): \(sizes)")
        }
    }
}

// MARK: The spill

extension ConversionReportWritersTests {
    @Test(arguments: [600, 5000, 1 << 20])
    func theSpillMergesRunsInPathOrderKeepingEqualPathsInTheOrderAdded(_ runByteLimit: Int) throws {
        // Few distinct paths, so most runs hold equal keys; 600 bytes make more runs than are merged at once.
        var generator = SplitMix(seed: 3)
        let names: [[UInt8]] =
            ["a", "ab", "b", "a/b", "a\u{0}", "zz", "é", "aaaaaaaab", "aaaaaaaa"].map { Array($0.utf8) } + [
                [0xFF], [0x7F, 0x80],
            ]
        var items: [ConversionReport.Item] = []
        for index in 0..<4000 {
            let name = names[Int(generator.next() % UInt64(names.count))]
            // The output tells equal inputs apart: it holds the order they were added in.
            items.append(
                ConversionReport.Item(input: ItemPath(bytes: name), output: ItemPath("\(index)"), status: .converted))
        }
        let spill = try ItemSpill(runByteLimit: runByteLimit)
        for item in items { try spill.add(item) }
        if runByteLimit == 600 { #expect(spill.runCount > ItemSpill.mergeFanIn) }
        try spill.finish()
        #expect(spill.runCount <= ItemSpill.mergeFanIn)
        var read: [ConversionReport.Item] = []
        try spill.forEach { read.append($0) }
        // A stable sort of what was added is the only right order.
        let expected = items.enumerated().sorted { left, right in
            left.element.input != right.element.input
                ? left.element.input < right.element.input : left.offset < right.offset
        }.map(\.element)
        #expect(read == expected)
    }

    @Test func theSpillMergesExactlyTheFanInAndOneMoreRun() throws {
        // Each record is its own run: runs one by one up to the fan-in, just past it, and far past it.
        for count in [
            2, ItemSpill.mergeFanIn - 1, ItemSpill.mergeFanIn, ItemSpill.mergeFanIn + 1, 3 * ItemSpill.mergeFanIn + 5,
        ] {
            let spill = try ItemSpill(runByteLimit: 1)
            let items = (0..<count).map {
                ConversionReport.Item(
                    input: ItemPath("p\(($0 * 7919) % 13)"), output: ItemPath("\($0)"), status: .converted)
            }
            for item in items { try spill.add(item) }
            try spill.finish()
            var read: [ConversionReport.Item] = []
            try spill.forEach { read.append($0) }
            let expected = items.enumerated().sorted { left, right in
                left.element.input != right.element.input
                    ? left.element.input < right.element.input : left.offset < right.offset
            }.map(\.element)
            #expect(read == expected, "\(count) runs")
        }
    }

    @Test func theMergeHeapGivesRunsInOrderWithTiesByRunIndex() {
        var generator = SplitMix(seed: 9)
        for runCount in [1, 2, 3, 31, 32, 33] {
            // Each run's current key; a run moves on to a key no smaller, as a sorted run does, until it ends.
            var keys = (0..<runCount).map { _ in Int(generator.next() % 5) }
            var remaining = (0..<runCount).map { _ in Int(generator.next() % 6) }
            let precedes = { (left: Int, right: Int) in
                keys[left] != keys[right] ? keys[left] < keys[right] : left < right
            }
            var heap = ItemSpill.MergeHeap(runs: Array(0..<runCount), precedes: precedes)
            var taken: [(key: Int, run: Int)] = []
            while let first = heap.first {
                // What a linear scan picks: the smallest key, the lowest run among equal keys.
                let live = (0..<runCount).filter { remaining[$0] >= 0 }
                let expected = live.min { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
                #expect(first == expected)
                taken.append((keys[first], first))
                if remaining[first] == 0 {
                    remaining[first] = -1
                    heap.removeFirst(precedes)
                } else {
                    remaining[first] -= 1
                    keys[first] += Int(generator.next() % 3)
                    heap.firstChanged(precedes)
                }
            }
            #expect(remaining.allSatisfy { $0 == -1 }, "every run was read to its end")
            #expect(zip(taken, taken.dropFirst()).allSatisfy { $0.key <= $1.key })
        }
    }

    @Test func everyErrorFieldSurvivesTheSpill() throws {
        var errors: [ConversionError] = []
        for (index, location) in Self.locations.enumerated() {
            let text = Self.oddStrings[index % Self.oddStrings.count]
            errors.append(ConversionError(code: "c." + text, message: text, file: nil, location: location))
            errors.append(ConversionError(code: "", message: "", file: text, location: location))
            errors.append(
                ConversionError(
                    code: "plist.binary.offset-out-of-range", message: "m\u{0}", file: "", location: location))
        }
        let spill = try ItemSpill(runByteLimit: 300)
        for (index, error) in errors.enumerated() {
            try spill.add(
                ConversionReport.Item(
                    input: ItemPath(String(format: "%04d", index)), status: index % 2 == 0 ? .failed : .skipped,
                    error: error))
        }
        try spill.finish()
        var read: [ConversionError?] = []
        try spill.forEach { read.append($0.error) }
        #expect(read == errors.map(Optional.some))
        // The field alone, and every field cut short, which must throw rather than give a wrong error.
        for error in errors {
            let field = try #require(
                ItemSpill.Record.errorField(ConversionReport.Item(input: ItemPath("x"), status: .failed, error: error)))
            #expect(try field.withUnsafeBytes { try ItemSpill.Record.decodeError($0) } == error)
            for cut in [0, 1, field.count / 2, field.count - 1] {
                #expect(throws: ConversionError.self) {
                    try field.prefix(cut).withUnsafeBytes { try ItemSpill.Record.decodeError($0) }
                }
            }
            #expect(throws: ConversionError.self) {
                try (field + [0]).withUnsafeBytes { try ItemSpill.Record.decodeError($0) }
            }
        }
    }
}
