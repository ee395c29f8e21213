#if !canImport(Darwin)
import DocumentPlatform
import Testing

/// A document model whose edits register their own inverse, as apps do.
@MainActor
private final class TextModel {
    var text = ""
    let undoManager: UndoManager

    init(undoManager: UndoManager) {
        self.undoManager = undoManager
    }

    /// Replaces the text and registers the inverse, which registers its own inverse when run.
    func setText(_ newText: String) {
        let oldText = text
        text = newText
        undoManager.registerUndo(withTarget: self) { model in
            model.setText(oldText)
        }
    }
}

@MainActor
@Suite struct UndoManagerTests {
    @Test func registrationsOfOneEventUndoTogether() {
        let undoManager = UndoManager()
        let model = TextModel(undoManager: undoManager)
        model.setText("a")
        model.setText("ab")
        #expect(undoManager.groupingLevel == 1, "registration opened the event's group")
        undoManager.endEvent()
        #expect(undoManager.groupingLevel == 0)
        model.setText("abc")
        undoManager.endEvent()

        undoManager.undo()
        #expect(model.text == "ab")
        undoManager.undo()
        #expect(model.text == "", "both edits of the first event are reversed by one undo")
        #expect(!undoManager.canUndo)
    }

    @Test func undoClosesTheOpenEventGroupFirst() {
        let undoManager = UndoManager()
        let model = TextModel(undoManager: undoManager)
        model.setText("a")
        #expect(undoManager.canUndo, "an open group with operations can be undone")
        undoManager.undo()
        #expect(model.text == "")
        #expect(undoManager.groupingLevel == 0)
    }

    @Test func undoHandlerRegistrationsBecomeTheRedoGroup() {
        let undoManager = UndoManager()
        let model = TextModel(undoManager: undoManager)
        model.setText("one")
        undoManager.endEvent()
        model.setText("two")
        undoManager.endEvent()

        undoManager.undo()
        #expect(model.text == "one")
        #expect(undoManager.canRedo)
        undoManager.redo()
        #expect(model.text == "two")
        #expect(undoManager.canUndo)
        #expect(!undoManager.canRedo)

        undoManager.undo()
        undoManager.undo()
        #expect(model.text == "")
        undoManager.redo()
        undoManager.redo()
        #expect(model.text == "two", "redo re-registered undo, and undo re-registered redo, each time")
    }

    @Test func newRegistrationClearsRedoButRedoDoesNot() {
        let undoManager = UndoManager()
        let model = TextModel(undoManager: undoManager)
        model.setText("a")
        undoManager.endEvent()
        model.setText("b")
        undoManager.endEvent()
        undoManager.undo()
        undoManager.undo()
        undoManager.redo()
        #expect(undoManager.canRedo, "registrations made by redo keep the rest of the redo stack")

        model.setText("c")
        #expect(!undoManager.canRedo, "a new change clears the redo stack")
    }

    @Test func explicitGroupsReverseTheirOperationsLastFirst() {
        let undoManager = UndoManager()
        undoManager.groupsByEvent = false
        let model = TextModel(undoManager: undoManager)
        var order: [String] = []
        undoManager.beginUndoGrouping()
        undoManager.registerUndo(withTarget: model) { _ in order.append("first") }
        undoManager.registerUndo(withTarget: model) { _ in order.append("second") }
        undoManager.endUndoGrouping()
        undoManager.undo()
        #expect(order == ["second", "first"])
    }

    @Test func actionNamesFollowTheGroupToTheRedoStackAndBack() {
        let undoManager = UndoManager()
        let model = TextModel(undoManager: undoManager)
        model.setText("bold")
        undoManager.setActionName("Bold")
        undoManager.endEvent()
        model.setText("italic")
        undoManager.setActionName("Italic")
        undoManager.endEvent()

        #expect(undoManager.undoActionName == "Italic")
        #expect(undoManager.redoActionName == "")
        undoManager.undo()
        #expect(undoManager.undoActionName == "Bold")
        #expect(undoManager.redoActionName == "Italic")
        undoManager.redo()
        #expect(undoManager.undoActionName == "Italic")
    }

    @Test func nestedGroupsCountLevelsAndUndoAsOneStep() {
        let undoManager = UndoManager()
        let model = TextModel(undoManager: undoManager)
        undoManager.beginUndoGrouping()
        model.setText("outer")
        undoManager.beginUndoGrouping()
        #expect(undoManager.groupingLevel == 2)
        model.setText("inner")
        undoManager.endUndoGrouping()
        #expect(undoManager.groupingLevel == 1)
        undoManager.endUndoGrouping()

        undoManager.undo()
        #expect(model.text == "", "the nested group belongs to the outer step")
        undoManager.redo()
        #expect(model.text == "inner")
    }

