import DocumentCodecs
import DocumentPlatform
import SystemSeam

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

    /// The codecs and conversions the job uses.
    public var registry: CodecRegistry
    /// What the job converts to (`--to`).
    public var target: ConversionTarget
    /// The inputs, found lazily.
    public var plan: ConversionPlan
    /// The folder the output tree mirrors the inputs into; nil with `inPlace`.
    public var outputFolder: ItemPath?
    /// Replace each input by its output, after a verified backup.
    public var inPlace = false
    /// The suffix of in-place backups (`--backup-suffix`).
    public var backupSuffix = ".orig"
    /// What to do when an output path is taken (`--on-collision`).
    public var collision = CollisionPolicy.fail
    /// Whether outputs are read back and compared (off with `--no-verify`).
    public var verifies = true
    /// Plan only: read nothing but names and first bytes, write nothing.
    public var dryRun = false
    /// Stop starting items after the first failure.
    public var failFast = false
    /// How many items are in flight at once.
    public var jobs = 1
    /// The time limit of one item (enforced with child workers).
    public var itemTimeout: Duration?
    /// Where the risky part of each item runs.
    public var isolation = ItemIsolation.inProcess
    /// The journal's path; by default `.docmigrate-journal.jsonl` (or `.docmigrate-journal-K-of-N.jsonl`) in the output
    /// folder.
    public var journalPath: ItemPath?
    /// Continue a killed job: skip journaled items, clean temporaries, recognise own outputs.
    public var resume = false
    /// How many written items a group commit waits for before it syncs (more gather while a sync runs).
    public var batchSize = 256
    /// Which file items take the streaming route, and its block size, where this process prepares them
    /// (``ItemIsolation/inProcess``); a worker process prepares with its own preparer's options.
    public var streaming = StreamingOptions()
    /// Where the streaming route creates and writes outputs in this process: the system's files, or a test's double.
    package var outputFiles: any OutputFileCreating = SystemOutputFiles()

    /// A job with the defaults of `docmigrate convert` (one item at a time, in process).
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
        let name =
            plan.shard.map { ".docmigrate-journal-\($0.index)-of-\($0.count).jsonl" } ?? ".docmigrate-journal.jsonl"
        return folder.appending(Array(name.utf8))
    }

    private var firstInputFolder: ItemPath? {
        guard case .paths(let paths) = plan.source, let first = paths.first else { return nil }
        if (try? ByteNamedFiles.statusFollowingLinks(first.bytes))??.kind == .directory { return first }
        let parent = first.parent
        return parent.bytes.isEmpty ? ItemPath(".") : parent
    }
}
