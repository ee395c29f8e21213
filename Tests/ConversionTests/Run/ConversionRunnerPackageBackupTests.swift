import ConversionTestCodecs
import DocumentCodecs
import DocumentPlatform
import Foundation
import SystemSeam
import TestSupport
import Testing

@testable import Conversion

/// The backup an in-place conversion keeps of a package, copied and verified a block at a time by the job's own
/// process.
@Suite struct ConversionRunnerPackageBackupTests {
    /// A notebook with a page of several blocks, hidden and nested members, and a legacy icon beside its item.
    static func writeLargeNotebook(in fixture: ConversionFixture) throws -> ItemPath {
        let page = String(repeating: "a line of the long page\n", count: 40_000)
        let book = try fixture.writeNotebook("book.notebook", title: "Book", pages: ["short page", page])
        try fixture.write("book.notebook/.hidden", "hidden")
        try fixture.write(
            "book.notebook/attachments/deep/data.bin",
            data: Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        try fixture.write("book.notebook/attachments/empty.txt", "")
        try ByteNamedFiles.makeFolders(book.appending(Array("attachments/nothing".utf8)).bytes)
        try fixture.write("book.notebook/cover", "cover")
        try fixture.write("book.notebook/cover.tiff", "legacy icon")
        try ByteNamedFiles.setModificationTime(
            book.appending(Array("cover".utf8)).bytes, seconds: 1_400_000_000, nanoseconds: 987_654_321)
        try ByteNamedFiles.setModificationTime(
            book.appending(Array("attachments/deep".utf8)).bytes, seconds: 1_400_000_001, nanoseconds: 1)
        try ByteNamedFiles.setPermissions(book.bytes, 0o705)
        return book
    }

    @Test func aPackagesBackupIsTheWholeOriginalAndAResumedRunRecognisesTheOutput() async throws {
        let fixture = try ConversionFixture("package-backup")
        let book = try Self.writeLargeNotebook(in: fixture)
        let original = try ConversionFixture.tree(book)
        var job = try fixture.job(to: "uppercase-text")
        job.outputFolder = nil
        job.inPlace = true
        let report = try await ConversionRunner(job: job).run()
        #expect(report.item(endingWith: "book.notebook")?.status == .converted)
        let converted = try #require(fixture.contents(book))
        #expect(converted.contains("A LINE OF THE LONG PAGE"))

        // Every member with its bytes, bits and time to the nanosecond, the legacy icon a wrapper's copy left out
        // included.
        let backup = fixture.input.appending(Array("book.notebook.orig".utf8))
        let backedUp = try ConversionFixture.tree(backup)
        #expect(differingPaths(backedUp, original) == [])
        #expect(backedUp[ItemPath("cover.tiff")] != nil)
        #expect(try ByteNamedFiles.status(backup.bytes)?.permissions == 0o705)

        // A run killed after the swap but before its journal line: the output is recognised by its digest, read a block
        // at a time.
        var resumed = job
        resumed.resume = true
        let recognised = try await ConversionRunner(job: resumed).run()
        #expect(recognised.item(endingWith: "book.notebook")?.status == .resumed)
        #expect(fixture.contents(book) == converted)
        #expect(differingPaths(try ConversionFixture.tree(backup), original) == [])
        #expect(
            try !ConversionFixture.tree(fixture.input).keys.contains { $0.description.contains(".docmigrate-tmp-") })
    }

    @Test func aRunKilledAfterTheBackupButBeforeTheSwapConvertsTheUntouchedPackage() async throws {
        let fixture = try ConversionFixture("package-backup-before-swap")
        let book = try Self.writeLargeNotebook(in: fixture)
        let original = try ConversionFixture.tree(book)
        // The backup a killed run renamed into place: a whole copy, so the package itself is still the original.
        _ = try DocumentDigest.streamedCopy(of: book, to: ItemPath(bytes: book.bytes + Array(".orig".utf8)))
        var job = try fixture.job(to: "uppercase-text")
        job.outputFolder = nil
        job.inPlace = true
        let report = try await ConversionRunner(job: job).run()
        #expect(report.item(endingWith: "book.notebook")?.status == .converted)
        #expect(fixture.contents(book)?.contains("SHORT PAGE") == true)
        let backup = ItemPath(bytes: book.bytes + Array(".orig".utf8))
        #expect(try ConversionFixture.tree(backup).keys.sorted() == original.keys.sorted())

        // A backup that is not a whole copy (a member changed) is another item's: refused, nothing touched.
        let other = try fixture.writeNotebook("other.notebook", title: "Other", pages: ["page"])
        _ = try DocumentDigest.streamedCopy(of: other, to: ItemPath(bytes: other.bytes + Array(".orig".utf8)))
        try fixture.write("other.notebook.orig/.hidden", "not in the original")
        let before = try ConversionFixture.tree(fixture.input)
        let again = try await ConversionRunner(job: job).run()
        #expect(again.item(endingWith: "other.notebook")?.error?.code == "convert.backup-exists")
        #expect(differingPaths(try ConversionFixture.tree(fixture.input), before) == [])
    }
}
