import Foundation
import Testing

@testable import DocumentPlatform

@Suite struct FileWrapperSerializationTests {
    static func bytes(_ hex: String) -> Data {
        let digits = hex.split(whereSeparator: \.isWhitespace)
        return Data(digits.compactMap { UInt8($0, radix: 16) })
    }

    /// Apple's output for an empty folder named "Test1", as published (blog.simonrodriguez.fr, 2015).
    static let emptyFolderVector = bytes(
        """
        72 74 66 64 00 00 00 00 03 00 00 00 02 00 00 00 13 00 00 00 5F 5F 40 50 72 65 66 65 72 72 65 64 4E 61 6D 65 40 5F 5F
        17 00 00 00 5F 5F 40 55 54 46 38 50 72 65 66 65 72 72 65 64 4E 61 6D 65 40 5F 5F 0D 00 00 00 0D 00 00 00 01 00 00 00
        05 00 00 00 54 65 73 74 31 01 00 00 00 05 00 00 00 54 65 73 74 31
        """)

    @Test func decodesApplesEmptyFolder() throws {
        let wrapper = try #require(FileWrapper(serializedRepresentation: Self.emptyFolderVector))
        #expect(wrapper.isDirectory)
        #expect(wrapper.preferredFilename == "Test1")
        #expect(wrapper.fileWrappers?.isEmpty == true)
    }

    @Test func encodesAnEmptyFolderByteForByteAsApple() {
        let folder = FileWrapper(directoryWithFileWrappers: [:])
        folder.preferredFilename = "Test1"
        #expect(folder.serializedRepresentation == Self.emptyFolderVector)
    }

