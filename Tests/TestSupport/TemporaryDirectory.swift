import Foundation

/// A fresh folder under the system's temporary directory, removed when the test is done with it.
public final class TemporaryDirectory {
    public let url: URL

    public init(_ label: String = "test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("docmigrate-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the folder.
    public func appending(_ path: String) -> URL { url.appendingPathComponent(path) }
}
