#if !canImport(Darwin)
import Foundation
import Synchronization
import SystemSeam

/// One item a coordinated call reads or writes, with its options.
enum CoordinatedAccess: Sendable {
    case reading(URL, NSFileCoordinator.ReadingOptions)
    case writing(URL, NSFileCoordinator.WritingOptions)

    var url: URL {
        switch self {
        case .reading(let url, _), .writing(let url, _): url
        }
    }

    var isWriting: Bool {
        if case .writing = self { return true }
        return false
    }
}

/// The state of one NSFileCoordinator and the work of a coordinated call, kept apart from
/// the class so that the asynchronous method can carry it to another thread.
final class CoordinatorCore: Sendable {
    /// A move announced to the coordinator.
    struct Move: Hashable, Sendable {
        var from: URL
        var to: URL
        /// False for `item(at:willMoveTo:)`, true for `item(at:didMoveTo:)`.
        var completed: Bool
    }

    private struct State {
        var purposeIdentifier = "docmigrate.file-coordinator." + CoordinatorCore.randomUUID().uuidString
        var purposeWasSet = false
        var isCancelled = false
        var runningWriteAccessors = 0
        var moves: [Move] = []
        var waitingThreadsStarted = 0
    }

    private let state = Mutex(State())

    /// A random (version 4) UUID made from the system's random generator.
    ///
    /// Foundation's `UUID()` on Linux opens and reads `/dev/urandom` for every UUID, and a document
    /// host makes a coordinator per claim: thousands of opens in one `verify`. `getrandom` needs no file.
    static func randomUUID() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40
            raw[8] = (raw[8] & 0x3F) | 0x80
            return UUID(
                uuid: (
                    raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                    raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
                ))
        }
    }

    var purposeIdentifier: String { state.withLock { $0.purposeIdentifier } }

    func setPurposeIdentifier(_ identifier: String) {
        precondition(!identifier.isEmpty, "NSFileCoordinator: purposeIdentifier must not be empty")
        state.withLock { state in
            precondition(!state.purposeWasSet, "NSFileCoordinator: purposeIdentifier can be set only once")
            state.purposeIdentifier = identifier
            state.purposeWasSet = true
        }
    }

    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    func cancel() { state.withLock { $0.isCancelled = true } }

    func recordMove(from: URL, to: URL, completed: Bool) {
        state.withLock { $0.moves.append(Move(from: from, to: to, completed: completed)) }
    }

    var moves: [Move] { state.withLock { $0.moves } }

    /// How many threads this coordinator's asynchronous calls started to wait for a claim; for tests.
    var waitingThreadsStarted: Int { state.withLock { $0.waitingThreadsStarted } }

    func noteWaitingThreadStarted() { state.withLock { $0.waitingThreadsStarted += 1 } }

    /// A coordinated call's claim, worked out from its accesses before any lock is taken.
    struct PreparedClaim: Sendable {
        var claim: CoordinationClaim
        /// The URLs the accessor receives, one per access, in the order given.
        var accessorURLs: [URL]
        /// The accesses that read a snapshot for uploading, and the canonical paths to copy.
        var uploads: [Upload]
        var writes: Bool
        var folder: CoordinationLockFolder
        /// The token under which the claim's locks are held.
        var token: UInt64

        struct Upload: Sendable {
            var index: Int
            var path: String
        }
    }

    /// Waits for every access, runs `accessor` with the URLs to use, then releases.
    ///
    /// The accessor receives one URL per access, in the order given.
    func perform(_ accesses: [CoordinatedAccess], accessor: ([URL]) -> Void) throws(FileCoordinationError) {
        let prepared = try prepare(accesses)
        try acquire(prepared)
        try run(prepared, accessor: accessor)
    }

    /// Checks a call and works out its locks; throws what the call must fail with before it waits.
    func prepare(_ accesses: [CoordinatedAccess]) throws(FileCoordinationError) -> PreparedClaim {
        let firstPath = accesses.first?.url.path ?? "/"
        for access in accesses {
            precondition(access.url.isFileURL, "NSFileCoordinator: \(access.url) is not a file URL")
        }
        guard !isCancelled else { throw .cancelled(firstPath) }
        let writes = accesses.contains(where: \.isWriting)
        if writes, state.withLock({ $0.runningWriteAccessors > 0 }) { throw .nestedWrite(firstPath) }
        let folder = try CoordinationLockFolder.shared.get()

        var claim = CoordinationClaim()
        var accessorURLs: [URL] = []
        var uploads: [PreparedClaim.Upload] = []
        for (index, access) in accesses.enumerated() {
            switch access {
            case .reading(let url, let options):
                let resolves = options.contains(.resolvesSymbolicLink)
                let path = CoordinationPath.canonical(url, resolvingLastLink: resolves)
                claim.add(path: path, mode: .shared, excludesContents: false)
                accessorURLs.append(resolves ? URL(fileURLWithPath: path) : url)
                if options.contains(.forUploading) { uploads.append(PreparedClaim.Upload(index: index, path: path)) }
            case .writing(let url, let options):
                let path = CoordinationPath.canonical(url)
                claim.add(path: path, mode: .exclusive, excludesContents: !options.isDisjoint(with: .excludingContents))
                accessorURLs.append(url)
            }
        }
        return PreparedClaim(
            claim: claim, accessorURLs: accessorURLs, uploads: uploads, writes: writes, folder: folder,
            token: CoordinationLockTable.shared.makeToken())
    }

    /// Takes a prepared claim if nothing has to wait for it; false, holding nothing, when something would.
    func acquireWithoutWaiting(_ prepared: PreparedClaim) throws(FileCoordinationError) -> Bool {
        try CoordinationLockTable.shared.acquireWithoutWaiting(
            prepared.claim, token: prepared.token, purpose: purposeIdentifier, folder: prepared.folder)
    }

    /// Takes a prepared claim, blocking the calling thread until it is held or the coordinator is cancelled.
    func acquire(_ prepared: PreparedClaim) throws(FileCoordinationError) {
        try CoordinationLockTable.shared.acquire(
            prepared.claim, token: prepared.token, purpose: purposeIdentifier, folder: prepared.folder
        ) { isCancelled }
    }

    /// Runs `accessor` under a held claim, making the upload snapshots first, and releases the claim.
    ///
    /// The claim is released whatever happens; when a snapshot cannot be made, the accessor does not run.
    func run(_ prepared: PreparedClaim, accessor: ([URL]) -> Void) throws(FileCoordinationError) {
        let table = CoordinationLockTable.shared
        var isHeld = true
        defer { if isHeld { table.release(prepared.claim, token: prepared.token) } }

        var accessorURLs = prepared.accessorURLs
        var snapshotFolders: [URL] = []
        defer { for folder in snapshotFolders { try? FileManager.default.removeItem(at: folder) } }
        for upload in prepared.uploads {
            let snapshot = try UploadSnapshot.make(of: upload.path)
            snapshotFolders.append(snapshot.deletingLastPathComponent())
            accessorURLs[upload.index] = snapshot
        }
        // A snapshot for uploading releases the claim, as on Apple systems, when the call only reads;
        // a call that also writes keeps its claim for the write.
        if !prepared.uploads.isEmpty, !prepared.writes {
            table.release(prepared.claim, token: prepared.token)
            isHeld = false
        }

        let writes = prepared.writes
        if writes { state.withLock { $0.runningWriteAccessors += 1 } }
        defer { if writes { state.withLock { $0.runningWriteAccessors -= 1 } } }
        accessor(accessorURLs)
    }
}

