import DocumentCodecs

/// An RTF document as the RTF codec holds it: the source bytes exactly as read, and what they say.
///
/// `source` is what `RTFCodec.encode` writes, so an unchanged document re-encodes byte for byte;
/// `paragraphs` is the reading of it (styled runs, links, attachment placeholders) that semantic
/// comparison and the conversions use. There is no RTF writer: a snapshot whose paragraphs no longer
/// match its source cannot be encoded (see `RTFCodec`).
public struct RTFDocument: Sendable, Hashable {
    /// The RTF bytes as stored.
    public var source: Data
    /// The paragraphs the source holds, in order.
    public var paragraphs: [RTFParagraph]

    /// Reads `source`; throws a `CodecError` with a byte offset when it is not well-formed RTF.
    public init(source: Data, options: RTFReader.Options = .init()) throws {
        self.source = source
        self.paragraphs = try RTFReader(options: options).read([UInt8](source))
    }
}

/// One paragraph: runs of text with their styles, and the list marker Cocoa writes before an item.
public struct RTFParagraph: Sendable, Hashable {
    /// The marker text of a list item as written in `{\listtext …}` (tabs included), or nil.
    public var listMarker: String?
    /// The list nesting level from `\ilvlN` (0 for the outermost list); meaningful with a marker.
    public var listLevel: Int
    /// The content, in order; adjacent runs of the same style are merged.
    public var runs: [RTFRun]

    /// A paragraph holding `runs`.
    public init(runs: [RTFRun] = [], listMarker: String? = nil, listLevel: Int = 0) {
        self.runs = runs
        self.listMarker = listMarker
        self.listLevel = listLevel
    }

    /// The paragraph's characters as plain text: the marker, then the runs (attachments as U+FFFC).
    public var plainText: String {
        (listMarker ?? "") + runs.map(\.plainText).joined()
    }
}

/// A stretch of one paragraph in one style: text, a line break, or an attachment placeholder.
public struct RTFRun: Sendable, Hashable {
    /// What a run holds.
    public enum Content: Sendable, Hashable {
        /// Characters, tabs included.
        case text(String)
        /// A line break inside the paragraph (`\line`).
        case lineBreak
        /// An attachment by file name (`\NeXTGraphic name`), whose file sits beside `TXT.rtf` in an RTFD.
        case attachment(String)
    }

    /// The content.
    public var content: Content
    /// Bold (`\b`).
    public var isBold: Bool
    /// Italic (`\i`).
    public var isItalic: Bool
    /// The target of the hyperlink field the run sits in, or nil.
    public var link: String?

    /// A run of `content` in the given style.
    public init(_ content: Content, isBold: Bool = false, isItalic: Bool = false, link: String? = nil) {
        self.content = content
        self.isBold = isBold
        self.isItalic = isItalic
        self.link = link
    }

    /// The run as plain text: a line break is a line feed and an attachment U+FFFC, as Cocoa's string has it.
    public var plainText: String {
        switch content {
        case .text(let text): text
        case .lineBreak: "\n"
        case .attachment: "\u{FFFC}"
        }
    }

    func hasSameStyle(as other: RTFRun) -> Bool {
        isBold == other.isBold && isItalic == other.isItalic && link == other.link
    }
}

extension RTFDocument {
    /// The document as plain text: paragraphs separated by a line feed, as `\par` ends each one.
    ///
    /// This is the string Cocoa's reader makes (list markers with their tabs, U+FFFC for attachments):
    /// every `\par` gives a line feed, so a last paragraph without `\par` has none.
    public var plainText: String {
        paragraphs.map(\.plainText).joined(separator: "\n")
    }

    /// The names of the attachments, in the order the text places them.
    public var attachmentNames: [String] {
        paragraphs.flatMap(\.runs).compactMap { run in
            if case .attachment(let name) = run.content { return name }
            return nil
        }
    }
}
