#if !canImport(Darwin)
import Dispatch
import Foundation
import Synchronization
import SystemSeam

/// One lock a claim takes: on an item, or on the tree of items inside a directory.
///
/// Every access to a path holds its item lock (shared to read, exclusive to write) and a
/// shared tree lock on each proper ancestor. A writer that deletes, moves or replaces a
/// directory also holds that directory's tree lock exclusively, so it waits for every access
/// inside and makes later ones wait, while plain readers and writers of a directory and of
/// its contents never meet (they share no lock, or share tree locks only in shared mode).
struct CoordinationLock: Hashable, Comparable, Sendable {
    enum Scope: String, Sendable {
        case item
        case tree
    }

    var scope: Scope
    var path: String

    /// `item:<path>` or `tree:<path>`, the name hashed into the lock file's name.
    var name: String { scope.rawValue + ":" + path }

    /// Byte-wise by path, then item before tree: the canonical order every claim locks in.
    static func < (left: Self, right: Self) -> Bool {
        if left.path != right.path { return left.path.utf8.lexicographicallyPrecedes(right.path.utf8) }
        return left.scope == .item && right.scope == .tree
    }
}

/// The locks a coordinated access needs, each with its mode, in canonical order.
struct CoordinationClaim: Sendable {
    typealias Mode = POSIXFileLock.Mode

    /// The locks to take, sorted; each lock appears once, with the strongest mode asked for.
    private(set) var locks: [(lock: CoordinationLock, mode: Mode)] = []
    /// The item paths the claim is about, for error messages.
    private(set) var itemPaths: [String] = []

    /// Adds the locks for accessing the item at canonical `path`.
    mutating func add(path: String, mode: Mode, excludesContents: Bool) {
        let key = FilePackage.root(containing: path) ?? path
        itemPaths.append(path)
        if locks.isEmpty {
            // The first access of a claim (most claims have one) needs no merging: each ancestor is a
            // proper prefix of the next and of the key, so in canonical order the ancestors' tree locks
            // come first, shortest first, then the key's item lock, then its tree lock.
            var ordered = CoordinationPath.ancestors(of: key).map {
                (lock: CoordinationLock(scope: .tree, path: $0), mode: Mode.shared)
            }
            ordered.append((lock: CoordinationLock(scope: .item, path: key), mode: mode))
            if excludesContents { ordered.append((lock: CoordinationLock(scope: .tree, path: key), mode: .exclusive)) }
            locks = ordered
            return
        }
        var wanted: [CoordinationLock: Mode] = [:]
        for (lock, mode) in locks { wanted[lock] = mode }
        func want(_ lock: CoordinationLock, _ mode: Mode) {
            wanted[lock] = (wanted[lock] == .exclusive || mode == .exclusive) ? .exclusive : .shared
        }
        want(CoordinationLock(scope: .item, path: key), mode)
        for ancestor in CoordinationPath.ancestors(of: key) {
            want(CoordinationLock(scope: .tree, path: ancestor), .shared)
        }
        if excludesContents { want(CoordinationLock(scope: .tree, path: key), .exclusive) }
        locks = wanted.sorted { $0.key < $1.key }.map { (lock: $0.key, mode: $0.value) }
    }
}

/// The process-wide reader/writer table on top of the OS locks.
///
/// The OS locks alone are not enough: they only tell processes apart (two threads that open
/// their own descriptors would exclude each other even when they share a purpose, and one
/// descriptor shared by threads would not exclude them at all). So this table decides among
/// the threads of this process, keyed by lock, and the process holds one OFD lock per lock
/// file, in the strongest mode any of its holders needs, until its last holder leaves.
///
/// Claims with the same purpose identifier never wait for each other in this process. A
/// waiting writer makes later readers of other purposes wait (so a stream of readers cannot
/// starve it). Waiting for another process is done by polling the lock without blocking in
/// the kernel, every 0.2 ms growing to 2 ms, so that a waiting call can be cancelled and a
/// process never sleeps in the kernel while holding what its own threads need; it also
/// means that across processes there is no fairness between readers and writers.
final class CoordinationLockTable: Sendable {
    typealias Mode = POSIXFileLock.Mode

