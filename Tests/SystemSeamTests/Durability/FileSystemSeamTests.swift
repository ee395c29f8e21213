import Foundation
import TestSupport
import Testing

@testable import SystemSeam

/// The C target's calls: an atomic exchange, a rename that refuses to replace, and syncfs.
@Suite struct FileSystemSeamTests {
    @Test func exchangeSwapsAFolderAndAFileAtomically() throws {
        let temporary = try TemporaryDirectory("exchange")
        try FileManager.default.createDirectory(at: temporary.appending("folder"), withIntermediateDirectories: true)
        try Data("inside".utf8).write(to: temporary.appending("folder/x"))
        try Data("file".utf8).write(to: temporary.appending("file"))
        let directory = try FileDescriptor.openDirectory(atPath: temporary.url.path)
        try directory.exchange("folder", with: "file", in: directory)
        #expect(try Data(contentsOf: temporary.appending("folder")) == Data("file".utf8))
        #expect(try Data(contentsOf: temporary.appending("file/x")) == Data("inside".utf8))
    }

    @Test func renameWithoutReplacingRefusesAnExistingTarget() throws {
        let temporary = try TemporaryDirectory("noreplace")
        try Data("a".utf8).write(to: temporary.appending("a"))
        try Data("b".utf8).write(to: temporary.appending("b"))
        let directory = try FileDescriptor.openDirectory(atPath: temporary.url.path)
        let error = try #require(throws: FileSystemError.self) {
            try directory.renameWithoutReplacing("a", to: "b", in: directory)
        }
        #expect(error.errorNumber == SystemErrorText.exists)
        #expect(try Data(contentsOf: temporary.appending("b")) == Data("b".utf8))
        try directory.renameWithoutReplacing("a", to: "c", in: directory)
        #expect(try Data(contentsOf: temporary.appending("c")) == Data("a".utf8))
    }

    @Test func syncfsFlushesOrSaysItCannot() throws {
        let temporary = try TemporaryDirectory("syncfs")
        let directory = try FileDescriptor.openDirectory(atPath: temporary.url.path)
        do {
            try directory.synchronizeFileSystem()
        } catch let error as FileSystemError {
            // A kernel without syncfs must say so with ENOSYS, which is what the writers fall back on.
            #expect(error.errorNumber == SystemErrorText.notSupported)
        }
    }

    @Test func entryNamesAreRefusedWhenTheyWouldReachOutside() throws {
        let temporary = try TemporaryDirectory("seam-names")
        let directory = try FileDescriptor.openDirectory(atPath: temporary.url.path)
        for name in ["..", ".", "", "a/b", "x\u{0}"] {
            #expect(throws: FileSystemError.self) { _ = try directory.createFile(named: name, permissions: 0o600) }
        }
    }

    @Test func theUmaskIsReadWithoutChangingIt() {
        #expect(FileCreationMask.current & ~0o777 == 0)
    }
}

/// The fallbacks FileWrapper's atomic write takes where the file system cannot swap two entries.
@Suite struct SwapFallbackTests {
    private static func makeFolder(containing name: String, _ text: String, at folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    private func prepare(
        _ temporary: TemporaryDirectory, newIsDirectory: Bool, oldIsDirectory: Bool
    ) throws -> (FileDescriptor, FileDescriptor) {
        let staging = temporary.appending(".staging")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        if newIsDirectory {
            try Self.makeFolder(containing: "new.txt", "new", at: staging.appendingPathComponent("item"))
        } else {
            try Data("new".utf8).write(to: staging.appendingPathComponent("item"))
        }
        if oldIsDirectory {
            try Self.makeFolder(containing: "old.txt", "old", at: temporary.appending("item"))
        } else {
            try Data("old".utf8).write(to: temporary.appending("item"))
        }
        return (
            try FileDescriptor.openDirectory(atPath: staging.path),
            try FileDescriptor.openDirectory(atPath: temporary.url.path)
        )
    }

    @Test func aFileReplacesAFileWithRenameWhenExchangeIsUnsupported() throws {
        let temporary = try TemporaryDirectory("fallback-file")
        let (staging, parent) = try prepare(temporary, newIsDirectory: false, oldIsDirectory: false)
        try AtomicSwap.moveIntoPlace("item", from: staging, to: parent, newIsDirectory: false, canExchange: false)
        #expect(try Data(contentsOf: temporary.appending("item")) == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.appending(".staging").path).isEmpty)
    }

    @Test func aFolderIsMovedAsideThenReplacedWhenExchangeIsUnsupported() throws {
        let temporary = try TemporaryDirectory("fallback-folder")
        let (staging, parent) = try prepare(temporary, newIsDirectory: true, oldIsDirectory: true)
        try AtomicSwap.moveIntoPlace("item", from: staging, to: parent, newIsDirectory: true, canExchange: false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.appending("item").path) == ["new.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.appending(".staging").path).isEmpty)
    }

    @Test func theExchangePathLeavesTheOldItemInStagingForRemoval() throws {
        let temporary = try TemporaryDirectory("exchange-path")
        let (staging, parent) = try prepare(temporary, newIsDirectory: true, oldIsDirectory: false)
        try AtomicSwap.moveIntoPlace("item", from: staging, to: parent, newIsDirectory: true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.appending("item").path) == ["new.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.appending(".staging").path).isEmpty)
    }
}
