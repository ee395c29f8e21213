import Foundation
import Testing

@testable import SystemSeam

@Suite struct AvailableProcessorsTests {
    @Test(arguments: [("0-3", 4), ("0-1,4,6-7", 5), ("2", 1), ("", nil), ("3-1", nil)] as [(String, Int?)])
    func countsKernelCPULists(_ list: String, _ expected: Int?) {
        #expect(AvailableProcessors.cpuListCount(list) == expected)
    }

    @Test(
        arguments: [
            ("max 100000", nil), ("150000 100000\n", 2), ("100000 100000", 1), ("50000 100000", 1), ("junk", nil),
        ] as [(String, Int?)])
    func roundsCgroupQuotasUp(_ cpuMax: String, _ expected: Int?) {
        #expect(AvailableProcessors.quotaProcessors(cpuMax: cpuMax) == expected)
    }

    @Test func theCountIsAtMostTheOnlineCores() {
        #expect((1...ProcessInfo.processInfo.activeProcessorCount).contains(AvailableProcessors.count))
    }
}
