import DocumentCodecs
import DocumentPlatform
import Foundation
import Synchronization
import SystemSeam

/// The child worker process of a job: it prepares items one at a time so that a trap or a hang in a
/// decoder ends that process (and fails that item), never the job.
///
/// The parent starts the worker command (the `docmigrate` binary itself, which serves as a worker
/// instead of running a verb when `DOCMIGRATE_CONVERT_WORKER` is set, or any executable that calls
/// ``serve(preparer:)``)
/// and sends one request frame per item on its standard input, several in one write; the worker answers
/// each with one `PreparedItem` frame on its standard output (see `ConversionWorker+Messages.swift`),
/// several in one write while it has more requests at hand, or each as soon as it is done when a time
/// limit runs, so that the parent times each item from the answer before it. The
/// target and `--no-verify` travel in the environment (`DOCMIGRATE_CONVERT_TO`, `DOCMIGRATE_CONVERT_VERIFY`).
public enum ConversionWorker {
    /// The environment variable that turns a `docmigrate convert` process into a worker.
    package static let environmentKey = "DOCMIGRATE_CONVERT_WORKER"
    /// The environment variable that carries `--to`.
    package static let targetKey = "DOCMIGRATE_CONVERT_TO"
    /// The environment variable that carries whether outputs are verified (`1` or `0`).
    package static let verifyKey = "DOCMIGRATE_CONVERT_VERIFY"

    /// One request: prepare `input` into `temporary`.
    public struct Request: Codable, Sendable {
        /// The input to read (a file, or a folder read as one document).
        public var input: ItemPath
        /// Whether the input is a file or a package.
        public var kind: PlannedItem.Kind
        /// Where to write the verified output.
        public var temporary: ItemPath
        /// Whether the worker answers this item the moment it is done (and answers every earlier one
        /// before starting it), so that the job can time the item from the answer before; otherwise the
        /// worker may hold its answer back a little to send several in one write.
        public var answersAtOnce = false
    }

    /// Whether this process was started as a worker.
    public static func isWorker(environment: [String: String]) -> Bool {
        environment[environmentKey] == "1"
    }

    /// The preparer a worker process uses: the target and verification from its environment.
    public static func preparer(registry: CodecRegistry, environment: [String: String]) throws -> ItemPreparer {
        let target = try ConversionTarget(environment[targetKey] ?? "", registry: registry)
        return ItemPreparer(
            registry: registry, routes: ConversionChains(to: target, registry: registry),
            verifies: environment[verifyKey] != "0")
    }

    /// The most answers a worker holds back to send in one write.
    static let answersPerWrite = 8

    /// Serves requests from standard input until it ends; returns the exit status (0).
    ///
    /// Answers are held back while the next request is already at hand, and sent together (at most
    /// `answersPerWrite` at a time) before the worker would wait for more requests: one write and one
    /// wake-up of the job for several items. A request that must be answered at once is answered alone.
    /// Answers held back when the worker dies are lost; the job then tries those items again, each
    /// answered at once, to tell which one ended the worker (see `WorkerPool`).
    public static func serve(preparer: ItemPreparer) -> Int32 {
        let input = FileHandle.standardInput.fileDescriptor
        let output = FileHandle.standardOutput
        var frames = FrameReader()
        var heldBack: [UInt8] = []
        var heldBackCount = 0
        func send() {
            guard heldBackCount > 0 else { return }
            try? output.write(contentsOf: heldBack)
            heldBack.removeAll(keepingCapacity: true)
            heldBackCount = 0
        }
        let read: (UnsafeMutableRawBufferPointer) -> Int = { buffer in
            // Nothing more at hand: the job gets what is done before the worker waits.
            send()
            return PipeReading.readSome(from: input, into: buffer)
        }
        while let request = frames.nextFrame(readingInto: read, { frame in Result { try Request(frame: frame) } }) {
            var answer = PreparedItem()
            var answersAtOnce = true
            switch request {
            case .success(let request):
                answersAtOnce = request.answersAtOnce
                if answersAtOnce { send() }
                answer = preparer.prepare(input: request.input, kind: request.kind, temporary: request.temporary)
            case .failure(let error):
                answer.error = ConversionError(error, file: nil)
            }
            answer.appendFrame(to: &heldBack)
            heldBackCount += 1
            if answersAtOnce || heldBackCount >= answersPerWrite { send() }
        }
        send()
        return 0
    }
}

/// How a job runs the risky part of each item.
public enum ItemIsolation: Sendable {
    /// In this process: fastest, but a trap ends the job and a hang is not interrupted.
    case inProcess
    /// In child worker processes started with this command, one per concurrent item slot.
    case childProcess(WorkerCommand)

    /// Where items are prepared, as a word names it (`convert --isolation process|none`).
    public enum Mode: String, Sendable, CaseIterable {
        /// In child worker processes.
        case process
        /// In this process (`none`: no isolation).
        case inProcess = "none"
    }
}

