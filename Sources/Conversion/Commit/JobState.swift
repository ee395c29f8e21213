import Comparison
import DocumentCodecs
import DocumentPlatform
import Foundation
import Synchronization
import SystemSeam

/// The shared state of a running job: its report's spill and totals, the outputs waiting to be committed, the journal
/// and the stop flag.
///
/// Nothing here grows with the number of items: finished items go to the report's spill file
/// (`ItemSpill`) and are counted in the totals; at most `4 × batchSize` outputs wait to be committed
/// (a task that would add more waits for the committer).
///
/// The group commit runs on a thread of its own, so no item waits for a sync: it takes every waiting
/// output once `batchSize` of them wait, or the oldest has waited `commitDelayNanoseconds`, or the job is
/// finishing. One round syncs the file system once, which makes this batch's temporary outputs and
/// backups durable together and also the previous round's renames; then it appends the previous
/// round's journal lines (their renames are now durable), renames this batch into place and reports
/// its items done. The last round's lines follow one more sync when the job finishes. A slow sync
/// lets more outputs gather for the next round, so the number of syncs adapts to the disk. A kill at
/// any instant leaves whole temporaries (removed by `--resume`), outputs in place but not journaled
/// (recognised by their digest), or journaled outputs: never a partial output under its final name,
/// and never a journal line whose output is not durable.
final class JobState: Sendable {
    let job: ConversionJob
    let journal: ConversionJournal?
    private let events: @Sendable (ConversionEvent) -> Void
    private let spill: ItemSpill
    private let totals = Mutex((totals: ConversionReport.Totals(), hasWarnings: false, spillError: (any Error)?.none))
    private let stopped = Mutex(false)
    private let waiting = Mutex(WaitingOutputs())
    /// The destination folders already made (or found) in this job, each checked once rather than per item.
    private let madeFolders = Mutex((all: Set<[UInt8]>(), last: [UInt8]?.none))
    /// Signalled when a batch is full or the job is finishing.
    private let wake = DispatchSemaphore(value: 0)
    /// Counts the free places among the waiting outputs.
    private let room: DispatchSemaphore
    /// Signalled once by the committer when its last round is done.
    private let committerFinished = DispatchSemaphore(value: 0)
    /// How long an output waits at most for its batch to fill.
    static let commitDelayNanoseconds: UInt64 = 200_000_000
    /// The start of this job's temporary names: the job's mark and a random part of its own.
    private let temporaryPrefix: [UInt8]
    /// How many temporary names this job has handed out.
    private let temporaryCount = Atomic<UInt64>(0)

    private struct WaitingOutputs {
        var outputs: [PendingOutput] = []
        var oldest: DispatchTime?
        var finishing = false
    }

    init(job: ConversionJob, journal: ConversionJournal?, events: @escaping @Sendable (ConversionEvent) -> Void) throws
    {
        self.job = job
        self.journal = journal
        self.events = events
        spill = try ItemSpill()
        temporaryPrefix = Array((ConversionRunner.temporaryName() + "-").utf8)
        room = DispatchSemaphore(value: max(1, job.batchSize) * 4)
        if !job.dryRun {
            let thread = Thread { [self] in commitLoop() }
            thread.name = "docmigrate.conversion.group-commit"
            thread.start()
        } else {
            committerFinished.signal()
        }
    }

    var shouldStop: Bool { stopped.withLock { $0 } }

    /// A temporary name no other item of this job gets: the job's random prefix and a count.
    ///
    /// One random prefix per job rather than random bits per item: a system call and a formatted
    /// `String` fewer per item, and names stay distinct from every other job's, whose prefixes differ.
    func nextTemporaryName() -> [UInt8] {
        var number = temporaryCount.add(1, ordering: .relaxed).newValue
        var name = temporaryPrefix
        let start = name.count
        let digits: StaticString = "0123456789abcdefghijklmnopqrstuvwxyz"
        repeat {
            name.append(digits.utf8Start[Int(number % 36)])
            number /= 36
        } while number > 0
        name[start...].reverse()
        return name
    }

    /// Makes `folder` and its missing parents, unless this job already made or found it.
    ///
    /// A job's outputs go to a few folders, one for thousands of items: a stat of the folder's whole
    /// path per item was a large part of the job's serial work. Only success is remembered, so a folder
    /// that could not be made fails every item that needs it, each with its own error.
    func makeFolders(_ folder: [UInt8]) throws {
        // Items come folder by folder: the last folder made is compared first, which costs less than hashing the path.
        if madeFolders.withLock({ $0.last == folder || $0.all.contains(folder) }) { return }
        try ByteNamedFiles.makeFolders(folder)
        madeFolders.withLock { made in
            made.all.insert(folder)
            made.last = folder
        }
    }

