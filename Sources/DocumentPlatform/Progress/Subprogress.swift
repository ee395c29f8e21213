// See the seam comment in ProgressManager.swift.
#if !compiler(>=6.4)

/// A share of a parent `ProgressManager`'s total, handed to a function that reports progress.
///
/// It cannot be copied, so exactly one callee owns the share. The callee consumes it with
/// `start(totalCount:)`, which creates the child manager; only then does the child join its
/// parent. A subprogress dropped without being started (an early return or a thrown error)
/// completes its assigned count in the parent, so the parent can still finish.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct Subprogress: ~Copyable, Sendable {
    private let parent: ProgressManager
    private let assignedCount: Int
    // `discard self` is refused for a noncopyable type holding a class reference, so `start`
    // records that it ran and `deinit`, which still runs after it, checks the record.
    private var isStarted = false

    init(parent: ProgressManager, assignedCount: Int) {
        self.parent = parent
        self.assignedCount = assignedCount
    }

    /// Creates the child manager for this share, with its own `totalCount` (nil for indeterminate).
    public consuming func start(totalCount: Int?) -> ProgressManager {
        isStarted = true
        let child = ProgressManager(totalCount: totalCount)
        parent.adopt(child, assignedCount: assignedCount)
        return child
    }

    deinit {
        if !isStarted {
            parent.complete(count: assignedCount)
        }
    }
}
#endif
