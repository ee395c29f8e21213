// Written as Apple's documentation writes a legacy reference document:
// https://developer.apple.com/documentation/swiftui/referencefiledocument (an `ObservableObject`
// with `@Published` properties, `snapshot(contentType:)` then `fileWrapper(snapshot:configuration:)`).
// The documentation asks conforming types to be thread-safe; this one says so with
// `@unchecked Sendable`, as apps compiling in Swift 6 mode on Apple systems must. Only the import differs.
import DocumentModels

final class NotesDocument: ReferenceFileDocument, @unchecked Sendable {
    @Published var notes: [String]

    static var readableContentTypes: [UTType] { [.json] }

    init(notes: [String] = []) {
        self.notes = notes
    }

    required init(configuration: ReadConfiguration) throws {
        guard let data = configuration.file.regularFileContents else {
            throw CocoaError(.fileReadCorruptFile)
        }
        notes = try JSONDecoder().decode([String].self, from: data)
    }

    func snapshot(contentType: UTType) throws -> [String] {
        notes
    }

    func fileWrapper(snapshot: [String], configuration: WriteConfiguration) throws -> FileWrapper {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return FileWrapper(regularFileWithContents: try encoder.encode(snapshot))
    }
}
