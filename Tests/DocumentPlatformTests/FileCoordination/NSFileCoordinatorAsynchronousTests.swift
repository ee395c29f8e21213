import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import DocumentPlatform

/// `coordinate(with:queue:byAccessor:)`: claims granted at once without a thread, waiting claims on threads of their
/// own.
@Suite struct NSFileCoordinatorAsynchronousTests {
    /// What one asynchronous accessor saw.
    struct Call: Sendable {
        var error: NSError?
        var onTheQueue: Bool
    }

    /// Runs `coordinate(with:queue:)` and collects what the accessor saw; `entered` is raised as it starts.
    final class Recorder: Sendable {
        let entered = Flag()
        let release = Flag()
        private let calls = Mutex<[Call]>([])

        var recorded: [Call] { calls.withLock { $0 } }

        func start(
            _ coordinator: NSFileCoordinator, _ intents: [NSFileAccessIntent], queue: OperationQueue,
            holdUntilReleased: Bool = false
        ) {
            let queueIdentity = ObjectIdentifier(queue)
            coordinator.coordinate(with: intents, queue: queue) { error in
                let onTheQueue = OperationQueue.current.map(ObjectIdentifier.init) == queueIdentity
                self.calls.withLock { $0.append(Call(error: error.map { $0 as NSError }, onTheQueue: onTheQueue)) }
                self.entered.raise()
                if holdUntilReleased { _ = self.release.wait(seconds: 10) }
            }
        }
    }

    @Test func anUncontendedClaimIsHeldWhenTheCallReturnsAndRunsOnTheQueueWithoutAThread() throws {
        let folder = try TemporaryDirectory("coordination-async")
        let file = folder.appending("free.txt")
        let queue = OperationQueue()
        // With the queue suspended the accessor cannot have run: the claim was taken on the calling thread.
        queue.isSuspended = true
        let coordinator = NSFileCoordinator()
        let recorder = Recorder()
        recorder.start(coordinator, [.writingIntent(with: file)], queue: queue, holdUntilReleased: true)
        let other = NSFileCoordinator()
        let probe = try other.core.prepare([.reading(file, [])])
        #expect(try !other.core.acquireWithoutWaiting(probe), "the claim was not held when the call returned")
        #expect(coordinator.core.waitingThreadsStarted == 0)

        queue.isSuspended = false
        #expect(recorder.entered.wait())
        let calls = recorder.recorded
        #expect(calls.count == 1)
        #expect(calls.first?.error == nil)
        #expect(calls.first?.onTheQueue == true)
        // The claim holds while the accessor runs, and is released when it returns.
        let reader = NSFileCoordinatorTests.enters(within: 0.3) { entered in
            NSFileCoordinator().coordinate(readingItemAt: file, error: nil) { _ in entered.raise() }
        }
        #expect(!reader.entered)
        recorder.release.raise()
        #expect(finishes(reader.done, within: 5))
        #expect(coordinator.core.waitingThreadsStarted == 0)
    }

    @Test func aContendedClaimWaitsOnAThreadOfItsOwnAndThenRuns() throws {
        let folder = try TemporaryDirectory("coordination-async")
        let file = folder.appending("busy.txt")
        let writer = NSFileCoordinatorTests.hold(writing: file)
        #expect(writer.entered.wait())
        let queue = OperationQueue()
        let coordinator = NSFileCoordinator()
        let recorder = Recorder()
        recorder.start(coordinator, [.readingIntent(with: file)], queue: queue)
        #expect(coordinator.core.waitingThreadsStarted == 1)
        #expect(!recorder.entered.wait(seconds: 0.3), "the reader ran while a writer held the file")
        writer.release.raise()
        #expect(recorder.entered.wait())
        let calls = recorder.recorded
        #expect(calls.count == 1)
        #expect(calls.first?.error == nil)
        #expect(calls.first?.onTheQueue == true)
        #expect(finishes(writer.done, within: 5))
    }

