import Synchronization

/// A headless driver of one document that does what SwiftUI's `DocumentGroup` does, without a UI.
///
/// It creates the document through a `makeDocument` closure, as `DocumentGroup(editor:makeDocument:)`
/// does, and then opens, saves, autosaves, exports and reverts it in Apple's documented order:
///
/// - open: `reader(configuration:)`, then `read(from:progress:)` off the main actor inside a
///   coordinated read, then `apply(snapshot:previous:)` on the main actor. A failed read leaves
///   the host without a document and the file untouched.
/// - save: `snapshot(contentType:)` on the main actor, `writer(configuration:)`, then
///   `write(snapshot:to:previous:progress:)` off the main actor inside a coordinated write, into
///   a temporary location that replaces the file in one step only after the writer succeeded.
///   `previous` is the last snapshot written successfully to the document's file.
/// - autosave writes only when the undo manager recorded a change since the last save: "without
///   registered undo actions, SwiftUI won't trigger autosave".
///
/// Everything the host does is visible here; it keeps no hidden state beyond what SwiftUI keeps
/// (the last written and applied snapshots, the file wrapper last read or written, the file's
/// identity and the change count at the last save). The host runs one operation at a time.
@MainActor
public final class DocumentHost<Document: AnyObject> {
    /// The closure that makes a document instance, as `DocumentGroup`'s `makeDocument`.
    ///
    /// It runs on the main actor, may suspend, and may throw `CancellationError` to cancel the
    /// creation. The host also calls it to make the instance an opened file is read into, with the
    /// configuration's `fileURL` already set and no creation source.
    public typealias MakeDocument =
        @MainActor (URLDocumentConfiguration, DocumentCreationContext) async throws -> Document

    /// The document's configuration: its file URL, modification date and creation source.
    public let configuration: URLDocumentConfiguration
    /// The undo manager the document's changes are registered with; it decides whether autosave writes.
    public let undoManager: UndoManager
    /// The document, once created or opened.
    public internal(set) var document: Document?
    /// The content type of the document's file, once it was opened or saved.
    public internal(set) var contentType: UTType?
    /// The progress of the running (or last) read or write; it finishes only after the file was replaced.
    public var currentProgress: ProgressManager? { progressSlot.manager }

    let makeDocument: MakeDocument
    /// Where `currentProgress` is kept: a read or write starts its progress off the main actor, once it holds its
    /// claim.
    let progressSlot = ProgressSlot()
    let changeCounter: DocumentChangeCounter
    let fileWrapperHistory = FileWrapperHistory()
    let operations = OperationLock()
    /// The snapshot last written to the document's file, handed to the next save as `previous`.
    var lastWrittenSnapshot: UncheckedTransfer<Any>?
    /// The snapshot last applied, handed to the next `apply` as `previous`.
    var lastAppliedSnapshot: UncheckedTransfer<Any>?
    /// The file as it was after the last open, save or revert, to notice changes by others.
    var recordedIdentity: FileIdentity?
    /// The change count when the last successful save took its snapshot.
    var savedChangeCount = 0

    /// Creates a host whose documents come from `makeDocument`.
    ///
    /// Pass an undo manager to share one with an editor; by default the host makes its own.
    public init(undoManager: UndoManager? = nil, makeDocument: @escaping MakeDocument) {
        let undoManager = undoManager ?? UndoManager()
        self.undoManager = undoManager
        self.makeDocument = makeDocument
        changeCounter = DocumentChangeCounter(undoManager: undoManager)
        configuration = URLDocumentConfiguration()
    }

    /// Whether the document has changes not yet saved, as its undo manager counts them.
    ///
    /// Reading it ends the current undo event first, as the end of a run-loop pass does on Apple
    /// systems, so a change registered just before counts.
    public var isEdited: Bool {
        changeCounter.endEvent()
        return changeCounter.count != savedChangeCount
    }

    /// Creates a new document through `makeDocument`, passing the button's creation source.
    ///
    /// When the closure throws `CancellationError`, the creation is cancelled: the error is
    /// rethrown as it is and the host stays without a document. Creating a second document in
    /// one host is a programming error.
    @discardableResult
    public func create(source: DocumentCreationSource? = nil) async throws -> Document {
        await operations.acquire()
        defer { operations.release() }
        precondition(document == nil, "DocumentHost hosts one document; make another host for another document")
        configuration.fileURL = nil
        configuration.creationSource = source
        let made: Document
        do {
            made = try await makeDocument(configuration, DocumentCreationContext(creationSource: source))
        } catch let cancellation as CancellationError {
            configuration.creationSource = nil
            throw cancellation
        } catch {
            configuration.creationSource = nil
            throw DocumentHostError.wrapping(
                error, operation: .create, reason: .makeDocumentFailed, url: nil,
                summary: "the makeDocument closure failed")
        }
        document = made
        return made
    }

    /// The document, which must exist: calling an operation before `create` or `open` succeeded is a programming error.
    var requiredDocument: Document {
        guard let document else {
            preconditionFailure("DocumentHost has no document yet; call create(source:) or open(_:contentType:) first")
        }
        return document
    }

}

/// The host's current progress manager, replaced by each read or write when it starts.
///
/// A read or write runs off the main actor from its coordinated claim to its end, in one hop, and
/// starts its progress there, at the moment it always did (once the claim is held), so `currentProgress`
/// is the running operation's while its reader or writer runs. The lock makes that hand-over safe.
final class ProgressSlot: Sendable {
    private let current = Mutex<ProgressManager?>(nil)

    var manager: ProgressManager? { current.withLock { $0 } }

    /// Runs a new progress manager for one read or write and returns it.
    func start(totalCount: Int) -> ProgressManager {
        let progress = ProgressManager(totalCount: totalCount)
        current.withLock { $0 = progress }
        return progress
    }
}
