import Foundation
import TestSupport
import Testing

@testable import SystemSeam

/// `ByteNamedOpenFile.contents(endingAtSize:)`: one read when the file ends where its size says, and the whole file
/// whatever the size given.
@Suite struct ByteNamedOpenFileContentsTests {
    /// Empty, the inline sizes of `Data`, around a page, and around the 1 MiB a single read takes at most.
    static let sizes = [0, 1, 14, 15, 200, 4095, 4096, 4097, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, (2 << 20) + 3]

    static func file(size: Int, in folder: TemporaryDirectory) throws -> (path: [UInt8], bytes: Data) {
        // A random block of a prime length, repeated: every byte position differs from its neighbours' without a random
        // number each.
        var generator = SeededGenerator(seed: UInt64(size) &+ 11)
        let block = (0..<4099).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var bytes = Data(capacity: size)
        while bytes.count < size { bytes.append(contentsOf: block.prefix(size - bytes.count)) }
        let url = folder.appending("file-\(size).bin")
        try bytes.write(to: url)
        return (Array(url.path.utf8), bytes)
    }

    @Test(arguments: sizes)
    func readsTheWholeFileGivenItsSize(size: Int) throws {
        let folder = try TemporaryDirectory("contents-ending-at-size")
        let (path, bytes) = try Self.file(size: size, in: folder)
        let (file, status) = try ByteNamedOpenFile.openForReading(path)
        #expect(status.size == Int64(size))
        let read = try file.contents(endingAtSize: status.size)
        #expect(read == bytes)
        #expect(read == (try file.contents(expectedSize: status.size)))
        // Read from the start again, whatever was read before.
        #expect(try file.contents(endingAtSize: status.size) == bytes)
    }

    /// A size that is no longer the file's (it grew or shrank since it was taken) still gives every byte, never a
    /// prefix or a padded buffer.
    @Test(arguments: sizes)
    func readsTheWholeFileGivenAWrongSize(size: Int) throws {
        let folder = try TemporaryDirectory("contents-wrong-size")
        let (path, bytes) = try Self.file(size: size, in: folder)
        let (file, _) = try ByteNamedOpenFile.openForReading(path)
        for wrong in Set([0, max(size - 1, 0), size / 2, size + 1, size + 4096]) where wrong != size {
            #expect(try file.contents(endingAtSize: Int64(wrong)) == bytes, "file of \(size) bytes read as \(wrong)")
        }
    }

    /// A file written through the descriptor reads back whole, the bytes written being the size given.
    @Test func readsBackWhatWasWrittenThroughTheDescriptor() throws {
        let folder = try TemporaryDirectory("contents-written")
        let path = Array(folder.appending("written.txt").path.utf8)
        let file = try ByteNamedOpenFile.create(path)
        let text = Data("one line\nanother line\n".utf8)
        try file.write(text)
        #expect(try file.contents(endingAtSize: Int64(text.count)) == text)
        try file.write(text)
        #expect(try file.contents(endingAtSize: Int64(text.count)) == text + text)
    }

    /// The kernel sizes these as 0, but they have contents: the one read sees more than the size and reads on.
    @Test func readsAFileTheKernelSizesAsEmpty() throws {
        let (file, status) = try ByteNamedOpenFile.openForReading(Array("/proc/version".utf8))
        #expect(status.size == 0)
        let read = try file.contents(endingAtSize: status.size)
        #expect(!read.isEmpty)
        #expect(read == (try Data(contentsOf: URL(fileURLWithPath: "/proc/version"))))
    }
}
