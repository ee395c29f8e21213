import Foundation
import TestSupport
import Testing

@testable import DocumentPlatform

/// Claims taken without an accessor (what `DocumentHost` holds while it reads or writes asynchronously):
/// they exclude other coordinators exactly as an accessor's claim does, and are refused when they would wait.
@Suite struct HeldCoordinationClaimTests {
    @Test func aHeldWriteClaimExcludesOtherCoordinatorsUntilReleased() throws {
        let folder = try TemporaryDirectory("held-claim")
        let file = folder.appending("item.txt")
        try Data("x".utf8).write(to: file)
        let held = try #require(NSFileCoordinator().claimWithoutWaiting(writingItemAt: file, options: []))
        #expect(held.url == file)
        let reader = NSFileCoordinatorTests.enters(within: 0.3) { entered in
            NSFileCoordinator().coordinate(readingItemAt: file, error: nil) { _ in entered.raise() }
        }
        #expect(!reader.entered, "a reader got in while a held write claim stood")
        held.release()
        held.release()
        #expect(finishes(reader.done, within: 5))
    }

    @Test func aClaimThatWouldWaitIsRefusedAndHoldsNothing() throws {
        let folder = try TemporaryDirectory("held-claim")
        let file = folder.appending("busy.txt")
        try Data("x".utf8).write(to: file)
        let writer = NSFileCoordinatorTests.hold(writing: file)
        #expect(writer.entered.wait())
        #expect(NSFileCoordinator().claimWithoutWaiting(readingItemAt: file, options: []) == nil)
        #expect(NSFileCoordinator().claimWithoutWaiting(writingItemAt: file, options: []) == nil)
        writer.release.raise()
        #expect(finishes(writer.done, within: 5))
        // Nothing was left held by the refused attempts: a writer gets in at once.
        let next = try #require(NSFileCoordinator().claimWithoutWaiting(writingItemAt: file, options: []))
        next.release()
    }

    @Test func heldReadClaimsOverlapAndDroppingOneReleasesIt() throws {
        let folder = try TemporaryDirectory("held-claim")
        let file = folder.appending("shared.txt")
        try Data("x".utf8).write(to: file)
        var first: HeldCoordinationClaim? = NSFileCoordinator().claimWithoutWaiting(readingItemAt: file, options: [])
        #expect(first != nil)
        let second = try #require(NSFileCoordinator().claimWithoutWaiting(readingItemAt: file, options: []))
        #expect(NSFileCoordinator().claimWithoutWaiting(writingItemAt: file, options: []) == nil)
        second.release()
        #expect(
            NSFileCoordinator().claimWithoutWaiting(writingItemAt: file, options: []) == nil,
            "the first reader still holds it")
        first = nil
        let writer = try #require(NSFileCoordinator().claimWithoutWaiting(writingItemAt: file, options: []))
        writer.release()
    }

    @Test func uploadingAndCancelledCallsTakeTheOrdinaryPath() throws {
        let folder = try TemporaryDirectory("held-claim")
        let file = folder.appending("upload.txt")
        try Data("x".utf8).write(to: file)
        #expect(NSFileCoordinator().claimWithoutWaiting(readingItemAt: file, options: [.forUploading]) == nil)
        let cancelled = NSFileCoordinator()
        cancelled.cancel()
        #expect(cancelled.claimWithoutWaiting(writingItemAt: file, options: []) == nil)
    }
}
