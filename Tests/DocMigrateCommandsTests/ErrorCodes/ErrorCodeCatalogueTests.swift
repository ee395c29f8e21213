import ContentTypeLint
import Conversion
import Diagnostics
import DocMigrateCommands
import DocumentCodecs
import DocumentModels
import DocumentPlatform
import Formats
import Foundation
import SourceAudit
import Testing
import Verification

/// The error-code catalogues against the documentation and the sources: `Documentation/error-codes.md` is
/// exactly what the catalogues render, no code is listed twice, every code has the dotted lower-case form,
/// and no throw site in `Sources/` spells a code as a string literal instead of naming a catalogue case.
@Suite struct ErrorCodeCatalogueTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let documentURL = repository.appendingPathComponent("Documentation/error-codes.md")

    /// Every module's catalogues, in the order the document lists them.
    static let catalogues: [ErrorCodeCatalogue] =
        ErrorCodeCatalogue.documentPlatform + ErrorCodeCatalogue.documentModels + ErrorCodeCatalogue.documentCodecs
        + ErrorCodeCatalogue.formats + ErrorCodeCatalogue.comparison + ErrorCodeCatalogue.verification
        + ErrorCodeCatalogue.sourceAudit + ErrorCodeCatalogue.contentTypeLint + ErrorCodeCatalogue.conversion
        + ErrorCodeCatalogue.docMigrateCommands

    @Test func documentMatchesTheCatalogues() throws {
        let rendered = ErrorCodeDocument(catalogues: Self.catalogues).render()
        if ProcessInfo.processInfo.environment["DOCMIGRATE_REGENERATE_ERROR_CODES"] == "1" {
            try Data(rendered.utf8).write(to: Self.documentURL)
        }
        let checkedIn = (try? String(contentsOf: Self.documentURL, encoding: .utf8)) ?? ""
        #expect(
            checkedIn == rendered,
            """
            Documentation/error-codes.md differs from what the catalogues render; regenerate it with
            \(ErrorCodeDocument.regenerateCommand)
            """)
    }

    @Test func noCodeIsCataloguedTwice() {
        var owners: [String: String] = [:]
        var duplicates: [String] = []
        for catalogue in Self.catalogues {
            for entry in catalogue.entries {
                if let owner = owners[entry.code] {
                    duplicates.append("\(entry.code) in \(owner) and \(catalogue.errorType)")
                }
                owners[entry.code] = catalogue.errorType
            }
        }
        #expect(duplicates == [])
    }

    @Test func everyCodeIsDottedLowerCase() {
        let malformed = Self.catalogues.flatMap(\.entries).map(\.code).filter { !Self.isDottedLowerCase($0) }
        #expect(malformed == [])
    }

    @Test func everySummaryIsOneSentence() {
        let unfinished = Self.catalogues.flatMap(\.entries).filter { entry in
            guard let first = entry.summary.first, first.isUppercase || first == "`" else { return true }
            return !entry.summary.hasSuffix(".") || entry.summary.contains("\n")
        }
        #expect(unfinished.map(\.code) == [])
    }

    @Test(arguments: [
        "filewrapper.read.no-such-file", "plist.binary.version-1-marker", "convert.skipped.symbolic-link",
    ])
    func acceptsDottedCodes(_ code: String) {
        #expect(Self.isDottedLowerCase(code))
    }

    @Test(arguments: ["filewrapper", "File.read", "plist..binary", "plist.binary.", "-plist.binary", "plist.bad_key"])
    func refusesMalformedCodes(_ code: String) {
        #expect(!Self.isDottedLowerCase(code))
    }

    @Test func noThrowSiteSpellsACodeAsALiteral() throws {
        var literals: [String] = []
        var scanned = 0
        for (relative, text) in try Self.sourceFiles() {
            scanned += 1
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !Self.isComment(line) && Self.spellsCodeLiteral(line) {
                literals.append("Sources/\(relative):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(scanned > 0)
        #expect(literals == [], "name a case of the domain's error-code catalogue instead of a string literal")
    }

    @Test func noSourceSpellsACataloguedCode() throws {
        let codes = Set(Self.catalogues.flatMap(\.entries).map(\.code))
        var spelled: [String] = []
        for (relative, text) in try Self.sourceFiles() where !relative.hasSuffix("ErrorCode.swift") {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !Self.isComment(line) {
                let quoted = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) }
                for literal in quoted where codes.contains(literal) {
                    spelled.append("Sources/\(relative):\(index + 1): \(literal)")
                }
            }
        }
        #expect(spelled == [], "name the catalogue case instead of spelling its raw value")
    }

    /// A catalogue file whose enum is missing from the registered lists would leave its codes undocumented.
    @Test func everyCatalogueFileIsRegistered() throws {
        let catalogued = Set(Self.catalogues.flatMap(\.entries).map(\.code))
        var unregistered: [String] = []
        var declared = 0
        for (relative, text) in try Self.sourceFiles() where relative.hasSuffix("ErrorCode.swift") {
            for line in text.split(separator: "\n") {
                guard let range = line.range(of: #"^\s*case \S+ = "[^"]+\.[^"]+"$"#, options: .regularExpression) else {
                    continue
                }
                let code = String(line[range].split(separator: "\"")[1])
                declared += 1
                if !catalogued.contains(code) { unregistered.append("Sources/\(relative): \(code)") }
            }
        }
        #expect(declared > 300)
        #expect(unregistered == [], "add the catalogue to its module's ErrorCodeCatalogue list")
    }

    @Test func theScanFindsALiteral() {
        #expect(Self.spellsCodeLiteral(#"throw CodecError(code: "plist.not-a-file", message: "…")"#))
        #expect(Self.spellsCodeLiteral(#"Issue(code:"usage.invalid")"#))
        #expect(!Self.spellsCodeLiteral(#"throw CodecError(code: .plist(.notAFile), message: "…")"#))
    }

    /// Every Swift file under `Sources/`, by path relative to `Sources/`.
    static func sourceFiles() throws -> [(String, String)] {
        let sources = repository.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var found: [(String, String)] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            found.append((relative, try String(contentsOf: file, encoding: .utf8)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// Whether `line` is a comment, where a code may be quoted as an example.
    static func isComment(_ line: Substring) -> Bool {
        line.drop(while: { $0 == " " }).hasPrefix("//")
    }

    /// Whether `line` passes a string literal as a `code:` argument.
    static func spellsCodeLiteral(_ line: Substring) -> Bool {
        line.range(of: #"code:\s*"[^"]*\."#, options: .regularExpression) != nil
    }

    static func spellsCodeLiteral(_ line: String) -> Bool { spellsCodeLiteral(line[...]) }

    /// `word(.word)+`, each word lower-case letters and digits joined by single hyphens.
    static func isDottedLowerCase(_ code: String) -> Bool {
        code.range(of: #"^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$"#, options: .regularExpression) != nil
    }
}
