#if !canImport(Darwin)
import Foundation
import Synchronization

/// A coordinated claim on one item held until `release()`, taken without a thread of its own.
///
/// Apple's coordinator holds a claim only while a synchronous accessor runs, so a caller that reads or
/// writes asynchronously must park a thread inside the accessor. The portable coordinator can hold a
/// claim without that thread when nothing stands in its way; `DocumentHost` uses this (through
/// `NSFileCoordinator.claimWithoutWaiting`) and falls back to the parked thread when the claim would have
/// to wait, so a claim that waits behaves exactly as a parked one. Package-internal: not an Apple API.
package final class HeldCoordinationClaim: Sendable {
    /// The URL the accessor would have received (the resolved path for `.resolvesSymbolicLink`).
    package let url: URL
    private let core: CoordinatorCore
    private let prepared: CoordinatorCore.PreparedClaim
    private let isReleased = Atomic<Bool>(false)

    fileprivate init(url: URL, core: CoordinatorCore, prepared: CoordinatorCore.PreparedClaim) {
        self.url = url
        self.core = core
        self.prepared = prepared
    }

    /// Ends the claim; later calls do nothing.
    package func release() {
        guard !isReleased.exchange(true, ordering: .acquiringAndReleasing) else { return }
        core.endHeldClaim(prepared)
    }

    deinit { release() }
}

extension NSFileCoordinator {
    /// Takes a coordinated read claim on `url` at once and holds it until released; nil when the claim would
    /// have to wait, or when the call would fail or needs what only an accessor gives (`.forUploading`).
    ///
    /// On nil nothing is held, and the caller makes the ordinary call, which waits or reports the error.
    package func claimWithoutWaiting(readingItemAt url: URL, options: ReadingOptions) -> HeldCoordinationClaim? {
        guard !options.contains(.forUploading) else { return nil }
        return core.holdWithoutWaiting(.reading(url, options))
    }

    /// Takes a coordinated write claim on `url` at once and holds it until released; nil when it would have
    /// to wait or the call would fail (then nothing is held).
    package func claimWithoutWaiting(writingItemAt url: URL, options: WritingOptions) -> HeldCoordinationClaim? {
        core.holdWithoutWaiting(.writing(url, options))
    }
}

extension CoordinatorCore {
    /// Prepares and takes a one-item claim if nothing has to wait; nil otherwise, holding nothing.
    fileprivate func holdWithoutWaiting(_ access: CoordinatedAccess) -> HeldCoordinationClaim? {
        do throws(FileCoordinationError) {
            let prepared = try prepare([access])
            guard try acquireWithoutWaiting(prepared) else { return nil }
            beginHeldClaim(prepared)
            return HeldCoordinationClaim(url: prepared.accessorURLs[0], core: self, prepared: prepared)
        } catch {
            // The ordinary call reports the same error the way callers already handle.
            return nil
        }
    }
}
#endif