/// The command that starts a worker: an executable, its arguments, and extra environment.
public struct WorkerCommand: Sendable {
    /// The program to start.
    public var executable: URL
    /// Its arguments.
    public var arguments: [String]
    /// Variables added to this process's environment for it.
    public var environment: [String: String]

    /// A worker command.
    public init(executable: URL, arguments: [String] = [], environment: [String: String] = [:]) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }
}

/// One running worker process, owned by one task of the job's group at a time.
final class WorkerProcess: @unchecked Sendable {
    // Unchecked: the stored process, pipes and frame reader are used by one task at a time
    // (the slot that owns the worker, through its serial queue); only `timedOut` is touched from the timer's thread,
    // and it sits behind a Mutex.
    private let process: Process
    private let input: FileHandle
    private let output: FileHandle
    private var frames = FrameReader()
    /// The content types and routes this worker's answers named, each made a `String` once.
    private var names = AnswerNames()
    /// The bytes of the requests written next, kept from write to write.
    private var writeBuffer: [UInt8] = []
    /// Signalled once the worker has ended and its termination status is known.
    private let exited = DispatchSemaphore(value: 0)
    /// The thread that waits for this worker's answers, reused from item to item.
    private let queue = DispatchQueue(label: "docmigrate.conversion.worker")
    private let timedOut = Mutex(false)
    /// A serial queue of its own, so time limits fire even when every pool thread is busy.
    private static let timerQueue = DispatchQueue(label: "docmigrate.conversion.item-timeout")

    init(command: WorkerCommand, target: String, verifies: Bool) throws {
        process = Process()
        process.executableURL = command.executable
        process.arguments = command.arguments
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in command.environment { environment[key] = value }
        environment[ConversionWorker.environmentKey] = "1"
        environment[ConversionWorker.targetKey] = target
        environment[ConversionWorker.verifyKey] = verifies ? "1" : "0"
        // A worker that traps is expected now and then: it should end at once, not spend seconds symbolicating a
        // backtrace.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        // Waiting on this rather than `waitUntilExit`, which off the thread that started the process
        // spins its run loop (a core busy for as long as the worker takes to end).
        process.terminationHandler = { [exited] _ in exited.signal() }
        // One child at a time, its pipes close-on-exec: no worker may inherit another's pipes (see
        // ChildProcessDescriptors).
        let (inputPipe, outputPipe) = try ChildProcessDescriptors.startingAlone { [process] in
            let inputPipe = Pipe()
            let outputPipe = Pipe()
            for handle in [
                inputPipe.fileHandleForReading, inputPipe.fileHandleForWriting, outputPipe.fileHandleForReading,
                outputPipe.fileHandleForWriting,
            ] {
                ChildProcessDescriptors.closeOnExec(handle.fileDescriptor)
            }
            process.standardInput = inputPipe
            process.standardOutput = outputPipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            return (inputPipe, outputPipe)
        }
        input = inputPipe.fileHandleForWriting
        output = outputPipe.fileHandleForReading
    }

    /// Whether the worker can take another item.
    var isRunning: Bool { process.isRunning && !timedOut.withLock { $0 } }

    /// The most request bytes the worker has not answered yet: one page, the least a pipe holds, so a write never
    /// waits.
    ///
    /// A write that waited for the worker to read could wait forever: the worker may be blocked writing
    /// answers to earlier requests, which the parent reads only after writing. Requests not yet answered
    /// include every request the worker has not read, so keeping those under one page keeps every write
    /// from waiting. A single request longer than this is written alone, when the worker has nothing else
    /// to do but read it.
    static let requestBytesPerWrite = 4096

    /// Prepares items in the worker in order; one answer per request, fewer when the worker stopped.
    ///
    /// With fewer answers, this worker is no longer running and the items after the last answer were not
    /// tried; the last answer is usually the item whose worker died or exceeded `timeout` (it fails). At
    /// least one answer comes back, so a caller that sends the rest to a fresh worker always makes progress.
    func prepare(_ requests: [ConversionWorker.Request], timeout: Duration?) async -> [PreparedItem] {
        await prepareAnswers(requests[...], timeout: timeout).answers
    }

    /// What `prepare` does, and whether the worker stopped with answers held back (then the answers stop
    /// short of the item that ended it, and no item is blamed).
    ///
    /// Items are answered at once when a time limit runs (it is timed from the answer before) and when
    /// `answeredAtOnce` asks for it; otherwise the worker may send several answers together, and a worker
    /// that dies loses the ones it held: the answers end with the last one received, none failed.
    func prepareAnswers(
        _ requests: [ConversionWorker.Request], timeout: Duration?, answeredAtOnce: Bool = false
    ) async -> (answers: [PreparedItem], lostAnswers: Bool) {
        await prepareAnswers(requests[...], timeout: timeout, answeredAtOnce: answeredAtOnce)
    }

