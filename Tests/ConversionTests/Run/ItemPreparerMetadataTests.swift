import ConversionTestCodecs
import DocumentCodecs
import DocumentPlatform
import Foundation
import SystemSeam
import TestSupport
import Testing

@testable import Conversion

/// The metadata a prepared output gets on its open descriptor: the input's permission bits, its
/// modification time to the nanosecond and its extended attributes, whatever the bits forbid.
@Suite struct ItemPreparerMetadataTests {
    /// One input: its name, permission bits, modification time and `user.*` attributes.
    struct Input {
        var name: String
        var permissions: UInt16
        var seconds: Int64
        var nanoseconds: Int64
        var attributes: [(name: String, value: [UInt8])]
    }

    /// Bits that allow writing, read-only for all, read-only for the owner alone, and executable, each with its own
    /// time and attributes.
    static let inputs = [
        Input(
            name: "writable.txt", permissions: 0o640, seconds: 1_000_000_000, nanoseconds: 123_456_789,
            attributes: [("user.tag", Array("red".utf8))]),
        Input(
            name: "read-only.txt", permissions: 0o444, seconds: 1_234_567_890, nanoseconds: 999_999_999,
            attributes: [("user.tag", Array("blue".utf8)), ("user.empty", [])]),
        Input(
            name: "owner-read.txt", permissions: 0o400, seconds: 1_500_000_000, nanoseconds: 1,
            attributes: [("user.binary", [0, 0xFF, 0x0A, 0x80])]),
        Input(name: "script.txt", permissions: 0o755, seconds: 86_400, nanoseconds: 500_000_000, attributes: []),
    ]

    /// Writes the inputs below the fixture's `in`, owned by `owner` when given; attributes, then bits, then the time.
    static func writeInputs(_ fixture: ConversionFixture, owner: UInt32? = nil) throws {
        for input in inputs {
            let path = try fixture.write(input.name, "text of \(input.name)\n")
            for attribute in input.attributes {
                try ExtendedAttributes.set(attribute.name, value: attribute.value, atPath: path.bytes)
            }
            if let owner { try ByteNamedFiles.setOwner(path.bytes, owner: owner, group: owner) }
            try ByteNamedFiles.setPermissions(path.bytes, input.permissions)
            try ByteNamedFiles.setModificationTime(path.bytes, seconds: input.seconds, nanoseconds: input.nanoseconds)
        }
    }

    /// The `user.*` attributes at `path`, sorted by name (root also sees `security.*` ones the kernel may add).
    static func userAttributes(_ path: ItemPath) throws -> [String: [UInt8]] {
        Dictionary(
            uniqueKeysWithValues: try ExtendedAttributes.all(atPath: path.bytes).filter { $0.name.hasPrefix("user.") }
                .map { ($0.name, $0.value) })
    }

