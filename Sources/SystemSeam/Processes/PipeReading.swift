// The seam for reading a pipe someone else owns (a child process's standard output, this process's
// standard input) into a caller's buffer. `FileHandle.availableData` does an fstat and allocates a
// fresh `Data` on every read, which a job's parent paid once per worker answer; a plain `read` into
// a buffer the caller reuses costs one system call and no allocation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads from a descriptor this code does not own (it never closes it).
package enum PipeReading {
    /// Reads up to `buffer.count` bytes of `descriptor` into `buffer`, waiting until some are there;
    /// returns how many, 0 at the end of the stream.
    ///
    /// A read that fails for another reason than an interruption also returns 0: for a pipe from a
    /// child that means the child is gone, and the caller handles it as the end of its answers.
    package static func readSome(from descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        while true {
            let count = read(descriptor, base, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { return 0 }
        }
    }
}
