import DocumentCodecs
import DocumentPlatform
import Foundation

/// The result of a job: one entry per item, sorted by byte-wise input path, and the totals.
///
/// A job's report keeps its items on disk (see `ItemSpill`), so memory does not grow with the
/// number of items; the writers (`write(format:to:)`) stream them. A report built with `add` or
/// read from JSON holds its items in memory.
///
/// The JSON form (`render(format: "json")`) is what `docmigrate merge-reports` reads back, so the
/// shards of a job merge into the report a single run would have written.
public struct ConversionReport: Codable, Sendable, Equatable {
    /// What happened to one item.
    public enum Status: String, Codable, Sendable, CaseIterable, Comparable {
        /// Written and verified.
        case converted
        /// Already converted by an earlier run of the job (its journal says so, or its output is there).
        case resumed
        /// Not converted, on purpose (an iCloud placeholder, a link), with the reason.
        case skipped
        /// Converted, but something was lost (see the warnings).
        case warning
        /// Not converted: the error says why.
        case failed
        /// Planned only (`--dry-run`).
        case planned

        public static func < (left: Status, right: Status) -> Bool {
            (allCases.firstIndex(of: left) ?? 0) < (allCases.firstIndex(of: right) ?? 0)
        }
    }

    /// One item's line in the report.
    public struct Item: Codable, Sendable, Equatable {
        /// The input's path.
        public var input: ItemPath
        /// Where the output was (or, in a dry run, would be) written.
        public var output: ItemPath?
        /// What happened.
        public var status: Status
        /// The detected content type of the input.
        public var sourceType: String?
        /// The codecs along the route, source first.
        public var route: [String]
        /// What the conversion lost.
        public var warnings: [ConversionWarning]
        /// Why the item failed or was skipped.
        public var error: ConversionError?

        /// A report line, or an empty report.
        public init(
            input: ItemPath, output: ItemPath? = nil, status: Status, sourceType: String? = nil, route: [String] = [],
            warnings: [ConversionWarning] = [], error: ConversionError? = nil
        ) {
            self.input = input
            self.output = output
            self.status = status
            self.sourceType = sourceType
            self.route = route
            self.warnings = warnings
            self.error = error
        }
    }

    /// How many items ended in each status, and the input bytes read.
    public struct Totals: Codable, Sendable, Equatable {
        /// Every item.
        public var items = 0
        /// Items written and verified.
        public var converted = 0
        /// Items an earlier run of the job had done.
        public var resumed = 0
        /// Items skipped on purpose.
        public var skipped = 0
        /// Items converted with warnings.
        public var warning = 0
        /// Items that failed.
        public var failed = 0
        /// Items planned by a dry run.
        public var planned = 0
        /// The input bytes read.
        public var inputBytes: Int64 = 0

        /// A report line, or an empty report.
        public init() {}

        mutating func count(_ status: Status) {
            items += 1
            switch status {
            case .converted: converted += 1
            case .resumed: resumed += 1
            case .skipped: skipped += 1
            case .warning: warning += 1
            case .failed: failed += 1
            case .planned: planned += 1
            }
        }
    }

    /// The target the job converted to, as given to `--to`.
    public var target: String
    /// The shard this report covers (`K/N`), or nil for a whole job or a merged report.
    public var shard: String?
    public internal(set) var totals = Totals()
    /// Whether any item carries a warning.
    public private(set) var hasWarnings = false
    private var storage: Storage

    /// Where the items are: in memory (a report built with `add` or read from JSON), or in a job's spill file.
    private enum Storage: Sendable {
        case memory([Item])
        case spilled(ItemSpill)
    }

    /// A report line, or an empty report.
    public init(target: String, shard: String? = nil) {
        self.target = target
        self.shard = shard
        storage = .memory([])
    }

    /// A job's report whose items stay in `spill` (sorted when read) and are counted in `totals`.
    init(target: String, shard: String?, totals: Totals, hasWarnings: Bool, spill: ItemSpill) {
        self.target = target
        self.shard = shard
        self.totals = totals
        self.hasWarnings = hasWarnings
        storage = .spilled(spill)
    }

    /// Every item, sorted by byte-wise input path once `sort()` ran (a job's report always is).
    ///
    /// A job's report keeps its items on disk, and this reads them all into memory; the report writers
    /// use `forEachItem`, which reads one at a time.
    public var items: [Item] {
        var result: [Item] = []
        // A spill that cannot be read back gives what it could read; the writers, which throw, report the damage.
        try? forEachItem { result.append($0) }
        return result
    }

    /// Calls `body` with each item in order, reading a job's items from disk one at a time.
    public func forEachItem(_ body: (Item) throws -> Void) throws {
        switch storage {
        case .memory(let items):
            for item in items { try body(item) }
        case .spilled(let spill):
            try spill.forEach(body)
        }
    }

