import SystemSeam

/// A double of the seam's output files that inverts one byte of each file on disk right after the write
/// that reaches it, before the writer reads that block back.
///
/// The byte is changed through a descriptor of its own, as another process would change it, so the
/// writer's verification and digests must find it by reading the disk, not their own buffers.
struct TamperingOutputFiles: OutputFileCreating {
    /// The offset of the byte inverted in every file created.
    var offset: Int

    init(invertingByteAt offset: Int) {
        self.offset = offset
    }

    func createOutputFile(_ path: [UInt8]) throws -> any OutputFile {
        TamperedFile(wrapping: try SystemOutputFiles().createOutputFile(path), path: path, offset: offset)
    }

    private final class TamperedFile: OutputFile {
        private let file: any OutputFile
        private let path: [UInt8]
        /// The byte still to invert; nil once it is.
        private var pendingOffset: Int?
        private var written = 0

        init(wrapping file: any OutputFile, path: [UInt8], offset: Int) {
            self.file = file
            self.path = path
            pendingOffset = offset
        }

        func write(_ buffer: UnsafeRawBufferPointer) throws {
            try file.write(buffer)
            written += buffer.count
            guard let offset = pendingOffset, offset < written else { return }
            pendingOffset = nil
            let other = try ByteNamedStream.openForUpdating(path)
            var byte: UInt8 = 0
            _ = try withUnsafeMutableBytes(of: &byte) { try other.read(at: offset, into: $0) }
            byte = ~byte
            try withUnsafeBytes(of: &byte) { try other.write($0, at: offset) }
        }

        func startWriteback(at offset: Int, count: Int) {
            file.startWriteback(at: offset, count: count)
        }
    }
}
