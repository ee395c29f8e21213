// The seam for ProgressManager, ProgressReporter and Subprogress (SF-0023).
//
// Foundation gains these types in Swift 6.4: swift-foundation's `release/6.4` carries them
// (FoundationEssentials, re-exported by Foundation on Linux), and on Apple systems they ship in
// the SDKs of the 27 releases, whose Xcode bundles a 6.4 compiler. Foundation and the compiler
// ship together in both cases, so the compiler version is the one test that tells, without
// naming a platform, whether Foundation has them:
//
// - `compiler(>=6.4)`: Foundation's types are used and re-exported, and none of ours compile, so
//   a user's `ProgressManager` is never ambiguous.
// - older compilers (this package's 6.3.1 on Linux, or an Xcode 26 SDK on Apple systems):
//   Foundation has no such types, so ours compile under the same names.
//
// `canImport(Darwin)` is deliberately not part of the test: an Apple SDK older than the 27
// releases lacks the types just as Linux does. The one mismatch, a 6.4 compiler from swift.org
// used with an older Apple SDK, is unsupported: there Foundation lacks the types and this seam
// would not provide them either.
#if compiler(>=6.4)
@_exported import Foundation
#else
import Observation
import Synchronization

/// An object that conveys ongoing progress to the user for a specified task.
///
/// A portable copy of Foundation's `ProgressManager` (SF-0023) for toolchains before Swift 6.4.
/// The rules follow swift-foundation: `isFinished` needs a positive total and a positive completed
/// count that reaches it; `fractionCompleted` is 0 while indeterminate, is not clamped (1.3 is
/// possible), and is NaN for a total of 0; `completedCount` counts the assigned count of finished
/// children only, while the partial progress of running children shows in `fractionCompleted`;
/// a child released before it finished counts as finished.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@dynamicMemberLookup
public final class ProgressManager: Sendable, Hashable, Observable {
    let state: Mutex<State>
    let registrar = ObservationRegistrar()

    /// Creates a manager for `totalCount` units of work; nil makes it indeterminate.
    public convenience init(totalCount: Int?) {
        self.init(total: totalCount)
    }

    init(total: Int?) {
        state = Mutex(State(completed: 0, total: total))
    }

    /// The total units of work, or nil while indeterminate.
    public var totalCount: Int? {
        registrar.access(self, keyPath: \.totalCount)
        return state.withLock { $0.total }
    }

    /// The completed units of work: this manager's own completions plus the assigned count of
    /// each finished (or released) child; a running child's partial progress is not included.
    public var completedCount: Int {
        registrar.access(self, keyPath: \.completedCount)
        return evaluate().completed
    }

    /// The proportion of work completed, including the partial progress of running children.
    ///
    /// It is 0 while indeterminate, is not clamped to 1 when more than the total was completed,
    /// and is NaN when the total is 0 (as `0 / 0` is).
    public var fractionCompleted: Double {
        registrar.access(self, keyPath: \.totalCount)
        registrar.access(self, keyPath: \.completedCount)
        return evaluate().fractionCompleted
    }

    /// Whether `totalCount` is nil.
    public var isIndeterminate: Bool {
        registrar.access(self, keyPath: \.totalCount)
        return state.withLock { $0.total == nil }
    }

    /// Whether the work is done: the total is positive and the completed count, also positive, reaches it.
    public var isFinished: Bool {
        registrar.access(self, keyPath: \.totalCount)
        registrar.access(self, keyPath: \.completedCount)
        return evaluate().isFinished
    }

    /// A read-only view of this manager, for observers and for `assign(count:to:)`.
    ///
    /// Each access returns a new reporter, as Foundation's does; reporters compare by identity.
    public var reporter: ProgressReporter {
        ProgressReporter(manager: self)
    }

    /// Returns a share of `count` units of this manager's total, to hand to a function that reports progress.
    ///
    /// The child joins this manager only when the callee calls `start(totalCount:)`; a subprogress
    /// dropped without starting completes its `count` here. Giving out zero or fewer units is a
    /// programming error and traps, as Foundation's precondition does.
    public func subprogress(assigningCount count: Int) -> Subprogress {
        precondition(count > 0, "Giving out zero units is not a valid operation.")
        return Subprogress(parent: self, assignedCount: count)
    }

    /// Adds the manager behind `reporter` as a child that accounts for `count` units of this manager.
    ///
    /// A manager may have several parents this way. Creating a cycle traps, as Foundation's does.
    public func assign(count: Int, to reporter: ProgressReporter) {
        let child = reporter.manager
        precondition(!wouldCreateCycle(adding: child), "Creating a cycle is not allowed.")
        adopt(child, assignedCount: count)
    }

    /// Increases `completedCount` by `count`; on an indeterminate manager too.
    public func complete(count: Int) {
        guard count != 0 else { return }
        registrar.withMutation(of: self, keyPath: \.completedCount) {
            state.withLock { $0.completed += count }
        }
    }

    /// Changes this manager's own completed count and total together; the only way to change the total.
    ///
    /// The closure runs while the manager is locked, so it must not touch this manager.
    public func setCounts(_ counts: (_ completed: inout Int, _ total: inout Int?) -> Void) {
        registrar.withMutation(of: self, keyPath: \.completedCount) {
            registrar.withMutation(of: self, keyPath: \.totalCount) {
                state.withLock { state in
                    var completed = state.completed
                    var total = state.total
                    counts(&completed, &total)
                    state.completed = completed
                    state.total = total
                }
            }
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Managers are equal only when they are the same object.
    public static func == (lhs: ProgressManager, rhs: ProgressManager) -> Bool {
        lhs === rhs
    }

    deinit {
        releaseFromParents()
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ProgressManager: CustomStringConvertible, CustomDebugStringConvertible {
    /// The counts and the summaries of the predeclared properties, one per line.
    public var description: String {
        """
        Class Name: ProgressManager
        Object Identifier: \(ObjectIdentifier(self))
        totalCount: \(String(describing: totalCount))
        completedCount: \(completedCount)
        fractionCompleted: \(fractionCompleted)
        isIndeterminate: \(isIndeterminate)
        isFinished: \(isFinished)
        totalFileCount: \(summary(of: \.totalFileCount))
        completedFileCount: \(summary(of: \.completedFileCount))
        totalByteCount: \(summary(of: \.totalByteCount))
        completedByteCount: \(summary(of: \.completedByteCount))
        throughput: \(summary(of: \.throughput))
        estimatedTimeRemaining: \(summary(of: \.estimatedTimeRemaining))
        """
    }

    /// The same text as `description`.
    public var debugDescription: String { description }
}
#endif
