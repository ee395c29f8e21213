// The seam for starting a file's writeback early (sync_file_range with SYNC_FILE_RANGE_WRITE).
// The batch converter makes its outputs durable with one sync per batch; a large streamed output would
// otherwise reach the disk only then, all at once, and the sync would wait for every byte of it. Asking
// the kernel to start writing each finished stretch while the rest is still being converted overlaps the
// disk's work with the conversion's, and the sync waits only for the tail. It is only a start: it makes
// nothing durable (the sync still does), and where it fails or is missing nothing is lost but the overlap.
// Swift's Glibc module does not export sync_file_range (a GNU extension), so it is looked up in the C
// library by name (glibc has it since 2.6).
#if canImport(Glibc)
import Glibc
#endif

/// Starts writing a stretch of an open file's dirty pages to the disk, without waiting for them.
package enum FileWriteback {
    #if os(Linux)
    private typealias SyncFileRangeFunction = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32

    private static let syncFileRange: SyncFileRangeFunction? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: SyncFileRangeFunction.self)
    }()

    /// `SYNC_FILE_RANGE_WRITE` of <fcntl.h>: start writeback of the range's dirty pages, wait for nothing.
    private static let startWritingFlag: UInt32 = 2
    #endif

    /// Asks the kernel to start writing bytes `offset..<offset + count` of `descriptor`; returns whether it accepted.
    ///
    /// A hint: whatever it returns, the bytes are durable only after a sync.
    @discardableResult
    package static func start(descriptor: Int32, offset: Int, count: Int) -> Bool {
        #if os(Linux)
        guard let syncFileRange, offset >= 0, count > 0 else { return false }
        return syncFileRange(descriptor, Int64(offset), Int64(count), startWritingFlag) == 0
        #else
        return false
        #endif
    }
}