    /// `prepareAnswers` for the requests of a slice (the rest of a batch), without copying them.
    func prepareAnswers(
        _ requests: ArraySlice<ConversionWorker.Request>, timeout: Duration?, answeredAtOnce: Bool = false
    ) async -> (answers: [PreparedItem], lostAnswers: Bool) {
        // The reads block until the worker answers or dies: on this worker's own serial queue (which
        // Dispatch runs on an overcommitting thread), never on the cooperative pool or a width-limited
        // global queue, which the time limit's timer needs.
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(
                    returning: self.prepareBlocking(
                        requests, timeout: timeout, answeredAtOnce: answeredAtOnce || timeout != nil))
            }
        }
    }

    /// Writes requests as a sliding window: more are written while the first are being answered, half a
    /// page at a time, so the worker always has the next request waiting and never idles mid-batch.
    ///
    /// Each request's frame is written straight into the buffer that goes to the pipe, when it is sent.
    private func prepareBlocking(
        _ requests: ArraySlice<ConversionWorker.Request>, timeout: Duration?, answeredAtOnce: Bool
    ) -> (answers: [PreparedItem], lostAnswers: Bool) {
        var answers: [PreparedItem] = []
        answers.reserveCapacity(requests.count)
        func stoppedAt(_ index: Int) -> (answers: [PreparedItem], lostAnswers: Bool) {
            guard answeredAtOnce else {
                waitForExit()
                return (answers, true)
            }
            answers.append(stopped(requests[index]))
            return (answers, false)
        }
        var written = requests.startIndex
        var unansweredBytes = 0
        var bytes = writeBuffer
        writeBuffer = []
        defer { writeBuffer = bytes }
        bytes.reserveCapacity(Self.requestBytesPerWrite)
        for index in requests.indices {
            if written < requests.endIndex && (written == index || unansweredBytes <= Self.requestBytesPerWrite / 2) {
                bytes.removeAll(keepingCapacity: true)
                while written < requests.endIndex
                    && (written == index && bytes.isEmpty
                        || unansweredBytes + bytes.count + requests[written].frameSize <= Self.requestBytesPerWrite)
                {
                    requests[written].appendFrame(to: &bytes, answersAtOnce: answeredAtOnce)
                    written += 1
                }
                if !bytes.isEmpty {
                    do {
                        try input.write(contentsOf: bytes)
                    } catch {
                        return stoppedAt(index)
                    }
                    unansweredBytes += bytes.count
                }
            }
            guard let answer = answer(to: requests[index], timeout: timeout) else { return stoppedAt(index) }
            answers.append(answer)
            unansweredBytes -= requests[index].frameSize
            // The limit ran out just as the answer came: the worker is being stopped, so the next item starts afresh.
            if timedOut.withLock({ $0 }) { return (answers, false) }
        }
        return (answers, false)
    }

    /// The worker's answer to one request already written, or nil when the worker died or exceeded `timeout` first.
    private func answer(to request: ConversionWorker.Request, timeout: Duration?) -> PreparedItem? {
        // The worker works on this item from the moment it answered the one before: the limit runs from then.
        var timer: DispatchWorkItem?
        if let timeout {
            let item = DispatchWorkItem { [self] in
                timedOut.withLock { $0 = true }
                ProcessSignals.kill(process.processIdentifier)
            }
            timer = item
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            Self.timerQueue.asyncAfter(deadline: .now() + seconds, execute: item)
        }
        defer { timer?.cancel() }
        let descriptor = output.fileDescriptor
        return frames.nextFrame(readingInto: { PipeReading.readSome(from: descriptor, into: $0) }) { frame in
            do {
                return try PreparedItem(frame: frame, names: &names)
            } catch {
                var failed = PreparedItem()
                failed.error = ConversionError(error, file: request.input.description)
                return failed
            }
        }
    }

    private func stopped(_ request: ConversionWorker.Request) -> PreparedItem {
        var failed = PreparedItem()
        waitForExit()
        try? ByteNamedFiles.removeTree(request.temporary.bytes)
        if timedOut.withLock({ $0 }) {
            failed.error = ConversionError(
                code: .itemTimeout,
                message: "the item took longer than the time limit (--item-timeout); its worker was stopped",
                file: request.input.description)
        } else {
            let how =
                process.terminationReason == .uncaughtSignal
                ? "signal \(process.terminationStatus)" : "status \(process.terminationStatus)"
            failed.error = ConversionError(
                code: .workerCrashed, message: "the worker process ended (\(how)) while converting this item",
                file: request.input.description)
        }
        return failed
    }

    /// Waits until the worker has ended (without spinning) and its termination status is known.
    private func waitForExit() {
        exited.wait()
        // Left signalled for any later wait.
        exited.signal()
    }

    /// Ends the worker: closing its input ends its loop.
    func finish() {
        closeInput()
        waitUntilFinished()
    }

    /// Closes the worker's input, which ends its loop once it has answered what it read.
    func closeInput() {
        try? input.close()
    }

    /// Waits for a worker whose input is closed to end; a worker stopped for its time limit is not waited for.
    func waitUntilFinished() {
        if timedOut.withLock({ $0 }) { return }
        waitForExit()
    }
}
