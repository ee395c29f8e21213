import Dispatch
import Synchronization

/// A coordinated read or write claim on one item, held while asynchronous work runs.
///
/// `NSFileCoordinator` holds its claim only while its accessor block runs, and that block is
/// synchronous, while a document's reader and writer are `async`. So a dedicated thread takes the
/// claim and waits inside the accessor until `release()`; the reader or writer meanwhile runs on
/// the concurrency pool with the URL the coordinator handed out. A new coordinator is made per
/// claim, as `URLDocumentConfiguration.makeFileCoordinator()` asks.
///
/// With the portable coordinator (Linux), a claim nothing stands in the way of is taken at once and
/// held without that thread; only a claim that has to wait (or fails) goes through the thread, so
/// waiting and errors behave as with Apple's coordinator.
final class CoordinatedClaim: Sendable {
    /// The URL the coordinator handed to the accessor (it may differ from the one asked for).
    let url: URL
    private let end: @Sendable () -> Void
    private let isReleased = Atomic<Bool>(false)

    private init(url: URL, end: @escaping @Sendable () -> Void) {
        self.url = url
        self.end = end
    }

    /// Waits for a coordinated read claim on `url`.
    static func reading(_ url: URL, options: NSFileCoordinator.ReadingOptions = []) async throws -> CoordinatedClaim {
        #if !canImport(Darwin)
        if let held = NSFileCoordinator(filePresenter: nil).claimWithoutWaiting(readingItemAt: url, options: options) {
            return CoordinatedClaim(url: held.url, end: held.release)
        }
        #endif
        return try await claim { coordinator, error, accessor in
            coordinator.coordinate(readingItemAt: url, options: options, error: error, byAccessor: accessor)
        }
    }

    /// Waits for a coordinated write claim on `url`.
    static func writing(_ url: URL, options: NSFileCoordinator.WritingOptions = []) async throws -> CoordinatedClaim {
        #if !canImport(Darwin)
        if let held = NSFileCoordinator(filePresenter: nil).claimWithoutWaiting(writingItemAt: url, options: options) {
            return CoordinatedClaim(url: held.url, end: held.release)
        }
        #endif
        return try await claim { coordinator, error, accessor in
            coordinator.coordinate(writingItemAt: url, options: options, error: error, byAccessor: accessor)
        }
    }

    /// Ends the claim; later calls do nothing.
    func release() {
        if !isReleased.exchange(true, ordering: .acquiringAndReleasing) {
            end()
        }
    }

    deinit { release() }

    private typealias Coordinate =
        @Sendable (
            NSFileCoordinator, NSErrorPointer, (URL) -> Void
        ) -> Void

    private static func claim(_ coordinate: @escaping Coordinate) async throws -> CoordinatedClaim {
        let releaseSignal = DispatchSemaphore(value: 0)
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                let coordinator = NSFileCoordinator(filePresenter: nil)
                var coordinationError: NSError?
                var didRun = false
                coordinate(coordinator, &coordinationError) { claimedURL in
                    didRun = true
                    continuation.resume(returning: CoordinatedClaim(url: claimedURL, end: { releaseSignal.signal() }))
                    releaseSignal.wait()
                }
                if !didRun {
                    continuation.resume(
                        throwing: coordinationError ?? NSError(domain: NSCocoaErrorDomain, code: NSFileReadUnknownError)
                    )
                }
            }
            thread.name = "docmigrate.DocumentHost.coordination"
            thread.start()
        }
    }
}
