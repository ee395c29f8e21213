import Comparison
import DocumentCodecs
import DocumentPlatform
import Foundation
import SystemSeam

/// The streaming route of a file item: its route's single conversion run a block at a time, when the conversion can.
///
/// The whole-document route (``ItemPreparer/prepare(input:kind:temporary:)``) holds the input, the
/// decoded snapshot, the converted one and the encoded output in memory at once: for a 200 MB legacy
/// text file, more than half a gigabyte, and the time to fill it. When the item's route is one
/// conversion whose type offers a ``StreamingFileConverter`` for the codecs and options at hand (8-bit
/// text normalised to UTF-8 with LF), the file is read a block at a time instead, each block
/// transcoded, written to the temporary, read back through the temporary's name and compared with
/// what was written (unless `--no-verify`), while a second thread hashes the input for the journal and
/// then the temporary as it is written (reading it back from the file, as the whole route does): the
/// output's length, which its digest starts with, is counted from the input as it is hashed when the
/// transcoder can tell it, so the output is not read once more after the transcoding. The kernel is
/// asked to start writing each few megabytes to the disk as they are done, so that the batch's sync
/// waits only for the tail. Memory holds four blocks, whatever the file's size.
///
/// The result is the whole route's in every field (the same bytes, digests, warnings, error codes and
/// locations); the differential tests run both on the same inputs. Anything the converter cannot
/// promise that for (another encoding, a file detected as UTF-8) takes the whole route, from the start.
extension ItemPreparer {
    /// Prepares the file at `input` through the streaming route; false, having written nothing, when it needs the
    /// whole-document route.
    ///
    /// Throws (after writing part of `temporary`, which the caller removes) what the whole route would
    /// throw for the same file once it has committed to the stream: a decode error at its byte, a write
    /// or read failure, a verification mismatch.
    func prepareStreaming(input: ItemPath, temporary: ItemPath, into result: inout PreparedItem) throws -> Bool {
        guard streaming.mode != .never else { return false }
        if try streamIfPossible(input: input, temporary: temporary, into: &result) { return true }
        if streaming.mode == .required {
            throw ConversionError(
                code: .streamingDeclined,
                message: "the streaming route declined this item (streaming is required)")
        }
        return false
    }

    private func streamIfPossible(
        input: ItemPath, temporary: ItemPath, into result: inout PreparedItem
    ) throws -> Bool {
        guard let source = try? ByteNamedStream.openForReading(input.bytes, followingLinks: true),
            let status = try? source.status(), status.kind == .regular, status.size >= streaming.minimumSize,
            let size = Int(exactly: status.size)
        else { return false }
        var leadingBytes = [UInt8](repeating: 0, count: min(size, ContentTypeDetector.sniffedByteCount))
        guard let leadingCount = try? leadingBytes.withUnsafeMutableBytes({ try source.read(at: 0, into: $0) }) else {
            return false
        }
        let (contentType, detectedCodec) = detect(
            input, kind: .file, leadingBytes: Array(leadingBytes[0..<leadingCount]))
        guard let codec = detectedCodec, let route = try? routes.route(from: codec.identifier, registry: registry),
            route.conversions.count == 1,
            let converter = route.conversions[0].streamingConverter(
                from: codec, to: route.targetCodec, verifies: verifies),
            var transcoder = try? converter.makeTranscoder(size: size, reading: { try source.read(at: $0, into: $1) })
        else { return false }

        result.inputSize = status.size
        result.inputModificationSeconds = status.modificationSeconds
        result.inputModificationNanoseconds = status.modificationNanoseconds
        result.sourceType = contentType.identifier
        result.route = route.codecIdentifiers
        let output = try outputFiles.createOutputFile(temporary.bytes)
        // Read back through the name, as the whole route reads its temporary: what a later open of that name will see.
        let readBack = try ByteNamedStream.openForReading(temporary.bytes, followingLinks: false)
        let digests = StreamedDigests(
            input: source, inputSize: size, countingWith: transcoder.makeOutputLengthCounter(), output: readBack,
            blockSize: streaming.blockSize)
        let written: Int, writtenSize: Int
        do {
            written = try stream(
                source, through: &transcoder, to: output, readBack: readBack, digests: digests,
                blockSize: streaming.blockSize)
            writtenSize = Int(try readBack.status().size)
            if verifies, writtenSize != written { throw Self.mismatch(at: min(written, writtenSize)) }
        } catch {
            digests.cancel()
            _ = try? digests.wait()
            throw error
        }
        let (inputDigest, followingDigest) = try digests.wait()
        result.inputHash = inputDigest.hexString
        // Without a digest taken as it was written (a length counted wrong, a file that grew or shrank under it), the
        // output is read once more.
        let outputDigest = writtenSize == written ? followingDigest : nil
        let verifiedLength = verifies ? written : nil
        result.outputHash = try
            (outputDigest
            ?? Self.streamedDigest(of: temporary, blockSize: streaming.blockSize, expectedLength: verifiedLength))
            .hexString
        result.outputIsFolder = false
        result.warnings = transcoder.warnings
        try Self.copyMetadata(from: input, status: status, to: temporary)
        return true
    }

