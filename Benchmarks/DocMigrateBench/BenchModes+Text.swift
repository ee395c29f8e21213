extension BenchModes {
    /// The text-encoding modes.
    static var textModes: [String: Mode] { [:] }
}
