import DocumentPlatform
import Observation
import Synchronization
import Testing

/// `withObservationTracking` must see every change that alters what was read.
@Suite struct ProgressManagerObservationTests {
    /// Counts onChange calls from any thread.
    private final class ChangeCounter: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func record() { count.withLock { $0 += 1 } }
    }

    private func track(_ read: () -> Void) -> ChangeCounter {
        let counter = ChangeCounter()
        withObservationTracking(read) { counter.record() }
        return counter
    }

    @Test func completeFiresForCompletedCountAndFraction() {
        let manager = ProgressManager(totalCount: 4)
        let completedChanges = track { _ = manager.completedCount }
        let fractionChanges = track { _ = manager.fractionCompleted }
        let totalChanges = track { _ = manager.totalCount }
        manager.complete(count: 1)
        #expect(completedChanges.value == 1)
        #expect(fractionChanges.value == 1)
        #expect(totalChanges.value == 0, "complete does not change the total")
    }

    @Test func setCountsFiresForTotalAndIndeterminacy() {
        let manager = ProgressManager(totalCount: nil)
        let indeterminateChanges = track { _ = manager.isIndeterminate }
        manager.setCounts { _, total in total = 3 }
        #expect(indeterminateChanges.value == 1)
    }

    @Test func childCompletionInvalidatesParentFraction() {
        let parent = ProgressManager(totalCount: 2)
        let child = parent.subprogress(assigningCount: 1).start(totalCount: 4)
        let parentFractionChanges = track { _ = parent.fractionCompleted }
        child.complete(count: 1)
        #expect(parentFractionChanges.value == 1)
        #expect(parent.fractionCompleted == 0.125)
    }

    @Test func grandchildCompletionInvalidatesRootIsFinished() {
        let root = ProgressManager(totalCount: 1)
        let child = root.subprogress(assigningCount: 1).start(totalCount: 1)
        let grandchild = child.subprogress(assigningCount: 1).start(totalCount: 1)
        let rootFinishedChanges = track { _ = root.isFinished }
        grandchild.complete(count: 1)
        #expect(rootFinishedChanges.value == 1)
        #expect(root.isFinished)
    }

    @Test func releasingAnUnfinishedChildInvalidatesParentCompletedCount() {
        let parent = ProgressManager(totalCount: 2)
        var child: ProgressManager? = parent.subprogress(assigningCount: 2).start(totalCount: 3)
        child?.complete(count: 1)
        let completedChanges = track { _ = parent.completedCount }
        child = nil
        #expect(completedChanges.value == 1)
        #expect(parent.completedCount == 2)
    }

    @Test func childPropertyChangeInvalidatesParentSummary() {
        let parent = ProgressManager(totalCount: 1)
        let child = parent.subprogress(assigningCount: 1).start(totalCount: 1)
        let summaryChanges = track { _ = parent.summary(of: \.totalFileCount) }
        child.totalFileCount = 7
        #expect(summaryChanges.value == 1)
        #expect(parent.summary(of: \.totalFileCount) == 7)
    }

    @Test func observationsSequenceDeliversTheFinalFraction() async {
        let manager = ProgressManager(totalCount: 2)
        let fractions = Observations { manager.fractionCompleted }
        let reader = Task {
            var seen: [Double] = []
            for await fraction in fractions {
                seen.append(fraction)
                if fraction >= 1 { break }
            }
            return seen
        }
        manager.complete(count: 1)
        manager.complete(count: 1)
        let seen = await reader.value
        #expect(seen.last == 1)
        #expect(seen.allSatisfy { [0, 0.5, 1].contains($0) })
    }
}
