import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct RTFDCodecTests {
    static func package(_ members: [String: Data] = RTFDSamples.members) -> FileWrapper {
        FileWrapper(directoryWithFileWrappers: members.mapValues { FileWrapper(regularFileWithContents: $0) })
    }

    static func contents(of wrapper: FileWrapper) -> [String: Data] {
        (wrapper.fileWrappers ?? [:]).compactMapValues(\.regularFileContents)
    }

    @Test func readsAPackageWithTwoAttachmentsAndWritesEveryMemberBack() throws {
        let folder = try TemporaryDirectory()
        let url = folder.appending("Trip.rtfd")
        try Self.package().write(to: url, options: .atomic, originalContentsURL: nil)
        let document = try RTFDCodec().decode(FileWrapper(url: url), contentType: .rtfd)
        #expect(document.text.attachmentNames == ["Pasted Graphic 1.png", "map.pdf"])
        #expect(document.attachments.map(\.name) == ["Pasted Graphic 1.png", "map.pdf"])
        #expect(document.text.plainText == "Trip photos:\n\u{FFFC}\nMap \u{FFFC}")
        let written = try RTFDCodec().encode(document, previous: nil, contentType: .rtfd)
        #expect(Self.contents(of: written) == RTFDSamples.members)
    }

    @Test func refusesAPackageWithoutTXTAndLocatesRTFErrorsInIt() throws {
        var members = RTFDSamples.members
        members["TXT.rtf"] = nil
        let missing = try #require(throws: CodecError.self) {
            try RTFDCodec().decode(Self.package(members), contentType: .rtfd)
        }
        #expect(missing.code == "rtfd.missing-text")
        members["TXT.rtf"] = Data(#"{\rtf1 {oops}"#.utf8)
        let broken = try #require(throws: CodecError.self) {
            try RTFDCodec().decode(Self.package(members), contentType: .rtfd)
        }
        #expect(broken.code == "rtf.unbalanced-groups")
        #expect(broken.location == .inMember("TXT.rtf", .byte(13)))
        let nested = FileWrapper(directoryWithFileWrappers: [
            "TXT.rtf": FileWrapper(regularFileWithContents: Data(#"{\rtf1 x}"#.utf8)),
            "folder": FileWrapper(directoryWithFileWrappers: [:]),
        ])
        let folderError = try #require(throws: CodecError.self) { try RTFDCodec().decode(nested, contentType: .rtfd) }
        #expect(folderError.code == "rtfd.unsupported-member")
        #expect(folderError.location == .member("folder"))
    }

    @Test func convertsBetweenPackageAndFlatContainerLosslesslyBothWays() throws {
        let package = try RTFDCodec().decode(Self.package(), contentType: .rtfd)
        let flatFile = try FlatRTFDCodec().encode(
            try RTFDToFlatRTFD().convert(package), previous: nil, contentType: .flatRTFD)
        let flatBytes = try #require(flatFile.regularFileContents)
        let flat = try FlatRTFDCodec().decode(flatFile, contentType: .flatRTFD)
        let back = try RTFDCodec().encode(try FlatRTFDToRTFD().convert(flat), previous: nil, contentType: .rtfd)
        #expect(Self.contents(of: back) == RTFDSamples.members)
        // And from the flat side: container → package → container gives the same bytes.
        let again = try FlatRTFDCodec().encode(
            try RTFDToFlatRTFD().convert(try RTFDCodec().decode(back, contentType: .rtfd)), previous: nil,
            contentType: .flatRTFD)
        #expect(again.regularFileContents == flatBytes)
    }

    @Test func agreesWithFileWrappersSerializedRepresentation() throws {
        let flat = try FlatRTFDCodec().encode(
            FlatRTFDDocument(package: try RTFDCodec().decode(Self.package(), contentType: .rtfd)), previous: nil,
            contentType: .flatRTFD)
        let bytes = try #require(flat.regularFileContents)
        // FileWrapper's own reader (Apple's on Apple systems) finds exactly the members.
        let unpacked = try #require(FileWrapper(serializedRepresentation: bytes))
        #expect(Self.contents(of: unpacked) == RTFDSamples.members)
        // And the flat codec reads what FileWrapper writes for a folder of the same members.
        let serialized = try #require(Self.package().serializedRepresentation)
        let read = try FlatRTFDCodec().decode(FileWrapper(regularFileWithContents: serialized), contentType: .flatRTFD)
        #expect(
            Dictionary(uniqueKeysWithValues: read.package.members.map { ($0.name, $0.contents) }) == RTFDSamples.members
        )
        #if !canImport(Darwin)
        // Our portable FileWrapper and the flat codec lay a folder out identically.
        #expect(serialized == bytes)
        #endif
    }

    @Test func refusesBadFlatContainersWithTheirOffset() throws {
        let bytes = try #require(
            FlatRTFDCodec().encode(
                FlatRTFDDocument(package: try RTFDCodec().decode(Self.package(), contentType: .rtfd)), previous: nil,
                contentType: .flatRTFD
            ).regularFileContents)
        let truncated = try #require(throws: CodecError.self) {
            try FlatRTFDCodec().decode(
                FileWrapper(regularFileWithContents: bytes.prefix(bytes.count - 3)), contentType: .flatRTFD)
        }
        #expect(truncated.code == "flat-rtfd.truncated")
        if case .byte? = truncated.location {} else { Issue.record("no byte offset in \(truncated)") }
        let notFlat = try #require(throws: CodecError.self) {
            try FlatRTFDCodec().decode(
                FileWrapper(regularFileWithContents: Data(#"{\rtf1 x}"#.utf8)), contentType: .flatRTFD)
        }
        #expect(notFlat.code == "flat-rtfd.magic")
        let single = try #require(FileWrapper(regularFileWithContents: Data("x".utf8)).serializedRepresentation)
        let plainFile = try #require(throws: CodecError.self) {
            try FlatRTFDCodec().decode(FileWrapper(regularFileWithContents: single), contentType: .flatRTFD)
        }
        #expect(plainFile.code == "flat-rtfd.not-a-package")
    }

    @Test func convertsToAMarkdownBundleWithImageLinksInPlace() throws {
        let package = try RTFDCodec().decode(Self.package(), contentType: .rtfd)
        let bundle = try RTFDToMarkdownBundle().convert(package)
        #expect(
            bundle.document.text
                == "Trip photos:\n\n![Pasted Graphic 1.png](attachments/Pasted%20Graphic%201.png)\n\n**Map** ![map.pdf](attachments/map.pdf)\n"
        )
        let folder = try TemporaryDirectory()
        let url = folder.appending("Trip.mdbundle")
        try MarkdownBundleCodec().encode(bundle, previous: nil, contentType: MarkdownBundleCodec.contentType).write(
            to: url, options: .atomic, originalContentsURL: nil)
        #expect(
            try Data(contentsOf: url.appendingPathComponent("attachments/Pasted Graphic 1.png")) == RTFDSamples.photo)
        #expect(try Data(contentsOf: url.appendingPathComponent("attachments/map.pdf")) == RTFDSamples.map)
        #expect(
            try String(contentsOf: url.appendingPathComponent("document.md"), encoding: .utf8) == bundle.document.text)
        #expect(
            try MarkdownBundleCodec().decode(FileWrapper(url: url), contentType: MarkdownBundleCodec.contentType)
                == bundle)

        var members = RTFDSamples.members
        members["map.pdf"] = nil
        let missing = try #require(throws: CodecError.self) {
            try RTFDToMarkdownBundle().convert(try RTFDCodec().decode(Self.package(members), contentType: .rtfd))
        }
        #expect(missing.code == "rtfd.attachment-missing")
        #expect(missing.location == .member("map.pdf"))
    }

    @Test func refusesToSaveAnEditedTextItCannotWrite() throws {
        var document = try RTFDCodec().decode(Self.package(), contentType: .rtfd)
        document.text.paragraphs[0].runs[0].content = .text("Edited")
        let error = try #require(throws: CodecError.self) {
            try RTFDCodec().encode(document, previous: nil, contentType: .rtfd)
        }
        #expect(error.code == "rtf.writer-unavailable")
        let rtfError = try #require(throws: CodecError.self) {
            try RTFCodec().encode(document.text, previous: nil, contentType: .rtf)
        }
        #expect(rtfError.code == "rtf.writer-unavailable")
    }

    @Test func namesWhereTwoDocumentsDiffer() throws {
        let original = try RTFDCodec().decode(Self.package(), contentType: .rtfd)
        var members = RTFDSamples.members
        members["map.pdf"] = Data("other".utf8)
        var text = RTFDSamples.text
        let range = try #require(text.range(of: Data("Trip photos".utf8)))
        text.replaceSubrange(range, with: Data("Trip pictures".utf8))
        members["TXT.rtf"] = text
        let changed = try RTFDCodec().decode(Self.package(members), contentType: .rtfd)
        let differences = RTFDCodec().differences(expected: original, actual: changed)
        #expect(differences.map(\.path) == ["TXT.rtf.paragraphs[0].runs[0]", "map.pdf"])
        #expect(RTFDCodec().differences(expected: original, actual: original).isEmpty)
        let rtf = RTFCodec().differences(
            expected: try RTFDocument(source: Data(#"{\rtf1 a\par b}"#.utf8)),
            actual: try RTFDocument(source: Data(#"{\rtf1 a\par \b b}"#.utf8)))
        #expect(rtf.map(\.path) == ["paragraphs[1].runs[0]"])
        #expect(rtf.first?.summary == "the runs' styles differ")
    }
}

extension RTFDCodecTests {
    @Test func keepsTheBytesOfAContainerWithApplesNameEntriesAndReadsOnlyTheMembers() throws {
        // A container as a wrapper with a preferred name serializes: name entries and a `.` table with other
        // permissions.
        var table = Data()
        func word(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { table.append(contentsOf: $0) } }
        word(1)
        word(7)
        table += Data("TXT.rtf".utf8)
        word(16)
        for value in [0, 0o644, 0, 1] as [UInt32] { word(value) }
        let text = Data(#"{\rtf1\ansi Hello}"#.utf8)
        let container = FlatRTFDContainer.encode([
            FlatRTFDContainer.Item("TXT.rtf", .data(text)),
            FlatRTFDContainer.Item("__@PreferredName@__", .data(Data("Note.rtfd".utf8))),
            FlatRTFDContainer.Item("__@UTF8PreferredName@__", .data(Data("Note.rtfd".utf8))),
            FlatRTFDContainer.Item(".", .data(table)),
        ])
        let document = try FlatRTFDCodec().decode(
            FileWrapper(regularFileWithContents: container), contentType: .flatRTFD)
        #expect(document.package.members.map(\.name) == ["TXT.rtf"])
        #expect(document.package.text.plainText == "Hello")
        // Unchanged, it saves byte for byte; through a package, the members survive and the container is laid out
        // afresh.
        #expect(
            try FlatRTFDCodec().encode(document, previous: nil, contentType: .flatRTFD).regularFileContents == container
        )
        let package = try RTFDCodec().encode(try FlatRTFDToRTFD().convert(document), previous: nil, contentType: .rtfd)
        #expect(Self.contents(of: package) == ["TXT.rtf": text])
        var edited = document
        edited.package.attachments.append(RTFDAttachment(name: "extra.txt", contents: Data("x".utf8)))
        let rewritten = try #require(
            try FlatRTFDCodec().encode(edited, previous: nil, contentType: .flatRTFD).regularFileContents)
        #expect(rewritten != container)
        let reread = try FlatRTFDCodec().decode(FileWrapper(regularFileWithContents: rewritten), contentType: .flatRTFD)
        #expect(reread.package.members.map(\.name) == ["TXT.rtf", "extra.txt"])
    }
}
