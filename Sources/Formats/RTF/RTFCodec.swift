import DocumentCodecs

/// Rich Text Format (`public.rtf`), read into paragraphs of styled runs and written back as its own bytes.
///
/// Decoding keeps the source bytes beside the reading of them (see `RTFReader` for what is kept and
/// the error codes). Encoding writes the source unchanged, so a document that was not edited saves
/// byte for byte. There is no RTF writer: `encode` re-reads the source and, if the snapshot's
/// paragraphs no longer match it (someone edited the parsed document), throws
/// `rtf.writer-unavailable` rather than saving text that silently drops the edit. Conversions into
/// RTF would need that writer; none is registered.
///
/// Codes: those of `RTFReader`, plus `rtf.not-a-file`, `rtf.unreadable` and `rtf.writer-unavailable`.
public struct RTFCodec: DocumentCodec {
    public typealias Snapshot = RTFDocument

    public init() {}

    public static let identifier = "rtf"
    public static var readableContentTypes: [UTType] { [.rtf] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> RTFDocument {
        guard file.isRegularFile else {
            throw CodecError(
                code: .rtf(.notAFile), message: "an RTF document must be a single file, not a folder or a link")
        }
        guard let data = file.regularFileContents else {
            throw CodecError(code: .rtf(.unreadable), message: "the file's contents could not be read")
        }
        return try RTFDocument(source: data)
    }

    public func encode(_ snapshot: RTFDocument, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        try snapshot.checkSourceMatchesParagraphs()
        return FileWrapper(regularFileWithContents: snapshot.source)
    }

    public func differences(expected: RTFDocument, actual: RTFDocument) -> [SnapshotDifference] {
        RTFDocument.differences(expected: expected.paragraphs, actual: actual.paragraphs, path: "")
    }
}

extension RTFDocument {
    /// Throws `rtf.writer-unavailable` when `paragraphs` say something `source` does not.
    func checkSourceMatchesParagraphs() throws {
        let written: [RTFParagraph]
        do {
            written = try RTFReader().read([UInt8](source))
        } catch {
            throw CodecError(
                code: .rtf(.writerUnavailable),
                message: "the RTF source no longer reads (\(error)); docmigrate has no RTF writer to make new source")
        }
        if let first = Self.differences(expected: paragraphs, actual: written, path: "").first {
            throw CodecError(
                code: .rtf(.writerUnavailable),
                message:
                    "the document was edited (\(first)) but docmigrate has no RTF writer: only unchanged RTF can be "
                    + "saved"
            )
        }
    }

    /// Where two lists of paragraphs differ: the first differing run of each differing paragraph, then a count.
    static func differences(expected: [RTFParagraph], actual: [RTFParagraph], path: String) -> [SnapshotDifference] {
        let prefix = path.isEmpty ? "" : path + "."
        var result: [SnapshotDifference] = []
        for index in 0..<min(expected.count, actual.count) {
            let left = expected[index]
            let right = actual[index]
            let here = "\(prefix)paragraphs[\(index)]"
            if left.listMarker != right.listMarker || left.listLevel != right.listLevel {
                result.append(
                    SnapshotDifference(
                        path: here + ".listMarker", expected: describe(left.listMarker, level: left.listLevel),
                        actual: describe(right.listMarker, level: right.listLevel), summary: "the list markers differ"))
            }
            for runIndex in 0..<max(left.runs.count, right.runs.count) {
                let expectedRun = runIndex < left.runs.count ? left.runs[runIndex] : nil
                let actualRun = runIndex < right.runs.count ? right.runs[runIndex] : nil
                guard expectedRun != actualRun else { continue }
                let summary: String
                if let expectedRun, let actualRun {
                    summary =
                        expectedRun.content != actualRun.content
                        ? "the runs' contents differ" : "the runs' styles differ"
                } else {
                    summary = expectedRun == nil ? "an extra run" : "a missing run"
                }
                result.append(
                    SnapshotDifference(
                        path: "\(here).runs[\(runIndex)]", expected: expectedRun.map(describe),
                        actual: actualRun.map(describe), summary: summary))
                break
            }
        }
        if expected.count != actual.count {
            result.append(
                SnapshotDifference(
                    path: "\(prefix)paragraphs", expected: "\(expected.count) paragraphs",
                    actual: "\(actual.count) paragraphs",
                    summary: "the paragraph counts differ"))
        }
        return result
    }

    private static func describe(_ marker: String?, level: Int) -> String {
        marker.map { "\($0.debugDescription) at level \(level)" } ?? "none"
    }

    private static func describe(_ run: RTFRun) -> String {
        var text: String
        switch run.content {
        case .text(let characters):
            text =
                characters.count > 60
                ? String(characters.prefix(60)).debugDescription + "…" : characters.debugDescription
        case .lineBreak: text = "line break"
        case .attachment(let name): text = "attachment \(name.debugDescription)"
        }
        var styles: [String] = []
        if run.isBold { styles.append("bold") }
        if run.isItalic { styles.append("italic") }
        if let link = run.link { styles.append("link \(link)") }
        if !styles.isEmpty { text += " (" + styles.joined(separator: ", ") + ")" }
        return text
    }
}
