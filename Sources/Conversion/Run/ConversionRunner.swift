import Comparison
import DocumentCodecs
import DocumentPlatform
import Foundation
import Synchronization
import SystemSeam

/// Runs a job: streams its plan through a bounded task group in small batches, prepares each item (in
/// a child worker or in process), and commits finished outputs in groups on a thread of its own (one
/// sync per group, then the previous group's journal lines, then this group's renames; see `JobState`).
///
/// A slot of the group takes a batch of items (at most `itemsPerRoundTrip`) and hands them to its
/// worker at once, which answers item by item; per-item costs of the hand-over (a write, a thread hop,
/// a wake-up each way) would otherwise be a serial part of the job as large as a small item's conversion.
/// Per item: skip it if the journal says it is done; prepare it (decode → convert → encode → verify
/// into a `.docmigrate-tmp-*` sibling of the destination); hand it to the group commit, which renames it
/// into place by name in the open output folder. An output that would be the item's own input is refused
/// when its path turns out to be taken (or the item failed), so a path lookup per item is spared. Memory holds the
/// in-flight items and the current batch; report lines go to
/// a spill file as items finish (see `ItemSpill`), so memory does not grow with the corpus. An item's failure is
/// recorded and the job goes on, unless `failFast`.
public struct ConversionRunner: Sendable {
    /// The job this runner runs.
    public let job: ConversionJob

    /// A runner for `job`.
    public init(job: ConversionJob) {
        self.job = job
        outputExtension = Self.outputExtension(of: job.target)
    }

    /// The filename extension of every output, found once rather than per item.
    private let outputExtension: String

    /// Runs the job; throws a `ConversionError` only when the job itself cannot run (no route at all, no output folder,
    /// an unwritable journal).
    public func run(events: @escaping @Sendable (ConversionEvent) -> Void = { _ in }) async throws -> ConversionReport {
        let routes = ConversionChains(to: job.target, registry: job.registry)
        guard !routes.isEmpty else {
            throw ConversionError(code: .noRoute, message: "no registered codec can be converted to \(job.target.name)")
        }
        guard job.inPlace != (job.outputFolder != nil) else {
            throw ConversionError(
                code: .noOutput, message: "a job needs exactly one of an output folder and in-place conversion")
        }
        if let output = job.outputFolder, !job.dryRun {
            do {
                try ByteNamedFiles.makeFolders(output.bytes)
            } catch {
                throw ConversionError(
                    code: .outputUnwritable, message: "the output folder could not be created: \(error)",
                    file: output.description)
            }
        }
        var journal: ConversionJournal?
        if !job.dryRun, let path = job.resolvedJournalPath {
            journal = try ConversionJournal(path: path, resuming: job.resume)
        }
        if job.resume && !job.dryRun { removeTemporaries() }
        ProcessSignals.ignoreBrokenPipe()
        var plan = job.plan
        if let output = job.outputFolder, let identity = FileIdentity.of(output) {
            plan.excludedFolders.insert(identity)
        }
        if job.inPlace { plan.backupSuffix = Array(job.backupSuffix.utf8) }
        // Sizes and times come from the worker's read, unless they are needed before it (see `start`).
        plan.readsFileStatuses = job.inPlace || job.resume || job.dryRun

        let state = try JobState(job: job, journal: journal, events: events)
        events(.started(target: job.target.name, jobs: job.jobs))
        var configuredPreparer = ItemPreparer(
            registry: job.registry, routes: routes, verifies: job.verifies, streaming: job.streaming)
        configuredPreparer.outputFiles = job.outputFiles
        let preparer = configuredPreparer
        let workers = WorkerPool(job: job)
        // Failing fast stops starting items after a failure: there an item is handed over one at a time.
        let itemsPerBatch = job.failFast ? 1 : Self.itemsPerRoundTrip
        // With workers, one batch more per worker waits, checked, for the next worker free (see `WorkerPool`).
        var slots = job.jobs
        if case .childProcess = job.isolation, !job.failFast { slots *= 2 }
        await withTaskGroup(of: Void.self) { group in
            var inFlight = 0
            var batch: [PlannedItem] = []
            var batchesStarted = 0
            let iterator = plan.makeIterator()
            while !state.shouldStop {
                let item = iterator.next()
                if let item {
                    batch.append(item)
                    // Small batches first, so that a short job still spreads over every slot.
                    if batch.count < min(itemsPerBatch, 1 << min(batchesStarted, 8)) { continue }
                }
                if batch.isEmpty { break }
                if inFlight >= slots {
                    await group.next()
                    inFlight -= 1
                    if state.shouldStop { break }
                }
                let items = batch
                batch = []
                batchesStarted += 1
                group.addTask {
                    await process(items, routes: routes, preparer: preparer, workers: workers, state: state)
                }
                inFlight += 1
                if item == nil { break }
            }
            await group.waitForAll()
        }
        workers.finishAll()
        state.commitRemaining()
        let report = try state.finish()
        events(.finished(report.totals))
        return report
    }

