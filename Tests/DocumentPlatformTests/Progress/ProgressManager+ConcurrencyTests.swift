import DocumentPlatform
import Testing

/// Many tasks completing and reading at once must lose no unit of work.
@Suite struct ProgressManagerConcurrencyTests {
    @Test func concurrentCompletionsFromManyTasksSumExactly() async {
        let manager = ProgressManager(totalCount: 10_000)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    for _ in 0..<200 { manager.complete(count: 1) }
                }
            }
            group.addTask {
                for _ in 0..<200 {
                    let fraction = manager.fractionCompleted
                    #expect(fraction >= 0 && fraction <= 1)
                }
            }
        }
        #expect(manager.completedCount == 10_000)
        #expect(manager.isFinished)
    }

    @Test func concurrentChildrenStartedAndReleasedInTasksFinishTheParent() async {
        let parent = ProgressManager(totalCount: 200)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<20 {
                group.addTask {
                    for step in 0..<10 {
                        let child = parent.subprogress(assigningCount: 1).start(totalCount: 4)
                        // Half the children finish, half are released unfinished: both count.
                        child.complete(count: (task + step).isMultiple(of: 2) ? 4 : 1)
                    }
                }
            }
            group.addTask {
                for _ in 0..<100 {
                    _ = parent.fractionCompleted
                    _ = parent.completedCount
                }
            }
        }
        #expect(parent.completedCount == 200)
        #expect(parent.fractionCompleted == 1)
    }

    @Test func concurrentGrandchildrenAndChildrenCompletions() async {
        let parent = ProgressManager(totalCount: 60)
        let children = (0..<3).map { _ in parent.subprogress(assigningCount: 20).start(totalCount: 10) }
        let grandchildren = children.map { $0.subprogress(assigningCount: 5).start(totalCount: 4) }
        await withTaskGroup(of: Void.self) { group in
            for grandchild in grandchildren {
                group.addTask { for _ in 0..<4 { grandchild.complete(count: 1) } }
            }
            for child in children {
                group.addTask { for _ in 0..<5 { child.complete(count: 1) } }
            }
            group.addTask { for _ in 0..<100 { _ = parent.fractionCompleted } }
        }
        #expect(grandchildren.allSatisfy { $0.isFinished })
        #expect(children.allSatisfy { $0.isFinished })
        #expect(parent.completedCount == 60)
        #expect(parent.isFinished)
    }
}
