// The seam through which a writer of large outputs creates and fills them, a block at a time. The writer
// takes the creator as a value, so that a test can stand between a block's write and its read-back (change
// a byte on disk as another process would) with a double of its own, as swift-nio's tests stand in for its
// system calls, instead of the shipping code reading a hook.
#if !canImport(Darwin)

/// Creates the files a writer fills from their start to their end.
package protocol OutputFileCreating: Sendable {
    /// Creates a new regular file at `path` for writing (mode 0600); fails with `EEXIST` if anything is there.
    func createOutputFile(_ path: [UInt8]) throws -> any OutputFile
}

/// A file written in order, a block at a time.
package protocol OutputFile: AnyObject {
    /// Appends all of `buffer` at the file's current position.
    func write(_ buffer: UnsafeRawBufferPointer) throws

    /// Asks the kernel to start writing bytes `offset..<offset + count` to the disk now rather than at the next sync.
    func startWriteback(at offset: Int, count: Int)
}

/// The system's own files, created with `ByteNamedStream.create`.
package struct SystemOutputFiles: OutputFileCreating {
    package init() {}

    package func createOutputFile(_ path: [UInt8]) throws -> any OutputFile {
        try ByteNamedStream.create(path)
    }
}

extension ByteNamedStream: OutputFile {}
#endif
