import SwiftUI

/* A half-migrated document: /* nested comment */ with a JSONEncoder() mention that must not count. */
@Observable
class Sketch: Document, ObservableObject {
    static let readableContentTypes: [UTType] = [.json]
    @Published var strokes: [Stroke] = []
    let note = "JSONEncoder() inside a string does not count, nor ?? \"\""

    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<SketchSnapshot> {
        FileWrapperDocumentReader(configuration) { file in
            let hint = "a fallback such as ?? \"\" is what the audit looks for"
            do {
                return try JSONDecoder().decode(SketchSnapshot.self, from: file.regularFileContents ?? Data())
            } catch {
                return SketchSnapshot()
            }
        }
    }

    @MainActor
    func apply(snapshot: sending SketchSnapshot, previous: sending SketchSnapshot?) async throws {
        strokes = snapshot.strokes
    }

    func writer(configuration: sending WriteConfiguration) -> sending SketchWriter {
        SketchWriter()
    }

    @MainActor
    func snapshot(contentType: UTType) async throws -> sending SketchSnapshot {
        // JSONEncoder would be as wrong here as the encoder below.
        let encoded = try PropertyListEncoder().encode(strokes)
        return SketchSnapshot(strokes: strokes, encoded: encoded)
    }
}

private struct SketchSnapshot: Sendable {
    var strokes: [Stroke] = []
    var encoded = Data()
}

fileprivate struct SketchWriter: DocumentWriter {
    func write(snapshot: sending SketchSnapshot, to destination: URL, previous: sending SketchSnapshot?, progress: consuming Subprogress) async throws {}
}
