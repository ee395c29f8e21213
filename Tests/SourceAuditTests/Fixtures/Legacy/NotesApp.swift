import SwiftUI

@main
struct NotesApp: App {
    var body: some Scene {
        // DocumentGroup(newDocument: NotesFile()) in a comment must not count; the call below does.
        DocumentGroup(newDocument: NotesFile()) { file in
            NotesEditor(document: file.$document)
        }
    }
}