    /// The table of this process.
    static let shared = CoordinationLockTable()

    private struct Holder {
        var purpose: String
        var mode: Mode
    }

    private struct Entry {
        var holders: [UInt64: Holder] = [:]
        var waitingWriters: [UInt64: String] = [:]
        var file: POSIXFileLock?
        /// Where `file` was opened.
        var filePath = ""
        var fileMode: Mode?

        var isUnused: Bool { holders.isEmpty && waitingWriters.isEmpty }

        func blocks(_ mode: Mode, purpose: String, token: UInt64) -> Bool {
            for holder in holders.values where holder.purpose != purpose {
                if holder.mode == .exclusive || mode == .exclusive { return true }
            }
            if mode == .shared, !holders.values.contains(where: { $0.purpose == purpose }) {
                return waitingWriters.contains { $0.key != token && $0.value != purpose }
            }
            return false
        }

        func strongestMode(with mode: Mode) -> Mode {
            mode == .exclusive || holders.values.contains(where: { $0.mode == .exclusive }) ? .exclusive : .shared
        }
    }

    private struct State {
        var entries: [CoordinationLock: Entry] = [:]
        var waiters: [UInt64: DispatchSemaphore] = [:]
        var nextToken: UInt64 = 1
        /// Lock files no claim holds, open and unlocked, oldest first; see `idleFileLimit`.
        var idleFiles: [IdleFile] = []
    }

    /// An open, unlocked lock file and its path.
    private struct IdleFile {
        var path: String
        var file: POSIXFileLock
    }

    /// How many unlocked lock files stay open for the next claim of the same lock.
    ///
    /// Opening a lock file (O_CREAT in one folder every process shares) and closing it again were
    /// a tenth of `verify`'s time, and most claims lock files a recent claim locked: the tree locks
    /// of `/` and the other common ancestors, and the items of a document that is opened and then
    /// saved. An idle file holds no lock, so other processes are not kept out. A lock file that was
    /// deleted meanwhile (by another process's cleanup, or a cleaner of the temporary folder) is not
    /// reused: its path may name a new file that other processes lock.
    ///
    /// Lock files are deleted when they leave this list, not when their last claim ends: deleting
    /// on release would cost an open with O_CREAT on every claim again, which is what the list
    /// saves. So a process leaves at most this many lock files behind, for a later sweep.
    static let idleFileLimit = 32

    private enum Outcome {
        case acquired
        case wait
        case failed(FileCoordinationError)
    }

    private let state = Mutex(State())

    /// A token that names one claim's holdings in the table.
    func makeToken() -> UInt64 {
        state.withLock { state in
            defer { state.nextToken += 1 }
            return state.nextToken
        }
    }

    /// Takes every lock of `claim` in canonical order, blocking the calling thread until all are held.
    ///
    /// On failure or cancellation, the locks already taken are released before throwing.
    func acquire(
        _ claim: CoordinationClaim, token: UInt64, purpose: String, folder: CoordinationLockFolder,
        isCancelled: () -> Bool
    ) throws(FileCoordinationError) {
        var taken: [CoordinationLock] = []
        do {
            for (lock, mode) in claim.locks {
                try acquire(
                    lock, mode: mode, token: token, purpose: purpose, folder: folder, claim: claim,
                    isCancelled: isCancelled)
                taken.append(lock)
            }
        } catch {
            release(taken, token: token)
            throw error
        }
    }

    /// Takes every lock of `claim` if none has to wait, without blocking; false (holding nothing) when one would wait.
    ///
    /// Lets an asynchronous coordination grant an uncontended claim on the calling thread and
    /// start a waiting thread only for a claim that really waits. A claim that would wait leaves
    /// no trace (it does not stand in line as a waiting writer): the blocking `acquire` that
    /// follows queues it as usual.
    func acquireWithoutWaiting(
        _ claim: CoordinationClaim, token: UInt64, purpose: String, folder: CoordinationLockFolder
    ) throws(FileCoordinationError) -> Bool {
        var taken: [CoordinationLock] = []
        for (lock, mode) in claim.locks {
            let outcome = state.withLock { state -> Outcome in
                var entry = state.entries[lock] ?? Entry()
                let outcome = attempt(
                    &entry, idleFiles: &state.idleFiles, lock: lock, mode: mode, token: token, purpose: purpose,
                    folder: folder, claim: claim)
                Self.store(entry, for: lock, in: &state)
                return outcome
            }
            switch outcome {
            case .acquired:
                taken.append(lock)
            case .wait:
                release(taken, token: token)
                return false
            case .failed(let error):
                release(taken, token: token)
                throw error
            }
        }
        return true
    }

