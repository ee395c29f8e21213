import Synchronization

/// The file wrapper a document was last read from or written to, kept by the host per document.
///
/// SwiftUI hands `FileWrapperDocumentWriter`'s closure "the file wrapper used for writing, or the one
/// read by a companion FileWrapperDocumentReader"; this is where that wrapper waits between the two.
package final class FileWrapperHistory: @unchecked Sendable {
    // Unchecked because FileWrapper is not Sendable: the host runs one read or write of a document
    // at a time, so the wrapper is never touched from two threads at once; the lock orders the hand-over.
    private let lock = Mutex<Void>(())
    private var wrapper: FileWrapper?
    private var url: URL?

    package init() {}

    /// The document's file on disk, where the last wrapper's unchanged members can be hard-linked from.
    package var lastFileURL: URL? {
        get { lock.withLock { _ in url } }
        set { lock.withLock { _ in url = newValue } }
    }

    /// The wrapper last read or written, if any.
    package var lastFileWrapper: FileWrapper? {
        get { lock.withLock { _ in wrapper } }
        set { lock.withLock { _ in wrapper = newValue } }
    }
}
