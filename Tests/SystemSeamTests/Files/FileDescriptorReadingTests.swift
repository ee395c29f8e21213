import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SystemSeam

/// Whole-file reads straight into the buffer the returned `Data` owns.
@Suite struct FileDescriptorReadingTests {
    /// Sizes around the edges of the read: empty, the inline sizes of `Data`, a page, and the 1 MiB chunk.
    static let sizes = [0, 1, 14, 15, 4095, 4096, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, (3 << 20) + 17]

    @Test(arguments: sizes)
    func readsEveryByteOfAFileOfEachSize(size: Int) throws {
        let folder = try TemporaryDirectory("read-to-end")
        var generator = SeededGenerator(seed: UInt64(size) &+ 7)
        let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let file = folder.appending("file.bin")
        try bytes.write(to: file)
        let read = try FileDescriptor.openRegularFile(atPath: file.path).readToEnd()
        #expect(read.count == size)
        #expect(read == bytes)
        // The result owns its bytes: changing the file afterwards does not change what was read.
        try Data(repeating: 0xEE, count: size).write(to: file)
        #expect(read == bytes)
    }

    @Test func readsInChunksOfOneMebibyteSoThatObserversSeeEachChunk() throws {
        let folder = try TemporaryDirectory("read-to-end-chunks")
        let file = folder.appending("big.bin")
        try Data(repeating: 0x41, count: (2 << 20) + 5).write(to: file)
        let progress = Mutex<[Int]>([])
        ReadObservation.observe(path: file.path) { bytesSoFar in progress.withLock { $0.append(bytesSoFar) } }
        defer { ReadObservation.observe(path: file.path, nil) }
        let read = try FileDescriptor.openRegularFile(atPath: file.path).readToEnd()
        #expect(read.count == (2 << 20) + 5)
        #expect(progress.withLock { $0 } == [1 << 20, 2 << 20, (2 << 20) + 5])
    }

    /// Files the kernel sizes as 0 have contents all the same; a large one makes the buffer grow several times.
    @Test(arguments: ["/proc/version", "/proc/kallsyms"])
    func readsAFileTheKernelSizesAsEmpty(path: String) throws {
        guard FileManager.default.isReadableFile(atPath: path) else { return }
        let status = try #require(try FileDescriptor.status(atPath: path))
        #expect(status.size == 0)
        let read = try FileDescriptor.openRegularFile(atPath: path).readToEnd()
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let expected = try #require(try handle.readToEnd())
        #expect(!read.isEmpty)
        #expect(read == expected)
    }
}
