import DocumentPlatform

extension TestHelperModes {
    /// Modes that exercise FileWrapper from a second process.
    static let fileWrapper: [String: Mode] = [:]
}
