// The seam for UndoManager.
//
// Foundation on Apple systems has `UndoManager`; swift-corelibs-foundation (Linux, checked with
// the 6.3.1 toolchain) has none at all, so this copy compiles only where Darwin is absent and can
// never make a user's `UndoManager` ambiguous.
#if !canImport(Darwin)

/// A recorder of operations that enables undo and redo, as Foundation's `UndoManager` on Apple systems.
///
/// Operations are registered in groups; `undo()` reverses the last group and records what its
/// handlers register as one redo group, and `redo()` does the reverse. With `groupsByEvent`
/// (the default), registrations made outside any group go into one group per event. On Apple
/// systems the run loop ends an event; here the host ends it by calling `endEvent()`, a docmigrate
/// addition. `documentChangeCount` is another addition: the count `NSDocument` keeps from these
/// undo events to know whether a document has unsaved changes.
///
/// Misuse that Foundation raises an exception for (ending a group that was never begun, undoing
/// with nested groups open, enabling registration more often than it was disabled, registering
/// outside any group with `groupsByEvent` off) is a precondition failure here.
///
/// Notifications (`NSUndoManagerDidUndoChange` and the others), `prepare(withInvocationTarget:)`,
/// selector-based registration, menu titles, user info and discardable groups are not provided.
@MainActor
open class UndoManager {
    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    /// Groups begun and not yet ended, outermost first.
    private var openGroups: [Group] = []
    /// Whether the outermost open group is the one registration opened for the current event.
    private var isEventGroupOpen = false
    private var registrationDisableCount = 0

    /// Creates an undo manager with empty undo and redo stacks.
    public init() {}

    /// Whether registrations outside an explicit group are grouped per event; true by default.
    open var groupsByEvent = true

    /// The maximum number of top-level groups kept on each stack; 0, the default, means no limit.
    ///
    /// When the limit is exceeded the oldest groups are dropped.
    open var levelsOfUndo = 0 {
        didSet { trimStacks() }
    }

    /// The number of nested groups currently open; 0 when none is.
    open var groupingLevel: Int { openGroups.count }

    /// Whether an undo is running: registrations then go to the redo stack.
    open private(set) var isUndoing = false

    /// Whether a redo is running: registrations then go to the undo stack without clearing redo.
    open private(set) var isRedoing = false

    /// Whether registrations are recorded; false after more disables than enables.
    open var isUndoRegistrationEnabled: Bool { registrationDisableCount == 0 }

    /// Whether there is a group to undo, including the open top-level group if it has operations.
    open var canUndo: Bool { undoableGroup != nil }

    /// Whether there is a group to redo.
    open var canRedo: Bool { !redoStack.isEmpty }

    /// The action name of the group `undo()` would reverse, or the empty string.
    open var undoActionName: String { undoableGroup?.actionName ?? "" }

    /// The action name of the group `redo()` would perform, or the empty string.
    open var redoActionName: String { redoStack.last?.actionName ?? "" }

    /// Stops recording registrations until a matching `enableUndoRegistration()`; calls nest.
    open func disableUndoRegistration() {
        registrationDisableCount += 1
    }

    /// Undoes one `disableUndoRegistration()`; calling it more often than that is a programming error.
    open func enableUndoRegistration() {
        precondition(
            registrationDisableCount > 0, "enableUndoRegistration() without a matching disableUndoRegistration()")
        registrationDisableCount -= 1
    }

    /// Names the group being recorded, or the last recorded one, for an Undo or Redo menu item.
    ///
    /// While a group is open the name goes to the outermost open group, the unit that one undo
    /// reverses; otherwise to the top of the undo stack (of the redo stack while undoing).
    open func setActionName(_ actionName: String) {
        if !openGroups.isEmpty {
            openGroups[0].actionName = actionName
        } else if isUndoing {
            if !redoStack.isEmpty { redoStack[redoStack.count - 1].actionName = actionName }
        } else if !undoStack.isEmpty {
            undoStack[undoStack.count - 1].actionName = actionName
        }
    }

    /// Opens a group; groups nest, and `endUndoGrouping()` closes the innermost.
    open func beginUndoGrouping() {
        openGroups.append(Group())
    }

    /// Closes the innermost group; a closed top-level group with operations becomes one undo (or redo) step.
    ///
    /// Empty groups are discarded. Ending a group that was never begun is a programming error.
    open func endUndoGrouping() {
        precondition(!openGroups.isEmpty, "endUndoGrouping() without a matching beginUndoGrouping()")
        let group = openGroups.removeLast()
        if openGroups.isEmpty { isEventGroupOpen = false }
        guard !group.isEmpty else { return }
        if !openGroups.isEmpty {
            openGroups[openGroups.count - 1].entries.append(.group(group))
        } else if isUndoing {
            redoStack.append(group)
        } else {
            undoStack.append(group)
            if !isRedoing { documentChangeCount += 1 }
        }
        trimStacks()
    }

