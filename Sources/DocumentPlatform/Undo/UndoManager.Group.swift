// See the seam comment in UndoManager.swift.
#if !canImport(Darwin)

extension UndoManager {
    /// One registered undo operation: a closure bound to its target, which is held weakly.
    struct Action {
        let targetIdentifier: ObjectIdentifier
        let perform: @MainActor () -> Void
    }

    /// An entry of a group: an operation, or a closed nested group.
    indirect enum Entry {
        case action(Action)
        case group(Group)
    }

    /// A group of operations that one undo or redo reverses together.
    struct Group {
        var entries: [Entry] = []
        var actionName = ""

        var isEmpty: Bool { entries.isEmpty }

        /// Runs the operations last-registered first, nested groups included.
        @MainActor func performReversed() {
            for entry in entries.reversed() {
                switch entry {
                case .action(let action): action.perform()
                case .group(let group): group.performReversed()
                }
            }
        }

        /// This group without the operations of one target; nested groups left empty are dropped.
        func removingActions(of targetIdentifier: ObjectIdentifier) -> Group {
            var result = Group(actionName: actionName)
            for entry in entries {
                switch entry {
                case .action(let action):
                    if action.targetIdentifier != targetIdentifier { result.entries.append(entry) }
                case .group(let group):
                    let remaining = group.removingActions(of: targetIdentifier)
                    if !remaining.isEmpty { result.entries.append(.group(remaining)) }
                }
            }
            return result
        }
    }
}
#endif
