import DocumentCodecs

/// An RTFD as a Markdown bundle: `document.md` with image links in place of the attachments, and
/// `attachments/<name>` holding each attachment's bytes.
///
/// Every attachment is carried, referenced or not. An attachment the text refers to but the package
/// lacks would leave a broken link, so it is an error, `rtfd.attachment-missing`, naming the file.
public struct RTFDToMarkdownBundle: SnapshotConversion {
    public typealias Source = RTFDCodec
    public typealias Target = MarkdownBundleCodec

    public init() {}

    public func convert(_ package: RTFDDocument) throws -> MarkdownBundle {
        let names = Set(package.attachments.map(\.name))
        if let missing = package.text.attachmentNames.first(where: { !names.contains($0) }) {
            throw CodecError(
                code: .rtfd(.attachmentMissing),
                message: "TXT.rtf shows the attachment '\(missing)', which the package does not hold",
                location: .member(missing))
        }
        return MarkdownBundle(
            document: TextDocument(text: package.text.markdown(attachmentFolder: MarkdownBundle.attachmentsFolderName)),
            attachments: package.attachments)
    }
}