    /// Registers `handler` to undo a change to `target`, which is held weakly.
    ///
    /// Outside undo and redo a registration clears the redo stack. While registration is
    /// disabled it is ignored. A handler whose target is gone does nothing when performed.
    public func registerUndo<TargetType: AnyObject>(
        withTarget target: TargetType,
        handler: @escaping @MainActor (TargetType) -> Void
    ) {
        guard isUndoRegistrationEnabled else { return }
        if openGroups.isEmpty {
            precondition(
                groupsByEvent, "Undo registration outside any group requires groupsByEvent or beginUndoGrouping()")
            beginUndoGrouping()
            isEventGroupOpen = true
        }
        if !isUndoing && !isRedoing {
            redoStack.removeAll()
        }
        let action = Action(targetIdentifier: ObjectIdentifier(target)) { [weak target] in
            if let target { handler(target) }
        }
        openGroups[openGroups.count - 1].entries.append(.action(action))
    }

    /// Closes the top-level group if it is the only one open, then reverses it.
    ///
    /// The handlers' registrations become one redo group carrying the same action name.
    /// Calling it with nested groups open is a programming error.
    open func undo() {
        precondition(groupingLevel <= 1, "undo() with nested undo groups open; end them and use undoNestedGroup()")
        if groupingLevel == 1 { endUndoGrouping() }
        undoNestedGroup()
    }

    /// Reverses the last group: the last closed group inside the open group, or the top of the undo stack.
    open func undoNestedGroup() {
        let group: Group
        let isTopLevel = openGroups.isEmpty
        if isTopLevel {
            guard let last = undoStack.popLast() else { return }
            group = last
        } else {
            guard case .group(let nested)? = openGroups[openGroups.count - 1].entries.last else {
                preconditionFailure("undoNestedGroup() needs a closed nested group as the last entry of the open group")
            }
            openGroups[openGroups.count - 1].entries.removeLast()
            group = nested
        }
        perform(group, undoing: true)
        if isTopLevel { documentChangeCount -= 1 }
    }

    /// Performs the top redo group; the handlers' registrations become one undo group.
    open func redo() {
        precondition(!isUndoing, "redo() while undoing")
        if groupingLevel == 1 && isEventGroupOpen { endUndoGrouping() }
        precondition(groupingLevel == 0, "redo() with undo groups open")
        guard let group = redoStack.popLast() else { return }
        perform(group, undoing: false)
        documentChangeCount += 1
    }

    /// Clears both stacks, closes every open group and re-enables registration.
    open func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        openGroups.removeAll()
        isEventGroupOpen = false
        registrationDisableCount = 0
    }

    /// Removes every operation registered for `target` from both stacks and the open groups.
    open func removeAllActions(withTarget target: Any) {
        let identifier = ObjectIdentifier(target as AnyObject)
        undoStack = undoStack.map { $0.removingActions(of: identifier) }.filter { !$0.isEmpty }
        redoStack = redoStack.map { $0.removingActions(of: identifier) }.filter { !$0.isEmpty }
        openGroups = openGroups.map { $0.removingActions(of: identifier) }
    }

    // MARK: docmigrate additions (not in Foundation)

    /// Ends the current event: closes the group registration opened for it, if that is the only open group.
    ///
    /// docmigrate's stand-in for the end of a run-loop pass, which closes that group on Apple
    /// systems. The document host calls it after each action it performs. Groups opened with
    /// `beginUndoGrouping()` are left to their owner.
    public func endEvent() {
        if isEventGroupOpen && groupingLevel == 1 {
            endUndoGrouping()
        }
    }

    /// The net number of changes since the count was last reset, as `NSDocument` counts them.
    ///
    /// docmigrate's addition. It rises by 1 when a top-level group of new operations closes
    /// (a change done), falls by 1 for each top-level `undo()` (undone) and rises by 1 for each
    /// `redo()` (redone). A document is edited while the count is not 0: undoing back to the
    /// saved state makes it clean, and undoing past it (a negative count) makes it edited again.
    public private(set) var documentChangeCount = 0

    /// Sets `documentChangeCount` to 0, as saving a document does; a docmigrate addition.
    public func resetDocumentChangeCount() {
        documentChangeCount = 0
    }

    // MARK: Internals

    private var undoableGroup: Group? {
        if !isUndoing && !isRedoing, let open = openGroups.first, !open.isEmpty { return open }
        return undoStack.last
    }

    /// Runs `group` as an undo or a redo, collecting the handlers' registrations in one top-level
    /// group that lands on the opposite stack under the same action name.
    private func perform(_ group: Group, undoing: Bool) {
        let outerGroups = openGroups
        let outerEventGroup = isEventGroupOpen
        openGroups = [Group(actionName: group.actionName)]
        isEventGroupOpen = false
        if undoing { isUndoing = true } else { isRedoing = true }
        group.performReversed()
        // A handler may have changed the name; the collected group keeps whatever it holds now.
        while openGroups.count > 1 { endUndoGrouping() }
        if !openGroups.isEmpty { endUndoGrouping() }
        if undoing { isUndoing = false } else { isRedoing = false }
        openGroups = outerGroups
        isEventGroupOpen = outerEventGroup
    }

    private func trimStacks() {
        guard levelsOfUndo > 0 else { return }
        if undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
        if redoStack.count > levelsOfUndo { redoStack.removeFirst(redoStack.count - levelsOfUndo) }
    }
}
#endif
