import Foundation
import Synchronization
import TestSupport
import Testing

@testable import DocumentPlatform
@testable import SystemSeam

/// Packages built to escape or exhaust a reader: links out of the package, loops, absurd depth and
/// width, members that change under the read, and names that are paths. Every test watches a
/// sentinel file outside the package, which no read or write may touch.
@Suite struct HostilePackageReadingTests {
    /// A folder with a package and a sentinel file beside it, whose contents and modification time are known.
    final class Fixture {
        let directory: TemporaryDirectory
        let package: URL
        let sentinel: URL
        static let sentinelContents = Data("sentinel: must never change\n".utf8)
        let sentinelDate = Date(timeIntervalSince1970: 1_500_000_000)

        init(_ label: String) throws {
            directory = try TemporaryDirectory(label)
            package = directory.appending("Hostile.pkg")
            sentinel = directory.appending("sentinel.txt")
            try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
            try Self.sentinelContents.write(to: sentinel)
            try FileManager.default.setAttributes([.modificationDate: sentinelDate], ofItemAtPath: sentinel.path)
        }

        /// Whether the sentinel and the folder around the package are as they were made.
        func expectOutsideUntouched(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws
        {
            #expect(try Data(contentsOf: sentinel) == Self.sentinelContents, comment, sourceLocation: sourceLocation)
            let date = try FileManager.default.attributesOfItem(atPath: sentinel.path)[.modificationDate] as? Date
            #expect(date == sentinelDate, comment, sourceLocation: sourceLocation)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
            #expect(
                names.allSatisfy { ["Hostile.pkg", "sentinel.txt", "out"].contains($0) }, "\(names)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func linksOutOfThePackageAndLoopsAreReadAsLinksAndNeverFollowed() throws {
        let fixture = try Fixture("hostile-links")
        let manager = FileManager.default
        try Data("inside\n".utf8).write(to: fixture.package.appendingPathComponent("plain.txt"))
        try manager.createSymbolicLink(
            atPath: fixture.package.appendingPathComponent("absolute").path, withDestinationPath: fixture.sentinel.path)
        try manager.createSymbolicLink(
            atPath: fixture.package.appendingPathComponent("upward").path, withDestinationPath: "../../sentinel.txt")
        try manager.createSymbolicLink(
            atPath: fixture.package.appendingPathComponent("parent").path, withDestinationPath: "..")
        try manager.createSymbolicLink(
            atPath: fixture.package.appendingPathComponent("loop-a").path, withDestinationPath: "loop-b")
        try manager.createSymbolicLink(
            atPath: fixture.package.appendingPathComponent("loop-b").path, withDestinationPath: "loop-a")
        try manager.createSymbolicLink(
            atPath: fixture.package.appendingPathComponent("self").path, withDestinationPath: "self")

        for options: FileWrapper.ReadingOptions in [[], .immediate] {
            let wrapper = try FileWrapper(url: fixture.package, options: options)
            let children = try #require(wrapper.fileWrappers)
            #expect(children.count == 7)
            #expect(children["absolute"]?.isSymbolicLink == true)
            #expect(children["absolute"]?.symbolicLinkDestinationURL?.path == fixture.sentinel.path)
            #expect(children["upward"]?.isSymbolicLink == true)
            #expect(children["parent"]?.isSymbolicLink == true && children["parent"]?.isDirectory == false)
            #expect(["loop-a", "loop-b", "self"].allSatisfy { children[$0]?.isSymbolicLink == true })
            #expect(children["plain.txt"]?.regularFileContents == Data("inside\n".utf8))

            // Written elsewhere, the links stay links: nothing is written through them or copied from their targets.
            let output = fixture.directory.appending("out")
            try wrapper.write(to: output, options: .atomic, originalContentsURL: fixture.package)
            #expect(
                try manager.destinationOfSymbolicLink(atPath: output.appendingPathComponent("absolute").path)
                    == fixture.sentinel.path)
            #expect(try manager.destinationOfSymbolicLink(atPath: output.appendingPathComponent("self").path) == "self")
            try manager.removeItem(at: output)
        }
        try fixture.expectOutsideUntouched()
    }

    @Test func aPackageSwappedForALinkToTheOutsideIsNotReadThroughIt() throws {
        let fixture = try Fixture("hostile-package-link")
        try FileManager.default.removeItem(at: fixture.package)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.package.path, withDestinationPath: fixture.directory.url.path)
        let wrapper = try FileWrapper(url: fixture.package, options: .immediate)
        #expect(wrapper.isSymbolicLink && !wrapper.isDirectory)
        #expect(wrapper.symbolicLinkDestinationURL?.path == fixture.directory.url.path)
        try fixture.expectOutsideUntouched()
    }

