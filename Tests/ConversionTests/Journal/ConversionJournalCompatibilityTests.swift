import DocumentPlatform
import Foundation
import SystemSeam
import TestSupport
import Testing

@testable import Conversion

/// A journal written before the parent's bookkeeping was made cheaper still resumes, and new lines read as old ones
/// did.
@Suite struct ConversionJournalCompatibilityTests {
    @Test func aJournalInTheEarlierFormResumesItsItems() async throws {
        let fixture = try ConversionFixture("journal-earlier")
        var lines = ""
        for index in 0..<4 {
            let input = try fixture.write("f\(index).txt", "file \(index)")
            let status = try #require(try ByteNamedFiles.status(input.bytes))
            // The line as the earlier code wrote it (sorted keys, slashes unescaped), the last one for a size the file
            // no longer has.
            let size = index == 3 ? status.size + 1 : status.size
            let mtime = ConversionJournal.mtime(
                seconds: status.modificationSeconds, nanoseconds: status.modificationNanoseconds)
            lines +=
                #"{"input":"\#(input.description)","inputHash":"00","mtime":"\#(mtime)","output":"\#(fixture.output.description)/f\#(index).upper","outputHash":"11","result":"converted","size":\#(size)}"#
                + "\n"
        }
        try ByteNamedFiles.makeFolders(fixture.output.bytes)
        try Data(lines.utf8).write(to: URL(fileURLWithPath: fixture.output.description + "/.docmigrate-journal.jsonl"))
        var job = try fixture.job(to: "uppercase-text")
        job.resume = true
        let report = try await ConversionRunner(job: job).run()
        #expect(report.totals.resumed == 3 && report.totals.converted == 1)
        #expect(report.item(endingWith: "f3.txt")?.status == .converted)
        #expect(fixture.contents(fixture.output.appending(Array("f3.upper".utf8))) == "FILE 3")

        // The line this run appended reads back, and a further resume skips all four.
        let journal = try ByteNamedFiles.contents(
            Array((fixture.output.description + "/.docmigrate-journal.jsonl").utf8)
        ).data
        let last = try #require(journal.split(separator: UInt8(ascii: "\n")).last)
        let entry = try JSONDecoder().decode(ConversionJournal.Entry.self, from: Data(last))
        #expect(entry.input == fixture.input.appending(Array("f3.txt".utf8)))
        #expect(entry.output == fixture.output.appending(Array("f3.upper".utf8)))
        let again = try await ConversionRunner(job: job).run()
        #expect(again.totals.resumed == 4)
    }

    @Test(arguments: [
        [UInt8]("plain/path.txt".utf8), [0x61, 0x2F, 0xFF, 0x62], [UInt8]("base64:abc".utf8), [0x61, 0x7F, 0x09, 0x22],
    ])
    func aPathIsWrittenAsItsJSONForm(_ bytes: [UInt8]) throws {
        var line: [UInt8] = []
        ConversionJournal.Entry.appendPath(ItemPath(bytes: bytes), to: &line)
        var expected: [UInt8] = []
        ConversionJournal.Entry.appendString(ItemPath(bytes: bytes).encodedForJSON, to: &expected)
        #expect(line == expected)
        #expect(try JSONDecoder().decode(ItemPath.self, from: Data(line)) == ItemPath(bytes: bytes))
    }
}
