import DocumentPlatform
import Foundation
import SystemSeam

/// What the job's own process reads of an input file, a block at a time: the leading bytes a dry run
/// detects from, and the verified backup copy of an in-place conversion.
///
/// Reading these whole put a 200 MB input (twice, for a backup and its check) in the job's memory,
/// however little the item's worker needed; a block at a time, memory does not grow with the file.
extension ConversionRunner {
    /// The bytes read at a time; a smaller file is read in one block of its own size.
    static let streamedBlockSize = 1 << 18

    /// The first `count` bytes (fewer when the file is shorter) of the file at `path`, not following a final link.
    static func leadingBytes(of path: ItemPath, count: Int) throws -> [UInt8] {
        let file = try ByteNamedStream.openRegularFile(path.bytes, followingLinks: false).stream
        var bytes = [UInt8](repeating: 0, count: count)
        let read = try bytes.withUnsafeMutableBytes { try file.read(at: 0, into: $0) }
        return Array(bytes[0..<read])
    }

    /// Whether the regular files at `first` and `second` hold the same bytes, compared a block at a time.
    static func streamedContentsEqual(_ first: ItemPath, _ second: ItemPath) throws -> Bool {
        let (left, leftStatus) = try ByteNamedStream.openRegularFile(first.bytes, followingLinks: false)
        let (right, rightStatus) = try ByteNamedStream.openRegularFile(second.bytes, followingLinks: false)
        guard leftStatus.size == rightStatus.size else { return false }
        let blockSize = Self.blockSize(for: leftStatus.size)
        let leftBlock = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        let rightBlock = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        defer {
            leftBlock.deallocate()
            rightBlock.deallocate()
        }
        var offset = 0
        while true {
            let leftCount = try left.read(at: offset, into: leftBlock)
            let rightCount = try right.read(at: offset, into: rightBlock)
            let same =
                ItemPreparer.firstDifference(
                    UnsafeRawBufferPointer(rebasing: leftBlock[0..<leftCount]),
                    UnsafeRawBufferPointer(rebasing: rightBlock[0..<rightCount])) == nil
            if !same { return false }
            if leftCount == 0 { return true }
            offset += leftCount
        }
    }

    /// Copies the regular file at `source` (not following a final link) to a new file at `destination`, a block at a
    /// time; returns the source's status.
    static func streamedCopy(_ source: ItemPath, to destination: ItemPath) throws -> FileStatus {
        let (input, status) = try ByteNamedStream.openRegularFile(source.bytes, followingLinks: false)
        let output = try ByteNamedStream.create(destination.bytes)
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.blockSize(for: status.size), alignment: 16)
        defer { block.deallocate() }
        var offset = 0
        while true {
            let count = try input.read(at: offset, into: block)
            if count == 0 { break }
            try output.write(UnsafeRawBufferPointer(rebasing: block[0..<count]))
            offset += count
        }
        return status
    }

    private static func blockSize(for size: Int64) -> Int {
        Int(min(max(size + 1, 4096), Int64(streamedBlockSize)))
    }
}
