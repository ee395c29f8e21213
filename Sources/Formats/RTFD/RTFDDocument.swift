import DocumentCodecs

/// An RTFD document: `TXT.rtf` and the attachment files beside it, each kept byte for byte.
///
/// The text is an `RTFDocument` (source bytes plus their reading); attachments are the other members
/// by name, sorted byte-wise, whether or not the text refers to them, so nothing is dropped on a save
/// or a conversion between the package and the flat container.
public struct RTFDDocument: Sendable, Hashable {
    /// The member that holds the text.
    public static let textMemberName = "TXT.rtf"

    /// `TXT.rtf`, read.
    public var text: RTFDocument
    /// Every other member, sorted by the bytes of its name.
    public var attachments: [RTFDAttachment]

    /// A document from its text and attachments; the attachments are sorted by name.
    public init(text: RTFDocument, attachments: [RTFDAttachment]) {
        self.text = text
        self.attachments = attachments.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// A document from its members by name; throws `rtfd.missing-text` without `TXT.rtf`, and the RTF
    /// reader's errors located in that member.
    public init(members: [(name: String, contents: Data)]) throws {
        guard let text = members.first(where: { $0.name == Self.textMemberName }) else {
            let names = members.map(\.name).sorted().joined(separator: ", ")
            throw CodecError(
                code: .rtfd(.missingText),
                message:
                    "an RTFD must hold its text in TXT.rtf, which is missing (members: "
                    + "\(names.isEmpty ? "none" : names))",
                location: .member(Self.textMemberName))
        }
        let document: RTFDocument
        do {
            document = try RTFDocument(source: text.contents)
        } catch let error as CodecError {
            throw CodecError(
                code: error.code, message: error.message,
                location: error.location.map { .inMember(Self.textMemberName, $0) } ?? .member(Self.textMemberName))
        }
        self.init(
            text: document,
            attachments: members.filter { $0.name != Self.textMemberName }.map {
                RTFDAttachment(name: $0.name, contents: $0.contents)
            })
    }

    /// Every member, `TXT.rtf` included, sorted by the bytes of its name.
    public var members: [(name: String, contents: Data)] {
        ([(Self.textMemberName, text.source)] + attachments.map { ($0.name, $0.contents) })
            .sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    }

    /// Whether a member name is safe to create inside a package: not empty, `.` or `..`, no `/` or NUL.
    static func isSafeMemberName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.utf8.contains(0)
    }

    /// Where two documents differ: the text's paragraphs, then attachments by name.
    static func differences(expected: RTFDDocument, actual: RTFDDocument) -> [SnapshotDifference] {
        var result = RTFDocument.differences(
            expected: expected.text.paragraphs, actual: actual.text.paragraphs, path: Self.textMemberName)
        let left = Dictionary(
            expected.attachments.map { ($0.name, $0.contents) }, uniquingKeysWith: { first, _ in first })
        let right = Dictionary(
            actual.attachments.map { ($0.name, $0.contents) }, uniquingKeysWith: { first, _ in first })
        for name in Set(left.keys).union(right.keys).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            switch (left[name], right[name]) {
            case (let expectedData?, let actualData?) where expectedData != actualData:
                result.append(
                    SnapshotDifference(
                        path: name, expected: "\(expectedData.count) bytes", actual: "\(actualData.count) bytes",
                        summary: "the attachment's bytes differ"))
            case (_?, nil):
                result.append(
                    SnapshotDifference(
                        path: name, expected: "present", actual: "missing", summary: "an attachment is missing"))
            case (nil, _?):
                result.append(
                    SnapshotDifference(
                        path: name, expected: "missing", actual: "present", summary: "an extra attachment"))
            default:
                break
            }
        }
        return result
    }
}

/// A file attached to rich text: its name in the package and its bytes.
public struct RTFDAttachment: Sendable, Hashable {
    /// The member name, as `\NeXTGraphic` refers to it.
    public var name: String
    /// The file's bytes.
    public var contents: Data

    /// An attachment named `name` holding `contents`.
    public init(name: String, contents: Data) {
        self.name = name
        self.contents = contents
    }
}
