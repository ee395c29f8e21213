import Foundation
import TestSupport
import Testing

@testable import DocumentPlatform

/// Exclusion between processes, with real child processes of the test helper.
///
/// Each test gives its children a lock folder of its own through
/// `DOCMIGRATE_COORDINATION_DIRECTORY`, so that it coordinates with nothing else.
@Suite struct NSFileCoordinatorCrossProcessTests {
    static let generations = 300

    /// Runs a reader child and a writer child on one four-member package at the same time.
    ///
    /// The reader starts first and reads until it sees the writer's last generation, so it
    /// overlaps the writer's whole run.
    func runWriterAndReader(
        coordinated: Bool
    ) throws -> (
        reader: (status: Int32, output: String, error: String, timedOut: Bool),
        writer: (status: Int32, output: String, error: String, timedOut: Bool)
    ) {
        let folder = try TemporaryDirectory("coordination")
        let package = folder.appending("Shared.docpkg")
        try makePackage(at: package, members: 4)
        let lockFolder = folder.appending("locks")
        let mode = coordinated ? "coordinated" : "uncoordinated"
        let arguments = [package.path, "\(Self.generations)", mode]
        let reader = try CoordinationChild("coordinated-reader", arguments, lockFolder: lockFolder)
        let writer = try CoordinationChild("coordinated-writer", arguments, lockFolder: lockFolder)
        let writerResult = writer.finish(within: 60)
        let readerResult = reader.finish(within: 60)
        return (readerResult, writerResult)
    }

    @Test func aReaderInAnotherProcessNeverSeesAHalfWrittenPackage() throws {
        let (reader, writer) = try runWriterAndReader(coordinated: true)
        #expect(!writer.timedOut && !reader.timedOut)
        #expect(writer.status == 0, "writer: \(writer.error)")
        #expect(reader.status == 0, "reader saw a mix or failed: \(reader.output) \(reader.error)")
        #expect(count("mixes", in: reader.output) == 0)
        // Several whole generations seen means the reader really ran while the writer wrote.
        #expect((count("generations", in: reader.output) ?? 0) >= 3, "\(reader.output)")
        #expect((count("reads", in: reader.output) ?? 0) >= 100, "\(reader.output)")
    }

    /// Proves the test above can fail: the same two processes without coordination do see a mix.
    ///
    /// Not flaky in practice: the writer spends about 1 ms of every generation with its
    /// members disagreeing (four members, 0.3 ms apart), for 300 generations, and the
    /// reader reads the four members every 0.2 ms or so throughout, so it makes hundreds of
    /// reads while a generation is half written; missing all of them would need the
    /// processes not to run at the same time at all, which the reader-first start rules out.
    @Test func withoutCoordinationTheReaderDoesSeeAMix() throws {
        let (reader, writer) = try runWriterAndReader(coordinated: false)
        #expect(!writer.timedOut && !reader.timedOut)
        #expect(writer.status == 0, "writer: \(writer.error)")
        #expect(reader.status == 0, "reader: \(reader.output) \(reader.error)")
        #expect((count("mixes", in: reader.output) ?? 0) > 0, "\(reader.output)")
    }

    /// A save renames a new package over the old one while another process reads: the lock,
    /// keyed by path and not by inode, still makes a writer of the new package wait.
    @Test func swappingThePackageWhileAnotherProcessReadsStillExcludes() throws {
        let folder = try TemporaryDirectory("coordination")
        let package = folder.appending("Swapped.docpkg")
        try makePackage(at: package, members: 1)
        let lockFolder = folder.appending("locks")
        let holdMilliseconds = 600
        let child = try CoordinationChild(
            "coordinated-hold-read", [package.path, "\(holdMilliseconds)"], lockFolder: lockFolder)
        #expect(child.waitForLine("holding"))
        let heldSince = Date()

        // Swap in a new directory, as a safe save does: the old inode leaves the path.
        let replacement = folder.appending("Swapped.docpkg.new")
        try makePackage(at: replacement, members: 1)
        try FileManager.default.moveItem(at: package, to: folder.appending("Swapped.docpkg.old"))
        try FileManager.default.moveItem(at: replacement, to: package)

        // The writer is another child, so that it agrees with the holder on the lock folder.
        let writer = try CoordinationChild(
            "coordinated-writer", [package.path, "1", "coordinated"], lockFolder: lockFolder)
        let writerResult = writer.finish(within: 30)
        let waited = Date().timeIntervalSince(heldSince)
        let holder = child.finish(within: 30)
        #expect(holder.status == 0 && writerResult.status == 0, "\(holder.error) \(writerResult.error)")
        #expect(holder.output.contains("releasing"))
        #expect(
            waited >= Double(holdMilliseconds) / 1000 * 0.8,
            "the writer finished after \(waited) s, before the reader let go")
    }
}
