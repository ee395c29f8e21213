// The seam that asks whether a standard stream is a terminal, for output that only makes sense on one
// (a progress bar redrawn in place).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this process's standard streams are terminals.
package enum TerminalDevice {
    /// Whether standard error is a terminal.
    package static var standardErrorIsTerminal: Bool { isatty(2) == 1 }
}
