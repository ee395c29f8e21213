import DocumentPlatform
import Testing

extension ProgressManager.Properties {
    /// A custom property for the tests: pages converted, with a sum as summary.
    var convertedPageCount: ConvertedPageCount.Type { ConvertedPageCount.self }

    enum ConvertedPageCount: ProgressManager.Property {
        typealias Value = Double
        typealias Summary = Double
        static var key: String { "org.docmigrate.tests.ConvertedPageCount" }
        static var defaultValue: Double { 0 }
        static var defaultSummary: Double { 0 }
        static func reduce(into summary: inout Double, value: Double) { summary += value }
        static func merge(_ summary1: Double, _ summary2: Double) -> Double { summary1 + summary2 }
        // Unlike the predeclared counts, a released child's pages are dropped, which shows that
        // the property's own rule, not a built-in one, decides.
        static func finalSummary(_ parentSummary: Double, _ selfSummary: Double) -> Double { parentSummary }
    }
}

/// Additional properties through `@dynamicMemberLookup`, and their summaries over a tree.
@Suite struct ProgressManagerPropertiesTests {
    private func copyFiles(_ subprogress: consuming Subprogress, fileCount: Int) {
        let manager = subprogress.start(totalCount: fileCount)
        manager.totalFileCount = fileCount
        for _ in 0..<fileCount {
            manager.completedFileCount += 1
            manager.complete(count: 1)
        }
    }

    @Test func unsetPropertiesReadTheirDefaults() {
        let manager = ProgressManager(totalCount: 1)
        #expect(manager.totalFileCount == 0)
        #expect(manager.totalByteCount == 0)
        #expect(manager.throughput == 0)
        #expect(manager.estimatedTimeRemaining == .zero)
        #expect(manager.convertedPageCount == 0)
    }

    @Test func valuesAreSetPerManagerAndSummedOverRunningChildren() {
        let overall = ProgressManager(totalCount: 2)
        let first = overall.subprogress(assigningCount: 1).start(totalCount: 10)
        let second = overall.subprogress(assigningCount: 1).start(totalCount: 10)
        first.totalFileCount = 11
        second.totalFileCount = 9
        overall.totalFileCount += 1

        #expect(first.totalFileCount == 11)
        #expect(overall.totalFileCount == 1, "a manager's own value never includes its children")
        #expect(overall.summary(of: \.totalFileCount) == 21)
        #expect(first.summary(of: \.totalFileCount) == 11)
    }

    @Test func releasedChildKeepsItsCountsInTheSummary() {
        let overall = ProgressManager(totalCount: 2)
        copyFiles(overall.subprogress(assigningCount: 1), fileCount: 3)
        copyFiles(overall.subprogress(assigningCount: 1), fileCount: 4)
        #expect(overall.isFinished)
        #expect(overall.summary(of: \.totalFileCount) == 7)
        #expect(overall.summary(of: \.completedFileCount) == 7)
    }

    @Test func releasedGrandchildCountsReachTheRoot() {
        let root = ProgressManager(totalCount: 1)
        do {
            let child = root.subprogress(assigningCount: 1).start(totalCount: 1)
            child.totalByteCount = 100
            do {
                let grandchild = child.subprogress(assigningCount: 1).start(totalCount: 1)
                grandchild.totalByteCount = 20
                grandchild.complete(count: 1)
            }
            #expect(root.summary(of: \.totalByteCount) == 120)
        }
        #expect(root.summary(of: \.totalByteCount) == 120)
    }

    @Test func throughputSummaryListsEveryManagersValue() {
        let manager = ProgressManager(totalCount: 2)
        manager.throughput = 1000
        let child = manager.subprogress(assigningCount: 1).start(totalCount: 1)
        child.throughput += 2000
        #expect(manager.summary(of: \.throughput) == [1000, 2000])
    }

    @Test func estimatedTimeRemainingIsTheLongestOfRunningManagersOnly() {
        let manager = ProgressManager(totalCount: 2)
        manager.estimatedTimeRemaining = .seconds(200)
        var child: ProgressManager? = manager.subprogress(assigningCount: 1).start(totalCount: 2)
        child?.estimatedTimeRemaining = .seconds(80_000)
        #expect(manager.summary(of: \.estimatedTimeRemaining) == .seconds(80_000))

        child = nil
        #expect(
            manager.summary(of: \.estimatedTimeRemaining) == .seconds(200), "a released child has no time remaining")
    }

    @Test func customPropertyFollowsItsOwnSummaryRules() {
        let manager = ProgressManager(totalCount: 2)
        manager.convertedPageCount = 1.5
        var child: ProgressManager? = manager.subprogress(assigningCount: 1).start(totalCount: 1)
        child?.convertedPageCount = 2.5
        #expect(manager.summary(of: \.convertedPageCount) == 4)

        child = nil
        #expect(manager.summary(of: \.convertedPageCount) == 1.5)
    }
}

/// The read-only view and the multi-parent composition it enables.
@Suite struct ProgressReporterTests {
    @Test func reporterMirrorsItsManager() {
        let manager = ProgressManager(totalCount: 4)
        manager.complete(count: 1)
        manager.totalFileCount = 3
        let reporter = manager.reporter
        #expect(reporter.totalCount == 4)
        #expect(reporter.completedCount == 1)
        #expect(reporter.fractionCompleted == 0.25)
        #expect(!reporter.isFinished)
        #expect(!reporter.isIndeterminate)
        #expect(reporter.totalFileCount == 3)
        #expect(reporter.summary(of: \.totalFileCount) == 3)
    }

    @Test func reportersCompareByIdentityAndEachAccessMakesANewOne() {
        let manager = ProgressManager(totalCount: 1)
        let reporter = manager.reporter
        #expect(reporter == reporter)
        #expect(manager.reporter != manager.reporter)
    }

    @Test func assignedManagerCountsInEveryParent() {
        let download = ProgressManager(totalCount: 10)
        let window = ProgressManager(totalCount: 2)
        let batch = ProgressManager(totalCount: 4)
        window.assign(count: 1, to: download.reporter)
        batch.assign(count: 4, to: download.reporter)

        download.complete(count: 5)
        #expect(window.fractionCompleted == 0.25)
        #expect(batch.fractionCompleted == 0.5)

        download.complete(count: 5)
        #expect(window.completedCount == 1)
        #expect(batch.completedCount == 4)
        #expect(batch.isFinished)
    }

    @Test func assigningAnAncestorTraps() async {
        await #expect(processExitsWith: .failure) {
            let root = ProgressManager(totalCount: 1)
            let child = root.subprogress(assigningCount: 1).start(totalCount: 1)
            child.assign(count: 1, to: root.reporter)
        }
    }

    @Test func assigningItselfTraps() async {
        await #expect(processExitsWith: .failure) {
            let manager = ProgressManager(totalCount: 1)
            manager.assign(count: 1, to: manager.reporter)
        }
    }
}
