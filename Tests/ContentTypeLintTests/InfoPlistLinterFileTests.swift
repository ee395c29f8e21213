import ContentTypeLint
import DocumentCodecs
import Foundation
import TestSupport
import Testing

/// Linting an Info.plist named by its path, as `lint-plist` does.
@Suite struct InfoPlistLinterFileTests {
    @Test func readsTheFileAndNamesItAsGiven() throws {
        let folder = try TemporaryDirectory("lint-plist-file")
        let path = folder.appending("Info.plist").path
        try Data(InfoPlistFixtures.correct.utf8).write(to: URL(fileURLWithPath: path))
        let report = try InfoPlistLinter().lint(fileAt: path)
        #expect(report.file == path)
        #expect(report.findings.isEmpty)
        #expect(report == (try InfoPlistLinter().lint(Data(InfoPlistFixtures.correct.utf8), file: path)))
    }

    @Test func aMissingFileIsAnErrorNamingIt() throws {
        let folder = try TemporaryDirectory("lint-plist-file")
        let path = folder.appending("Missing.plist").path
        let error = try #require(throws: CodecError.self) { try InfoPlistLinter().lint(fileAt: path) }
        #expect(error.code == "lint-plist.unreadable")
        #expect(error.message == "there is no file here")
        #expect(error.file == path)
    }

    @Test func aFolderIsAnErrorSayingItCannotBeRead() throws {
        let folder = try TemporaryDirectory("lint-plist-file")
        let error = try #require(throws: CodecError.self) { try InfoPlistLinter().lint(fileAt: folder.url.path) }
        #expect(error.code == "lint-plist.unreadable")
        #expect(error.message == "the file cannot be read")
    }
}
