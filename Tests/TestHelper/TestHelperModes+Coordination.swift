import DocumentPlatform

extension TestHelperModes {
    /// Modes that exercise NSFileCoordinator from a second process.
    static let coordination: [String: Mode] = [:]
}
