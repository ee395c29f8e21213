import Foundation
import TestSupport
import Testing

@testable import SystemSeam

/// The statuses of many entries of one folder, taken in one batch (over several threads for large ones).
@Suite struct FileDescriptorEntryStatusesTests {
    /// A folder of `count` files whose modification times are all different (file i at 1,000,000 + i·10 s).
    static func folderOfFiles(_ count: Int, in temporary: TemporaryDirectory) throws -> URL {
        let folder = temporary.appending("files")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        for index in 0..<count {
            let file = folder.appendingPathComponent("file-\(index).txt")
            try Data(repeating: 0x61, count: index % 7).write(to: file)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(index) * 10)],
                ofItemAtPath: file.path)
        }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link").path, withDestinationPath: "file-0.txt")
        return folder
    }

    /// Names in a shuffled order, with absent ones, a folder, a link and names that are not one entry among them.
    static func names(_ count: Int) -> [String] {
        var generator = SeededGenerator(seed: UInt64(count))
        var names =
            (0..<count).map { "file-\($0).txt" } + [
                "absent-1", "sub", "link", "", ".", "..", "sub/../file-1.txt", "absent-2",
            ]
        names.shuffle(using: &generator)
        return names
    }

    @Test(arguments: [5, FileDescriptor.parallelStatusThreshold + 301])
    func eachStatusIsTheOneTheEntryHasInTheOrderOfTheNames(count: Int) throws {
        let temporary = try TemporaryDirectory("entry-statuses")
        let folder = try Self.folderOfFiles(count, in: temporary)
        let descriptor = try FileDescriptor.openDirectory(atPath: folder.path)
        let names = Self.names(count)

        let statuses = descriptor.statuses(ofEntries: names)

        #expect(statuses.count == names.count)
        for (name, status) in zip(names, statuses) {
            if name.hasPrefix("file-"), let index = Int(name.dropFirst("file-".count).dropLast(".txt".count)) {
                #expect(status?.kind == .regular, "\(name)")
                #expect(status?.modificationSeconds == 1_000_000 + Int64(index) * 10, "\(name)")
                #expect(status?.size == Int64(index % 7), "\(name)")
            } else if name == "sub" {
                #expect(status?.kind == .directory)
            } else if name == "link" {
                // Not followed: the link itself, as `status(ofEntry:)` reports it.
                #expect(status?.kind == .symbolicLink)
            } else {
                // Absent, or not the name of one entry (a path, `.`, `..`, empty): nil, never the status of something
                // else.
                #expect(status == nil, "\(name)")
            }
            if !name.isEmpty, name != ".", name != "..", !name.contains("/") {
                #expect(status == (try descriptor.status(ofEntry: name)), "\(name)")
            }
        }
    }

    @Test func anEmptyListGivesNoStatuses() throws {
        let temporary = try TemporaryDirectory("entry-statuses-empty")
        let descriptor = try FileDescriptor.openDirectory(atPath: temporary.url.path)
        #expect(descriptor.statuses(ofEntries: []).isEmpty)
    }
}
