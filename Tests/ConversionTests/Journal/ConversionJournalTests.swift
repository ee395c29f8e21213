import Foundation
import TestSupport
import Testing

@testable import Conversion

@Suite struct ConversionJournalTests {
    private func entry(_ name: String, size: Int64 = 5) -> ConversionJournal.Entry {
        ConversionJournal.Entry(
            input: ItemPath(bytes: Array(name.utf8) + [0xFF]), size: size,
            mtime: ConversionJournal.mtime(seconds: 7, nanoseconds: 5),
            inputHash: "aa", output: ItemPath("out/" + name), outputHash: "bb", result: "converted")
    }

    @Test func survivesATornLastLineAndKeysOnSizeAndTime() throws {
        let folder = try TemporaryDirectory("journal")
        let path = ItemPath(folder.url.path + "/journal.jsonl")
        try ConversionJournal(path: path, resuming: false).append([entry("a")])
        // A kill in the middle of the next write leaves half a line.
        let handle = try FileHandle(forUpdating: folder.appending("journal.jsonl"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"input\":\"b".utf8))
        try handle.close()

        let resumed = try ConversionJournal(path: path, resuming: true)
        #expect(resumed.isFinished(input: entry("a").input, size: 5, mtime: "7.000000005"))
        #expect(!resumed.isFinished(input: entry("a").input, size: 6, mtime: "7.000000005"))
        #expect(!resumed.isFinished(input: entry("a").input, size: 5, mtime: "7.000000006"))
        try resumed.append([entry("c")])

        let again = try ConversionJournal(path: path, resuming: true)
        #expect(again.isFinished(input: entry("c").input, size: 5, mtime: "7.000000005"))
        // A run without --resume skips nothing but keeps the journal for a later --resume.
        let fresh = try ConversionJournal(path: path, resuming: false)
        #expect(!fresh.isFinished(input: entry("a").input, size: 5, mtime: "7.000000005"))
        #expect(
            try ConversionJournal(path: path, resuming: true).isFinished(
                input: entry("a").input, size: 5, mtime: "7.000000005"))
    }
}

extension ConversionJournalTests {
    @Test(arguments: [
        "plain", "quote\" back\\slash", "new\nline\ttab\r", "control\u{1}\u{8}\u{C}\u{1F}", "slash/é/日本",
        "base64:looks encoded",
    ])
    func aLineIsWhatJSONEncoderWrites(_ name: String) throws {
        var entries = [
            entry(name),
            ConversionJournal.Entry(
                input: ItemPath(name), size: -1, mtime: "0.000000000", inputHash: nil, output: nil, outputHash: nil,
                result: "converted"),
        ]
        entries[0].inputHash = name
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for entry in entries {
            var line: [UInt8] = []
            entry.appendLine(to: &line)
            #expect(
                String(decoding: line, as: UTF8.self) == String(decoding: try encoder.encode(entry), as: UTF8.self)
                    + "\n")
            #expect(try JSONDecoder().decode(ConversionJournal.Entry.self, from: Data(line.dropLast())) == entry)
        }
    }
}
