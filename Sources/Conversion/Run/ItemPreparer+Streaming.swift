import Comparison
import DocumentCodecs
import DocumentPlatform
import Foundation
import Synchronization

/// The streaming route of a file item: its route's single conversion run a block at a time, when the conversion can.
///
/// The whole-document route (``ItemPreparer/prepare(input:kind:temporary:)``) holds the input, the
/// decoded snapshot, the converted one and the encoded output in memory at once: for a 200 MB legacy
/// text file, more than half a gigabyte, and the time to fill it. When the item's route is one
/// conversion whose type offers a ``StreamingFileConverter`` for the codecs and options at hand (8-bit
/// text normalised to UTF-8 with LF), the file is read a block at a time instead, each block
/// transcoded, written to the temporary, read back through the temporary's name and compared with
/// what was written (unless `--no-verify`), while a second thread hashes the input for the journal.
/// The output's digest comes from reading the temporary back once more, as the whole route does.
/// Memory holds three blocks, whatever the file's size.
///
/// The result is the whole route's in every field (the same bytes, digests, warnings, error codes and
/// locations); the differential tests run both on the same inputs. Anything the converter cannot
/// promise that for (another encoding, a file detected as UTF-8) takes the whole route, from the start.
extension ItemPreparer {
    /// What tests change through the environment, which worker processes inherit; unset in normal use.
    struct StreamingSettings {
        /// `DOCMIGRATE_CONVERT_STREAMING=0` sends every item through the whole-document route.
        var isEnabled = true
        /// `DOCMIGRATE_CONVERT_STREAMING=only` fails every file item that the streaming route declines
        /// (`convert.streaming.declined`), so that a test sees which items it took.
        var isRequired = false
        /// `DOCMIGRATE_CONVERT_STREAMING_BLOCK_SIZE`: the input bytes read at a time (tests use tiny blocks to put boundaries everywhere).
        var blockSize = 1 << 18
        /// `DOCMIGRATE_CONVERT_STREAMING_MINIMUM`: the smallest file streamed; a smaller one costs little memory whole, and fewer calls.
        var minimumSize = 1 << 20

        init(environment: [String: String]) {
            isEnabled = environment["DOCMIGRATE_CONVERT_STREAMING"] != "0"
            isRequired = environment["DOCMIGRATE_CONVERT_STREAMING"] == "only"
            if let text = environment["DOCMIGRATE_CONVERT_STREAMING_BLOCK_SIZE"], let value = Int(text), value > 0 { blockSize = value }
            if let text = environment["DOCMIGRATE_CONVERT_STREAMING_MINIMUM"], let value = Int(text), value >= 0 { minimumSize = value }
        }

        static let current = StreamingSettings(environment: ProcessInfo.processInfo.environment)
    }

    /// Prepares the file at `input` through the streaming route; false, having written nothing, when it needs the whole-document route.
    ///
    /// Throws (after writing part of `temporary`, which the caller removes) what the whole route would
    /// throw for the same file once it has committed to the stream: a decode error at its byte, a write
    /// or read failure, a verification mismatch.
    func prepareStreaming(input: ItemPath, temporary: ItemPath, into result: inout PreparedItem) throws -> Bool {
        let settings = StreamingSettings.current
        guard settings.isEnabled else { return false }
        if try streamIfPossible(input: input, temporary: temporary, settings: settings, into: &result) { return true }
        if settings.isRequired {
            throw ConversionError(code: "convert.streaming.declined", message: "the streaming route declined this item (DOCMIGRATE_CONVERT_STREAMING=only)")
        }
        return false
    }

    private func streamIfPossible(input: ItemPath, temporary: ItemPath, settings: StreamingSettings, into result: inout PreparedItem) throws -> Bool {
        guard let source = try? ByteNamedStream.openForReading(input.bytes, followingLinks: true),
            let status = try? source.status(), status.kind == .regular, status.size >= settings.minimumSize, let size = Int(exactly: status.size)
        else { return false }
        var leadingBytes = [UInt8](repeating: 0, count: min(size, ContentTypeDetector.sniffedByteCount))
        guard let leadingCount = try? leadingBytes.withUnsafeMutableBytes({ try source.read(at: 0, into: $0) }) else { return false }
        let (contentType, detectedCodec) = detect(input, kind: .file, leadingBytes: Array(leadingBytes[0..<leadingCount]))
        guard let codec = detectedCodec, let route = try? routes.route(from: codec.identifier, registry: registry), route.conversions.count == 1,
            let converter = route.conversions[0].streamingConverter(from: codec, to: route.targetCodec, verifies: verifies),
            var transcoder = try? converter.makeTranscoder(size: size, reading: { try source.read(at: $0, into: $1) })
        else { return false }

        result.inputSize = status.size
        result.inputModificationSeconds = status.modificationSeconds
        result.inputModificationNanoseconds = status.modificationNanoseconds
        result.sourceType = contentType.identifier
        result.route = route.codecIdentifiers
        let inputDigest = StreamedInputDigest(source, size: size, blockSize: settings.blockSize)
        let outputDigest: SHA256Digest
        do {
            let written = try stream(source, through: &transcoder, to: temporary, blockSize: settings.blockSize)
            // While the input's digest is still being computed beside it: the two hashes are most of the work.
            outputDigest = try Self.streamedDigest(of: temporary, blockSize: settings.blockSize, expectedLength: verifies ? written : nil)
        } catch {
            inputDigest.cancel()
            _ = try? inputDigest.wait()
            throw error
        }
        result.inputHash = try inputDigest.wait().hexString
        result.outputHash = outputDigest.hexString
        result.outputIsFolder = false
        result.warnings = transcoder.warnings
        try Self.copyMetadata(from: input, status: status, to: temporary)
        return true
    }

