import SwiftUI
import UniformTypeIdentifiers

extension UTType {
    static let notes = UTType(exportedAs: "com.Example.Notes")
    static let legacyNotes = UTType(importedAs: "com.other.notes")
}

struct NotesFile:
    FileDocument,
    Equatable
{
    static var readableContentTypes: [UTType] { [.notes] }
    var text = ""

    init() {}

    init(configuration: ReadConfiguration) throws {
        text = String(data: configuration.file.regularFileContents ?? Data(), encoding: .utf8) ?? ""
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: Data(text.utf8))
    }
}

final class Board: ReferenceFileDocument, @unchecked Sendable {
    @Published var pins: [String] = []
    static var readableContentTypes: [UTType] { [.json] }

    required init(configuration: ReadConfiguration) throws {
        guard let data = configuration.file.regularFileContents else { throw CocoaError(.fileReadCorruptFile) }
        pins = try JSONDecoder().decode([String].self, from: data)
    }

    func snapshot(contentType: UTType) throws -> Data {
        try JSONEncoder().encode(pins)
    }

    func fileWrapper(snapshot: Data, configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: snapshot)
    }
}
