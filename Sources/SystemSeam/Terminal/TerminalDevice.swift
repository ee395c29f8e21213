// The seam that asks whether a standard stream is a terminal, for output that only makes sense on one
// (a progress bar redrawn in place, colours).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this process's standard streams are terminals.
package enum TerminalDevice {
    /// Whether standard output is a terminal.
    package static var standardOutputIsTerminal: Bool { isatty(1) == 1 }

    /// Whether standard error is a terminal.
    package static var standardErrorIsTerminal: Bool { isatty(2) == 1 }
}