    // MARK: One batch

    /// How many items a slot hands its worker at once: one thread hop each way and one check of the plan
    /// for all of them rather than for each, while the items stay few enough to keep every worker busy to
    /// the end (a batch of small items is a few milliseconds of a worker's time).
    static let itemsPerRoundTrip = 64

    /// An item past its checks, waiting for its worker's answer (its request travels beside it).
    private struct StartedItem {
        var item: PlannedItem
        var destination: ItemPath
        /// The input's status as taken before converting; nil when the walk handed the item on with its
        /// identity only, and the worker's read tells its time.
        var inputStatus: FileStatus?
        /// The input's device and inode, for the output-is-input refusal.
        var inputIdentity: FileIdentity
        /// The journal's form of the input's modification time; nil until the worker's answer tells it.
        var mtime: String?
        var backup: (temporary: ItemPath, path: ItemPath)?
        var scratch: ItemPath?
    }

    private func process(
        _ items: [PlannedItem], routes: ConversionChains, preparer: ItemPreparer, workers: WorkerPool, state: JobState
    ) async {
        var started: [StartedItem] = []
        var requests: [ConversionWorker.Request] = []
        started.reserveCapacity(items.count)
        requests.reserveCapacity(items.count)
        for item in items {
            if state.shouldStop { break }
            start(item, routes: routes, state: state, into: &started, requests: &requests)
        }
        guard !started.isEmpty else { return }
        let answers = await workers.prepare(requests, preparer: preparer, timeout: job.itemTimeout)
        for index in answers.indices {
            finish(started[index], requests[index], answers[index], state: state)
            if let scratch = started[index].scratch { try? ByteNamedFiles.removeTree(scratch.bytes) }
        }
    }

