import Synchronization

// The seam that keeps one child process's pipes out of another child. Foundation's `Pipe` makes
// descriptors without close-on-exec, and `Process.run()` on Linux does not close the parent's other
// descriptors in the child, so a worker started while a second worker's pipes were open inherited
// them: holding the write end of the second worker's input, it kept that worker from ever seeing
// the end of its input, and the job waited for it forever (seen in the sharding test under load).
// Marking both ends close-on-exec before any child starts, with the starts serialised, closes that.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Descriptors a parent hands to one child process only.
package enum ChildProcessDescriptors {
    private static let startLock = Mutex(())

    /// Runs `start` (which makes a child's pipes, marks them with ``closeOnExec(_:)`` and starts the
    /// child) while no other child is being started through here, so no pipe is unmarked at a start.
    package static func startingAlone<Result>(_ start: () throws -> Result) rethrows -> Result {
        try startLock.withLock { _ in try start() }
    }

    /// Marks `descriptor` close-on-exec, so that no child started later inherits it.
    ///
    /// A child still gets the pipes meant for it: the duplicates made onto its descriptors 0 and 1
    /// do not carry the flag.
    package static func closeOnExec(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFD)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }
}