    /// 5,000 nested folders: more than PATH_MAX can name in one path, and more levels than any document has.
    @Test func fiveThousandLevelsAreATooDeepErrorForAnImmediateReadAndLazyReadsStayShallow() throws {
        let fixture = try Fixture("hostile-deep")
        try FileTree.makeDeepTree(under: fixture.package, levels: 5_000)
        let baseline = try Self.freshDescriptor(fixture.package)
        let error = try #require(throws: FileWrapperError.self) {
            try FileWrapper(url: fixture.package, options: .immediate)
        }
        #expect(error.code == "filewrapper.read.too-deep")
        #expect(error.file == fixture.package.path)
        guard case .member(let member) = error.location else {
            Issue.record("no member in \(error)")
            return
        }
        #expect(member.split(separator: "/").count == FileWrapper.maximumImmediateDepth)
        #expect("\(error)".contains("nested more than \(FileWrapper.maximumImmediateDepth) levels"))

        // A lazy read opens one level at a time, each by walking down from the package without links.
        var level = try FileWrapper(url: fixture.package)
        for _ in 0..<40 {
            guard let next = level.fileWrappers?["a"] ?? level.fileWrappers?["d"] else { break }
            level = next
        }
        #expect(level.isDirectory && level.fileWrappers?["d"] != nil)
        // Every descriptor the reads opened was closed again (a leak would leave one per level, 255 or more).
        #expect(try Self.freshDescriptor(fixture.package) < baseline + 128)
        try fixture.expectOutsideUntouched()
    }

    /// The descriptor a fresh open gets: the lowest free one. Other tests in this process hold descriptors
    /// of their own at the same time, so a test compares two of these rather than one with a fixed number.
    static func freshDescriptor(_ url: URL) throws -> Int32 {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return handle.fileDescriptor
    }

    @Test func aFolderJustWithinTheDepthLimitIsReadWhole() throws {
        let fixture = try Fixture("hostile-deep-limit")
        // The package's child `a` is level 1, so the deepest `d` is level `levels + 1`.
        try FileTree.makeDeepTree(under: fixture.package, levels: FileWrapper.maximumImmediateDepth - 2)
        var level = try FileWrapper(url: fixture.package, options: .immediate)
        var depth = 0
        while let next = level.fileWrappers?["a"] ?? level.fileWrappers?["d"] {
            level = next
            depth += 1
        }
        #expect(depth == FileWrapper.maximumImmediateDepth - 1)
        #expect(level.fileWrappers?["leaf.txt"]?.regularFileContents == Data("x".utf8))
    }

    /// 10,000 in `swift test` (100,000 took minutes on the shared CI disk); `Tests/run-long-reliability-tests` asks for
    /// 100,000.
    static let wideMembers =
        ProcessInfo.processInfo.environment["DOCMIGRATE_WIDE_MEMBERS"].flatMap { Int($0) } ?? 10_000

    @Test func aVeryWidePackageIsReadWithoutExhaustingDescriptors() throws {
        let fixture = try Fixture("hostile-wide")
        let script = """
            import os, sys
            os.chdir(sys.argv[1])
            for index in range(int(sys.argv[2])):
                with open("m%06d" % index, "w") as handle:
                    handle.write(str(index))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, fixture.package.path, String(Self.wideMembers)]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)

        // Removed with rm: FileManager's recursive removal of 100,000 files takes minutes on Linux.
        defer { removeQuickly(fixture.package) }
        let baseline = try Self.freshDescriptor(fixture.package)
        let wrapper = try FileWrapper(url: fixture.package, options: .immediate)
        let children = try #require(wrapper.fileWrappers)
        #expect(children.count == Self.wideMembers)
        let last = Self.wideMembers - 1
        #expect(children[String(format: "m%06d", last)]?.regularFileContents == Data(String(last).utf8))
        #expect(children["m000000"]?.regularFileContents == Data("0".utf8))
        #expect(try Self.freshDescriptor(fixture.package) < baseline + 128)
        try fixture.expectOutsideUntouched()
    }

    /// Makes `member` grow or shrink after the first chunk of its read, every time.
    static func changing(
        _ member: URL, by change: @escaping @Sendable (FileHandle) throws -> Void, during body: () throws -> Void
    ) rethrows {
        ReadObservation.observe(path: member.path) { bytesSoFar in
            guard bytesSoFar <= 1 << 20, let handle = try? FileHandle(forWritingTo: member) else { return }
            try? change(handle)
            try? handle.close()
        }
        defer { ReadObservation.observe(path: member.path, nil) }
        try body()
    }

    @Test(arguments: ["grows", "shrinks", "is rewritten in place"])
    func aMemberThatChangesWhileItIsReadIsAClearError(change: String) throws {
        let fixture = try Fixture("hostile-changing")
        let member = fixture.package.appendingPathComponent("big.bin")
        try Data(repeating: 0x61, count: 3 << 20).write(to: member)
        try Data("small\n".utf8).write(to: fixture.package.appendingPathComponent("small.txt"))
        let modify: @Sendable (FileHandle) throws -> Void
        switch change {
        case "grows":
            modify = { handle in
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("more".utf8))
            }
        case "shrinks":
            modify = { handle in try handle.truncate(atOffset: 1 << 20) }
        default:
            modify = { handle in
                try handle.seek(toOffset: 2 << 20)
                try handle.write(contentsOf: Data("b".utf8))
                // The same size; the modification time differs from the one the read started with.
                let later = Date().addingTimeInterval(5)
                try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: member.path)
            }
        }
        try Self.changing(member, by: modify) {
            let error = try #require(throws: FileWrapperError.self) {
                try FileWrapper(url: fixture.package, options: .immediate)
            }
            #expect(error.code == "filewrapper.read.changed-while-reading")
            #expect(error.file == member.path)
            #expect(error.location == .member("big.bin"))
            #expect(error.message.contains("changed size or modification time while it was read"))
        }
        // A lazy read of the same member fails the same way and keeps the error for a later write.
        let wrapper = try FileWrapper(url: fixture.package)
        let child = try #require(wrapper.fileWrappers?["big.bin"])
        try Self.changing(member, by: modify) {
            #expect(child.regularFileContents == nil)
        }
        // Once the file is left alone it reads whole.
        #expect(
            try FileWrapper(url: fixture.package, options: .immediate).fileWrappers?["big.bin"]?.regularFileContents
                == (try Data(contentsOf: member)))
        try fixture.expectOutsideUntouched()
    }

    @Test func aFileUnchangedDuringItsReadIsNotReportedAsChanged() throws {
        let fixture = try Fixture("hostile-unchanged")
        let member = fixture.package.appendingPathComponent("big.bin")
        try Data(repeating: 0x62, count: (3 << 20) + 17).write(to: member)
        let chunks = Mutex(0)
        ReadObservation.observe(path: member.path) { _ in chunks.withLock { $0 += 1 } }
        defer { ReadObservation.observe(path: member.path, nil) }
        let wrapper = try FileWrapper(url: fixture.package, options: .immediate)
        #expect(wrapper.fileWrappers?["big.bin"]?.regularFileContents?.count == (3 << 20) + 17)
        // The observer really ran between chunks, so the tests above change the file mid-read.
        #expect(chunks.withLock { $0 } == 4)
    }

    /// Names that are paths cannot exist on disk, but a flat (serialized) package or a wrapper built in
    /// memory can carry them; materialising either must refuse them before anything is written.
    /// (`FileWrapperSerializationTests` and `FileWrapperWritingTests` refuse `..`, `a/b` and NUL; this
    /// adds the absolute and upward names, with the sentinel watched.)
    @Test(arguments: ["/etc/x", "../x", "../../sentinel.txt", "/" + "sentinel.txt"])
    func aMemberNamedLikeAPathIsRefusedWhenMaterialised(name: String) throws {
        let fixture = try Fixture("hostile-names")
        let output = fixture.directory.appending("out")
        let inner = FlatRTFDContainer.Entry.directory([FlatRTFDContainer.Item(name, .data(Data("escaped\n".utf8)))])
        #expect(
            FileWrapper(serializedRepresentation: FlatRTFDContainer.encode([FlatRTFDContainer.Item("Sub", inner)]))
                == nil)

        let tree = FileWrapper(directoryWithFileWrappers: [:])
        tree.addRegularFile(withContents: Data("escaped\n".utf8), preferredFilename: name)
        for options: FileWrapper.WritingOptions in [[], .atomic] {
            let error = try #require(throws: FileWrapperError.self) {
                try tree.write(to: output, options: options, originalContentsURL: nil)
            }
            #expect(error.code == "filewrapper.name.invalid")
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(!FileManager.default.fileExists(atPath: "/etc/x"))
        try fixture.expectOutsideUntouched()
    }
}

/// Removes a large tree with `rm -rf`, much faster than FileManager's recursive removal on Linux.
private func removeQuickly(_ url: URL) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/rm")
    process.arguments = ["-rf", url.path]
    try? process.run()
    process.waitUntilExit()
}
