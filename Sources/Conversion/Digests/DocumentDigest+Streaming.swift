import Comparison

extension DocumentDigest {
    /// A file's ``DocumentDigest`` fed its bytes a piece at a time, its length given before the first piece.
    ///
    /// The digest of a file hashes its length before its bytes, so a streamed file can be hashed
    /// piece by piece only once its length is known: an input's from its status, a streamed output's
    /// from a count of the input (``DocumentCodecs/StreamingOutputLengthCounter``). The result is
    /// ``DocumentDigest/of(_:)`` of the same bytes as a regular file; fed other than `length` bytes,
    /// it is a programming error (the length hashed first would be wrong).
    struct StreamedFile {
        /// The length the bytes were announced to have.
        let length: Int
        /// How many bytes were added so far.
        private(set) var count = 0
        private var hasher = SHA256()

        init(length: Int) {
            precondition(length >= 0, "a file's length is not negative")
            self.length = length
            DocumentDigest.startFile(length: length, in: &hasher)
        }

        /// Adds the next piece of the file's bytes.
        mutating func update(_ bytes: UnsafeRawBufferPointer) {
            precondition(count + bytes.count <= length, "more bytes than the file's announced length")
            hasher.update(bytes)
            count += bytes.count
        }

        /// The digest, once all `length` bytes were added.
        func finalize() -> SHA256Digest {
            precondition(count == length, "fewer bytes than the file's announced length")
            var finished = hasher
            return finished.finalize()
        }
    }
}