    @Test func aRegularFileHasApplesFourEntryLayout() throws {
        let file = FileWrapper(regularFileWithContents: Data("hello".utf8))
        file.preferredFilename = "note.txt"
        let data = try #require(file.serializedRepresentation)
        // The layout a strict third-party reader of Apple's output checks: magic, version 0, a folder
        // record of 4 entries named in this order, and a 30-byte attribute table for "..".
        let items = try FlatRTFDContainer.decode(data)
        #expect(
            items.map { String(decoding: $0.name, as: UTF8.self) } == [
                "..", "__@PreferredName@__", "__@UTF8PreferredName@__", ".",
            ])
        #expect(data.prefix(16) == Data("rtfd".utf8) + Self.bytes("00 00 00 00 03 00 00 00 04 00 00 00"))
        guard case .data(let table) = items[3].entry else {
            Issue.record("no attribute table")
            return
        }
        #expect(table.count == 30)
        #expect(table.prefix(18) == Self.bytes("01 00 00 00 02 00 00 00 2E 2E 10 00 00 00 00 00 00 00"))
        #expect(table.suffix(8) == Self.bytes("02 00 00 00 01 00 00 00"))
        #expect(table.dropFirst(18).prefix(4) == Self.bytes("B6 01 00 00"))  // 0o666
        let back = try #require(FileWrapper(serializedRepresentation: data))
        #expect(
            back.isRegularFile && back.regularFileContents == Data("hello".utf8) && back.preferredFilename == "note.txt"
        )
    }

    @Test func roundTripsANestedTreeWithLinksPermissionsAndUniquedKeys() throws {
        let tree = FileWrapper(directoryWithFileWrappers: [:])
        tree.preferredFilename = "Doc.pkg"
        tree.addRegularFile(withContents: Data("a".utf8), preferredFilename: "same")
        let uniqued = tree.addRegularFile(withContents: Data("b".utf8), preferredFilename: "same")
        let sub = FileWrapper(directoryWithFileWrappers: [
            "deep.bin": FileWrapper(regularFileWithContents: Data([0, 1, 2, 255]))
        ])
        sub.preferredFilename = "Sub"
        tree.addFileWrapper(sub)
        let link = FileWrapper(symbolicLinkWithDestinationURL: URL(fileURLWithPath: "same"))
        link.preferredFilename = "alias"
        tree.addFileWrapper(link)
        let secret = FileWrapper(regularFileWithContents: Data("s".utf8))
        var attributes = secret.fileAttributes
        attributes[FileAttributeKey.posixPermissions.rawValue] = NSNumber(value: 0o600)
        secret.fileAttributes = attributes
        secret.preferredFilename = "secret"
        tree.addFileWrapper(secret)

        let data = try #require(tree.serializedRepresentation)
        let back = try #require(FileWrapper(serializedRepresentation: data))
        #expect(back.contentDifferences(from: tree).isEmpty)
        #expect(back.preferredFilename == "Doc.pkg")
        let children = try #require(back.fileWrappers)
        #expect(children["alias"]?.isSymbolicLink == true)
        #expect(children[uniqued]?.preferredFilename == "same")
        #expect(children[uniqued]?.filename == uniqued)
        #expect(
            (children["secret"]?.fileAttributes[FileAttributeKey.posixPermissions.rawValue] as? NSNumber)?.intValue
                == 0o600)
        #expect(back.serializedRepresentation == data)
    }

    @Test(arguments: [
        ("empty", ""),
        ("bad magic", "72 74 66 65 00 00 00 00 03 00 00 00 00 00 00 00"),
        ("truncated", "72 74 66 64 00 00 00 00 03 00 00 00 02 00 00 00 13 00 00 00 5F"),
        ("huge count", "72 74 66 64 00 00 00 00 03 00 00 00 FF FF FF FF"),
        ("huge name", "72 74 66 64 00 00 00 00 03 00 00 00 01 00 00 00 FF FF FF 7F"),
        (
            "unknown type",
            "72 74 66 64 00 00 00 00 03 00 00 00 01 00 00 00 01 00 00 00 61 08 00 00 00 07 00 00 00 00 00 00 00"
        ),
        (
            "size mismatch",
            "72 74 66 64 00 00 00 00 03 00 00 00 01 00 00 00 01 00 00 00 61 0A 00 00 00 01 00 00 00 01 00 00 00 78 00"
        ),
        ("trailing", "72 74 66 64 00 00 00 00 03 00 00 00 00 00 00 00 00"),
        ("version 1", "72 74 66 64 01 00 00 00 03 00 00 00 00 00 00 00"),
    ])
    func refusesMalformedContainersWithoutCrashing(_ label: String, _ hex: String) {
        #expect(FileWrapper(serializedRepresentation: Self.bytes(hex)) == nil, "\(label)")
    }

    @Test func reportsWhereAContainerIsBroken() throws {
        let error = try #require(throws: FlatRTFDContainer.DecodingError.self) {
            try FlatRTFDContainer.decode(Self.bytes("72 74 66 64 00 00 00 00 03 00 00 00 FF FF FF FF"))
        }
        #expect(error.code == "flat-rtfd.count")
        #expect(error.location == .byte(12))
    }

    // At the top level ".." and "." are the plain-file and attribute-table entries; inside a folder
    // they, like "a/b" and a NUL, would name something other than one member.
    @Test(arguments: ["..", "a/b", "x\u{0}y", "../../etc"])
    func refusesUnsafeMemberNames(_ name: String) {
        let inner = FlatRTFDContainer.Entry.directory([FlatRTFDContainer.Item(name, .data(Data("x".utf8)))])
        let container = FlatRTFDContainer.encode([FlatRTFDContainer.Item("Sub", inner)])
        #expect(FileWrapper(serializedRepresentation: container) == nil)
        let safe = FlatRTFDContainer.encode([
            FlatRTFDContainer.Item("Sub", .directory([FlatRTFDContainer.Item("ok", .data(Data()))]))
        ])
        #expect(FileWrapper(serializedRepresentation: safe) != nil)
    }

    @Test func refusesAFolderNamedDot() {
        let container = FlatRTFDContainer.encode([FlatRTFDContainer.Item(".", .directory([]))])
        #expect(FileWrapper(serializedRepresentation: container) == nil)
    }

    @Test func refusesAnUnsafePreferredName() {
        let container = FlatRTFDContainer.encode([
            FlatRTFDContainer.Item("__@UTF8PreferredName@__", .data(Data("../evil".utf8)))
        ])
        #expect(FileWrapper(serializedRepresentation: container) == nil)
    }

    @Test func readsPaddedDataEntries() throws {
        // An entry of type 1 whose length is 0x80000000, then the real length 2, padding 4, four zeros, "hi".
        var entry = Self.bytes("01 00 00 00 00 00 00 80 02 00 00 00 04 00 00 00 00 00 00 00")
        entry += Data("hi".utf8)
        var container =
            Data("rtfd".utf8) + Self.bytes("00 00 00 00 03 00 00 00 01 00 00 00 01 00 00 00") + Data("f".utf8)
        container += withUnsafeBytes(of: UInt32(entry.count).littleEndian) { Data($0) }
        container += entry
        let wrapper = try #require(FileWrapper(serializedRepresentation: container))
        #expect(wrapper.fileWrappers?["f"]?.regularFileContents == Data("hi".utf8))
    }

    @Test func deeplyNestedContainersAreRefusedNotRecursedForever() {
        var entry = FlatRTFDContainer.Entry.directory([])
        for _ in 0..<(FlatRTFDContainer.maximumDepth + 5) { entry = .directory([FlatRTFDContainer.Item("d", entry)]) }
        guard case .directory(let items) = entry else { return }
        #expect(FileWrapper(serializedRepresentation: FlatRTFDContainer.encode(items)) == nil)
    }
}
