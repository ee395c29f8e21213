import DocumentCodecs

extension NotebookCodec: AnonymizableCodec {
    /// The title and every page's text as filler; page IDs and their order are kept.
    ///
    /// Page IDs are structure (they name the page files), not what a user wrote, so they stay; a team
    /// that treats them as tracking identifiers should not share the case.
    public func anonymize(_ snapshot: Notebook, with anonymizer: inout Anonymizer) -> Notebook {
        var notebook = snapshot
        notebook.title = anonymizer.text(snapshot.title)
        for index in notebook.pages.indices {
            notebook.pages[index].text = anonymizer.text(snapshot.pages[index].text)
        }
        return notebook
    }

    /// The anonymized package, whose `metadata.json` keeps the original's formatting and key order.
    ///
    /// The codec would write the metadata in its own style (pretty-printed, sorted keys); a compact or
    /// hand-written original keeps its bytes here, with only the characters of the title replaced,
    /// so the case tests the same formatting at the same size. When the title cannot be found in the
    /// original bytes (an escaped spelling, say), the codec's own encoding is used.
    public func anonymize(
        _ file: FileWrapper, contentType: UTType, with anonymizer: inout Anonymizer
    ) throws -> FileWrapper {
        let original = try decode(file, contentType: contentType)
        let anonymized = anonymize(original, with: &anonymizer)
        let package = try encode(anonymized, previous: file, contentType: contentType)
        guard let originalMetadata = file.fileWrappers?[Self.metadataName]?.regularFileContents,
            let written = package.fileWrappers?[Self.metadataName],
            let kept = Self.metadata(originalMetadata, replacingTitle: original.title, with: anonymized.title),
            (try? JSONDecoder().decode(NotebookMetadata.self, from: kept))
                == NotebookMetadata(title: anonymized.title, pageIDs: anonymized.pages.map(\.id))
        else { return package }
        package.removeFileWrapper(written)
        package.addRegularFile(withContents: kept, preferredFilename: Self.metadataName)
        return package
    }

    /// `data` with the JSON string value of its `"title"` key replaced, or nil when it is not spelled as JSONEncoder
    /// spells it.
    private static func metadata(_ data: Data, replacingTitle title: String, with newTitle: String) -> Data? {
        guard let oldValue = try? JSONEncoder().encode(title), let newValue = try? JSONEncoder().encode(newTitle) else {
            return nil
        }
        let bytes = [UInt8](data)
        let key = [UInt8](#""title""#.utf8)
        let old = [UInt8](oldValue)
        var matches: [Int] = []
        var position = 0
        while position + key.count <= bytes.count {
            defer { position += 1 }
            guard bytes[position..<(position + key.count)].elementsEqual(key) else { continue }
            var cursor = skipWhitespace(bytes, from: position + key.count)
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { continue }
            cursor = skipWhitespace(bytes, from: cursor + 1)
            guard cursor + old.count <= bytes.count, bytes[cursor..<(cursor + old.count)].elementsEqual(old) else {
                continue
            }
            matches.append(cursor)
        }
        guard matches.count == 1, let start = matches.first else { return nil }
        var result = Array(bytes[..<start])
        result.append(contentsOf: newValue)
        result.append(contentsOf: bytes[(start + old.count)...])
        return Data(result)
    }

    private static func skipWhitespace(_ bytes: [UInt8], from start: Int) -> Int {
        var cursor = start
        while cursor < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[cursor]) { cursor += 1 }
        return cursor
    }
}