    /// Releases what `token` holds on the locks of `claim`.
    func release(_ claim: CoordinationClaim, token: UInt64) {
        release(claim.locks.map(\.lock), token: token)
    }

    private func acquire(
        _ lock: CoordinationLock, mode: Mode, token: UInt64, purpose: String, folder: CoordinationLockFolder,
        claim: CoordinationClaim, isCancelled: () -> Bool
    ) throws(FileCoordinationError) {
        let semaphore = DispatchSemaphore(value: 0)
        var delay = 0.000_2
        while true {
            if isCancelled() {
                forgetWaitingWriter(lock, token: token)
                throw .cancelled(claim.itemPaths.first ?? lock.path)
            }
            let outcome = state.withLock { state -> Outcome in
                var entry = state.entries[lock] ?? Entry()
                let outcome = attempt(
                    &entry, idleFiles: &state.idleFiles, lock: lock, mode: mode, token: token, purpose: purpose,
                    folder: folder, claim: claim)
                if case .wait = outcome {
                    if mode == .exclusive { entry.waitingWriters[token] = purpose }
                    state.waiters[token] = semaphore
                } else {
                    entry.waitingWriters[token] = nil
                }
                Self.store(entry, for: lock, in: &state)
                return outcome
            }
            switch outcome {
            case .acquired:
                return
            case .failed(let error):
                wakeWaiters()
                throw error
            case .wait:
                _ = semaphore.wait(timeout: .now() + delay)
                delay = min(delay * 2, 0.002)
            }
        }
    }

    /// Admits `token` to `entry` if nothing in this process or outside blocks it; called under the mutex.
    private func attempt(
        _ entry: inout Entry, idleFiles: inout [IdleFile], lock: CoordinationLock, mode: Mode, token: UInt64,
        purpose: String, folder: CoordinationLockFolder, claim: CoordinationClaim
    ) -> Outcome {
        if entry.blocks(mode, purpose: purpose, token: token) { return .wait }
        let needed = entry.strongestMode(with: mode)
        if entry.fileMode != .exclusive, entry.fileMode != needed {
            let lockFile = folder.lockFilePath(for: lock.name)
            do throws(POSIXFileLock.Failure) {
                while true {
                    let file: POSIXFileLock
                    if let open = entry.file {
                        file = open
                    } else if let idle = Self.takeIdleFile(at: lockFile, from: &idleFiles) {
                        file = idle
                        entry.file = file
                        entry.filePath = lockFile
                    } else {
                        file = try POSIXFileLock(path: lockFile)
                        entry.file = file
                        entry.filePath = lockFile
                    }
                    // A shared-to-exclusive conversion is atomic and keeps the shared lock when it fails.
                    guard try file.tryLock(needed) == .acquired else { return .wait }
                    // A newly taken lock may be on a file that its last holder deleted between our open
                    // and our lock (see `CoordinationLockFolder`); the path then names another file, or
                    // none. Closing drops the lock; the next round opens the path again. A conversion
                    // needs no check: nobody deletes a file while this process holds a lock on it.
                    if entry.fileMode == nil, !file.isLinked {
                        entry.file = nil
                        continue
                    }
                    entry.fileMode = needed
                    break
                }
            } catch {
                if entry.holders.isEmpty { entry.file = nil }
                return .failed(
                    .lockFileFailed(
                        lockFile, item: claim.itemPaths.first ?? lock.path, call: error.call, reason: error.reason))
            }
        }
        entry.holders[token] = Holder(purpose: purpose, mode: mode)
        return .acquired
    }