    @Test func manyConcurrentAsynchronousWritersOfOneFileRunOneAtATime() throws {
        let folder = try TemporaryDirectory("coordination-async")
        let file = folder.appending("contended.txt")
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 8
        let timeline = Timeline()
        let count = 40
        let done = DispatchSemaphore(value: 0)
        let errors = Mutex(0)
        var coordinators: [NSFileCoordinator] = []
        for index in 0..<count {
            let coordinator = NSFileCoordinator()
            coordinators.append(coordinator)
            coordinator.coordinate(with: [.writingIntent(with: file)], queue: queue) { error in
                if error != nil { errors.withLock { $0 += 1 } }
                timeline.record("writer \(index)") { Thread.sleep(forTimeInterval: 0.005) }
                done.signal()
            }
        }
        for _ in 0..<count { #expect(done.wait(timeout: .now() + 20) == .success) }
        #expect(errors.withLock { $0 } == 0)
        let intervals = timeline.all
        #expect(intervals.count == count)
        for (index, interval) in intervals.enumerated() {
            for other in intervals[(index + 1)...] {
                #expect(!interval.overlaps(other), "\(interval.label) overlapped \(other.label)")
            }
        }
        // The first claim is held for its accessor's 5 ms while the others are asked for: they waited on threads.
        #expect(coordinators.map(\.core.waitingThreadsStarted).reduce(0, +) >= 1)
        #expect(coordinators[0].core.waitingThreadsStarted == 0)
    }

    @Test func cancellingAWaitingAsynchronousClaimReportsUserCancelledOnTheQueue() throws {
        let folder = try TemporaryDirectory("coordination-async")
        let file = folder.appending("cancel.txt")
        let writer = NSFileCoordinatorTests.hold(writing: file)
        #expect(writer.entered.wait())
        let queue = OperationQueue()
        let coordinator = NSFileCoordinator()
        let recorder = Recorder()
        recorder.start(coordinator, [.writingIntent(with: file)], queue: queue)
        #expect(!recorder.entered.wait(seconds: 0.1))
        coordinator.cancel()
        #expect(recorder.entered.wait(seconds: 2), "cancel did not end the wait")
        let call = try #require(recorder.recorded.first)
        #expect(call.error?.domain == NSCocoaErrorDomain)
        #expect(call.error?.code == NSUserCancelledError)
        #expect(call.onTheQueue)
        writer.release.raise()
        #expect(finishes(writer.done, within: 5))
        // The cancelled claim left nothing behind: a writer gets in at once.
        let next = NSFileCoordinatorTests.enters(within: 2) { entered in
            NSFileCoordinator().coordinate(writingItemAt: file, error: nil) { _ in entered.raise() }
        }
        #expect(next.entered)
    }

    @Test func aCallThatFailsAtOnceReportsOnTheQueueWithoutAThread() throws {
        let folder = try TemporaryDirectory("coordination-async")
        let queue = OperationQueue()
        let coordinator = NSFileCoordinator()
        coordinator.cancel()
        let recorder = Recorder()
        recorder.start(coordinator, [.readingIntent(with: folder.appending("any.txt"))], queue: queue)
        #expect(recorder.entered.wait())
        let call = try #require(recorder.recorded.first)
        #expect(call.error?.code == NSUserCancelledError)
        #expect(call.onTheQueue)
        #expect(coordinator.core.waitingThreadsStarted == 0)
    }

    @Test func uncontendedCallsFromOneThreadReachASerialQueueInTheirOrder() throws {
        let folder = try TemporaryDirectory("coordination-async")
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let order = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        for index in 0..<20 {
            NSFileCoordinator().coordinate(
                with: [.writingIntent(with: folder.appending("file-\(index).txt"))], queue: queue
            ) { _ in
                order.withLock { $0.append(index) }
                done.signal()
            }
        }
        for _ in 0..<20 { #expect(done.wait(timeout: .now() + 10) == .success) }
        #expect(order.withLock { $0 } == Array(0..<20))
    }
}
