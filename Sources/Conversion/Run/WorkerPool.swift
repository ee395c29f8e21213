import DocumentPlatform
import Foundation
import Synchronization

/// The child workers of a job, reused from batch to batch; a worker that died or timed out is replaced.
///
/// A job hands a worker several items at once (see `ConversionRunner.itemsPerRoundTrip`): one write of
/// their requests and one hop to the thread that reads the answers, instead of one of each per item.
/// The worker still answers item by item, so each item keeps its own time limit and its own error.
final class WorkerPool: Sendable {
    private let job: ConversionJob
    private let idle = Mutex<[WorkerProcess]>([])

    init(job: ConversionJob) {
        self.job = job
    }

    /// Prepares `requests` in order (in a worker, or in process when the job isolates nothing); one answer per request, in their order.
    ///
    /// When a worker dies or exceeds the time limit, only the item it was preparing fails; the items after
    /// it go to a fresh worker.
    func prepare(_ requests: [ConversionWorker.Request], preparer: ItemPreparer, timeout: Duration?) async -> [PreparedItem] {
        guard case .childProcess(let command) = job.isolation else {
            return requests.map { preparer.prepare(input: $0.input, kind: $0.kind, temporary: $0.temporary) }
        }
        var answers: [PreparedItem] = []
        answers.reserveCapacity(requests.count)
        while answers.count < requests.count {
            let remaining = Array(requests[answers.count...])
            var worker = idle.withLock { $0.popLast() }
            if worker == nil {
                do {
                    worker = try WorkerProcess(command: command, target: job.target.name, verifies: job.verifies)
                } catch {
                    for request in remaining {
                        var failed = PreparedItem()
                        failed.error = ConversionError(
                            code: "convert.worker-unavailable", message: "the worker process could not be started: \(error)", file: request.input.description)
                        answers.append(failed)
                    }
                    break
                }
            }
            guard let worker else { break }
            answers += await worker.prepare(remaining, timeout: timeout)
            if worker.isRunning {
                idle.withLock { $0.append(worker) }
            } else if answers.count < requests.count {
                // The stopped worker never started these; clear the way in case it got as far as a name.
                for request in requests[answers.count...] { try? ByteNamedFiles.removeTree(request.temporary.bytes) }
            }
        }
        return answers
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