    /// The idle open lock file at `path`, taken out of the idle list; nil when there is none.
    ///
    /// It may have been deleted meanwhile. That is not checked here: `attempt` checks every newly
    /// locked file once it holds the lock (the only check that counts, since a file can be deleted
    /// until then), and opens the path again when it was; a check here as well cost one more `fstat`
    /// for every lock of every claim.
    private static func takeIdleFile(at path: String, from idleFiles: inout [IdleFile]) -> POSIXFileLock? {
        guard let index = idleFiles.firstIndex(where: { $0.path == path }) else { return nil }
        return idleFiles.remove(at: index).file
    }

    /// Unlocks the file of an entry its last holder left and keeps it open among the idle files; called under the
    /// mutex.
    ///
    /// A file that cannot be unlocked is closed instead, which drops the lock all the same. The
    /// oldest idle file beyond `idleFileLimit` is deleted if no other process uses it and closed.
    private static func retire(_ file: POSIXFileLock, at path: String, into idleFiles: inout [IdleFile]) {
        do throws(POSIXFileLock.Failure) {
            try file.unlock()
        } catch {
            return
        }
        idleFiles.append(IdleFile(path: path, file: file))
        if idleFiles.count > idleFileLimit {
            let evicted = idleFiles.removeFirst()
            _ = evicted.file.removeIfUnused(at: evicted.path)
        }
    }

    /// Deletes every idle lock file no other process uses and closes them all; how many were deleted.
    ///
    /// The idle files are what a process leaves in the lock folder; a later process's sweep
    /// deletes them too, but a process that knows it is done can leave nothing behind.
    @discardableResult
    func removeIdleFiles() -> Int {
        state.withLock { state in
            defer { state.idleFiles = [] }
            return state.idleFiles.filter { $0.file.removeIfUnused(at: $0.path) }.count
        }
    }

    /// Puts `entry` back in the table, or drops it when nobody holds or awaits it; called under the mutex.
    ///
    /// An unused entry can still have a file that it opened and found busy: it joins the idle
    /// files, so that it is reused or deleted like any other, not left behind.
    private static func store(_ entry: Entry, for lock: CoordinationLock, in state: inout State) {
        guard entry.isUnused else {
            state.entries[lock] = entry
            return
        }
        state.entries[lock] = nil
        if let file = entry.file { retire(file, at: entry.filePath, into: &state.idleFiles) }
    }

    private func forgetWaitingWriter(_ lock: CoordinationLock, token: UInt64) {
        state.withLock { state in
            state.waiters[token] = nil
            guard var entry = state.entries[lock] else { return }
            entry.waitingWriters[token] = nil
            Self.store(entry, for: lock, in: &state)
        }
        // Readers that stood back for this writer may go now.
        wakeWaiters()
    }

    private func release(_ locks: [CoordinationLock], token: UInt64) {
        state.withLock { state in
            for lock in locks {
                guard var entry = state.entries[lock] else { continue }
                entry.holders[token] = nil
                if entry.holders.isEmpty {
                    // Unlocking (or closing) the lock file drops this process's OS lock.
                    if let file = entry.file { Self.retire(file, at: entry.filePath, into: &state.idleFiles) }
                    entry.file = nil
                    entry.fileMode = nil
                }
                Self.store(entry, for: lock, in: &state)
            }
        }
        wakeWaiters()
    }

    private func wakeWaiters() {
        let waiters = state.withLock { state in
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for semaphore in waiters { semaphore.signal() }
    }

    /// How many locks this process has in its table; for tests that check nothing leaks.
    var entryCount: Int { state.withLock { $0.entries.count } }
}

/// Cleanup of the lock files this process keeps open, for callers outside the module.
package enum CoordinationLockFiles {
    /// Deletes the idle lock files of this process that no other process uses and closes them all.
    ///
    /// A process that has finished coordinating can call it to leave no lock file behind; the
    /// test helper calls it after every claim to make lock files come and go as fast as possible.
    @discardableResult
    package static func removeIdle() -> Int { CoordinationLockTable.shared.removeIdleFiles() }
}
#endif
