// See the seam comment in ProgressManager.swift.
#if !compiler(>=6.4)
import Observation
import Synchronization

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ProgressManager {
    /// Everything a manager knows, guarded by its mutex.
    struct State {
        /// This manager's own completions plus the assigned counts of children that have finished.
        var completed: Int
        var total: Int?
        var children: [ChildLink] = []
        /// Parents hold their children weakly and children hold their parents strongly, so a
        /// tree stays alive from its leaves, which are what running tasks hold.
        var parents: [ParentLink] = []
        /// Values of additional properties set on this manager, by property key.
        var values: [String: PropertyEntry] = [:]
    }

    struct ChildLink {
        weak var manager: ProgressManager?
        let assignedCount: Int
        /// Set once the assigned count was added to `completed`, so a child counts once even if it
        /// later becomes unfinished again (its total raised) and finishes a second time.
        var hasContributed = false
        /// The child's final property summaries, stored when it was released.
        var finalSummaries: [String: StoredSummary] = [:]
    }

    struct ParentLink {
        let manager: ProgressManager
        let index: Int
    }

    /// The counts of a manager at one moment, with its children's partial progress.
    struct Evaluation {
        let completed: Int
        let total: Int?
        /// The running children's progress, in units of this manager's total.
        let partialUnits: Double

        var fractionCompleted: Double {
            guard let total else { return 0 }
            return (Double(completed) + partialUnits) / Double(total)
        }

        var isFinished: Bool {
            guard let total else { return false }
            return completed >= total && completed > 0 && total > 0
        }
    }

    /// Brings `completed` up to date with finished and released children, and measures the rest.
    ///
    /// The lock is never held while a child is asked, so a parent and a child never wait for
    /// each other; a child that finishes in between is counted by the next evaluation.
    func evaluate() -> Evaluation {
        let running: [(index: Int, manager: ProgressManager, assignedCount: Int)] = state.withLock { state in
            var running: [(index: Int, manager: ProgressManager, assignedCount: Int)] = []
            for index in state.children.indices where !state.children[index].hasContributed {
                if let child = state.children[index].manager {
                    running.append((index, child, state.children[index].assignedCount))
                } else {
                    state.children[index].hasContributed = true
                    state.completed += state.children[index].assignedCount
                }
            }
            return running
        }
        var finishedIndices: [Int] = []
        var partialUnits = 0.0
        for child in running {
            child.manager.registrar.access(child.manager, keyPath: \.totalCount)
            child.manager.registrar.access(child.manager, keyPath: \.completedCount)
            let childEvaluation = child.manager.evaluate()
            if childEvaluation.isFinished {
                finishedIndices.append(child.index)
            } else {
                let childFraction = childEvaluation.fractionCompleted
                // A child whose total is 0 has no meaningful fraction and weighs nothing, as in Foundation.
                if childFraction.isFinite {
                    partialUnits += Double(child.assignedCount) * childFraction
                }
            }
        }
        return state.withLock { state in
            for index in finishedIndices where !state.children[index].hasContributed {
                state.children[index].hasContributed = true
                state.completed += state.children[index].assignedCount
            }
            return Evaluation(completed: state.completed, total: state.total, partialUnits: partialUnits)
        }
    }

    /// Links `child` under this manager for `assignedCount` units.
    func adopt(_ child: ProgressManager, assignedCount: Int) {
        let index = state.withLock { state in
            state.children.append(ChildLink(manager: child, assignedCount: assignedCount))
            return state.children.count - 1
        }
        child.state.withLock { $0.parents.append(ParentLink(manager: self, index: index)) }
    }

    /// Whether adding `candidate` as a child would make a manager its own ancestor.
    func wouldCreateCycle(adding candidate: ProgressManager) -> Bool {
        var visited: Set<ObjectIdentifier> = []
        var pending: [ProgressManager] = [self]
        while let manager = pending.popLast() {
            if manager === candidate { return true }
            guard visited.insert(ObjectIdentifier(manager)).inserted else { continue }
            pending.append(contentsOf: manager.state.withLock { $0.parents.map(\.manager) })
        }
        return false
    }

    /// Tells each parent that this manager is gone, handing over its final property summaries.
    ///
    /// Runs in `deinit`: it must neither observe `self` through the registrar nor let `self` escape.
    func releaseFromParents() {
        let parents = state.withLock { $0.parents }
        guard !parents.isEmpty else { return }
        let summaries = finalSummaries()
        for parent in parents {
            parent.manager.childReleased(at: parent.index, finalSummaries: summaries)
        }
    }

    /// Records a released child: it counts as finished (once) and its summaries stay in this subtree.
    func childReleased(at index: Int, finalSummaries: [String: StoredSummary]) {
        registrar.withMutation(of: self, keyPath: \.completedCount) {
            registrar.withMutation(of: self, keyPath: \.additionalProperties) {
                state.withLock { state in
                    state.children[index].finalSummaries = finalSummaries
                    if !state.children[index].hasContributed {
                        state.children[index].hasContributed = true
                        state.completed += state.children[index].assignedCount
                    }
                }
            }
        }
    }
}
#endif