extension CoordinatorCore {
    /// Counts a claim taken without an accessor as a running one (a nested write is refused while it is held).
    func beginHeldClaim(_ prepared: PreparedClaim) {
        if prepared.writes { state.withLock { $0.runningWriteAccessors += 1 } }
    }

    /// Releases a claim taken without an accessor.
    func endHeldClaim(_ prepared: PreparedClaim) {
        CoordinationLockTable.shared.release(prepared.claim, token: prepared.token)
        if prepared.writes { state.withLock { $0.runningWriteAccessors -= 1 } }
    }
}

/// The copy `.forUploading` hands to the accessor.
enum UploadSnapshot {
    /// Copies the item at `path` into a fresh temporary folder and returns the copy's URL.
    static func make(of path: String) throws(FileCoordinationError) -> URL {
        let fileManager = FileManager.default
        let source = URL(fileURLWithPath: path)
        guard fileManager.fileExists(atPath: path) else {
            var error = FileCoordinationError.snapshotFailed(path, "the item does not exist")
            error.errorCode = NSFileReadNoSuchFileError
            throw error
        }
        let folder = fileManager.temporaryDirectory
            .appendingPathComponent("docmigrate-upload-\(UUID().uuidString)", isDirectory: true)
        let copy = folder.appendingPathComponent(source.lastPathComponent)
        do {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            try fileManager.copyItem(at: source, to: copy)
        } catch {
            try? fileManager.removeItem(at: folder)
            throw .snapshotFailed(path, error.localizedDescription)
        }
        return copy
    }
}
#endif
