import DocumentPlatform
import Testing

/// The counting rules of SF-0023, each checked on values a wrong implementation would get wrong.
@Suite struct ProgressManagerTests {
    @Test func isFinishedNeedsPositiveTotalAndPositiveCompletedReachingIt() {
        let exact = ProgressManager(totalCount: 3)
        exact.complete(count: 2)
        #expect(!exact.isFinished)
        exact.complete(count: 1)
        #expect(exact.isFinished)

        let overshoot = ProgressManager(totalCount: 3)
        overshoot.complete(count: 5)
        #expect(overshoot.isFinished)

        let emptyTotal = ProgressManager(totalCount: 0)
        #expect(!emptyTotal.isFinished, "completed 0 >= total 0, but both must be positive")
        emptyTotal.complete(count: 1)
        #expect(!emptyTotal.isFinished, "a total of 0 never finishes")

        let indeterminate = ProgressManager(totalCount: nil)
        indeterminate.complete(count: 5)
        #expect(!indeterminate.isFinished)
    }

    @Test func fractionIsNotClampedWhenMoreThanTheTotalCompletes() {
        let overall = ProgressManager(totalCount: 10)
        overall.complete(count: 5)
        let child = overall.subprogress(assigningCount: 8).start(totalCount: 1)
        child.complete(count: 1)

        #expect(overall.completedCount == 13)
        #expect(overall.totalCount == 10)
        #expect(overall.fractionCompleted == 1.3)
        #expect(overall.isFinished)
    }

    @Test func fractionOfTotalZeroIsNaN() {
        let manager = ProgressManager(totalCount: 0)
        #expect(manager.fractionCompleted.isNaN)
        #expect(!manager.isIndeterminate)
    }

    @Test func indeterminateFractionIsZeroButCompleteStillCounts() {
        let manager = ProgressManager(totalCount: nil)
        manager.complete(count: 10)
        #expect(manager.isIndeterminate)
        #expect(manager.totalCount == nil)
        #expect(manager.completedCount == 10)
        #expect(manager.fractionCompleted == 0)

        manager.setCounts { _, total in total = 20 }
        #expect(!manager.isIndeterminate)
        #expect(manager.fractionCompleted == 0.5)
    }

    @Test func parentCountsOnlyFinishedChildrenWhilePartialProgressShowsInTheFraction() {
        let parent = ProgressManager(totalCount: 10)
        let child = parent.subprogress(assigningCount: 4).start(totalCount: 2)
        child.complete(count: 1)

        #expect(parent.completedCount == 0, "a running child adds nothing to completedCount")
        #expect(parent.fractionCompleted == 0.2, "half of the child's 4 units is 2 of 10")

        child.complete(count: 1)
        #expect(parent.completedCount == 4)
        #expect(parent.fractionCompleted == 0.4)
    }

    @Test func finishedChildCountsOnceEvenWhenItFinishesAgain() {
        let parent = ProgressManager(totalCount: 10)
        let child = parent.subprogress(assigningCount: 3).start(totalCount: 1)
        child.complete(count: 1)
        #expect(parent.completedCount == 3)

        child.setCounts { _, total in total = 2 }
        #expect(!child.isFinished)
        child.complete(count: 1)
        #expect(child.isFinished)
        #expect(parent.completedCount == 3)
    }

    @Test func grandchildProgressReachesTheRoot() {
        let root = ProgressManager(totalCount: 100)
        let child = root.subprogress(assigningCount: 100).start(totalCount: 100)
        let grandchild = child.subprogress(assigningCount: 100).start(totalCount: 100)

        grandchild.complete(count: 50)
        #expect(child.fractionCompleted == 0.5)
        #expect(root.fractionCompleted == 0.5)
        #expect(root.completedCount == 0)

        grandchild.complete(count: 50)
        #expect(grandchild.isFinished)
        #expect(child.isFinished)
        #expect(root.isFinished)
        #expect(root.completedCount == 100)
    }

    @Test func setCountsChangesTotalAndCompletedTogether() {
        let manager = ProgressManager(totalCount: 10)
        manager.complete(count: 5)
        manager.setCounts { completed, total in
            #expect(completed == 5)
            #expect(total == 10)
            completed = 1
            total = nil
        }
        #expect(manager.isIndeterminate)
        #expect(manager.completedCount == 1)
        #expect(!manager.isFinished)

        manager.setCounts { _, total in total = 4 }
        manager.complete(count: 3)
        #expect(manager.fractionCompleted == 1)
        #expect(manager.isFinished)
    }

    @Test func indeterminateParentCountsFinishedChildAndShowsItOnceDeterminate() {
        let parent = ProgressManager(totalCount: nil)
        let child = parent.subprogress(assigningCount: 2).start(totalCount: 1)
        child.complete(count: 1)
        #expect(parent.completedCount == 2)
        #expect(parent.fractionCompleted == 0)

        parent.setCounts { _, total in total = 5 }
        #expect(parent.fractionCompleted == 0.4)
    }

    @Test func childMadeIndeterminateWeighsNothingUntilItHasATotalAgain() {
        let parent = ProgressManager(totalCount: 1)
        let child = parent.subprogress(assigningCount: 1).start(totalCount: 4)
        child.complete(count: 2)
        #expect(parent.fractionCompleted == 0.5)

        child.setCounts { _, total in total = nil }
        #expect(parent.fractionCompleted == 0)

        child.setCounts { _, total in total = 5 }
        child.complete(count: 2)
        #expect(parent.fractionCompleted == 0.8)
    }

    @Test func managersCompareByIdentity() {
        let first = ProgressManager(totalCount: 1)
        let second = ProgressManager(totalCount: 1)
        #expect(first == first)
        #expect(first != second)
        #expect(Set([first, first, second]).count == 2)
    }

    @Test func givingOutZeroUnitsTraps() async {
        await #expect(processExitsWith: .failure) {
            let manager = ProgressManager(totalCount: 1)
            _ = manager.subprogress(assigningCount: 0)
        }
    }
}
