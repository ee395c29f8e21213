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
final class POSIXFileLock {
    /// How strongly a lock excludes others.
    enum Mode: Sendable {
        case shared
        case exclusive
    }

    /// The result of one attempt to lock without waiting.
    enum Attempt: Sendable {
        case acquired
        case busy
    }

    /// A failed system call: its name and `errno`.
    struct Failure: Error, Sendable {
        var call: String
        var number: Int32

        /// The C library's description of `number`.
        var reason: String { String(cString: strerror(number)) }
    }

    // Glibc declares these only under _GNU_SOURCE, which Swift's Glibc module does not
    // define; the values are part of the Linux ABI (asm-generic/fcntl.h), equal on every
    // architecture.
    private static let ofdSetLock: Int32 = 37

    private let descriptor: Int32

    /// Opens (creating if needed, mode 0600) the lock file at `path`, never following a symbolic link.
    init(path: String) throws(Failure) {
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard opened >= 0 else { throw Failure(call: "open", number: errno) }
        descriptor = opened
    }

    deinit { close(descriptor) }

    /// Takes or converts the lock to `mode` without waiting; a conversion that fails keeps the old lock.
    func tryLock(_ mode: Mode) throws(Failure) -> Attempt {
        var request = flock()
        request.l_type = Int16(mode == .shared ? F_RDLCK : F_WRLCK)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = 0
        request.l_len = 0
        request.l_pid = 0
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
    func unlock() throws(Failure) {
        var request = flock()
        request.l_type = Int16(F_UNLCK)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = 0
        request.l_len = 0
        request.l_pid = 0
        while true {
            let result = withUnsafeMutablePointer(to: &request) { fcntl(descriptor, Self.ofdSetLock, $0) }
            if result == 0 { return }
            if errno != EINTR { throw Failure(call: "fcntl(F_OFD_SETLK, F_UNLCK)", number: errno) }
        }
    }

    /// Whether the open file still has a name: false once someone deleted the lock file, whose path
    /// may then name a new file that other processes lock instead.
    var isLinked: Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && status.st_nlink > 0
    }

    /// The real user id of this process, which names the default per-user lock folder.
    static var currentUserID: UInt32 { getuid() }
}
#endif