    /// Records a finished item and tells the observer.
    func record(_ item: ConversionReport.Item, inputBytes: Int64 = 0) {
        var finalItem = item
        if finalItem.status == .converted && !finalItem.warnings.isEmpty { finalItem.status = .warning }
        if finalItem.status == .failed && job.failFast { stopped.withLock { $0 = true } }
        var spillError: (any Error)?
        do {
            try spill.add(finalItem)
        } catch {
            spillError = error
        }
        let (done, bytes) = totals.withLock { state in
            state.totals.count(finalItem.status)
            state.totals.inputBytes += inputBytes
            if !finalItem.warnings.isEmpty { state.hasWarnings = true }
            if state.spillError == nil, let spillError { state.spillError = spillError }
            return (state.totals.items, state.totals.inputBytes)
        }
        events(.itemFinished(input: finalItem.input, status: finalItem.status, done: done, bytes: bytes))
    }

    /// Hands a prepared output to the group commit; waits only while `4 × batchSize` outputs wait already.
    func commit(_ pending: PendingOutput) {
        room.wait()
        let full = waiting.withLock { state in
            state.outputs.append(pending)
            if state.oldest == nil { state.oldest = .now() }
            return state.outputs.count == job.batchSize
        }
        if full { wake.signal() }
    }

    /// Commits what still waits and returns when the committer has finished its last round.
    func commitRemaining() {
        waiting.withLock { $0.finishing = true }
        wake.signal()
        committerFinished.wait()
    }

    /// The job's report, its items sorted; throws when the spill file could not be written or read.
    func finish() throws -> ConversionReport {
        let (totals, hasWarnings, spillError) = totals.withLock { ($0.totals, $0.hasWarnings, $0.spillError) }
        do {
            if let spillError { throw spillError }
            try spill.finish()
        } catch {
            throw ConversionError(
                code: .reportSpillUnwritable, message: "the report's temporary file could not be written: \(error)")
        }
        return ConversionReport(
            target: job.target.name, shard: job.plan.shard?.description, totals: totals, hasWarnings: hasWarnings,
            spill: spill)
    }

    // MARK: The committer

    private func commitLoop() {
        var folders = OpenFolders()
        // The journal lines of the outputs placed since the last sync, formatted as each is placed, and how many
        // outputs that is.
        var placedLines: [UInt8] = []
        var placedCount = 0
        var syncPoint: [UInt8] = []
        var finishing = false
        while true {
            if !finishing { _ = wake.wait(timeout: .now() + .nanoseconds(Int(Self.commitDelayNanoseconds))) }
            let batch: [PendingOutput]
            (batch, finishing) = waiting.withLock { state in
                let due =
                    state.finishing || state.outputs.count >= job.batchSize
                    || state.oldest.map {
                        DispatchTime.now().uptimeNanoseconds - $0.uptimeNanoseconds >= Self.commitDelayNanoseconds
                    } == true
                guard due else { return ([], false) }
                defer {
                    state.outputs = []
                    state.oldest = nil
                }
                return (state.outputs, state.finishing)
            }
            for _ in batch { room.signal() }
            if batch.isEmpty && !finishing { continue }
            if let first = batch.first {
                let point = job.outputFolder ?? first.destination.parent
                syncPoint = point.bytes.isEmpty ? Array(".".utf8) : point.bytes
            }
            if !batch.isEmpty || placedCount > 0 {
                // Durable together: this batch's temporaries, and the previous batch's renames before their journal
                // lines.
                try? ByteNamedFiles.synchronizeFileSystem(containing: syncPoint)
                do {
                    try journal?.append(lines: placedLines)
                } catch {
                    // The outputs are in place; a resumed run recognises them by their digest.
                }
                placedLines.removeAll(keepingCapacity: true)
                placedCount = 0
            }
            for index in batch.indices {
                // Borrowed where it lies: copying an output (a dozen strings and arrays) per item cost more than its
                // journal line.
                placeAndRecord(batch[index], folders: &folders, placedLines: &placedLines, placedCount: &placedCount)
            }
            if finishing && batch.isEmpty { break }
        }
        committerFinished.signal()
    }

