/// The modes of the test helper, grouped by concern; each concern's file adds its own table.
enum TestHelperModes {
    /// Runs one mode with its arguments and returns the process exit code.
    typealias Mode = @Sendable ([String]) throws -> Int32
}
