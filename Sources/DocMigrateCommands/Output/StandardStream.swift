import Foundation

/// Standard output or standard error of this process, written through `FileHandle`.
///
/// `FileHandle` writes go straight to the file descriptor (`write(2)`), unbuffered, so text is
/// complete even when the process calls `exit` right after.
public struct StandardStream: TextDestination {
    /// Which of the two standard streams.
    public enum Kind: Sendable, Hashable {
        /// File descriptor 1.
        case output
        /// File descriptor 2.
        case error
    }

    /// The stream this value writes to.
    public var kind: Kind

    /// Creates a writer for the standard stream `kind`.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// Writes `text` to the stream at once; a failed write (a closed stream) is ignored.
    public func write(_ text: String) {
        let handle = kind == .output ? FileHandle.standardOutput : FileHandle.standardError
        // A closed or broken stream must not crash the tool, and there is nowhere left to report it.
        try? handle.write(contentsOf: Data(text.utf8))
    }
}
