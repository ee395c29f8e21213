// The seam for taking the status of many entries of one folder at once: a save over a package of
// thousands of members checks every unchanged member's modification time on disk, and one `fstatat`
// after another was the largest part of such a save. The calls are independent, so they are spread
// over the cores the process may use.
#if !canImport(Darwin)
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

extension FileDescriptor {
    /// Below this many names the statuses are taken on the calling thread: starting workers costs more.
    package static let parallelStatusThreshold = 1_024

    /// The cores the process may use, read once: the status batches of every later save share it.
    private static let statusWorkerCount = min(AvailableProcessors.count, 8)

    /// The status of each entry `names[i]` of this directory, not following a symbolic link; nil where
    /// there is no such entry, the name is not one entry (empty, `.`, `..`, or containing `/` or NUL),
    /// or the status cannot be read.
    ///
    /// What `status(ofEntry:)` returns for each name, with every failure folded into nil: the caller
    /// treats an entry it cannot check as one that must be written.
    package func statuses(ofEntries names: [String]) -> [FileStatus?] {
        let workers = names.count >= Self.parallelStatusThreshold ? Self.statusWorkerCount : 1
        let descriptor = raw
        guard workers > 1 else { return Self.statuses(in: descriptor, names[...]) }
        let chunkSize = (names.count + workers - 1) / workers
        let chunks = Mutex<[Int: [FileStatus?]]>([:])
        // `descriptor` stays open throughout: `self` is alive until this method returns, and
        // concurrentPerform returns only after every iteration has finished.
        DispatchQueue.concurrentPerform(iterations: workers) { chunk in
            let start = chunk * chunkSize
            let end = min(start + chunkSize, names.count)
            guard start < end else { return }
            let statuses = Self.statuses(in: descriptor, names[start..<end])
            chunks.withLock { $0[chunk] = statuses }
        }
        return chunks.withLock { chunks in
            var result: [FileStatus?] = []
            result.reserveCapacity(names.count)
            for chunk in 0..<workers { result.append(contentsOf: chunks[chunk] ?? []) }
            return result
        }
    }

    /// The statuses of `names` in the open directory `descriptor`, one `fstatat` after another.
    private static func statuses(in descriptor: Int32, _ names: ArraySlice<String>) -> [FileStatus?] {
        var result: [FileStatus?] = []
        result.reserveCapacity(names.count)
        for name in names {
            guard EntryName.isSingle(name) else {
                result.append(nil)
                continue
            }
            var raw = stat()
            result.append(fstatat(descriptor, name, &raw, AT_SYMLINK_NOFOLLOW) == 0 ? FileStatus(raw) : nil)
        }
        return result
    }
}
#endif
