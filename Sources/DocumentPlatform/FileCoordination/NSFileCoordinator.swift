// swift-corelibs-foundation has no NSFileCoordinator; Darwin's Foundation has the real one,
// and a second definition there would make every user's code ambiguous. So this portable
// version compiles only where the system lacks the type.
#if !canImport(Darwin)
import Foundation

/// Coordinates the reading and writing of files and directories among threads and processes.
///
/// This is docmigrate's portable version of Foundation's class, with Apple's Swift
/// signatures and exclusion rules:
/// - Readers of an item share it; a writer waits for readers and writers of the item, and
///   makes later ones wait. Access to an item inside a file package counts as access to the
///   outermost package (see `FilePackage` for what a package is on Linux).
/// - A plain directory and the items inside it do not wait for each other, except that a
///   writer using `.forDeleting`, `.forMoving` or `.forReplacing` on a directory waits for
///   readers and writers of everything inside and makes later ones wait.
/// - A coordinator never blocks itself, and coordinators with the same `purposeIdentifier`
///   never block each other **within one process**. Across processes, coordinators with the
///   same purpose do exclude each other like different purposes: an OS lock cannot tell
///   which purpose holds it, and doing so would need a lock server.
/// - The two-URL methods take all their locks in one canonical order (byte-wise by
///   canonical path), so two calls naming the same items in opposite orders never deadlock.
/// - A coordinated read may be nested inside a write accessor of the same coordinator; a
///   nested write inside a write accessor fails with an `NSFileLockingError` whose stable code
///   is `coordination.nested-write` (any write accessor of the coordinator that is running,
///   on any thread, counts).
///
/// How it works: each process holds OFD locks on sidecar lock files in a per-user folder
/// (`CoordinationLockFolder`, configurable through `DOCMIGRATE_COORDINATION_DIRECTORY`;
/// processes coordinate only if they agree on it), keyed by the canonical path of the item,
/// never by its inode, because a safe save renames a new item over the old one. A
/// process-wide reader/writer table decides among the threads of one process. Coordination
/// is advisory, as on Apple systems: code that does not coordinate is not stopped. A call
/// that waits for another process polls the lock (every 0.2 ms, growing to 2 ms), so across
/// processes there is no fairness: a process that re-locks in a tight loop can make another
/// wait long.
///
/// Not supported: **file presenters** (`NSFilePresenter`) are out of scope. No presenter is
/// registered or messaged, `init(filePresenter:)` accepts only `nil`, the class methods
/// `addFilePresenter(_:)`, `removeFilePresenter(_:)` and `filePresenters` are not provided (so
/// code that relies on presenters fails to compile instead of silently), and the options that
/// exist to message presenters (`.withoutChanges`, `.forMerging`, the accommodate-deletion
/// side of `.forDeleting`) change nothing but the locking described above. Moves are not
/// followed: the accessor receives the URL it was given (or its resolved form with
/// `.resolvesSymbolicLink`). The batch method `prepare(forReadingItemsAt:…)` is not provided.
///
/// Every coordinate method blocks the calling thread while it waits, as Apple's do; the
/// asynchronous `coordinate(with:queue:byAccessor:)` takes an uncontended claim at once and
/// blocks a thread of its own only for a claim that has to wait.
/// Use one coordinator per operation and per thread, as Apple advises.
open class NSFileCoordinator: NSObject {
    /// Options for coordinated reading, with Apple's raw values.
    public struct ReadingOptions: OptionSet, Sendable, Hashable {
        /// The bits, as in Apple's `NSFileCoordinatorReadingOptions`.
        public let rawValue: UInt
        /// Makes options from Apple's raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Do not ask presenters to save first; presenters are not supported here, so it changes nothing.
        public static let withoutChanges = ReadingOptions(rawValue: 1 << 0)
        /// Resolve the item if it is a symbolic link; the accessor receives the resolved URL.
        public static let resolvesSymbolicLink = ReadingOptions(rawValue: 1 << 1)
        /// Read only metadata that is immediately available; locks as a plain read here.
        public static let immediatelyAvailableMetadataOnly = ReadingOptions(rawValue: 1 << 2)
        /// Read a snapshot for uploading, made while coordinated and removed after the accessor returns.
        ///
        /// The claim is released before the accessor runs, as on Apple systems. Apple zips a
        /// directory; Foundation on Linux has no zip writer, so docmigrate copies the
        /// directory as a directory, and the accessor receives that copy. In the read-and-write
        /// method the claim is kept until the accessor returns, because the write still needs it.
        public static let forUploading = ReadingOptions(rawValue: 1 << 3)
    }