    /// Checks an item and readies its request (appended to `started` and `requests`); records it at
    /// once instead when it is already done (skipped, resumed, failed, or planned only).
    private func start(
        _ item: PlannedItem, routes: ConversionChains, state: JobState, into started: inout [StartedItem],
        requests: inout [ConversionWorker.Request]
    ) {
        if let reason = item.skipReason {
            let status: ConversionReport.Status = reason.kind?.isSkip == true ? .skipped : .failed
            state.record(ConversionReport.Item(input: item.input, status: status, error: reason))
            return
        }
        if job.inPlace && item.input.lastComponent.reversed().starts(with: Array(job.backupSuffix.utf8).reversed()) {
            // An earlier in-place run's backup is the original of another item, never an input of its own.
            state.record(
                ConversionReport.Item(
                    input: item.input, status: .skipped,
                    error: ConversionError(
                        code: .skippedBackup, message: "an in-place backup (\(job.backupSuffix)) is not converted",
                        file: item.input.description)))
            return
        }
        if job.dryRun {
            state.record(plannedItem(item, routes: routes))
            return
        }
        // A file's status as the walk found it a moment ago (one path lookup per item fewer); otherwise a stat now.
        // In place the backup is made from the input before the worker runs: a stat now keeps its checks first.
        // A walk that took no statuses (see `ConversionPlan.readsFileStatuses`) hands on the identity alone:
        // the worker's read then tells the time, and a vanished input fails there, as `finish` reports.
        let inputStatus: FileStatus?
        let inputIdentity: FileIdentity
        if !job.inPlace, let found = item.foundStatus {
            inputStatus = found
            inputIdentity = FileIdentity(found)
        } else if !job.inPlace && !job.resume, let identity = item.foundIdentity {
            inputStatus = nil
            inputIdentity = identity
        } else if let status = try? ByteNamedFiles.statusFollowingLinks(item.input.bytes) {
            inputStatus = status
            inputIdentity = FileIdentity(status)
        } else {
            state.record(Self.vanished(item))
            return
        }
        let mtime = inputStatus.map {
            ConversionJournal.mtime(seconds: $0.modificationSeconds, nanoseconds: $0.modificationNanoseconds)
        }
        let destination = job.inPlace ? item.input : outputPath(for: item, routes: routes)
        if job.resume, let inputStatus, let mtime,
            state.journal?.isFinished(input: item.input, size: item.kind == .file ? inputStatus.size : 0, mtime: mtime)
                == true
        {
            state.record(ConversionReport.Item(input: item.input, output: destination, status: .resumed))
            return
        }
        guard let destination else {
            state.record(
                ConversionReport.Item(
                    input: item.input, status: .failed,
                    error: ConversionError(
                        code: .unsupportedType, message: "no registered codec reads this item",
                        file: item.input.description)))
            return
        }
        // Whether the output would be this input itself is asked only when its path turns out to be taken
        // (see `JobState.place`) or the item fails: a path lookup per item fewer, for a case that needs
        // something already at the output path.
        let folder = destination.parent.bytes.isEmpty ? ItemPath(".") : destination.parent
        do {
            try state.makeFolders(folder.bytes)
        } catch {
            state.record(
                ConversionReport.Item(
                    input: item.input, output: destination, status: .failed,
                    error: ConversionError(error, file: destination.description)))
            return
        }
        var source = item.input
        var backup: (temporary: ItemPath, path: ItemPath)?
        var scratch: ItemPath?
        var sourceKind = item.kind
        if job.inPlace {
            switch prepareBackup(item, folder: folder) {
            case .failure(let error):
                state.record(
                    ConversionReport.Item(input: item.input, output: destination, status: .failed, error: error))
                return
            case .success(let result):
                backup = result.backup
                source = result.source
                scratch = result.scratch
                sourceKind = result.sourceKind ?? item.kind
            }
        }
        let temporary = folder.appending(state.nextTemporaryName())
        requests.append(ConversionWorker.Request(input: source, kind: sourceKind, temporary: temporary))
        started.append(
            StartedItem(
                item: item, destination: destination, inputStatus: inputStatus, inputIdentity: inputIdentity,
                mtime: mtime, backup: backup,
                scratch: scratch))
    }

    /// The report of an input that vanished before it was converted.
    private static func vanished(_ item: PlannedItem) -> ConversionReport.Item {
        ConversionReport.Item(
            input: item.input, status: .failed,
            error: ConversionError(
                code: .inputMissing, message: "the input vanished before it was converted", file: item.input.description
            ))
    }

