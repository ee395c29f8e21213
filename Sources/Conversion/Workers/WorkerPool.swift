import DocumentPlatform
import Foundation
import Synchronization
import SystemSeam

/// The child workers of a job, reused from batch to batch and handed straight from one batch to the next; a worker that
/// died or timed out is replaced.
///
/// A job hands a worker several items at once (see `ConversionRunner.itemsPerRoundTrip`): one write of
/// their requests and one hop to the thread that reads the answers, instead of one of each per item.
/// The worker still answers item by item, so each item keeps its own time limit and its own error.
///
/// At most `job.jobs` workers run, however many batches are in flight: a batch that finds every worker
/// busy waits for one. The job keeps more batches in flight than workers, so that the next batch is
/// checked and waiting while a worker finishes the one before: the worker goes to it the moment its last
/// answer is read, instead of idling while the job records the batch it finished and readies the next.
final class WorkerPool: Sendable {
    private let job: ConversionJob
    private let state: Mutex<State>

    private struct State {
        var idle: [WorkerProcess] = []
        /// How many more workers may be started.
        var spare: Int
        /// Batches waiting for a worker: each gets an idle worker, or nil to start one.
        var waiting: [CheckedContinuation<WorkerProcess?, Never>] = []
        /// How many workers were started (or tried), for tests of the limit.
        var started = 0
    }

    /// How many workers this pool started (or tried to start) so far.
    var startedCount: Int { state.withLock { $0.started } }

    init(job: ConversionJob) {
        self.job = job
        state = Mutex(State(spare: max(1, job.jobs)))
    }

    /// Prepares `requests` in order (in a worker, or in process when the job isolates nothing); one answer per request,
    /// in their order.
    ///
    /// When a worker dies or exceeds the time limit, only the item it was preparing fails; the items after
    /// it go to a fresh worker.
    func prepare(
        _ requests: [ConversionWorker.Request], preparer: ItemPreparer, timeout: Duration?
    ) async -> [PreparedItem] {
        guard case .childProcess(let command) = job.isolation else {
            return requests.map { preparer.prepare(input: $0.input, kind: $0.kind, temporary: $0.temporary) }
        }
        var answers: [PreparedItem] = []
        answers.reserveCapacity(requests.count)
        // Once a worker died holding answers back, the rest of the batch is answered item by item, so
        // that the item that ends a worker is the one that fails, and only it.
        var answeredAtOnce = false
        while answers.count < requests.count {
            let remaining = requests[answers.count...]
            var worker = await acquire()
            if worker == nil {
                do {
                    worker = try WorkerProcess(command: command, target: job.target.name, verifies: job.verifies)
                } catch {
                    release(nil)
                    for request in remaining {
                        var failed = PreparedItem()
                        failed.error = ConversionError(
                            code: .workerUnavailable, message: "the worker process could not be started: \(error)",
                            file: request.input.description)
                        answers.append(failed)
                    }
                    break
                }
            }
            guard let worker else { break }
            let (received, lostAnswers) = await worker.prepareAnswers(
                remaining, timeout: timeout, answeredAtOnce: answeredAtOnce)
            if answers.isEmpty {
                answers = received
            } else {
                answers += received
            }
            if lostAnswers { answeredAtOnce = true }
            if worker.isRunning {
                release(worker)
            } else {
                release(nil)
                if answers.count < requests.count {
                    // The stopped worker never started these, or finished them unanswered: clear the way, for them to
                    // be tried again.
                    for request in requests[answers.count...] {
                        try? ByteNamedFiles.removeTree(request.temporary.bytes)
                    }
                }
            }
        }
        return answers
    }

    /// An idle worker, or nil when the caller may start one; waits while `job.jobs` workers are busy.
    private func acquire() async -> WorkerProcess? {
        await withCheckedContinuation { continuation in
            let ready: WorkerProcess?? = state.withLock { state in
                if let worker = state.idle.popLast() { return .some(worker) }
                if state.spare > 0 {
                    state.spare -= 1
                    state.started += 1
                    return .some(nil)
                }
                state.waiting.append(continuation)
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Gives back a worker that can take more items, or (nil) the place of one that stopped or never started.
    private func release(_ worker: WorkerProcess?) {
        let waiter: CheckedContinuation<WorkerProcess?, Never>? = state.withLock { state in
            if !state.waiting.isEmpty {
                if worker == nil { state.started += 1 }
                return state.waiting.removeFirst()
            }
            if let worker {
                state.idle.append(worker)
            } else {
                state.spare += 1
            }
            return nil
        }
        waiter?.resume(returning: worker)
    }

    /// Ends every idle worker.
    func finishAll() {
        let workers = state.withLock { state in
            defer { state.idle = [] }
            return state.idle
        }
        // All are told first, then waited for: they end together rather than one after another.
        for worker in workers { worker.closeInput() }
        for worker in workers { worker.waitUntilFinished() }
    }
}
