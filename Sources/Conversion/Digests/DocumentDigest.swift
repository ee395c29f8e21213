import Comparison
import DocumentCodecs

/// SHA-256 of a document: a file's bytes, or for a folder its members' names, kinds and bytes in byte-wise name order.
///
/// The journal records it for inputs and outputs, and a resumed job recognises an output that was
/// renamed into place before its journal line was written by this digest.
enum DocumentDigest {
    static func of(_ wrapper: FileWrapper) -> SHA256Digest {
        var hasher = SHA256()
        add(wrapper, to: &hasher)
        return hasher.finalize()
    }

    /// The digest of a file holding `contents`: what `of(_:)` gives for a regular-file wrapper of those bytes, without
    /// the wrapper.
    static func of(fileContents contents: Data) -> SHA256Digest {
        var hasher = SHA256()
        startFile(length: contents.count, in: &hasher)
        hasher.update(contents)
        return hasher.finalize()
    }

    private static func add(_ wrapper: FileWrapper, to hasher: inout SHA256) {
        if wrapper.isDirectory {
            hasher.update(Array("D".utf8))
            let children = (wrapper.fileWrappers ?? [:]).sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (name, child) in children {
                var length = UInt64(name.utf8.count).littleEndian
                withUnsafeBytes(of: &length) { hasher.update($0) }
                hasher.update(Array(name.utf8))
                add(child, to: &hasher)
            }
            hasher.update(Array("E".utf8))
        } else if wrapper.isSymbolicLink {
            hasher.update(Array("L".utf8))
            hasher.update(Array((wrapper.symbolicLinkDestinationURL?.path ?? "").utf8))
        } else {
            let data = wrapper.regularFileContents ?? Data()
            startFile(length: data.count, in: &hasher)
            hasher.update(data)
        }
    }

    /// Starts a file's digest: its mark and its length, which the file's bytes follow (a streamed file is hashed
    /// without a wrapper).
    static func startFile(length: Int, in hasher: inout SHA256) {
        // The mark "F" from the stack rather than an array made per file.
        var mark = UInt8(ascii: "F")
        withUnsafeBytes(of: &mark) { hasher.update($0) }
        var encodedLength = UInt64(length).littleEndian
        withUnsafeBytes(of: &encodedLength) { hasher.update($0) }
    }
}
