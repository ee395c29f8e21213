import Foundation
import SystemSeam
import Testing

@testable import DocumentPlatform

/// The answers `FilePackage` keeps per path extension follow every change of what a package is.
@Suite struct FilePackageTests {
    @Test func anExtensionAddedToTheExtraSetIsAPackageAtOnceThoughItWasAskedAboutBefore() {
        let path = "/work/Board.memotestpkg/Pages/1.json"
        #expect(FilePackage.root(containing: path) == nil)
        let before = FilePackage.packageExtensions
        FilePackage.packageExtensions = before.union(["MemoTestPkg"])
        #expect(FilePackage.root(containing: path) == "/work/Board.memotestpkg")
        FilePackage.packageExtensions = before
        #expect(FilePackage.root(containing: path) == nil)
    }

    @Test func theAnswerForAnExtensionDoesNotDependOnItsCaseOrOnThePathItCameFrom() {
        #expect(FilePackage.root(containing: "/a/b/Report.DOCPKG/x/y.txt") == "/a/b/Report.DOCPKG")
        #expect(FilePackage.root(containing: "/elsewhere/Other.docpkg") == "/elsewhere/Other.docpkg")
        #expect(
            FilePackage.root(containing: "/elsewhere/notes.txt/inner.docpkg/z") == "/elsewhere/notes.txt/inner.docpkg")
        #expect(FilePackage.root(containing: "/elsewhere/notes.txt") == nil)
    }

    @Test(arguments: ["/", "/top", "/top/Doc.docpkg", "/a/b/c/d.txt"])
    func aClaimOfOneItemLocksInTheSameOrderAsAMergedClaim(_ path: String) {
        for excludesContents in [false, true] {
            var single = CoordinationClaim()
            single.add(path: path, mode: .exclusive, excludesContents: excludesContents)
            // A second access to the same item goes through the merging path and must change nothing.
            var merged = single
            merged.add(path: path, mode: .shared, excludesContents: false)
            #expect(single.locks.map(\.lock) == merged.locks.map(\.lock))
            #expect(single.locks.map(\.mode) == merged.locks.map(\.mode))
            #expect(single.locks.map(\.lock) == single.locks.map(\.lock).sorted())
        }
    }
}