    /// Places one output of a round, appends its journal line (written after the next sync) and records its item.
    private func placeAndRecord(
        _ output: borrowing PendingOutput, folders: inout OpenFolders, placedLines: inout [UInt8],
        placedCount: inout Int
    ) {
        switch place(output, folders: &folders) {
        case .success(let (path, status)):
            placedCount += 1
            if journal != nil {
                // The line of `ConversionJournal.Entry`, written after the next sync makes this rename durable.
                ConversionJournal.Entry.appendLine(
                    input: output.item.input, size: output.item.kind == .file ? output.prepared.inputSize : 0,
                    mtime: output.mtime,
                    inputHash: output.prepared.inputHash, output: path, outputHash: output.prepared.outputHash,
                    result: "converted", to: &placedLines)
            }
            record(
                ConversionReport.Item(
                    input: output.item.input, output: path, status: status, sourceType: output.prepared.sourceType,
                    route: output.prepared.route,
                    warnings: output.prepared.warnings), inputBytes: output.prepared.inputSize)
        case .failure(let error) where error.kind == Self.outputIsInputCode:
            // As the refusal before converting reported it: nothing of the conversion, no bytes read.
            record(Self.outputIsInputItem(output.item.input, output.destination))
        case .failure(let error):
            record(
                ConversionReport.Item(
                    input: output.item.input, output: output.destination, status: .failed,
                    sourceType: output.prepared.sourceType,
                    route: output.prepared.route, warnings: output.prepared.warnings, error: error),
                inputBytes: output.prepared.inputSize)
        }
    }

    /// The folders this job renames outputs in, each opened once (a few at a time), so that a rename
    /// looks up two names rather than two whole paths.
    struct OpenFolders {
        private var folders: [[UInt8]: ByteNamedFolder] = [:]
        /// The folder asked for last: outputs come folder by folder, and comparing a path costs less than hashing it.
        private var last: ByteNamedFolder?
        /// The most folders kept open: a job's outputs go to a few folders at a time, and descriptors are limited.
        static let limit = 64

        /// The open folder at `path`, opened now if need be; nil when it cannot be opened.
        mutating func folder(_ path: [UInt8]) -> ByteNamedFolder? {
            if let last, last.path == path { return last }
            if let folder = folders[path] {
                last = folder
                return folder
            }
            guard let folder = try? ByteNamedFolder(opening: path) else { return nil }
            if folders.count >= Self.limit { folders.removeAll() }
            folders[path] = folder
            last = folder
            return folder
        }
    }

    static let outputIsInputCode = ConversionErrorCode.outputIsInput

    /// Whether the item at `destination` (following links) is the input with `inputIdentity`.
    static func outputIsInput(_ destination: ItemPath, inputIdentity: FileIdentity?) -> Bool {
        guard let inputIdentity, let identity = FileIdentity.of(destination) else { return false }
        return identity == inputIdentity
    }

    /// The error of an item whose output path is its input.
    static func outputIsInputError(_ input: ItemPath, _ destination: ItemPath) -> ConversionError {
        ConversionError(
            code: outputIsInputCode, message: "the output \(destination) is this input itself; choose another --output",
            file: input.description)
    }

    /// The report of an item whose output path is its input.
    static func outputIsInputItem(_ input: ItemPath, _ destination: ItemPath) -> ConversionReport.Item {
        ConversionReport.Item(
            input: input, output: destination, status: .failed, error: outputIsInputError(input, destination))
    }

    /// Renames `temporary` to `destination` without replacing anything: by name in the open folder
    /// both are in, else by path.
    private func renameWithoutReplacing(
        _ temporary: ItemPath, to destination: ItemPath, folders: inout OpenFolders
    ) throws {
        let parent = destination.parent.bytes
        if !parent.isEmpty, temporary.bytes.count > parent.count, temporary.bytes[parent.count] == 0x2F,
            temporary.bytes.starts(with: parent), let folder = folders.folder(parent)
        {
            let name = temporary.bytes[(parent.count + 1)...]
            if !name.contains(0x2F) {
                try folder.renameWithoutReplacing(Array(name), to: Array(destination.bytes[(parent.count + 1)...]))
                return
            }
        }
        try ByteNamedFiles.rename(temporary.bytes, to: destination.bytes, replacing: false)
    }

