import Foundation

/// A package at generation 0 in a folder of its own, beside a folder for the coordination locks:
/// the starting point of the kill, disk-full and permission tests of saves (`SaveKillHarness`).
public final class SaveKillSetup {
    /// The temporary folder holding both, removed when the setup goes away.
    public let directory: TemporaryDirectory
    /// The folder the package sits in.
    public let documents: URL
    /// The package the saves replace.
    public let package: URL
    /// The environment of the child processes: this one's, with the coordination folder set.
    public let environment: [String: String]

    /// Makes the package; `changing` is how many of its changing members the saves of the test change.
    public init(_ label: String, changing: Int = GenerationPackage.changingMembers.count) throws {
        directory = try TemporaryDirectory(label)
        documents = directory.appending("documents")
        package = documents.appendingPathComponent("Saved.genpkg")
        try GenerationPackage.create(at: package, generation: 0, changing: changing)
        let locks = directory.appending("locks")
        try FileManager.default.createDirectory(at: locks, withIntermediateDirectories: true)
        // Writable by everyone, for the child that drops root's privileges.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: locks.path)
        var environment = ProcessInfo.processInfo.environment
        environment["DOCMIGRATE_COORDINATION_DIRECTORY"] = locks.path
        self.environment = environment
    }

    /// The names in the documents folder, sorted: only the package once every save has finished.
    public func items() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: documents.path).sorted()
    }
}