    /// Checks every input's output: converted, its bits, time and attributes the input's, no temporary left.
    static func expectOutputsCarryMetadata(_ fixture: ConversionFixture, _ report: ConversionReport) throws {
        for input in inputs {
            #expect(report.item(endingWith: input.name)?.status == .converted, "\(input.name)")
            let output = fixture.output.appending(
                Array(input.name.replacingOccurrences(of: ".txt", with: ".upper").utf8))
            #expect(fixture.contents(output) == "TEXT OF \(input.name.uppercased())\n")
            let status = try #require(try ByteNamedFiles.status(output.bytes), "\(input.name)")
            #expect(status.permissions == input.permissions, "\(input.name)")
            #expect(
                status.modificationSeconds == input.seconds && status.modificationNanoseconds == input.nanoseconds,
                "\(input.name)")
            let expected = Dictionary(uniqueKeysWithValues: input.attributes.map { ($0.name, $0.value) })
            #expect(try userAttributes(output) == expected, "\(input.name)")
        }
        #expect(
            try !ConversionFixture.tree(fixture.output).keys.contains { $0.description.contains(".docmigrate-tmp-") })
    }

    @Test func fileOutputsGetTheInputsBitsTimeAndAttributes() async throws {
        let fixture = try ConversionFixture("metadata-files")
        try Self.writeInputs(fixture)
        let report = try await ConversionRunner(job: try fixture.job(to: "uppercase-text")).run()
        try Self.expectOutputsCarryMetadata(fixture, report)
    }

    /// The kernel checks a `user.*` attribute's write against the file's bits, but not for root: only a
    /// worker that is not root shows that attributes are set before bits that forbid writing.
    @Test func aWorkerThatIsNotRootKeepsTheAttributesOfReadOnlyInputs() async throws {
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: setpriv.path) else { return }
        let nobody: UInt32 = 65534
        let fixture = try ConversionFixture("metadata-unprivileged")
        try Self.writeInputs(fixture, owner: nobody)
        // The worker, as nobody, writes its temporaries into the output folder; the job (root) renames them.
        try ByteNamedFiles.makeFolders(fixture.output.bytes)
        try ByteNamedFiles.setPermissions(fixture.output.bytes, 0o777)
        try ByteNamedFiles.setPermissions(ItemPath(fixture.directory.url.path).bytes, 0o755)
        let worker = try BuiltProduct.url(named: "docmigrate-conversion-test-worker")
        var job = try fixture.job(to: "uppercase-text")
        job.isolation = .childProcess(
            WorkerCommand(
                executable: setpriv,
                arguments: ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", worker.path]))
        let report = try await ConversionRunner(job: job).run()
        try Self.expectOutputsCarryMetadata(fixture, report)
        for input in Self.inputs {
            let output = fixture.output.appending(
                Array(input.name.replacingOccurrences(of: ".txt", with: ".upper").utf8))
            #expect(
                try ByteNamedFiles.status(output.bytes)?.owner == nobody,
                "the worker that wrote \(input.name) was not root")
        }
    }

    @Test func aPackageConvertedToAFileGetsTheFoldersBitsTimeAndAttributes() async throws {
        let fixture = try ConversionFixture("metadata-package")
        let book = try fixture.writeNotebook("book.notebook", title: "Book", pages: ["one"])
        try ExtendedAttributes.set("user.tag", value: Array("green".utf8), atPath: book.bytes)
        try ByteNamedFiles.setPermissions(book.bytes, 0o555)
        try ByteNamedFiles.setModificationTime(book.bytes, seconds: 1_600_000_000, nanoseconds: 42)
        let report = try await ConversionRunner(job: try fixture.job(to: "uppercase-text")).run()
        #expect(report.item(endingWith: "book.notebook")?.status == .converted)
        let output = fixture.output.appending(Array("book.upper".utf8))
        let status = try #require(try ByteNamedFiles.status(output.bytes))
        #expect(status.kind == .regular)
        #expect(status.permissions == 0o555)
        #expect(status.modificationSeconds == 1_600_000_000 && status.modificationNanoseconds == 42)
        #expect(try Self.userAttributes(output) == ["user.tag": Array("green".utf8)])
    }

    @Test func metadataSetOnTheDescriptorEqualsTheInputsRead() throws {
        let fixture = try ConversionFixture("metadata-descriptor")
        let input = try fixture.write("in.txt", "input\n")
        try ExtendedAttributes.set("user.a", value: Array("1".utf8), atPath: input.bytes)
        try ExtendedAttributes.set("user.b", value: [0, 1, 2], atPath: input.bytes)
        try ByteNamedFiles.setPermissions(input.bytes, 0o400)
        try ByteNamedFiles.setModificationTime(input.bytes, seconds: 2_000_000_000, nanoseconds: 987_654_321)
        let (reading, status) = try ByteNamedOpenFile.openForReading(input.bytes)
        #expect(try reading.contents(expectedSize: status.size) == Data("input\n".utf8))
        let attributes = try reading.extendedAttributes()

        let temporary = fixture.input.appending(Array(".docmigrate-tmp-test".utf8))
        let file = try ByteNamedOpenFile.create(temporary.bytes)
        try file.write(Data("output\n".utf8))
        // Read back from the start on the same descriptor, as the worker verifies.
        #expect(try file.contents(expectedSize: 7) == Data("output\n".utf8))
        try ItemPreparer.finishOutput(file, at: temporary, attributes: attributes, status: status)

        let written = try #require(try ByteNamedFiles.status(temporary.bytes))
        #expect(written.permissions == 0o400)
        #expect(written.modificationSeconds == 2_000_000_000 && written.modificationNanoseconds == 987_654_321)
        #expect(try Self.userAttributes(temporary) == Self.userAttributes(input))
        #expect(try Self.userAttributes(temporary) == ["user.a": Array("1".utf8), "user.b": [0, 1, 2]])
    }

    @Test func aFailureSettingTheMetadataLeavesNoTemporary() throws {
        let fixture = try ConversionFixture("metadata-failure")
        let input = try fixture.write("in.txt", "input\n")
        var (_, status) = try ByteNamedOpenFile.openForReading(input.bytes)
        // The kernel refuses a nanosecond part of a whole second or more (EINVAL).
        status.modificationNanoseconds = 1_000_000_000
        let temporary = fixture.input.appending(Array(".docmigrate-tmp-failing".utf8))
        let file = try ByteNamedOpenFile.create(temporary.bytes)
        try file.write(Data("output\n".utf8))
        #expect(throws: FileSystemError.self) {
            try ItemPreparer.finishOutput(
                file, at: temporary, attributes: [("user.tag", Array("x".utf8))], status: status)
        }
        #expect(try ByteNamedFiles.status(temporary.bytes) == nil)
        #expect(try ByteNamedFiles.names(inFolder: fixture.input.bytes) == [Array("in.txt".utf8)])
    }

    @Test func openingForReadingRefusesWhatContentsRefuses() throws {
        let fixture = try ConversionFixture("metadata-refusals")
        try ByteNamedFiles.makeFolders(fixture.input.appending(Array("folder".utf8)).bytes)
        let folderError = try #require(throws: FileSystemError.self) {
            try ByteNamedOpenFile.openForReading(fixture.input.appending(Array("folder".utf8)).bytes)
        }
        let contentsError = try #require(throws: FileSystemError.self) {
            try ByteNamedFiles.contents(fixture.input.appending(Array("folder".utf8)).bytes)
        }
        #expect(folderError.errorNumber == contentsError.errorNumber)
        #expect(folderError.description == contentsError.description)
        let missing = try #require(throws: FileSystemError.self) {
            try ByteNamedOpenFile.openForReading(fixture.input.appending(Array("missing.txt".utf8)).bytes)
        }
        #expect(missing.errorNumber == ENOENT)
    }
}
