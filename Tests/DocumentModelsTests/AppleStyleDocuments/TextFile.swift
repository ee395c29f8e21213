// Written as Apple's documentation writes a legacy value document:
// https://developer.apple.com/documentation/swiftui/filedocument (the `TextFile` example) and
// https://developer.apple.com/documentation/swiftui/filedocument/init(configuration:).
// Apple's sample declares `static var readableContentTypes = [UTType.plainText]`, a stored global
// that Swift 6 refuses on Apple systems too; it is computed here. Otherwise only the import differs.
import DocumentModels

struct TextFile: FileDocument {
    static var readableContentTypes: [UTType] { [.plainText] }

    var text = ""

    init(initialText: String = "") {
        text = initialText
    }

    init(configuration: ReadConfiguration) throws {
        guard let data = configuration.file.regularFileContents,
            let string = String(data: data, encoding: .utf8)
        else {
            throw CocoaError(.fileReadCorruptFile)
        }
        text = string
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: Data(text.utf8))
    }
}

// Apple's package variant of `fileWrapper(configuration:)`: update the existing wrapper, so
// unchanged files are not rewritten.
struct PageFolderFile: FileDocument {
    static var readableContentTypes: [UTType] { [.notebook] }

    var pages: [String: String] = [:]

    init(pages: [String: String] = [:]) {
        self.pages = pages
    }

    init(configuration: ReadConfiguration) throws {
        guard let children = configuration.file.fileWrappers else {
            throw CocoaError(.fileReadCorruptFile)
        }
        for (name, child) in children {
            guard let data = child.regularFileContents else { throw CocoaError(.fileReadCorruptFile) }
            pages[name] = String(decoding: data, as: UTF8.self)
        }
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        let package = configuration.existingFile ?? FileWrapper(directoryWithFileWrappers: [:])
        for (name, child) in package.fileWrappers ?? [:] {
            let current = child.regularFileContents.map { String(decoding: $0, as: UTF8.self) }
            if pages[name] != current { package.removeFileWrapper(child) }
        }
        for (name, text) in pages where package.fileWrappers?[name] == nil {
            package.addRegularFile(withContents: Data(text.utf8), preferredFilename: name)
        }
        return package
    }
}