    /// Records a failed item, or hands its verified output to the group commit.
    private func finish(
        _ ready: StartedItem, _ request: ConversionWorker.Request, _ prepared: PreparedItem, state: JobState
    ) {
        let item = ready.item
        let temporary = request.temporary
        let destination = ready.destination
        if prepared.error != nil {
            try? ByteNamedFiles.removeTree(temporary.bytes)
            if let backup = ready.backup { try? ByteNamedFiles.removeTree(backup.temporary.bytes) }
            if !job.inPlace, JobState.outputIsInput(destination, inputIdentity: ready.inputIdentity) {
                // The refusal a check before converting would have given, whatever the worker made of the item.
                state.record(JobState.outputIsInputItem(item.input, destination))
                return
            }
            if !job.inPlace && (item.foundStatus != nil || item.foundIdentity != nil)
                && (try? ByteNamedFiles.statusFollowingLinks(item.input.bytes)) == nil
            {
                // Gone since the walk saw it: the failure a stat just before converting would have reported.
                state.record(Self.vanished(item))
                return
            }
            state.record(report(item, prepared, output: destination, status: .failed), inputBytes: prepared.inputSize)
            return
        }
        // The time as the worker read it, when the walk took none: the time of the very bytes converted.
        let mtime =
            ready.mtime
            ?? ConversionJournal.mtime(
                seconds: prepared.inputModificationSeconds, nanoseconds: prepared.inputModificationNanoseconds)
        if job.inPlace && request.input != item.input {
            // The backup holds the original: this input was already swapped by a killed run if it reads as our output.
            if let current = JobState.digest(of: item.input, isFolder: prepared.outputIsFolder),
                current == prepared.outputHash
            {
                try? ByteNamedFiles.removeTree(temporary.bytes)
                state.commit(
                    PendingOutput(
                        item: item, prepared: prepared, temporary: nil, destination: destination, backup: nil,
                        mtime: mtime))
                return
            }
            try? ByteNamedFiles.removeTree(temporary.bytes)
            state.record(
                ConversionReport.Item(
                    input: item.input, status: .failed,
                    error: ConversionError(
                        code: .backupExists,
                        message: "a different file already has the backup's name \(item.input)\(job.backupSuffix)",
                        file: item.input.description)))
            return
        }
        if job.inPlace, let inputStatus = ready.inputStatus,
            inputStatus.owner != ((try? ByteNamedFiles.status(temporary.bytes))??.owner ?? inputStatus.owner)
                || inputStatus.group != ((try? ByteNamedFiles.status(temporary.bytes))??.group ?? inputStatus.group)
        {
            try? ByteNamedFiles.setOwner(temporary.bytes, owner: inputStatus.owner, group: inputStatus.group)
        }
        state.commit(
            PendingOutput(
                item: item, prepared: prepared, temporary: temporary, destination: destination, backup: ready.backup,
                mtime: mtime,
                inputIdentity: job.inPlace ? nil : ready.inputIdentity))
    }

    /// The output path of an item: the output folder, the item's relative path, the target's extension.
    func outputPath(for item: PlannedItem, routes: ConversionChains) -> ItemPath? {
        guard let output = job.outputFolder else { return nil }
        let relative = item.relativePath.replacingExtension(with: outputExtension)
        return output.appending(relative.bytes)
    }

    /// The filename extension of every output: the target type's.
    private static func outputExtension(of target: ConversionTarget) -> String {
        let codecs = target.codecs
        let sample = ConversionChain(
            sourceCodec: codecs[0], conversions: [], targetCodec: codecs[0],
            targetType: target.contentType ?? codecs[0].writableContentTypes.first ?? .data)
        return ConversionChains.filenameExtension(of: sample)
    }

    private func plannedItem(_ item: PlannedItem, routes: ConversionChains) -> ConversionReport.Item {
        var result = ConversionReport.Item(
            input: item.input, output: job.inPlace ? item.input : outputPath(for: item, routes: routes),
            status: .planned)
        let leadingBytes =
            item.kind == .file
            ? ((try? Self.leadingBytes(of: item.input, count: ContentTypeDetector.sniffedByteCount)) ?? []) : []
        let (contentType, codec) = ItemPreparer(registry: job.registry, routes: routes).detect(
            item.input, kind: item.kind, leadingBytes: leadingBytes)
        result.sourceType = contentType.identifier
        if let codec {
            do {
                result.route = try routes.route(from: codec.identifier, registry: job.registry).codecIdentifiers
            } catch {
                result.status = .failed
                result.error = ConversionError(error, file: item.input.description)
            }
        } else {
            result.status = .failed
            result.error = ConversionError(
                code: .unsupportedType, message: "no registered codec reads \(contentType.identifier)",
                file: item.input.description)
        }
        return result
    }