    /// Renames one output (and its backup) into place under the collision policy.
    private func place(
        _ output: PendingOutput, folders: inout OpenFolders
    ) -> Result<(ItemPath, ConversionReport.Status), ConversionError> {
        guard let temporary = output.temporary else { return .success((output.destination, .resumed)) }
        let file = output.item.input.description
        do {
            if job.inPlace {
                // The backup is either renamed into place now or already there (equal to the input, from a killed run).
                if let backup = output.backup {
                    do {
                        try ByteNamedFiles.rename(backup.temporary.bytes, to: backup.path.bytes, replacing: false)
                    } catch let error as FileSystemError where error.errorNumber == SystemErrorText.exists {
                        try? ByteNamedFiles.removeTree(backup.temporary.bytes)
                        let isPackage = output.item.kind == .package
                        let existing = Self.digest(of: backup.path, isFolder: isPackage)
                        guard existing != nil, existing == Self.digest(of: output.item.input, isFolder: isPackage)
                        else {
                            try? ByteNamedFiles.removeTree(temporary.bytes)
                            return .failure(
                                ConversionError(
                                    code: .backupExists,
                                    message: "a different item already has the backup's name \(backup.path)", file: file
                                ))
                        }
                    }
                }
                if output.item.kind == .package || output.prepared.outputIsFolder {
                    // A folder cannot be renamed over: swap the two in one step; the original is in the backup now.
                    try ByteNamedFiles.exchange(temporary.bytes, with: output.destination.bytes)
                    try? ByteNamedFiles.removeTree(temporary.bytes)
                } else {
                    try ByteNamedFiles.rename(temporary.bytes, to: output.destination.bytes, replacing: true)
                }
                return .success((output.destination, .converted))
            }
            var candidate = output.destination
            var attempt = 1
            while true {
                if job.collision == .overwrite, let existing = try ByteNamedFiles.status(candidate.bytes) {
                    if Self.outputIsInput(candidate, inputIdentity: output.inputIdentity) {
                        try? ByteNamedFiles.removeTree(temporary.bytes)
                        return .failure(Self.outputIsInputError(output.item.input, candidate))
                    }
                    if existing.kind == .directory || output.prepared.outputIsFolder {
                        try ByteNamedFiles.exchange(temporary.bytes, with: candidate.bytes)
                        try? ByteNamedFiles.removeTree(temporary.bytes)
                    } else {
                        try ByteNamedFiles.rename(temporary.bytes, to: candidate.bytes, replacing: true)
                    }
                    return .success((candidate, .converted))
                }
                do {
                    try renameWithoutReplacing(temporary, to: candidate, folders: &folders)
                    return .success((candidate, .converted))
                } catch let error as FileSystemError where error.errorNumber == SystemErrorText.exists {
                    if attempt == 1, Self.outputIsInput(candidate, inputIdentity: output.inputIdentity) {
                        try? ByteNamedFiles.removeTree(temporary.bytes)
                        return .failure(Self.outputIsInputError(output.item.input, candidate))
                    }
                    if job.resume, let digest = Self.digest(of: candidate, isFolder: output.prepared.outputIsFolder),
                        digest == output.prepared.outputHash
                    {
                        // Renamed into place by a killed run before its journal line: this job's own output.
                        try? ByteNamedFiles.removeTree(temporary.bytes)
                        return .success((candidate, .resumed))
                    }
                    guard job.collision == .suffix, attempt < 10_000 else {
                        try? ByteNamedFiles.removeTree(temporary.bytes)
                        return .failure(
                            ConversionError(
                                code: .outputExists,
                                message:
                                    "\(candidate) already exists and is not this job's output (--on-collision "
                                    + "suffix or overwrite to write anyway)",
                                file: file))
                    }
                    attempt += 1
                    candidate = Self.suffixed(output.destination, attempt)
                }
            }
        } catch {
            try? ByteNamedFiles.removeTree(temporary.bytes)
            return .failure(ConversionError(error, file: file))
        }
    }

    /// `name 2.ext` for `name.ext`, as the Finder names a copy.
    static func suffixed(_ path: ItemPath, _ number: Int) -> ItemPath {
        let name = path.lastComponent
        var stem = name
        var tail: [UInt8] = []
        if let dot = name.lastIndex(of: 0x2E), dot > 0 {
            stem = Array(name[..<dot])
            tail = Array(name[dot...])
        }
        return path.parent.appending(stem + Array(" \(number)".utf8) + tail)
    }

    /// The `DocumentDigest` of what is at `path`, or nil when it cannot be read; read a block at a time.
    ///
    /// A folder's is the digest of the `FileWrapper` read from it (whatever is at the path, as that
    /// wrapper reads it), so nil where no wrapper can be read: a path that is not UTF-8 has no file URL.
    /// A file's is of a regular file only (not following a final link).
    static func digest(of path: ItemPath, isFolder: Bool) -> String? {
        if isFolder {
            guard path.fileURL != nil else { return nil }
            return (try? DocumentDigest.streamed(of: path))?.hexString
        }
        return
            (try? ItemPreparer.streamedDigest(
                of: path, blockSize: ConversionRunner.streamedBlockSize, expectedLength: nil))?.hexString
    }
}