    @Test func undoNestedGroupReversesOnlyTheLastNestedGroup() {
        let undoManager = UndoManager()
        let model = TextModel(undoManager: undoManager)
        undoManager.beginUndoGrouping()
        model.setText("outer")
        undoManager.beginUndoGrouping()
        model.setText("inner")
        undoManager.endUndoGrouping()
        undoManager.undoNestedGroup()
        #expect(model.text == "outer")
        #expect(undoManager.groupingLevel == 1)
        #expect(undoManager.canRedo)
    }

    @Test func disabledRegistrationIsIgnoredAndNests() {
        let undoManager = UndoManager()
        let model = TextModel(undoManager: undoManager)
        undoManager.disableUndoRegistration()
        undoManager.disableUndoRegistration()
        model.setText("ignored")
        undoManager.enableUndoRegistration()
        #expect(!undoManager.isUndoRegistrationEnabled)
        model.setText("still ignored")
        undoManager.enableUndoRegistration()
        #expect(undoManager.isUndoRegistrationEnabled)
        #expect(!undoManager.canUndo)
        #expect(undoManager.groupingLevel == 0)

        model.setText("recorded")
        undoManager.undo()
        #expect(model.text == "still ignored")
    }

    @Test func removeAllActionsClearsStacksAndReenablesRegistration() {
        let undoManager = UndoManager()
        let model = TextModel(undoManager: undoManager)
        model.setText("a")
        undoManager.endEvent()
        model.setText("b")
        undoManager.endEvent()
        undoManager.undo()
        undoManager.disableUndoRegistration()
        undoManager.removeAllActions()
        #expect(!undoManager.canUndo)
        #expect(!undoManager.canRedo)
        #expect(undoManager.isUndoRegistrationEnabled)
    }

    @Test func removeAllActionsWithTargetKeepsOtherTargets() {
        let undoManager = UndoManager()
        let first = TextModel(undoManager: undoManager)
        let second = TextModel(undoManager: undoManager)
        first.setText("first")
        undoManager.endEvent()
        second.setText("second")
        first.setText("first again")
        undoManager.endEvent()

        undoManager.removeAllActions(withTarget: first)
        #expect(undoManager.canUndo)
        undoManager.undo()
        #expect(second.text == "")
        #expect(first.text == "first again")
        #expect(!undoManager.canUndo, "the first event held only the removed target and is gone")
    }

    @Test func levelsOfUndoDropsTheOldestGroups() {
        let undoManager = UndoManager()
        undoManager.levelsOfUndo = 2
        let model = TextModel(undoManager: undoManager)
        for text in ["a", "b", "c"] {
            model.setText(text)
            undoManager.endEvent()
        }
        undoManager.undo()
        undoManager.undo()
        #expect(model.text == "a")
        #expect(!undoManager.canUndo)
    }

    @Test func isUndoingAndIsRedoingHoldOnlyDuringHandlers() {
        let undoManager = UndoManager()
        let model = TextModel(undoManager: undoManager)
        var seen: [(Bool, Bool)] = []
        undoManager.registerUndo(withTarget: model) { model in
            seen.append((model.undoManager.isUndoing, model.undoManager.isRedoing))
            model.undoManager.registerUndo(withTarget: model) { model in
                seen.append((model.undoManager.isUndoing, model.undoManager.isRedoing))
            }
        }
        undoManager.undo()
        undoManager.redo()
        #expect(seen.map(\.0) == [true, false])
        #expect(seen.map(\.1) == [false, true])
        #expect(!undoManager.isUndoing && !undoManager.isRedoing)
    }

    @Test func documentChangeCountFollowsDoneUndoneAndRedone() {
        let undoManager = UndoManager()
        let model = TextModel(undoManager: undoManager)
        var counts: [Int] = []
        model.setText("a")
        counts.append(undoManager.documentChangeCount)
        undoManager.endEvent()
        counts.append(undoManager.documentChangeCount)
        model.setText("b")
        undoManager.endEvent()
        counts.append(undoManager.documentChangeCount)
        undoManager.resetDocumentChangeCount()
        counts.append(undoManager.documentChangeCount)
        undoManager.undo()
        counts.append(undoManager.documentChangeCount)
        undoManager.redo()
        counts.append(undoManager.documentChangeCount)
        undoManager.undo()
        undoManager.undo()
        counts.append(undoManager.documentChangeCount)
        #expect(counts == [0, 1, 2, 0, -1, 0, -2])
    }

    @Test func endingAGroupThatWasNeverBegunTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UndoManager().endUndoGrouping() }
        }
    }

    @Test func registeringOutsideAGroupWithoutGroupsByEventTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let undoManager = UndoManager()
                undoManager.groupsByEvent = false
                let model = TextModel(undoManager: undoManager)
                undoManager.registerUndo(withTarget: model) { _ in }
            }
        }
    }
}
#endif
