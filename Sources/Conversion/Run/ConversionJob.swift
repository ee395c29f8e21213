import DocumentCodecs
import DocumentPlatform

/// Everything a job needs to run, checked by whoever builds it (the `convert` verb, a test, a team's tool).
public struct ConversionJob: Sendable {
    /// What to do when an output path is already taken by something that is not this job's own output.
    public enum CollisionPolicy: String, Sendable, CaseIterable {
        /// Fail the item (the default).
        case fail
        /// Write `name 2.ext`, `name 3.ext`, … instead.
        case suffix
        /// Replace what is there (atomically).
        case overwrite
    }

    public var registry: CodecRegistry
    public var target: ConversionTarget
    public var plan: ConversionPlan
    /// The folder the output tree mirrors the inputs into; nil with `inPlace`.
    public var outputFolder: ItemPath?
    /// Replace each input by its output, after a verified backup.
    public var inPlace = false
    public var backupSuffix = ".orig"
    public var collision = CollisionPolicy.fail
    public var verifies = true
    public var dryRun = false
    public var failFast = false
    /// How many items are in flight at once.
    public var jobs = 1
    /// The time limit of one item (enforced with child workers).
    public var itemTimeout: Duration?
    public var isolation = ItemIsolation.inProcess
    /// The journal's path; by default `.docmigrate-journal.jsonl` (or `.docmigrate-journal-K-of-N.jsonl`) in the output folder.
    public var journalPath: ItemPath?
    public var resume = false
    public var warningChecks = ConversionWarningChecks()
    /// How many written items share one sync (the group commit).
    public var batchSize = 64

    public init(registry: CodecRegistry, target: ConversionTarget, plan: ConversionPlan, outputFolder: ItemPath?) {
        self.registry = registry
        self.target = target
        self.plan = plan
        self.outputFolder = outputFolder
    }

    /// The journal's path for this job.
    public var resolvedJournalPath: ItemPath? {
        if let journalPath { return journalPath }
        guard let folder = outputFolder ?? firstInputFolder else { return nil }
        let name = plan.shard.map { ".docmigrate-journal-\($0.index)-of-\($0.count).jsonl" } ?? ".docmigrate-journal.jsonl"
        return folder.appending(Array(name.utf8))
    }

    private var firstInputFolder: ItemPath? {
        guard case .paths(let paths) = plan.source, let first = paths.first else { return nil }
        if (try? ByteNamedFiles.statusFollowingLinks(first.bytes))??.kind == .directory { return first }
        let parent = first.parent
        return parent.bytes.isEmpty ? ItemPath(".") : parent
    }
}
