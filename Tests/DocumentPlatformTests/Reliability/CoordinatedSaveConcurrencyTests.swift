import Foundation
import TestSupport
import Testing

/// Two processes: one saves a package atomically inside coordinated writes in a loop, the other reads
/// its members one by one inside coordinated reads, a thousand times. No read may mix two saves.
///
/// `NSFileCoordinatorCrossProcessTests` proves the same for a writer that rewrites members in place;
/// here the writer is a real save (a new package swapped in by `FileWrapper`'s atomic write), and a
/// reader that opens members by path would otherwise read some members from the old package and the
/// rest from the new one.
@Suite struct CoordinatedSaveConcurrencyTests {
    /// A thousand in `swift test`; `Tests/run-long-reliability-tests` asks for more.
    static let reads = ProcessInfo.processInfo.environment["DOCMIGRATE_CONCURRENT_READS"].flatMap { Int($0) } ?? 1_000

    @Test func aThousandCoordinatedReadsNeverSeeAMixOfTwoSaves() throws {
        let folder = try TemporaryDirectory("coordinated-saves")
        let package = folder.appending("Shared.genpkg")
        try GenerationPackage.create(at: package, generation: 0)
        let stopFile = folder.appending("stop").path
        var environment = ProcessInfo.processInfo.environment
        environment["DOCMIGRATE_COORDINATION_DIRECTORY"] = folder.appending("locks").path

        let writer = try HelperProcess.start(
            "coordinated-save-loop", [package.path, stopFile, "coordinated"], environment: environment)
        let reader = try HelperProcess.run(
            "coordinated-read-loop", [package.path, "\(Self.reads)", "coordinated"], environment: environment)
        _ = FileManager.default.createFile(atPath: stopFile, contents: Data())
        let writerResult = HelperProcess.finish(writer)

        #expect(writerResult.status == 0, "\(writerResult.standardError)")
        #expect(reader.status == 0, "\(reader.standardError)")
        #expect(reader.standardOutput.contains("reads=\(Self.reads) mixes=0 "), "\(reader.standardOutput)")
        // The saves really ran during the reads: the reader saw many different whole generations.
        let generations =
            Int(reader.standardOutput.split(separator: "=").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
            ?? 0
        #expect(generations >= 10, "\(reader.standardOutput) \(writerResult.standardOutput)")
        guard case .whole = GenerationPackage.state(at: package) else {
            Issue.record("the package ended \(GenerationPackage.state(at: package))")
            return
        }
    }
}
