import Foundation

/// A fresh folder under the system's temporary directory, removed when the test is done with it.
final class TemporaryDirectory {
    let url: URL

    init(_ label: String = "test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("docmigrate-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the folder.
    func appending(_ path: String) -> URL { url.appendingPathComponent(path) }
}
