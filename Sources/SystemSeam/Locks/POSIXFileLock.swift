// The one seam between file coordination and the C library: open file description (OFD)
// record locks on sidecar lock files. Only Linux needs it, because on Apple systems the
// real NSFileCoordinator is used.
#if canImport(Glibc)
import Glibc

/// An open sidecar lock file and the OFD lock this process holds on it.
///
/// OFD locks (`F_OFD_SETLK`, Linux 3.15 and later) belong to the open file description,
/// not to the process: two descriptors opened separately conflict even inside one process,
/// closing an unrelated descriptor of the same file does not drop the lock (as it would
/// with classic `fcntl` locks), and changing a shared lock into an exclusive one is atomic
/// (unlike `flock`, which drops the old lock first). They also work over NFS, where `flock`
/// is unreliable. Closing the file (when the object is released) drops the lock.
///
/// Lock files can be deleted safely under one protocol (see `CoordinationLockFolder`): a file
/// is only deleted by whoever holds it exclusively (`removeIfUnused(at:)`), never renamed over,
/// and whoever newly locks a file checks `isLinked` afterwards and opens the path again if the
/// file lost its name between the open and the lock.
package final class POSIXFileLock {
    /// How strongly a lock excludes others.
    package enum Mode: Sendable {
        case shared
        case exclusive
    }

    /// The result of one attempt to lock without waiting.
    package enum Attempt: Sendable {
        case acquired
        case busy
    }

    /// A failed system call: its name and `errno`.
    package struct Failure: Error, Sendable {
        package var call: String
        package var number: Int32

        /// The C library's description of `number`.
        package var reason: String { String(cString: strerror(number)) }
    }

    // Glibc declares these only under _GNU_SOURCE, which Swift's Glibc module does not
    // define; the values are part of the Linux ABI (asm-generic/fcntl.h), equal on every
    // architecture.
    private static let ofdSetLock: Int32 = 37

    private let descriptor: Int32

    /// Opens (creating if needed, mode 0600) the lock file at `path`, never following a symbolic link.
    package init(path: String) throws(Failure) {
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard opened >= 0 else { throw Failure(call: "open", number: errno) }
        descriptor = opened
    }

    /// Opens the lock file at `path` only if it exists, never following a symbolic link; nil when it cannot be opened.
    ///
    /// For sweeping old lock files: creating one just to delete it again would be wasted work.
    package init?(existingAt path: String) {
        let opened = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard opened >= 0 else { return nil }
        descriptor = opened
    }

    deinit { close(descriptor) }

    /// Deletes the lock file, whose name is `path`, if nobody else holds it; true when it was deleted.
    ///
    /// Takes the lock exclusively without waiting (a shared lock this description holds is
    /// converted atomically) and unlinks `path` only while holding it and only if the file still
    /// has a name: as files are never renamed over, a linked file locked by us is the one at `path`.
    /// When the lock is busy, its holder deletes the file later. The caller closes the file
    /// afterwards; until then the exclusive lock keeps out anyone who opened it before the unlink,
    /// and they find it unlinked once they lock it.
    package func removeIfUnused(at path: String) -> Bool {
        guard (try? tryLock(.exclusive)) == .acquired, isLinked else { return false }
        return unlink(path) == 0
    }

    /// An OFD lock request of `type` (`F_RDLCK`, `F_WRLCK` or `F_UNLCK`) over the whole file.
    private static func wholeFileRequest(_ type: Int32) -> flock {
        var request = flock()
        request.l_type = Int16(type)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = 0
        request.l_len = 0
        request.l_pid = 0
        return request
    }

    /// Takes or converts the lock to `mode` without waiting; a conversion that fails keeps the old lock.
    package func tryLock(_ mode: Mode) throws(Failure) -> Attempt {
        var request = Self.wholeFileRequest(mode == .shared ? F_RDLCK : F_WRLCK)
        while true {
            let result = withUnsafeMutablePointer(to: &request) { fcntl(descriptor, Self.ofdSetLock, $0) }
            if result == 0 { return .acquired }
            switch errno {
            case EINTR: continue
            case EAGAIN, EACCES: return .busy
            case let number: throw Failure(call: "fcntl(F_OFD_SETLK)", number: number)
            }
        }
    }

    /// Drops this process's lock and keeps the file open, so that the next lock of the same file needs no `open`.
    package func unlock() throws(Failure) {
        var request = Self.wholeFileRequest(F_UNLCK)
        while true {
            let result = withUnsafeMutablePointer(to: &request) { fcntl(descriptor, Self.ofdSetLock, $0) }
            if result == 0 { return }
            if errno != EINTR { throw Failure(call: "fcntl(F_OFD_SETLK, F_UNLCK)", number: errno) }
        }
    }

    /// Whether the open file still has a name: false once someone deleted the lock file, whose path
    /// may then name a new file that other processes lock instead.
    package var isLinked: Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && status.st_nlink > 0
    }

    /// The names of at most `limit` entries of the folder at `path` that end in `suffix`, in directory order.
    ///
    /// Reads the folder with `readdir` and stops after looking at `limit` entries, so that a
    /// folder of a million names costs no more than a small one; empty when it cannot be read.
    package static func entryNames(in path: String, endingWith suffix: String, limit: Int) -> [String] {
        guard let stream = opendir(path) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        var looked = 0
        while looked < limit, let entry = readdir(stream) {
            looked += 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                String(decoding: buffer.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasSuffix(suffix) { names.append(name) }
        }
        return names
    }

    /// The real user id of this process, which names the default per-user lock folder.
    package static var currentUserID: UInt32 { getuid() }
}
#endif
