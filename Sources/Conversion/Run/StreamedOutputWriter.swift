import DocumentPlatform
import Foundation

/// The streaming route's output side on a thread of its own: each transcoded block written to the
/// temporary, read back through its name and compared (when verifying), then reported to the digests,
/// while the calling thread reads and transcodes the next blocks.
///
/// Writing into new page-cache pages is the larger part of a large item's work on the calling thread
/// (measured on the bench machine: half of it, against a fifth for the transcoding), and the read-back
/// and comparison follow it, so the transcoding of the next block overlaps them. The blocks are handed
/// over in order through a few buffers: the caller takes a free one (`nextBuffer()`), transcodes into it
/// and hands it over (`submit`); the thread writes, verifies and frees each in turn. What the file holds
/// and when each byte is reported written are the sequential loop's; only the timing changes.
///
/// A failure on the thread (a write error, a verification mismatch) stops it; the caller learns it from
/// `nextBuffer()` returning nil, and `finish()` throws it. Since every block the thread handles was
/// transcoded before the caller's next read, the thread's failure comes first in the file: a caller that
/// fails itself calls `finish()` first and throws the thread's failure if there is one, so an item fails
/// with the error the sequential loop would have met first.
///
/// `@unchecked Sendable`: the queue, the free list, the failure and `isClosed` are read and written only
/// with `condition` locked; a buffer belongs either to the caller (taken, not yet submitted) or to the
/// thread (submitted, not yet freed), never to both; `written` is written by the thread only and read by
/// `finish()` only after the thread signalled `finished`.
final class StreamedOutputWriter: @unchecked Sendable {
    /// What the thread needs of the item.
    struct Target: Sendable {
        var output: ByteNamedStream
        var readBack: ByteNamedStream
        var temporary: ItemPath
        var verifies: Bool
        /// The test hook's byte, inverted on disk right after it is written (`DOCMIGRATE_CONVERT_STREAMING_TAMPER_AT`).
        var tamperedOffset: Int?
    }

    /// The buffers in turn: one being transcoded, one being written, one ready between them.
    static let bufferCount = 3

    private let condition = NSCondition()
    private let buffers: [UnsafeMutableRawBufferPointer]
    private var free: [Int]
    private var queue: [(index: Int, count: Int)] = []
    private var queueStart = 0
    private var isClosed = false
    private var failure: (any Error)?
    private var written = 0
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread, with `bufferCount` buffers of `capacity` bytes each.
    init(target: Target, digests: @escaping @Sendable (_ writtenUpTo: Int) -> Void, capacity: Int) {
        buffers = (0..<Self.bufferCount).map { _ in UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16) }
        free = Array(0..<Self.bufferCount)
        let thread = Thread { [self] in
            run(target, capacity: capacity, reportWritten: digests)
            finished.signal()
        }
        thread.name = "docmigrate.conversion.output"
        thread.start()
    }

    deinit {
        for buffer in buffers { buffer.deallocate() }
    }

    /// A free buffer to transcode the next block into, waiting for one if need be; nil once the thread failed.
    func nextBuffer() -> (index: Int, buffer: UnsafeMutableRawBufferPointer)? {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty, failure == nil { condition.wait() }
        guard failure == nil, let index = free.popLast() else { return nil }
        return (index, buffers[index])
    }

    /// Hands over the buffer `index` with its first `count` bytes to write (none: the buffer is only given back).
    func submit(_ index: Int, count: Int) {
        condition.lock()
        if count == 0 {
            free.append(index)
        } else {
            queue.append((index, count))
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every submitted block is written and verified, and the thread has ended; returns the bytes written.
    ///
    /// Throws the thread's failure, if any. Call it exactly once, also when the caller itself failed.
    func finish() throws -> Int {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
        finished.wait()
        if let failure { throw failure }
        return written
    }

    private func run(_ target: Target, capacity: Int, reportWritten: (Int) -> Void) {
        let readBackBlock = UnsafeMutableRawBufferPointer.allocate(byteCount: target.verifies ? capacity : 0, alignment: 16)
        defer { readBackBlock.deallocate() }
        var tamperedOffset = target.tamperedOffset
        var writtenBack = 0
        while true {
            condition.lock()
            while queueStart == queue.count, !isClosed { condition.wait() }
            guard queueStart < queue.count else {
                condition.unlock()
                return
            }
            let (index, count) = queue[queueStart]
            queueStart += 1
            if queueStart == queue.count {
                queue.removeAll(keepingCapacity: true)
                queueStart = 0
            }
            condition.unlock()
            do {
                let meant = UnsafeRawBufferPointer(rebasing: buffers[index][0..<count])
                try target.output.write(meant)
                if let tampered = tamperedOffset, tampered < written + count {
                    try ItemPreparer.invertByte(at: tampered, of: target.temporary)
                    tamperedOffset = nil
                }
                if target.verifies {
                    let reread = UnsafeMutableRawBufferPointer(rebasing: readBackBlock[0..<count])
                    let readCount = try target.readBack.read(at: written, into: reread)
                    if let difference = ItemPreparer.firstDifference(meant, UnsafeRawBufferPointer(rebasing: reread[0..<readCount])) {
                        throw ItemPreparer.mismatch(at: written + difference)
                    }
                }
            } catch {
                condition.lock()
                failure = error
                condition.broadcast()
                condition.unlock()
                return
            }
            written += count
            reportWritten(written)
            if written - writtenBack >= ItemPreparer.writebackStretch {
                // The batch's sync then finds most of this file on the disk already, instead of all of it still to write.
                target.output.startWriteback(at: writtenBack, count: written - writtenBack)
                writtenBack = written
            }
            condition.lock()
            free.append(index)
            condition.broadcast()
            condition.unlock()
        }
    }
}
