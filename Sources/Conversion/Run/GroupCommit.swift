import Comparison
import DocumentCodecs
import DocumentPlatform
import Foundation
import Synchronization

/// A prepared output waiting for its batch to be committed.
struct PendingOutput: Sendable {
    var item: PlannedItem
    var prepared: PreparedItem
    /// The verified output's temporary path; nil when a killed run already put this output in place.
    var temporary: ItemPath?
    var destination: ItemPath
    /// In place: the verified backup copy and the name it gets.
    var backup: (temporary: ItemPath, path: ItemPath)?
    var mtime: String
}

/// The shared state of a running job: its report, the batch being filled, the journal and the stop flag.
///
/// The group commit: items join the current batch; the task whose item fills it commits it while the
/// others go on filling the next. A commit syncs the file system once (every temporary output and
/// backup durable together), renames each into place, syncs once more (the renames durable), and only
/// then appends the batch's journal lines and reports the items done. A kill at any instant leaves
/// whole temporaries (removed by `--resume`), outputs in place but not journaled (recognised by their
/// digest), or journaled outputs: never a partial output under its final name.
final class JobState: Sendable {
    let job: ConversionJob
    let journal: ConversionJournal?
    private let events: @Sendable (ConversionEvent) -> Void
    private let report: Mutex<ConversionReport>
    private let batch = Mutex<[PendingOutput]>([])
    private let stopped = Mutex(false)
    /// Serialises commits, so the journal lines of one batch are not interleaved with another's renames.
    private let committing = Mutex(())

    init(job: ConversionJob, journal: ConversionJournal?, events: @escaping @Sendable (ConversionEvent) -> Void) {
        self.job = job
        self.journal = journal
        self.events = events
        report = Mutex(ConversionReport(target: job.target.name, shard: job.plan.shard?.description))
    }

    var shouldStop: Bool { stopped.withLock { $0 } }

    /// Records a finished item and tells the observer.
    func record(_ item: ConversionReport.Item, inputBytes: Int64 = 0) {
        var finalItem = item
        if finalItem.status == .converted && !finalItem.warnings.isEmpty { finalItem.status = .warning }
        if finalItem.status == .failed && job.failFast { stopped.withLock { $0 = true } }
        let (done, bytes) = report.withLock { report in
            report.add(finalItem, inputBytes: inputBytes)
            return (report.totals.items, report.totals.inputBytes)
        }
        events(.itemFinished(input: finalItem.input, status: finalItem.status, done: done, bytes: bytes))
    }

    /// Adds a prepared output to the current batch, committing the batch when it is full.
    func commit(_ pending: PendingOutput) {
        let full: [PendingOutput]? = batch.withLock { batch in
            batch.append(pending)
            guard batch.count >= job.batchSize else { return nil }
            defer { batch = [] }
            return batch
        }
        if let full { commitBatch(full) }
    }

    /// Commits what is left in the last batch.
    func commitRemaining() {
        let rest = batch.withLock { batch in
            defer { batch = [] }
            return batch
        }
        if !rest.isEmpty { commitBatch(rest) }
    }

    func finish() -> ConversionReport {
        report.withLock { $0 }
    }

    private func commitBatch(_ outputs: [PendingOutput]) {
        committing.withLock { _ in
            let syncPoint = job.outputFolder ?? outputs[0].destination.parent
            try? ByteNamedFiles.synchronizeFileSystem(containing: syncPoint.bytes.isEmpty ? Array(".".utf8) : syncPoint.bytes)
            var results: [(PendingOutput, Result<(ItemPath, ConversionReport.Status), ConversionError>)] = []
            for output in outputs {
                results.append((output, place(output)))
            }
            try? ByteNamedFiles.synchronizeFileSystem(containing: syncPoint.bytes.isEmpty ? Array(".".utf8) : syncPoint.bytes)
            var entries: [ConversionJournal.Entry] = []
            for (output, result) in results {
                let prepared = output.prepared
                let size = output.item.kind == .file ? prepared.inputSize : 0
                switch result {
                case .success(let (path, _)):
                    entries.append(ConversionJournal.Entry(
                        input: output.item.input, size: size, mtime: output.mtime, inputHash: prepared.inputHash,
                        output: path, outputHash: prepared.outputHash, result: "converted"))
                case .failure:
                    break
                }
            }
            do {
                try journal?.append(entries)
            } catch {
                // The outputs are in place; a resumed run recognises them by their digest.
            }
            for (output, result) in results {
                let prepared = output.prepared
                switch result {
                case .success(let (path, status)):
                    record(ConversionReport.Item(
                        input: output.item.input, output: path, status: status, sourceType: prepared.sourceType, route: prepared.route,
                        warnings: prepared.warnings), inputBytes: prepared.inputSize)
                case .failure(let error):
                    record(ConversionReport.Item(
                        input: output.item.input, output: output.destination, status: .failed, sourceType: prepared.sourceType,
                        route: prepared.route, warnings: prepared.warnings, error: error), inputBytes: prepared.inputSize)
                }
            }
        }
    }