    /// Options for coordinated writing, with Apple's raw values; use one at a time, none means a content update.
    public struct WritingOptions: OptionSet, Sendable, Hashable {
        /// The bits, as in Apple's `NSFileCoordinatorWritingOptions`.
        public let rawValue: UInt
        /// Makes options from Apple's raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The write deletes the item; on a directory it also excludes everything inside.
        public static let forDeleting = WritingOptions(rawValue: 1 << 0)
        /// The write moves the item; on a directory it also excludes everything inside.
        public static let forMoving = WritingOptions(rawValue: 1 << 1)
        /// The write merges changes; presenters are not supported here, so it locks as a plain write.
        public static let forMerging = WritingOptions(rawValue: 1 << 2)
        /// The write replaces the item (Save As, Save To); on a directory it also excludes everything inside.
        public static let forReplacing = WritingOptions(rawValue: 1 << 3)
        /// The write changes only metadata that does not depend on content; locks as a plain write here.
        public static let contentIndependentMetadataOnly = WritingOptions(rawValue: 1 << 4)

        /// The options whose writers on a directory wait for, and block, access inside it.
        static let excludingContents: WritingOptions = [.forDeleting, .forMoving, .forReplacing]
    }

    let core = CoordinatorCore()

    /// Makes a coordinator; only `nil` is accepted, because file presenters are not supported.
    ///
    /// Passing a presenter is a precondition failure rather than a silently ignored
    /// argument: code that relies on presenter messages would otherwise misbehave quietly.
    public init(filePresenter filePresenterOrNil: (any NSFilePresenter)?) {
        precondition(
            filePresenterOrNil == nil,
            "NSFileCoordinator: file presenters are not supported by docmigrate's portable implementation; pass nil")
        super.init()
    }

    /// Makes a coordinator without a file presenter.
    public override convenience init() {
        self.init(filePresenter: nil)
    }

    /// The purpose this coordinator acts for; coordinators with the same purpose never block each other.
    ///
    /// It defaults to a unique value. It can be set only once and must not be empty;
    /// violating either is a precondition failure, as Apple's implementation raises.
    /// Sharing is honoured within a process only (see the type's documentation).
    open var purposeIdentifier: String {
        get { core.purposeIdentifier }
        set { core.setPurposeIdentifier(newValue) }
    }

    /// Cancels this coordinator: a waiting call fails with `NSUserCancelledError`, later calls fail at once.
    ///
    /// An accessor that is already running is allowed to finish. Can be called from any
    /// thread; it returns at once. A waiting call notices within a few milliseconds.
    open func cancel() {
        core.cancel()
    }

    /// Records that the item at `oldURL` is about to move to `newURL`; presenters are not supported, so nothing is
    /// sent.
    open func item(at oldURL: URL, willMoveTo newURL: URL) {
        core.recordMove(from: oldURL, to: newURL, completed: false)
    }

    /// Records that the item at `oldURL` moved to `newURL`; call it inside the write accessor that moved it.
    ///
    /// On Apple systems this messages presenters; here it only records the move (see
    /// `recordedMoves`), because presenters are not supported and locks are keyed by path.
    open func item(at oldURL: URL, didMoveTo newURL: URL) {
        core.recordMove(from: oldURL, to: newURL, completed: true)
    }

    /// The moves announced through `item(at:willMoveTo:)` and `item(at:didMoveTo:)`, in order.
    var recordedMoves: [CoordinatorCore.Move] { core.moves }

    /// Reads the item at `url` while readers share it and writers wait; blocks until the accessor returns.
    ///
    /// A missing item is not an error of coordination: the accessor runs and finds nothing,
    /// as on Apple systems. On failure (cancellation, an unusable lock folder) the accessor
    /// does not run and `outError` receives the error.
    open func coordinate(
        readingItemAt url: URL, options: NSFileCoordinator.ReadingOptions = [], error outError: NSErrorPointer,
        byAccessor reader: (URL) -> Void
    ) {
        report(outError) {
            try core.perform([.reading(url, options)]) { urls in reader(urls[0]) }
        }
    }

