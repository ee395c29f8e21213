import SystemSeam
import Verification

extension CommandOutput {
    /// Whether results written to `standardOutput` may be coloured: it must be this process's standard
    /// output, that must be a terminal, and `NO_COLOR` must be unset or empty.
    ///
    /// A buffer (as in tests) is never a terminal, even when the test runner's own output is one.
    public func standardOutputWantsColour(environment: [String: String]) -> Bool {
        guard let stream = standardOutput as? StandardStream, stream.kind == .output else { return false }
        return VerificationReport.wantsColour(
            environment: environment, standardOutputIsTerminal: TerminalDevice.standardOutputIsTerminal)
    }
}