    /// Renames one output (and its backup) into place under the collision policy.
    private func place(_ output: PendingOutput) -> Result<(ItemPath, ConversionReport.Status), ConversionError> {
        guard let temporary = output.temporary else { return .success((output.destination, .resumed)) }
        let file = output.item.input.description
        do {
            if let backup = output.backup {
                do {
                    try ByteNamedFiles.rename(backup.temporary.bytes, to: backup.path.bytes, replacing: false)
                } catch let error as FileSystemError where error.errorNumber == SystemErrorText.exists {
                    try? ByteNamedFiles.removeTree(backup.temporary.bytes)
                    let existing = try ByteNamedFiles.contents(backup.path.bytes).data
                    guard existing == (try ByteNamedFiles.contents(output.item.input.bytes).data) else {
                        try? ByteNamedFiles.removeTree(temporary.bytes)
                        return .failure(ConversionError(code: "convert.backup-exists", message: "a different file already has the backup's name \(backup.path)", file: file))
                    }
                }
                try ByteNamedFiles.rename(temporary.bytes, to: output.destination.bytes, replacing: true)
                return .success((output.destination, .converted))
            }
            var candidate = output.destination
            var attempt = 1
            while true {
                if job.collision == .overwrite, let existing = try ByteNamedFiles.status(candidate.bytes) {
                    if existing.kind == .directory || output.prepared.outputIsFolder {
                        try ByteNamedFiles.exchange(temporary.bytes, with: candidate.bytes)
                        try? ByteNamedFiles.removeTree(temporary.bytes)
                    } else {
                        try ByteNamedFiles.rename(temporary.bytes, to: candidate.bytes, replacing: true)
                    }
                    return .success((candidate, .converted))
                }
                do {
                    try ByteNamedFiles.rename(temporary.bytes, to: candidate.bytes, replacing: false)
                    return .success((candidate, .converted))
                } catch let error as FileSystemError where error.errorNumber == SystemErrorText.exists {
                    if job.resume, let digest = Self.digest(of: candidate, isFolder: output.prepared.outputIsFolder), digest == output.prepared.outputHash {
                        // Renamed into place by a killed run before its journal line: this job's own output.
                        try? ByteNamedFiles.removeTree(temporary.bytes)
                        return .success((candidate, .resumed))
                    }
                    guard job.collision == .suffix, attempt < 10_000 else {
                        try? ByteNamedFiles.removeTree(temporary.bytes)
                        return .failure(ConversionError(
                            code: "convert.output-exists",
                            message: "\(candidate) already exists and is not this job's output (--on-collision suffix or overwrite to write anyway)",
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

    /// The `DocumentDigest` of what is at `path`, or nil when it cannot be read.
    static func digest(of path: ItemPath, isFolder: Bool) -> String? {
        if isFolder {
            guard let url = path.fileURL, let wrapper = try? FileWrapper(url: url, options: .immediate) else { return nil }
            return DocumentDigest.of(wrapper).hexString
        }
        guard let data = try? ByteNamedFiles.contents(path.bytes).data else { return nil }
        return DocumentDigest.of(FileWrapper(regularFileWithContents: data)).hexString
    }
}

/// The child workers of a job, reused from item to item; a worker that died or timed out is replaced.
final class WorkerPool: Sendable {
    private let job: ConversionJob
    private let idle = Mutex<[WorkerProcess]>([])

    init(job: ConversionJob) {
        self.job = job
    }

    /// Prepares one item in a worker (or in process when the job isolates nothing).
    func prepare(_ request: ConversionWorker.Request, preparer: ItemPreparer, timeout: Duration?) async -> PreparedItem {
        guard case .childProcess(let command) = job.isolation else {
            return preparer.prepare(input: request.input, kind: request.kind, temporary: request.temporary)
        }
        var worker = idle.withLock { $0.popLast() }
        if worker == nil {
            do {
                worker = try WorkerProcess(command: command, target: job.target.name, verifies: job.verifies)
            } catch {
                var failed = PreparedItem()
                failed.error = ConversionError(code: "convert.worker-unavailable", message: "the worker process could not be started: \(error)", file: request.input.description)
                return failed
            }
        }
        guard let worker else { return PreparedItem() }
        let result = await worker.prepare(request, timeout: timeout)
        if worker.isRunning {
            idle.withLock { $0.append(worker) }
        }
        return result
    }

    /// Ends every idle worker.
    func finishAll() {
        let workers = idle.withLock { workers in
            defer { workers = [] }
            return workers
        }
        for worker in workers { worker.finish() }
    }
}
