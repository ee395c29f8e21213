import DocumentPlatform
import Testing

/// What happens to a share of a parent's total when its callee never starts it or stops early.
@Suite struct SubprogressTests {
    private struct Cancelled: Error {}

    private func failBeforeStarting(_ subprogress: consuming Subprogress) throws {
        throw Cancelled()
    }

    private func leaveUnfinished(_ subprogress: consuming Subprogress) {
        let manager = subprogress.start(totalCount: 3)
        manager.complete(count: 2)
    }

    @Test func droppedSubprogressCompletesItsAssignedCount() {
        let parent = ProgressManager(totalCount: 4)
        _ = parent.subprogress(assigningCount: 3)
        #expect(parent.completedCount == 3)
        #expect(parent.fractionCompleted == 0.75)
    }

    @Test func subprogressOfAFunctionThatThrowsBeforeStartingCompletesItsCount() {
        let parent = ProgressManager(totalCount: 2)
        #expect(throws: Cancelled.self) {
            try failBeforeStarting(parent.subprogress(assigningCount: 2))
        }
        #expect(parent.completedCount == 2)
        #expect(parent.isFinished)
    }

    @Test func startedSubprogressDoesNotCompleteItsCountByItself() {
        let parent = ProgressManager(totalCount: 2)
        let child = parent.subprogress(assigningCount: 2).start(totalCount: 10)
        #expect(parent.completedCount == 0)
        #expect(parent.fractionCompleted == 0)
        child.complete(count: 5)
        #expect(parent.fractionCompleted == 0.5)
    }

    @Test func releasedUnfinishedChildCountsAsFinished() {
        let parent = ProgressManager(totalCount: 2)
        parent.complete(count: 1)
        leaveUnfinished(parent.subprogress(assigningCount: 1))
        #expect(parent.completedCount == 2)
        #expect(parent.fractionCompleted == 1)
        #expect(parent.isFinished)
    }

    @Test func releasedUnfinishedGrandchildFinishesItsParentAndTheRoot() {
        let root = ProgressManager(totalCount: 1)
        let child = root.subprogress(assigningCount: 1).start(totalCount: 1)
        leaveUnfinished(child.subprogress(assigningCount: 1))
        #expect(child.isFinished)
        #expect(root.fractionCompleted == 1)
        #expect(root.completedCount == 1)
    }

    @Test func releasedChildThatHadFinishedCountsOnce() {
        let parent = ProgressManager(totalCount: 4)
        var child: ProgressManager? = parent.subprogress(assigningCount: 2).start(totalCount: 1)
        child?.complete(count: 1)
        #expect(parent.completedCount == 2)
        child = nil
        #expect(parent.completedCount == 2)
        #expect(parent.fractionCompleted == 0.5)
    }

    @Test func childIsKeptAliveOnlyByItsOwner() {
        let parent = ProgressManager(totalCount: 100)
        weak var weakChild: ProgressManager?
        do {
            let child = parent.subprogress(assigningCount: 50).start(totalCount: 10)
            weakChild = child
            child.complete(count: 5)
            #expect(parent.fractionCompleted == 0.25)
        }
        #expect(weakChild == nil, "the parent must hold its children weakly")
        #expect(parent.fractionCompleted == 0.5)
    }
}