    /// Transcodes `source` into a new file at `temporary` a block at a time, each block read back and compared when verifying; returns the output's length.
    private func stream(_ source: ByteNamedStream, through transcoder: inout any StreamingTranscoder, to temporary: ItemPath, blockSize: Int) throws -> Int {
        let output = try ByteNamedStream.create(temporary.bytes)
        // Read back through the name, as the whole route reads its temporary: what a later open of that name will see.
        let readBack = try ByteNamedStream.openForReading(temporary.bytes, followingLinks: false)
        let capacity = transcoder.outputCapacity(forInputCount: blockSize)
        let inputBlock = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        let outputBlock = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        let readBackBlock = UnsafeMutableRawBufferPointer.allocate(byteCount: verifies ? capacity : 0, alignment: 16)
        defer {
            inputBlock.deallocate()
            outputBlock.deallocate()
            readBackBlock.deallocate()
        }
        var offset = 0, written = 0
        while true {
            let count = try source.read(at: offset, into: inputBlock)
            let produced = count == 0
                ? transcoder.finish(into: outputBlock) : try transcoder.transcode(UnsafeRawBufferPointer(rebasing: inputBlock[0..<count]), into: outputBlock)
            offset += count
            if produced > 0 {
                let meant = UnsafeRawBufferPointer(rebasing: outputBlock[0..<produced])
                try output.write(meant)
                if verifies {
                    let reread = UnsafeMutableRawBufferPointer(rebasing: readBackBlock[0..<produced])
                    let readCount = try readBack.read(at: written, into: reread)
                    if let difference = Self.firstDifference(meant, UnsafeRawBufferPointer(rebasing: reread[0..<readCount])) {
                        throw Self.mismatch(at: written + difference)
                    }
                }
                written += produced
            }
            if count == 0 { break }
        }
        return written
    }

    /// The `DocumentDigest` of the file at `path`, read a block at a time; when `expectedLength` is given, a file of another length is a verification mismatch.
    static func streamedDigest(of path: ItemPath, blockSize: Int, expectedLength: Int?) throws -> SHA256Digest {
        let file = try ByteNamedStream.openForReading(path.bytes, followingLinks: false)
        let size = Int(try file.status().size)
        if let expectedLength, expectedLength != size { throw mismatch(at: min(expectedLength, size)) }
        var hasher = SHA256()
        DocumentDigest.startFile(length: size, in: &hasher)
        try hashBlocks(of: file, size: size, blockSize: blockSize, into: &hasher)
        return hasher.finalize()
    }

    /// Adds the `size` bytes of `file` to `hasher`; a file of another length now changed while it was read.
    static func hashBlocks(
        of file: ByteNamedStream, size: Int, blockSize: Int, into hasher: inout SHA256, while keepsGoing: () -> Bool = { true }
    ) throws {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        defer { block.deallocate() }
        var offset = 0
        while keepsGoing() {
            let count = try file.read(at: offset, into: block)
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: block[0..<count]))
            offset += count
        }
        guard offset == size || !keepsGoing() else {
            throw ConversionError(code: "convert.input-changed", message: "the file changed size while it was converted (\(size) bytes, then \(offset))")
        }
    }

    /// The offset of the first byte where `left` and `right` differ (a shorter one differs at its end), or nil when they are equal.
    static func firstDifference(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int? {
        let count = min(left.count, right.count)
        var offset = 0
        if let leftBase = left.baseAddress, let rightBase = right.baseAddress {
            while offset + 8 <= count,
                leftBase.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == rightBase.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                offset += 8
            }
        }
        while offset < count, left[offset] == right[offset] { offset += 1 }
        return offset == count && left.count == right.count ? nil : offset
    }

    private static func mismatch(at offset: Int) -> ConversionError {
        ConversionError(
            code: "convert.verify.mismatch",
            message: "the written output does not read back as the converted document: it differs from what was written at byte \(offset) (0x\(String(offset, radix: 16)))")
    }
}

/// The input's `DocumentDigest`, computed on a thread of its own while the calling thread transcodes.
///
/// Hashing is the larger part of a large item's work (the input's digest for the journal, the
/// output's for resuming), so it runs beside the transcoding rather than after it. The thread reads
/// the file itself through the shared descriptor (`pread` keeps no position), so no buffer is shared.
/// `@unchecked Sendable` because the thread writes `outcome` only before it signals `finished`, and
/// `wait()` reads it only after waiting for that signal; the stream is only read with `pread`, which is safe from two threads.
private final class StreamedInputDigest: @unchecked Sendable {
    private let source: ByteNamedStream
    private var outcome: Result<SHA256Digest, any Error> = .failure(ConversionError(code: "convert.input-unhashed", message: "the input was not hashed"))
    private let finished = DispatchSemaphore(value: 0)
    private let cancelled = Mutex(false)

    init(_ source: ByteNamedStream, size: Int, blockSize: Int) {
        self.source = source
        let thread = Thread { [self] in
            outcome = Result {
                var hasher = SHA256()
                DocumentDigest.startFile(length: size, in: &hasher)
                try ItemPreparer.hashBlocks(of: source, size: size, blockSize: blockSize, into: &hasher) { !self.cancelled.withLock { $0 } }
                return hasher.finalize()
            }
            finished.signal()
        }
        thread.name = "docmigrate.conversion.input-digest"
        thread.start()
    }

    /// Stops hashing at the next block: the item failed, and its input's digest is not needed.
    func cancel() {
        cancelled.withLock { $0 = true }
    }

    /// The digest, once the thread has finished; throws what reading the input threw.
    func wait() throws -> SHA256Digest {
        finished.wait()
        return try outcome.get()
    }
}
