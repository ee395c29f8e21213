import Foundation
import SystemSeam
import TestSupport
import Testing

@testable import DocumentPlatform

/// The pieces under the coordinator: keys, order, names and the lock folder.
@Suite struct CoordinationLockingTests {
    @Test(arguments: [
        ("/work/Report.docpkg/Data/a.json", "/work/Report.docpkg"),
        ("/work/Report.docpkg", "/work/Report.docpkg"),
        ("/work/Outer.docpkg/Inner.rtfd/TXT.rtf", "/work/Outer.docpkg"),
        ("/work/Shouting.RTFD/TXT.rtf", "/work/Shouting.RTFD"),
    ])
    func itemsInsideAPackageAreKeyedByTheOutermostPackage(_ path: String, _ root: String) {
        #expect(FilePackage.root(containing: path) == root)
    }

    @Test(arguments: [
        "/work/plain/a.json", "/work/.docpkg/a", "/work/notes.txt", "/work/archive.zip/x", "/work/a.json/b",
    ])
    func itemsOutsidePackagesHaveNoPackageRoot(_ path: String) {
        #expect(FilePackage.root(containing: path) == nil)
    }

    @Test func aTypeDeclaredAsAPackageInAnInfoPlistMakesItsExtensionAPackage() throws {
        let path = "/work/Board.coordtestpkg/Pages/1.json"
        #expect(FilePackage.root(containing: path) == nil)
        let plist: [String: Any] = [
            "UTExportedTypeDeclarations": [
                [
                    "UTTypeIdentifier": "com.example.coordination-test-package",
                    "UTTypeConformsTo": ["com.apple.package"],
                    "UTTypeTagSpecification": ["public.filename-extension": ["coordtestpkg"]],
                ]
            ]
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        try UTTypeRegistry.shared.loadDeclarations(fromInfoPlist: data, file: "Info.plist")
        #expect(FilePackage.root(containing: path) == "/work/Board.coordtestpkg")
    }

    @Test func canonicalPathsResolveLinksOfExistingAncestorsAndKeepMissingComponents() throws {
        let folder = try TemporaryDirectory("coordination")
        let real = folder.appending("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = folder.appending("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let realPath = real.resolvingSymlinksInPath().path
        #expect(
            CoordinationPath.canonical(link.appendingPathComponent("new.docpkg/member")) == realPath
                + "/new.docpkg/member")
        #expect(CoordinationPath.canonical(link.appendingPathComponent("./x/../y.txt")) == realPath + "/y.txt")
        // The last component is the link itself unless asked to resolve it.
        #expect(
            CoordinationPath.canonical(link) == link.deletingLastPathComponent().resolvingSymlinksInPath().path
                + "/link")
        #expect(CoordinationPath.canonical(link, resolvingLastLink: true) == realPath)
    }

    @Test func claimsLockInCanonicalOrderWhateverOrderTheyNameItems() {
        var forward = CoordinationClaim()
        forward.add(path: "/data/a.txt", mode: .shared, excludesContents: false)
        forward.add(path: "/data/b.txt", mode: .exclusive, excludesContents: false)
        var backward = CoordinationClaim()
        backward.add(path: "/data/b.txt", mode: .exclusive, excludesContents: false)
        backward.add(path: "/data/a.txt", mode: .shared, excludesContents: false)
        let names = forward.locks.map(\.lock.name)
        #expect(names == backward.locks.map(\.lock.name))
        #expect(names == ["tree:/", "tree:/data", "item:/data/a.txt", "item:/data/b.txt"])
        #expect(forward.locks.map(\.mode) == [.shared, .shared, .shared, .exclusive])
    }

    @Test func oneItemNamedTwiceIsLockedOnceInTheStrongerMode() {
        var claim = CoordinationClaim()
        claim.add(path: "/data/a.txt", mode: .shared, excludesContents: false)
        claim.add(path: "/data/a.txt", mode: .exclusive, excludesContents: false)
        #expect(claim.locks.filter { $0.lock.scope == .item }.map(\.mode) == [.exclusive])
    }

