import Foundation
import SystemSeam

extension SHA256 {
    /// The number of bytes read from a file per step: large enough to amortise the read call, small
    /// enough that hashing a multi-gigabyte member never holds more than this in memory.
    public static let fileChunkByteCount = 1 << 20

    /// Adds the bytes of `data` to the message.
    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// The digest of the regular file at `url`, read in chunks so that memory does not grow with its size.
    ///
    /// Throws a `ComparisonError` (`comparison.unreadable`) naming the file when it cannot be opened or read.
    public static func hash(contentsOf url: URL) throws -> SHA256Digest {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ComparisonError.unreadable(url.path, underlying: error)
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        while true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: fileChunkByteCount)
            } catch {
                throw ComparisonError.unreadable(url.path, underlying: error)
            }
            guard let chunk, !chunk.isEmpty else { break }
            hasher.update(chunk)
        }
        return hasher.finalize()
    }
}