    /// Writes the item at `url` while every other reader and writer waits; blocks until the accessor returns.
    open func coordinate(
        writingItemAt url: URL, options: NSFileCoordinator.WritingOptions = [], error outError: NSErrorPointer,
        byAccessor writer: (URL) -> Void
    ) {
        report(outError) {
            try core.perform([.writing(url, options)]) { urls in writer(urls[0]) }
        }
    }

    /// Reads one item and writes another under one claim, locked in canonical order.
    open func coordinate(
        readingItemAt readingURL: URL, options readingOptions: NSFileCoordinator.ReadingOptions = [],
        writingItemAt writingURL: URL, options writingOptions: NSFileCoordinator.WritingOptions = [],
        error outError: NSErrorPointer, byAccessor readerWriter: (URL, URL) -> Void
    ) {
        report(outError) {
            try core.perform([.reading(readingURL, readingOptions), .writing(writingURL, writingOptions)]) { urls in
                readerWriter(urls[0], urls[1])
            }
        }
    }

    /// Writes two items under one claim, locked in canonical order; to move, use `.forMoving` then `.forReplacing`.
    open func coordinate(
        writingItemAt url1: URL, options options1: NSFileCoordinator.WritingOptions = [],
        writingItemAt url2: URL, options options2: NSFileCoordinator.WritingOptions = [],
        error outError: NSErrorPointer, byAccessor writer: (URL, URL) -> Void
    ) {
        report(outError) {
            try core.perform([.writing(url1, options1), .writing(url2, options2)]) { urls in
                writer(urls[0], urls[1])
            }
        }
    }

    /// Claims every intent, then runs `accessor` on `queue` while holding them; returns at once.
    ///
    /// Combine all intents of one operation into one call, as Apple advises: separate
    /// concurrent calls can deadlock. The claim is held until `accessor` returns; inside the
    /// accessor use each intent's `url`. On failure (cancellation, an unusable lock folder) the
    /// accessor runs on `queue` with the error and without the claim.
    ///
    /// A claim that nothing stands in the way of is taken on the calling thread and the accessor
    /// is queued at once, so calls made one after another from one thread reach the queue in that
    /// order. Only a claim that has to wait starts a thread of its own, which blocks until the
    /// claim is held (or the coordinator is cancelled), queues the accessor and ends. A thread per
    /// waiting claim rather than a shared bounded pool: a pool could fill with claims that wait for
    /// a holder whose own claim needs a pool thread to be granted, and none would ever run.
    open func coordinate(
        with intents: [NSFileAccessIntent], queue: OperationQueue,
        byAccessor accessor: @escaping @Sendable ((any Error)?) -> Void
    ) {
        let core = self.core
        let queueBox = OperationQueueBox(queue: queue)
        let prepared: CoordinatorCore.PreparedClaim
        do throws(FileCoordinationError) {
            prepared = try core.prepare(intents.map(\.access))
            if try core.acquireWithoutWaiting(prepared) {
                queueBox.runHolding(prepared, core: core, accessor: accessor)
                return
            }
        } catch {
            queueBox.queue.addOperation { accessor(error as NSError) }
            return
        }
        core.noteWaitingThreadStarted()
        Thread.detachNewThread {
            do throws(FileCoordinationError) {
                try core.acquire(prepared)
            } catch {
                queueBox.queue.addOperation { accessor(error as NSError) }
                return
            }
            queueBox.runHolding(prepared, core: core, accessor: accessor)
        }
    }

    private func report(_ outError: NSErrorPointer, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            outError?.pointee = error as NSError
        }
    }
}

/// Carries an operation queue to the waiting thread.
///
/// `@unchecked Sendable` is safe: OperationQueue's `addOperation` is documented as callable
/// from any thread, and that is the only use made of it.
private struct OperationQueueBox: @unchecked Sendable {
    let queue: OperationQueue

    /// Queues `accessor` to run under the held claim, which is released when it returns.
    ///
    /// When an upload snapshot cannot be made the claim is released and the accessor gets the error instead.
    func runHolding(
        _ prepared: CoordinatorCore.PreparedClaim, core: CoordinatorCore,
        accessor: @escaping @Sendable ((any Error)?) -> Void
    ) {
        queue.addOperation {
            do throws(FileCoordinationError) {
                try core.run(prepared) { _ in accessor(nil) }
            } catch {
                accessor(error as NSError)
            }
        }
    }
}
#endif