    private func report(
        _ item: PlannedItem, _ prepared: PreparedItem, output: ItemPath?, status: ConversionReport.Status
    ) -> ConversionReport.Item {
        ConversionReport.Item(
            input: item.input, output: output, status: status, sourceType: prepared.sourceType, route: prepared.route,
            warnings: prepared.warnings, error: prepared.error)
    }

    /// A fresh temporary name; the prefix marks it as the job's, for cleaning up after a kill.
    static func temporaryName() -> String {
        var generator = SystemRandomNumberGenerator()
        return ".docmigrate-tmp-" + String(generator.next() & 0xFFFF_FFFF_FFFF, radix: 36)
    }

    // MARK: In place

    private struct BackupPlan {
        /// What the worker converts: the input, or (resuming) the backup or a copy of it.
        var source: ItemPath
        /// The verified copy to rename to the backup's name, when none is there yet.
        var backup: (temporary: ItemPath, path: ItemPath)?
        /// A temporary folder to remove once the item is done.
        var scratch: ItemPath?
        /// The kind of `source` when it differs from the item's (a package's backup of an input now a file).
        var sourceKind: PlannedItem.Kind?
    }

    /// Writes and verifies a backup copy of the input (not yet renamed to its name), or finds the one a killed run
    /// left.
    private func prepareBackup(_ item: PlannedItem, folder: ItemPath) -> Result<BackupPlan, ConversionError> {
        guard item.kind == .file else { return preparePackageBackup(item, folder: folder) }
        let backupPath = ItemPath(bytes: item.input.bytes + Array(job.backupSuffix.utf8))
        do {
            if let existing = try ByteNamedFiles.status(backupPath.bytes), existing.kind != .regular {
                // A folder backup beside a file: a package converted to a file by a run killed before its journal line.
                guard job.resume, existing.kind == .directory else {
                    return .failure(
                        ConversionError(
                            code: .backupExists,
                            message: "a different item already has the backup's name \(backupPath)",
                            file: item.input.description))
                }
                return .success(try scratchCopy(of: backupPath, named: item.input.lastComponent, folder: folder))
            }
            if (try ByteNamedFiles.status(backupPath.bytes)) != nil {
                if try Self.streamedContentsEqual(backupPath, item.input) {
                    return .success(BackupPlan(source: item.input, backup: nil))
                }
                guard job.resume else {
                    return .failure(
                        ConversionError(
                            code: .backupExists,
                            message: "a different file already has the backup's name \(backupPath)",
                            file: item.input.description))
                }
                return .success(BackupPlan(source: backupPath, backup: nil))
            }
            let temporary = folder.appending(Array(Self.temporaryName().utf8))
            let status = try Self.streamedCopy(item.input, to: temporary)
            try ItemPreparer.copyMetadata(from: item.input, status: status, to: temporary)
            guard try Self.streamedContentsEqual(temporary, item.input) else {
                try? ByteNamedFiles.removeTree(temporary.bytes)
                return .failure(
                    ConversionError(
                        code: .backupMismatch, message: "the backup copy does not read back as the original",
                        file: item.input.description))
            }
            return .success(BackupPlan(source: item.input, backup: (temporary, backupPath)))
        } catch {
            return .failure(ConversionError(error, file: item.input.description))
        }
    }