    /// Transcodes `source` into `output` a block at a time, each read back and compared when verifying; returns the
    /// output's length.
    ///
    /// Each block is handed to `digests` only once written (and, when verifying, read back equal); the
    /// output's length too, at the end, unless `digests` counted it from the input before.
    private func stream(
        _ source: ByteNamedStream, through transcoder: inout any StreamingTranscoder, to output: any OutputFile,
        readBack: ByteNamedStream, digests: StreamedDigests, blockSize: Int
    ) throws -> Int {
        let capacity = transcoder.outputCapacity(forInputCount: blockSize)
        let inputBlock = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        let outputBlock = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        let readBackBlock = UnsafeMutableRawBufferPointer.allocate(byteCount: verifies ? capacity : 0, alignment: 16)
        defer {
            inputBlock.deallocate()
            outputBlock.deallocate()
            readBackBlock.deallocate()
        }
        var offset = 0, written = 0, writtenBack = 0
        while true {
            let count = try source.read(at: offset, into: inputBlock)
            let produced =
                count == 0
                ? transcoder.finish(into: outputBlock)
                : try transcoder.transcode(UnsafeRawBufferPointer(rebasing: inputBlock[0..<count]), into: outputBlock)
            offset += count
            if produced > 0 {
                let meant = UnsafeRawBufferPointer(rebasing: outputBlock[0..<produced])
                try output.write(meant)
                if verifies {
                    let reread = UnsafeMutableRawBufferPointer(rebasing: readBackBlock[0..<produced])
                    let readCount = try readBack.read(at: written, into: reread)
                    if let difference = Self.firstDifference(
                        meant, UnsafeRawBufferPointer(rebasing: reread[0..<readCount]))
                    {
                        throw Self.mismatch(at: written + difference)
                    }
                }
                written += produced
                digests.outputWritten(upTo: written)
                if written - writtenBack >= Self.writebackStretch {
                    // The batch's sync then finds most of this file on the disk already, instead of all of it still to
                    // write.
                    output.startWriteback(at: writtenBack, count: written - writtenBack)
                    writtenBack = written
                }
            }
            if count == 0 { break }
        }
        digests.announceOutputLength(written)
        digests.outputFinished()
        return written
    }

    /// The bytes written before their writeback is started (fewer, larger requests than one per block).
    static let writebackStretch = 1 << 22

    /// The `DocumentDigest` of the file at `path`, read a block at a time; when `expectedLength` is given, a file of
    /// another length is a verification mismatch.
    ///
    /// Anything but a regular file (a link, a folder, a FIFO, a device) is refused, as
    /// `ByteNamedFiles.contents` refuses it: a device would never end. `counting` sees each block read (tests count
    /// them).
    static func streamedDigest(
        of path: ItemPath, blockSize: Int, expectedLength: Int?, counting: (UnsafeRawBufferPointer) -> Void = { _ in }
    ) throws -> SHA256Digest {
        let (file, status) = try ByteNamedStream.openRegularFile(path.bytes, followingLinks: false)
        let size = Int(status.size)
        if let expectedLength, expectedLength != size { throw mismatch(at: min(expectedLength, size)) }
        var hasher = SHA256()
        DocumentDigest.startFile(length: size, in: &hasher)
        try hashBlocks(of: file, size: size, blockSize: blockSize, into: &hasher, counting: counting)
        return hasher.finalize()
    }

    /// Adds the `size` bytes of `file` to `hasher`, each block also handed to `counting`; a file of another length now
    /// changed while it was read.
    static func hashBlocks(
        of file: ByteNamedStream, size: Int, blockSize: Int, into hasher: inout SHA256,
        counting: (UnsafeRawBufferPointer) -> Void = { _ in },
        while keepsGoing: () -> Bool = { true }
    ) throws {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        defer { block.deallocate() }
        var offset = 0
        while keepsGoing() {
            let count = try file.read(at: offset, into: block)
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: block[0..<count]))
            // While the block is still in the cache.
            counting(UnsafeRawBufferPointer(rebasing: block[0..<count]))
            offset += count
        }
        guard offset == size || !keepsGoing() else {
            throw ConversionError(
                code: .inputChanged,
                message: "the file changed size while it was converted (\(size) bytes, then \(offset))")
        }
    }

    /// The offset of the first byte where `left` and `right` differ (a shorter one differs at its end), or nil when
    /// they are equal.
    static func firstDifference(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int? {
        let count = min(left.count, right.count)
        var offset = 0
        if let leftBase = left.baseAddress, let rightBase = right.baseAddress {
            while offset + 8 <= count,
                leftBase.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == rightBase.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                offset += 8
            }
        }
        while offset < count, left[offset] == right[offset] { offset += 1 }
        return offset == count && left.count == right.count ? nil : offset
    }

    private static func mismatch(at offset: Int) -> ConversionError {
        ConversionError(
            code: .verifyMismatch,
            message:
                "the written output does not read back as the converted document: it differs from what was written "
                + "at byte \(offset) (0x\(String(offset, radix: 16)))"
        )
    }
}

