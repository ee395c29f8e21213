import Dispatch
import DocumentModels
import Synchronization
import Testing

/// What a `ProbeDocument` saw: every call the host made, on which thread, with which values.
final class Probe: Sendable {
    enum Call: Equatable, Sendable {
        case reader(contentType: String)
        case read(onMainActor: Bool, source: String)
        case apply(snapshot: String, previous: String?, onMainActor: Bool)
        case snapshot(onMainActor: Bool)
        case writer(contentType: String)
        case write(snapshot: String, previous: String?, onMainActor: Bool, destination: String)
    }

    private let recorded = Mutex<[Call]>([])
    /// When set, the writer writes half a file and then throws.
    let failsWriting = Atomic<Bool>(false)
    /// When set, the writer returns without writing anything.
    let skipsWriting = Atomic<Bool>(false)
    /// Called by the writer after it wrote and completed its own progress, before returning.
    let afterWriting = Mutex<(@Sendable (URL) async -> Void)?>(nil)

    var calls: [Call] { recorded.withLock { $0 } }

    /// Whether the main actor can run a job while the caller blocks; false means the caller is on it.
    ///
    /// On Linux the main actor's jobs need not run on the process's first thread (libdispatch's
    /// `dispatchMain()` lets another thread drain the main queue), so `Thread.isMainThread` cannot
    /// tell; this asks the main actor itself. `apply` and `snapshot` check the other way round with
    /// `MainActor.assertIsolated()`, which stops the test process when it is wrong.
    static func mainActorIsFree() -> Bool {
        let ran = DispatchSemaphore(value: 0)
        Task { @MainActor in ran.signal() }
        return ran.wait(timeout: .now() + 2) == .success
    }

    func record(_ call: Call) {
        recorded.withLock { $0.append(call) }
    }

    func reset() {
        recorded.withLock { $0.removeAll() }
    }

    /// The destination of the last `write` call, or the empty string.
    var writeDestination: String {
        guard case .write(_, _, _, let destination)? = writes.last else { return "" }
        return destination
    }

    /// The `write` calls only.
    var writes: [Call] {
        calls.filter { if case .write = $0 { true } else { false } }
    }
}

struct ProbeError: Error, Equatable {
    let reason: String
}

/// A plain-text document with a custom reader and writer that record how the host calls them.
final class ProbeDocument: Document {
    static let readableContentTypes: [UTType] = [.plainText, .json]

    let probe: Probe
    var text = ""

    init(probe: Probe, text: String = "") {
        self.probe = probe
        self.text = text
    }

    struct Reader: DocumentReader {
        let probe: Probe

        @concurrent
        func read(from source: URL, progress: consuming Subprogress) async throws -> sending String {
            probe.record(.read(onMainActor: !Probe.mainActorIsFree(), source: source.path))
            let manager = progress.start(totalCount: 1)
            let data = try Data(contentsOf: source)
            guard let text = String(data: data, encoding: .utf8), !text.hasPrefix("CORRUPT") else {
                throw ProbeError(reason: "not a probe document")
            }
            manager.complete(count: 1)
            return text
        }
    }

    struct Writer: DocumentWriter {
        let probe: Probe

        @concurrent
        func write(
            snapshot: sending String, to destination: URL, previous: sending String?, progress: consuming Subprogress
        ) async throws {
            probe.record(
                .write(
                    snapshot: snapshot, previous: previous, onMainActor: !Probe.mainActorIsFree(),
                    destination: destination.path))
            let manager = progress.start(totalCount: 2)
            if probe.skipsWriting.load(ordering: .relaxed) { return }
            if probe.failsWriting.load(ordering: .relaxed) {
                try Data(snapshot.utf8.prefix(2)).write(to: destination)
                manager.complete(count: 1)
                throw ProbeError(reason: "disk full")
            }
            try Data(snapshot.utf8).write(to: destination)
            manager.complete(count: 2)
            if let afterWriting = probe.afterWriting.withLock({ $0 }) { await afterWriting(destination) }
        }
    }

    func reader(configuration: sending ReadConfiguration) -> sending Reader {
        probe.record(.reader(contentType: configuration.contentType.identifier))
        return Reader(probe: probe)
    }

    @MainActor
    func apply(snapshot: sending String, previous: sending String?) async throws {
        MainActor.assertIsolated()
        probe.record(.apply(snapshot: snapshot, previous: previous, onMainActor: true))
        text = snapshot
    }

    func writer(configuration: sending WriteConfiguration) -> sending Writer {
        probe.record(.writer(contentType: configuration.contentType.identifier))
        return Writer(probe: probe)
    }

    @MainActor
    func snapshot(contentType: UTType) async throws -> sending String {
        MainActor.assertIsolated()
        probe.record(.snapshot(onMainActor: true))
        return text
    }

    /// Changes the text and registers undo, as an editor must for autosave to notice.
    @MainActor
    func setText(_ newText: String, undoManager: UndoManager) {
        let oldText = text
        text = newText
        undoManager.registerUndo(withTarget: self) { document in
            document.setText(oldText, undoManager: undoManager)
        }
    }
}

/// The bytes of the file at `url`, or nil when there is none.
func contents(of url: URL) -> Data? {
    try? Data(contentsOf: url)
}

/// The text of the file at `url`, or nil when there is none.
func text(of url: URL) -> String? {
    contents(of: url).map { String(decoding: $0, as: UTF8.self) }
}

/// The inode of the item at `url`, to tell a replaced file from one rewritten or kept.
func inode(of url: URL) throws -> UInt64 {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
}
