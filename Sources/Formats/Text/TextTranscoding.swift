import DocumentCodecs
import SystemSeam

/// Text in an 8-bit encoding converted to UTF-8 file to file, a block at a time, as `iconv` does it.
///
/// The bytes written are exactly those of ``PlainTextCodec`` decoding the file with the encoding
/// forced and ``TextDocument/write(to:)`` writing its text as UTF-8 (both run the same table
/// kernel), but neither file is ever held in memory: a 200 MB file costs two small buffers, not
/// 200 MB of input and a string of up to three times that. An 8-bit decode has no state between
/// bytes, so a block boundary can fall anywhere. The output goes to a temporary sibling and
/// replaces the destination in one step, so a failure (an undefined byte, a full disk) leaves the
/// destination as it was.
public enum TextTranscoding {
    /// The input block read at a time: large enough that system calls cost little, small enough to stay in the
    /// processor's cache.
    static let defaultBlockSize = 1 << 18

    /// Converts `source`, read as `encoding`, to UTF-8 at `destination`; returns how many undefined bytes became
    /// U+FFFD.
    ///
    /// Throws `text.invalid-bytes` at the byte offset of the first byte `encoding` does not define,
    /// unless `replacingInvalidBytes` is set. The output has no byte-order mark; line endings are kept
    /// as they are, or with `lineEnding` every LF, CR LF and lone CR becomes that one (as `docmigrate convert` writes
    /// text).
    @discardableResult
    public static func transcodeToUTF8(
        from source: URL, encoding: SingleByteEncoding, replacingInvalidBytes: Bool = false,
        lineEnding: LineEnding? = nil, to destination: URL
    ) throws -> Int {
        try transcodeToUTF8(
            from: source, encoding: encoding, replacingInvalidBytes: replacingInvalidBytes, lineEnding: lineEnding,
            to: destination,
            blockSize: defaultBlockSize)
    }

    /// The same in blocks of `blockSize` bytes (tests use tiny blocks to put boundaries everywhere).
    static func transcodeToUTF8(
        from source: URL, encoding: SingleByteEncoding, replacingInvalidBytes replacing: Bool,
        lineEnding: LineEnding? = nil, to destination: URL,
        blockSize: Int
    ) throws -> Int {
        precondition(blockSize > 0, "the block size must be positive")
        #if canImport(Darwin)
        // Apple systems go through the codec: the same bytes, with the whole file in memory.
        let codec = PlainTextCodec(
            options: TextCodecOptions(forcedEncoding: .singleByte(encoding), replacesInvalidBytes: replacing))
        let document = try codec.decode(FileWrapper(url: source, options: .immediate), contentType: .plainText)
        let text = lineEnding.map { NormalizedUTF8(lineEnding: $0).apply(to: document).document.text } ?? document.text
        try TextDocument(text: text).write(to: destination)
        return document.replacedSequenceCount
        #else
        let input = try FileDescriptor.openRegularFile(atPath: source.path)
        let parentPath = destination.deletingLastPathComponent().path
        let name = destination.lastPathComponent
        let parent = try FileDescriptor.openDirectory(followingLinksAtPath: parentPath.isEmpty ? "." : parentPath)
        let temporaryName = try parent.makeUniqueDirectory(prefix: ".docmigrate-save-")
        defer { try? parent.removeTree(named: temporaryName) }
        let temporary = try parent.openDirectory(named: temporaryName)
        let output = try temporary.createFile(named: name, permissions: 0o666)
        let transcoder = Transcoder(
            encoding: encoding, replacing: replacing, normalization: lineEnding.map { NormalizedUTF8(lineEnding: $0) })
        var inputBlock = [UInt8](repeating: 0, count: blockSize)
        var outputBlock = [UInt8](repeating: 0, count: transcoder.outputCapacity(forInputCount: blockSize))
        while true {
            let count = try inputBlock.withUnsafeMutableBytes { try input.readSome(into: $0) }
            let written = try inputBlock.withUnsafeBytes { block in
                try outputBlock.withUnsafeMutableBytes { output in
                    count == 0
                        ? transcoder.finish(into: output)
                        : try transcoder.transcode(UnsafeRawBufferPointer(rebasing: block[0..<count]), into: output)
                }
            }
            try outputBlock.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress, written > 0 else { return }
                // The Data borrows the block only while the write runs.
                try output.writeAll(Data(bytesNoCopy: base, count: written, deallocator: .none))
            }
            if count == 0 { break }
        }
        try AtomicSwap.moveIntoPlace(name, from: temporary, to: parent, newIsDirectory: false)
        return transcoder.replacedCount
        #endif
    }
}