    /// `prepareBackup` for a package: a copy of the whole folder, compared with the original by digest.
    ///
    /// Both the copy and the digests go a block at a time (see
    /// ``DocumentDigest/streamedCopy(of:to:members:blockSize:counting:)``):
    /// a package of any size costs the job's process one block. The copy hashes what it reads as it
    /// writes it; the copy is then read back and must give the same digest. Every member is copied and
    /// compared, the legacy icon `X.tiff` beside an `X` too, which a copy through a wrapper left out.
    ///
    /// When a killed run already swapped the package, the backup is converted again to recognise the
    /// output as the job's own. It is converted from a copy under the input's own name, because the
    /// worker detects a folder's type from its name and contents, and the backup's name ends in the suffix.
    private func preparePackageBackup(_ item: PlannedItem, folder: ItemPath) -> Result<BackupPlan, ConversionError> {
        let backupPath = ItemPath(bytes: item.input.bytes + Array(job.backupSuffix.utf8))
        do {
            guard item.input.fileURL != nil else {
                throw ConversionError(
                    code: .packageNameNotUTF8,
                    message: "a package whose path is not UTF-8 cannot be read as one document")
            }
            if (try ByteNamedFiles.status(backupPath.bytes)) != nil {
                let originalDigest = try DocumentDigest.streamed(of: item.input, members: .all)
                if (try? DocumentDigest.streamed(of: backupPath, members: .all)) == originalDigest {
                    return .success(BackupPlan(source: item.input, backup: nil))
                }
                guard job.resume else {
                    return .failure(
                        ConversionError(
                            code: .backupExists,
                            message: "a different item already has the backup's name \(backupPath)",
                            file: item.input.description))
                }
                return .success(try scratchCopy(of: backupPath, named: item.input.lastComponent, folder: folder))
            }
            let temporary = folder.appending(Array(Self.temporaryName().utf8))
            guard temporary.fileURL != nil else {
                throw ConversionError(
                    code: .packageNameNotUTF8,
                    message: "a package whose path is not UTF-8 cannot be read as one document")
            }
            let copiedDigest = try DocumentDigest.streamedCopy(of: item.input, to: temporary)
            guard let status = try ByteNamedFiles.status(item.input.bytes) else {
                try? ByteNamedFiles.removeTree(temporary.bytes)
                throw ConversionError(code: .inputMissing, message: "the package vanished before it was backed up")
            }
            try ItemPreparer.copyMetadata(from: item.input, status: status, to: temporary)
            guard (try? DocumentDigest.streamed(of: temporary, members: .all)) == copiedDigest else {
                try? ByteNamedFiles.removeTree(temporary.bytes)
                return .failure(
                    ConversionError(
                        code: .backupMismatch, message: "the backup copy does not read back as the original",
                        file: item.input.description))
            }
            return .success(BackupPlan(source: item.input, backup: (temporary, backupPath)))
        } catch {
            return .failure(ConversionError(error, file: item.input.description))
        }
    }

    /// A copy of a package's backup under the input's own name, in a temporary folder, to convert again.
    private func scratchCopy(of backupPath: ItemPath, named name: [UInt8], folder: ItemPath) throws -> BackupPlan {
        let scratch = folder.appending(Array(Self.temporaryName().utf8))
        try ByteNamedFiles.makeFolders(scratch.bytes, permissions: 0o700)
        let copy = scratch.appending(name)
        guard backupPath.fileURL != nil, copy.fileURL != nil else {
            try? ByteNamedFiles.removeTree(scratch.bytes)
            throw ConversionError(
                code: .packageNameNotUTF8, message: "a package whose path is not UTF-8 cannot be read as one document")
        }
        do {
            _ = try DocumentDigest.streamedCopy(of: backupPath, to: copy)
        } catch {
            try? ByteNamedFiles.removeTree(scratch.bytes)
            throw error
        }
        return BackupPlan(source: copy, backup: nil, scratch: scratch, sourceKind: .package)
    }

    // MARK: Cleaning up after a kill

    /// Removes the `.docmigrate-tmp-*` items a killed run left in the output folder (or, in place, the input folders).
    private func removeTemporaries() {
        var folders: [ItemPath] = []
        if let output = job.outputFolder {
            folders = [output]
        } else if case .paths(let paths) = job.plan.source {
            folders = paths
        }
        while let folder = folders.popLast() {
            guard let names = try? ByteNamedFiles.names(inFolder: folder.bytes) else { continue }
            for name in names {
                let path = folder.appending(name)
                if name.starts(with: Array(".docmigrate-tmp-".utf8)) {
                    try? ByteNamedFiles.removeTree(path.bytes)
                } else if (try? ByteNamedFiles.status(path.bytes))??.kind == .directory {
                    folders.append(path)
                }
            }
        }
    }
}