/// The input's and the output's `DocumentDigest`, computed on a thread of their own while the calling thread
/// transcodes.
///
/// Hashing is the larger part of a large item's work (the input's digest for the journal, the
/// output's for resuming), so it runs beside the transcoding rather than after it: first the input,
/// then the output, following the transcoding as it writes. The output's digest starts with its
/// length, so the thread counts it from the input as it hashes it, when the transcoder can tell it
/// (otherwise it waits for the transcoding to end), and hashes only what the transcoding reported written,
/// reading it back from the file itself: the digest is of the bytes on disk. When the output turns
/// out longer or shorter than announced, there is no output digest (the caller reads the file once
/// more). The thread reads both files through shared descriptors (`pread` keeps no position), so no
/// buffer is shared. `@unchecked Sendable` because every mutable field is read and written only with
/// `condition` locked, except the counter, which only the thread uses, and the outcomes, which the
/// thread writes only before it signals `finished` and `wait()` reads only after waiting for that signal.
private final class StreamedDigests: @unchecked Sendable {
    private let condition = NSCondition()
    private var announcedLength: Int?
    private var writtenCount = 0
    private var isOutputFinished = false
    private var isCancelled = false
    private var inputOutcome: Result<SHA256Digest, any Error> = .failure(
        ConversionError(code: .inputUnhashed, message: "the input was not hashed"))
    private var outputDigest: SHA256Digest?
    private let finished = DispatchSemaphore(value: 0)

    private var counter: (any StreamingOutputLengthCounter)?

    init(
        input: ByteNamedStream, inputSize: Int, countingWith counter: (any StreamingOutputLengthCounter)?,
        output: ByteNamedStream, blockSize: Int
    ) {
        self.counter = counter
        let thread = Thread { [self] in
            inputOutcome = Result {
                var hasher = SHA256()
                DocumentDigest.startFile(length: inputSize, in: &hasher)
                try ItemPreparer.hashBlocks(
                    of: input, size: inputSize, blockSize: blockSize, into: &hasher,
                    counting: { self.counter?.count($0) }, while: { !self.cancelled })
                return hasher.finalize()
            }
            if case .success = inputOutcome {
                if let counter = self.counter { announceOutputLength(counter.finish()) }
                outputDigest = hashOutput(output, blockSize: blockSize)
            }
            finished.signal()
        }
        thread.name = "docmigrate.conversion.digests"
        thread.start()
    }

    private var cancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return isCancelled
    }

    /// Hashes the output as it is reported written; nil when cancelled, or when it ends at another length than
    /// announced.
    private func hashOutput(_ output: ByteNamedStream, blockSize: Int) -> SHA256Digest? {
        condition.lock()
        while announcedLength == nil, !isCancelled, !isOutputFinished { condition.wait() }
        let announced = isCancelled ? nil : announcedLength
        condition.unlock()
        guard let length = announced else { return nil }
        var digest = DocumentDigest.StreamedFile(length: length)
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        defer { block.deallocate() }
        var offset = 0
        while true {
            condition.lock()
            while writtenCount - offset < blockSize, !isOutputFinished, !isCancelled { condition.wait() }
            let (available, isFinished, isCancelled) = (writtenCount, isOutputFinished, self.isCancelled)
            condition.unlock()
            if isCancelled || available > length { return nil }
            while offset < available {
                let wanted = min(blockSize, available - offset)
                guard
                    let count = try? output.read(
                        at: offset, into: UnsafeMutableRawBufferPointer(rebasing: block[0..<wanted])), count == wanted
                else {
                    return nil
                }
                digest.update(UnsafeRawBufferPointer(rebasing: block[0..<count]))
                offset += count
            }
            if isFinished { return offset == length ? digest.finalize() : nil }
        }
    }

    /// Tells the thread the output's length; only the first announcement counts (a count before the transcoding, or the
    /// length written after it).
    func announceOutputLength(_ length: Int) {
        condition.lock()
        if announcedLength == nil { announcedLength = length }
        condition.broadcast()
        condition.unlock()
    }

    /// Tells the thread that the output's first `count` bytes are written (and verified when verifying).
    func outputWritten(upTo count: Int) {
        condition.lock()
        writtenCount = count
        condition.broadcast()
        condition.unlock()
    }

    /// Tells the thread that the output is complete.
    func outputFinished() {
        condition.lock()
        isOutputFinished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops hashing at the next block: the item failed, and its digests are not needed.
    func cancel() {
        condition.lock()
        isCancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// The input's digest and the output's (nil unless taken as it was written), once the thread ends; throws what
    /// reading the input threw.
    func wait() throws -> (input: SHA256Digest, output: SHA256Digest?) {
        finished.wait()
        return (try inputOutcome.get(), outputDigest)
    }
}