    @Test func deletingADirectoryAlsoTakesItsTreeExclusively() {
        var claim = CoordinationClaim()
        claim.add(path: "/data/folder", mode: .exclusive, excludesContents: true)
        #expect(claim.locks.map(\.lock.name) == ["tree:/", "tree:/data", "item:/data/folder", "tree:/data/folder"])
        #expect(claim.locks.last?.mode == .exclusive)
    }

    @Test func byteWiseOrderIsNotUnicodeOrder() {
        // "é" (U+00E9, UTF-8 C3 A9) sorts after "z" byte-wise; "Z" (5A) before "a" (61).
        let paths = ["/é", "/z", "/a", "/Z"]
        let sorted = paths.map { CoordinationLock(scope: .item, path: $0) }.sorted().map(\.path)
        #expect(sorted == ["/Z", "/a", "/z", "/é"])
    }

    @Test(arguments: [
        ("", "cbf29ce484222325"),
        ("a", "af63dc4c8601ec8c"),
        ("foobar", "85944171f73967e8"),
    ])
    func lockFileNamesUseFNV1a64(_ text: String, _ hex: String) {
        #expect(CoordinationLockFolder.fileName(for: text) == hex + ".lock")
    }

    @Test func theSidecarLockFileLivesInTheLockFolderNotInThePackage() throws {
        let folder = try TemporaryDirectory("coordination")
        let package = folder.appending("Sidecar.docpkg")
        try makePackage(at: package, members: 2)
        let before = try FileManager.default.contentsOfDirectory(atPath: package.path).sorted()
        let lockFolder = try CoordinationLockFolder.shared.get()
        let expected = lockFolder.lockFilePath(for: "item:" + package.resolvingSymlinksInPath().path)
        // The lock file is looked for while the claim is held: once unused it may be deleted at any time.
        var ran = false
        var lockFileExisted = false
        NSFileCoordinator().coordinate(writingItemAt: package.appendingPathComponent("member-0.txt"), error: nil) { _ in
            ran = true
            lockFileExisted = FileManager.default.fileExists(atPath: expected)
        }
        #expect(ran)
        #expect(try FileManager.default.contentsOfDirectory(atPath: package.path).sorted() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["Sidecar.docpkg"])
        #expect(lockFileExisted)
        #expect(!expected.hasPrefix(package.path))
    }

    @Test func aLockFolderThatIsAFileIsReportedAsAnNSError() throws {
        let folder = try TemporaryDirectory("coordination")
        let file = folder.appending("not-a-folder")
        try Data().write(to: file)
        #expect {
            try CoordinationLockFolder.prepare(file.path, mustBePrivate: false)
        } throws: { error in
            guard let located = error as? FileCoordinationError else { return false }
            let bridged = located as NSError
            return located.code == "coordination.lock-folder.unusable" && located.file == file.path
                && bridged.domain == NSCocoaErrorDomain && bridged.code == NSFileLockingError
                && bridged.localizedDescription.contains("DOCMIGRATE_COORDINATION_DIRECTORY")
        }
    }

    @Test func aDefaultLockFolderOthersCanWriteIsRefused() throws {
        let folder = try TemporaryDirectory("coordination")
        let shared = folder.appending("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: shared.path)
        #expect(throws: FileCoordinationError.self) {
            try CoordinationLockFolder.prepare(shared.path, mustBePrivate: true)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: shared.path)
        #expect(try CoordinationLockFolder.prepare(shared.path, mustBePrivate: true).path == shared.path)
    }

    @Test func aPlantedSymbolicLinkIsRefusedAsALockFolder() throws {
        let folder = try TemporaryDirectory("coordination")
        let target = folder.appending("target")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let link = folder.appending("planted")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(throws: FileCoordinationError.self) {
            try CoordinationLockFolder.prepare(link.path, mustBePrivate: true)
        }
    }
}
