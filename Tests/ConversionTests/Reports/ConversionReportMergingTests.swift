import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Conversion

@Suite struct ConversionReportMergingTests {
    /// Writes each report's JSON form to a file of `folder` and returns the paths.
    static func write(_ reports: [ConversionReport], in folder: TemporaryDirectory) throws -> [String] {
        try reports.enumerated().map { index, report in
            let path = folder.appending("shard\(index + 1).json").path
            try report.json().write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    /// The merge `merge-reports` made before it streamed: every report decoded whole, merged in memory.
    static func mergedInMemory(_ paths: [String]) throws -> ConversionReport {
        try ConversionReport.merged(
            paths.map { try ConversionReport.decode(json: Data(contentsOf: URL(fileURLWithPath: $0))) })
    }

    /// Items of every shape split over three shard reports by a seeded generator, one shard without items.
    static func shards() -> [ConversionReport] {
        var generator = SplitMix(seed: 11)
        var groups: [[ConversionReport.Item]] = [[], [], []]
        for item in ConversionReportReaderTests.oddItems() + ItemSpillTests.items(count: 700) {
            groups[Int(generator.next() % 2) * 2].append(item)
        }
        return groups.enumerated().map { index, items in
            ConversionReportReaderTests.report(items, shard: "\(index + 1)/3")
        }
    }

    @Test(arguments: [6, 1 << 17])
    func mergedFilesWriteWhatTheInMemoryMergeWrites(_ blockSize: Int) throws {
        let folder = try TemporaryDirectory("merge-files")
        let paths = try Self.write(Self.shards(), in: folder)
        let streamed = try ConversionReport.merged(reportFiles: paths, blockSize: blockSize)
        let whole = try Self.mergedInMemory(paths)
        #expect(whole.items.count == ConversionReportReaderTests.oddItems().count + 700)
        for format in ConversionReport.formats {
            let expected = try whole.render(format: format)
            let written = try streamed.render(format: format)
            #expect(written == expected, "\(format): \(written.count) bytes, expected \(expected.count)")
        }
        #expect(streamed.totals == whole.totals)
        #expect(streamed.totals.inputBytes > 0)
        #expect(streamed.hasWarnings && whole.hasWarnings)
        #expect(streamed.shard == nil && streamed.target == "plain-text")
    }

    @Test func noReportsMergeIntoAnEmptyReport() throws {
        let streamed = try ConversionReport.merged(reportFiles: [])
        let whole = try ConversionReport.merged([])
        for format in ConversionReport.formats {
            #expect(try streamed.render(format: format) == whole.render(format: format))
        }
        #expect(streamed.text() == "0 items: 0 converted, 0 skipped, 0 failed\n")
    }

    @Test func anInputInTwoReportsIsRefusedByName() throws {
        let folder = try TemporaryDirectory("merge-duplicates")
        let items = ConversionReportReaderTests.oddItems()
        // The non-UTF-8 name, in the second and third report; and a report that holds one input twice.
        let twice = items[10]
        let paths = try Self.write(
            [
                ConversionReportReaderTests.report(Array(items[0..<5])),
                ConversionReportReaderTests.report(Array(items[5..<11])),
                ConversionReportReaderTests.report([twice, items[12]]),
            ], in: folder)
        for blockSize in [5, 1 << 17] {
            let error = try #require(throws: ConversionError.self) {
                try ConversionReport.merged(reportFiles: paths, blockSize: blockSize)
            }
            #expect(error.code == "merge.duplicate-item")
            #expect(error.message == "\(twice.input) is in two reports: a shard ran twice or shards overlap")
            #expect(error.message.hasPrefix("a\\xff\\xfe\n"))
        }
        // The in-memory merge refuses the same reports the same way.
        let whole = try #require(throws: ConversionError.self) { try Self.mergedInMemory(paths) }
        #expect(whole.code == "merge.duplicate-item")

        var one = ConversionReportReaderTests.report([items[0]])
        one.add(items[0])
        let single = try Self.write([one], in: folder)
        let error = try #require(throws: ConversionError.self) { try ConversionReport.merged(reportFiles: single) }
        #expect(error.code == "merge.duplicate-item")
        #expect(error.message.hasPrefix("plain/a.txt is in two reports"))
        // Without the second copy the same items merge.
        #expect(
            try ConversionReport.merged(
                reportFiles: Self.write([ConversionReportReaderTests.report(items)], in: folder)
            ).totals.items == items.count)
    }

    @Test func reportsOfDifferentTargetsAreRefusedNamingTheOddOne() throws {
        let folder = try TemporaryDirectory("merge-targets")
        let items = ConversionReportReaderTests.oddItems()
        let paths = try Self.write(
            [
                ConversionReportReaderTests.report([items[0]]), ConversionReportReaderTests.report([items[1]]),
                ConversionReportReaderTests.report([items[2]], target: "json"),
            ], in: folder)
        let error = try #require(throws: ConversionError.self) { try ConversionReport.merged(reportFiles: paths) }
        #expect(error.code == "merge.target-mismatch")
        #expect(error.file == paths[2])
        #expect(error.message.contains("(plain-text and json)"))
    }

    @Test func aBadReportIsNamedEvenAfterGoodOnes() throws {
        let folder = try TemporaryDirectory("merge-bad")
        var paths = try Self.write(Array(Self.shards().prefix(2)), in: folder)
        let bad = folder.appending("bad.json").path
        try Data(#"{"items": [], "schema": "docmigrate.convert-report", "schemaVersion": 2}"#.utf8).write(
            to: URL(fileURLWithPath: bad))
        paths.append(bad)
        let error = try #require(throws: ConversionError.self) { try ConversionReport.merged(reportFiles: paths) }
        #expect(error.code == "report.unsupported-version")
        #expect(error.file == bad)
    }
}
