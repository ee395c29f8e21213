extension BenchModes {
    /// The property-list modes.
    static var propertyListModes: [String: Mode] { [:] }
}
