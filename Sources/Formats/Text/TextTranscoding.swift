import DocumentCodecs

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
    /// The input block read at a time: large enough that system calls cost little, small enough to stay in the processor's cache.
    static let defaultBlockSize = 1 << 18

    /// Converts `source`, read as `encoding`, to UTF-8 at `destination`; returns how many undefined bytes became U+FFFD.
    ///
    /// Throws `text.invalid-bytes` at the byte offset of the first byte `encoding` does not define,
    /// unless `replacingInvalidBytes` is set. The output has no byte-order mark, and line endings are kept as they are.
    @discardableResult
    public static func transcodeToUTF8(
        from source: URL, encoding: SingleByteEncoding, replacingInvalidBytes: Bool = false, to destination: URL
    ) throws -> Int {
        try transcodeToUTF8(from: source, encoding: encoding, replacingInvalidBytes: replacingInvalidBytes, to: destination, blockSize: defaultBlockSize)
    }

    /// The same in blocks of `blockSize` bytes (tests use tiny blocks to put boundaries everywhere).
    static func transcodeToUTF8(
        from source: URL, encoding: SingleByteEncoding, replacingInvalidBytes replacing: Bool, to destination: URL, blockSize: Int
    ) throws -> Int {
        precondition(blockSize > 0, "the block size must be positive")
        #if canImport(Darwin)
        // Apple systems go through the codec: the same bytes, with the whole file in memory.
        let codec = PlainTextCodec(options: TextCodecOptions(forcedEncoding: .singleByte(encoding), replacesInvalidBytes: replacing))
        let document = try codec.decode(FileWrapper(url: source, options: .immediate), contentType: .plainText)
        try TextDocument(text: document.text).write(to: destination)
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
        let table = encoding.utf8Sequences
        let longest = TextDecoding.longestSequence(table, replacing: replacing)
        var inputBlock = [UInt8](repeating: 0, count: blockSize)
        var outputBlock = [UInt8](repeating: 0, count: blockSize * longest + TextDecoding.eightBitSlack)
        var offset = 0, errors = 0
        while true {
            let count = try inputBlock.withUnsafeMutableBytes { try input.readSome(into: $0) }
            if count == 0 { break }
            let written: Int
            do {
                written = try inputBlock.withUnsafeBufferPointer { block in
                    try table.withUnsafeBufferPointer { table in
                        try outputBlock.withUnsafeMutableBytes { output in
                            guard let base = output.baseAddress else { return 0 }
                            return try TextDecoding.eightBit(
                                UnsafeBufferPointer(rebasing: block[0..<count]), table: table, into: base, replacing: replacing, errors: &errors)
                        }
                    }
                }
            } catch let invalid as TextDecoding.Invalid {
                throw CodecError(
                    code: "text.invalid-bytes", message: "\(invalid.reason) is not valid \(TextEncoding.singleByte(encoding).name)",
                    location: .byte(offset + invalid.offset))
            }
            try outputBlock.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress, written > 0 else { return }
                // The Data borrows the block only while the write runs.
                try output.writeAll(Data(bytesNoCopy: base, count: written, deallocator: .none))
            }
            offset += count
        }
        try AtomicSwap.moveIntoPlace(name, from: temporary, to: parent, newIsDirectory: false)
        return errors
        #endif
    }
}