    /// Calls `body` with each item whose status `wanted` accepts, in order, decoding only those.
    ///
    /// A job's text report lists the few items that were not simply converted: their records are
    /// picked out by status, and the thousands of others are never decoded.
    func forEachItem(where wanted: (Status) -> Bool, _ body: (Item) throws -> Void) throws {
        switch storage {
        case .memory(let items):
            for item in items where wanted(item.status) { try body(item) }
        case .spilled(let spill):
            try spill.forEachRecord { record in
                if wanted(try record.status()) { try body(try record.item()) }
            }
        }
    }

    /// Calls `record` with each record of a job's spill, in order, and `body` with the decoded item when `record`
    /// returns false.
    ///
    /// A writer writes most records (converted items) from their bytes where they lie, and decodes only
    /// the others; a report in memory calls `body` with every item.
    func forEachItem(orRecord record: (ItemSpill.Record.View) throws -> Bool, _ body: (Item) throws -> Void) throws {
        switch storage {
        case .memory(let items):
            for item in items { try body(item) }
        case .spilled(let spill):
            try spill.forEachRecord { view in
                if try !record(view) { try body(try view.item()) }
            }
        }
    }

    /// Adds an item; `inputBytes` counts toward the totals.
    public mutating func add(_ item: Item, inputBytes: Int64 = 0) {
        var items: [Item]
        if case .memory(let existing) = storage { items = existing } else { items = self.items }
        // Emptied first, so the array has one owner and the append does not copy it.
        storage = .memory([])
        items.append(item)
        storage = .memory(items)
        totals.count(item.status)
        totals.inputBytes += inputBytes
        if !item.warnings.isEmpty { hasWarnings = true }
    }

    /// Sorts the items by byte-wise input path, whatever order the workers finished in (a job's report already is).
    public mutating func sort() {
        guard case .memory(var items) = storage else { return }
        storage = .memory([])
        items.sort { $0.input < $1.input }
        storage = .memory(items)
    }

    /// The `schema` field of the JSON form, which names the kind of report.
    public static let schema = "docmigrate.convert-report"
    /// The `schemaVersion` field of the JSON form: it changes only when a field changes meaning or type, or goes away.
    public static let schemaVersion = 1

    private enum CodingKeys: String, CodingKey {
        case items, schema, schemaVersion, shard, target, totals
    }

    /// Reads the JSON form; a report that names another schema, or a later version of this one, is refused
    /// with `report.wrong-schema` or `report.unsupported-version` before its fields are read. A report
    /// without `schema` (written before the field existed) is read as version 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let schema = try container.decodeIfPresent(String.self, forKey: .schema), schema != Self.schema {
            throw ConversionError(
                code: .reportWrongSchema, message: "the JSON is a '\(schema)' report, not a '\(Self.schema)' report")
        }
        if let version = try container.decodeIfPresent(Int.self, forKey: .schemaVersion), version != Self.schemaVersion
        {
            throw ConversionError(
                code: .reportUnsupportedVersion,
                message: "the report has schemaVersion \(version); this docmigrate reads version \(Self.schemaVersion)")
        }
        target = try container.decode(String.self, forKey: .target)
        shard = try container.decodeIfPresent(String.self, forKey: .shard)
        totals = try container.decode(Totals.self, forKey: .totals)
        let items = try container.decode([Item].self, forKey: .items)
        hasWarnings = items.contains { !$0.warnings.isEmpty }
        storage = .memory(items)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(Self.schema, forKey: .schema)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encodeIfPresent(shard, forKey: .shard)
        try container.encode(target, forKey: .target)
        try container.encode(totals, forKey: .totals)
    }

    public static func == (left: ConversionReport, right: ConversionReport) -> Bool {
        left.target == right.target && left.shard == right.shard && left.totals == right.totals
            && left.items == right.items
    }

    /// Merges shard reports into one: items of all, sorted; an input found in two reports is an error.
    public static func merged(_ reports: [ConversionReport]) throws -> ConversionReport {
        var merged = ConversionReport(target: reports.first?.target ?? "")
        var seen = Set<ItemPath>()
        for report in reports {
            guard report.target == merged.target else {
                throw ConversionError(
                    code: .mergeTargetMismatch,
                    message: "the reports convert to different targets (\(merged.target) and \(report.target))")
            }
            for item in report.items {
                guard seen.insert(item.input).inserted else {
                    throw ConversionError(
                        code: .mergeDuplicateItem,
                        message: "\(item.input) is in two reports: a shard ran twice or shards overlap")
                }
                merged.add(item)
            }
            merged.totals.inputBytes += report.totals.inputBytes
        }
        merged.sort()
        return merged
    }
}
