// The seam between DocumentHost and the undo manager's idea of "edited". DocumentPlatform's
// UndoManager (Linux) keeps NSDocument's change count itself and lets the host end an event; on
// Apple systems Foundation's UndoManager has neither, so the host counts the notifications
// NSDocument counts, and the run loop ends events.

/// Counts a document's changes through its undo manager, as NSDocument does.
///
/// A change done (a closed top-level undo group) or redone counts +1, one undone counts -1; the
/// document is edited while the count differs from the count at the last successful save.
@MainActor
final class DocumentChangeCounter {
    let undoManager: UndoManager

    #if !canImport(Darwin)
    init(undoManager: UndoManager) {
        self.undoManager = undoManager
    }

    /// The net number of changes so far.
    var count: Int { undoManager.documentChangeCount }

    /// Closes the group that registrations opened for the current event, as the end of a run-loop pass does.
    func endEvent() {
        undoManager.endEvent()
    }
    #else
    private var observations: [any NSObjectProtocol] = []
    private var changes = ChangeTally()

    /// Notifications arrive on the posting thread, which for an undo manager used by a document is the main thread.
    private final class ChangeTally: @unchecked Sendable {
        // Unchecked: written only from the undo manager's notifications, which the main actor posts.
        var value = 0
    }

    init(undoManager: UndoManager) {
        self.undoManager = undoManager
        let center = NotificationCenter.default
        let tally = changes
        let manager = undoManager
        observations = [
            center.addObserver(forName: .NSUndoManagerDidCloseUndoGroup, object: undoManager, queue: nil) { _ in
                MainActor.assumeIsolated {
                    if manager.groupingLevel == 0 && !manager.isUndoing && !manager.isRedoing { tally.value += 1 }
                }
            },
            center.addObserver(forName: .NSUndoManagerDidUndoChange, object: undoManager, queue: nil) { _ in
                tally.value -= 1
            },
            center.addObserver(forName: .NSUndoManagerDidRedoChange, object: undoManager, queue: nil) { _ in
                tally.value += 1
            },
        ]
    }

    isolated deinit {
        for observation in observations { NotificationCenter.default.removeObserver(observation) }
    }

    /// The net number of changes so far.
    var count: Int { changes.value }

    /// On Apple systems the run loop closes the event's group; closing it here as well makes a
    /// change count before the run loop turns, as a host without a run loop needs.
    func endEvent() {
        if undoManager.groupsByEvent && undoManager.groupingLevel == 1 {
            undoManager.endUndoGrouping()
        }
    }
    #endif
}
