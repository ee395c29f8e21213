// The seam for the two signals a parent of child workers needs. SIGPIPE: a process that writes
// requests to a child worker must survive the child dying; with the default action the write into
// the dead child's pipe would kill the parent too, ignored it fails with EPIPE, which the caller
// reports as the child's failure. SIGKILL: a worker that hangs must be stopped for sure. Foundation's
// `Process.terminate()` sends SIGTERM, which a child started from a thread that blocks SIGTERM (as
// Dispatch's worker threads do) inherits blocked, so the hung child would never see it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signals a parent process sends or ignores.
package enum ProcessSignals {
    /// Turns SIGPIPE from "end the process" into a failed write, for the whole process (idempotent).
    package static func ignoreBrokenPipe() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Sends SIGKILL to the process `identifier` (a child this process started); false when it is already gone.
    @discardableResult
    package static func kill(_ identifier: Int32) -> Bool {
        #if canImport(Glibc)
        return Glibc.kill(identifier, SIGKILL) == 0
        #else
        return Darwin.kill(identifier, SIGKILL) == 0
        #endif
    }
}
