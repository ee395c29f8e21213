import DocumentPlatform
import Foundation

extension ConversionReport {
    /// The bytes read at a time from each report by `merged(reportFiles:)`.
    public static let defaultMergeBlockSize = ConversionReportReader.defaultBlockSize

    /// Merges the JSON shard reports at `paths` into the report a single run would have written, in memory that
    /// does not grow with the number of items; the result is what `merged(_:)` gives for the decoded reports.
    ///
    /// Each report is read a block at a time (`ConversionReportReader`) and its items go to one spill
    /// file, as a job's do, which the report's writers read back sorted. An input in two reports is
    /// found as the spill is read back once before anything is written (equal paths come out next to
    /// each other), so no set of every input is kept. Items are counted by status as they are read, and
    /// the input bytes are the sum of the reports' totals, as `merged(_:)` counts them.
    ///
    /// Errors (`ConversionError`): `merge.unreadable`, `merge.not-a-report`, `report.wrong-schema` and
    /// `report.unsupported-version` name the report's file; `merge.target-mismatch` names the first
    /// report whose target differs from the first report's; `merge.duplicate-item` names the input;
    /// `merge.totals-overflow` says the input bytes add up to more than an `Int64` holds.
    /// - Parameter blockSize: The bytes read at a time (tests use tiny blocks to put block boundaries inside every
    ///   token).
    public static func merged(
        reportFiles paths: [String], blockSize: Int = defaultMergeBlockSize
    ) throws -> ConversionReport {
        let spill = try ItemSpill()
        var totals = Totals()
        var hasWarnings = false
        var targets: [(path: String, target: String)] = []
        var inputBytes: Int64 = 0
        for path in paths {
            let header = try ConversionReportReader.read(path: path, blockSize: blockSize) { item in
                totals.count(item.status)
                if !item.warnings.isEmpty { hasWarnings = true }
                try spill.add(item)
            }
            targets.append((path, header.target))
            let (sum, overflow) = inputBytes.addingReportingOverflow(header.totals.inputBytes)
            guard !overflow else {
                throw ConversionError(
                    code: .mergeTotalsOverflow, message: "the input bytes of the reports add up to more than 2^63 - 1",
                    file: path)
            }
            inputBytes = sum
        }
        let target = targets.first?.target ?? ""
        if let other = targets.first(where: { $0.target != target }) {
            throw ConversionError(
                code: .mergeTargetMismatch,
                message: "the reports convert to different targets (\(target) and \(other.target))", file: other.path)
        }
        totals.inputBytes = inputBytes
        try spill.finish()
        try checkNoDuplicates(spill)
        return ConversionReport(target: target, shard: nil, totals: totals, hasWarnings: hasWarnings, spill: spill)
    }

    /// Throws `merge.duplicate-item` for the first input that two records share: in the spill's sorted order they are
    /// neighbours.
    private static func checkNoDuplicates(_ spill: ItemSpill) throws {
        var previous: [UInt8] = []
        var isFirst = true
        try spill.forEachRecord { record in
            let same = previous.withUnsafeBufferPointer { ItemSpill.Record.compare($0, record.input) == 0 }
            if same && !isFirst {
                let input = ItemPath(bytes: Array(record.input))
                throw ConversionError(
                    code: .mergeDuplicateItem,
                    message: "\(input) is in two reports: a shard ran twice or shards overlap")
            }
            isFirst = false
            previous.removeAll(keepingCapacity: true)
            previous.append(contentsOf: record.input)
        }
    }
}
