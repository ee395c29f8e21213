import ContentTypeLint
import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct InfoPlistLinterTests {
    /// One edit of the correct fixture that must make exactly `rules` fire, the first at `needle`.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var edits: [(target: String, replacement: String, count: Int)]
        var options = InfoPlistLinter.Options()
        var rules: [InfoPlistLintRule]
        var needle: String
        var occurrence = 1
        var fixMentions: String?
        var testDescription: String { name }
    }

    static func edit(
        _ target: String, _ replacement: String, count: Int = 1
    ) -> (target: String, replacement: String, count: Int) {
        (target, replacement, count)
    }

    static let cases: [Case] = [
        Case(
            name: "unknown-parent com.public.data",
            edits: [
                edit(
                    "<string>public.data</string>\n        <string>public.content</string>",
                    "<string>com.public.data</string>\n        <string>public.content</string>")
            ],
            rules: [.unknownParent], needle: "<string>com.public.data</string>", fixMentions: "use public.data"),
        Case(
            name: "unknown-parent public.package",
            edits: [edit("<string>public.composite-content</string>", "<string>public.package</string>")],
            rules: [.unknownParent], needle: "<string>public.package</string>", fixMentions: "use com.apple.package"),
        Case(
            name: "unknown-parent misspelled",
            edits: [edit("<string>public.composite-content</string>", "<string>public.composit-content</string>")],
            rules: [.unknownParent], needle: "<string>public.composit-content</string>",
            fixMentions: "use public.composite-content"),
        Case(
            name: "uppercase-identifier",
            edits: [
                edit(
                    "<key>UTTypeIdentifier</key>\n      <string>com.acme.deck</string>",
                    "<key>UTTypeIdentifier</key>\n      <string>com.Acme.Deck</string>")
            ],
            rules: [.uppercaseIdentifier], needle: "<string>com.Acme.Deck</string>", fixMentions: "write com.acme.deck"),
        Case(
            name: "missing-filename-extension",
            edits: [
                edit(
                    """
                    <string>com.other.slides</string>
                          <key>UTTypeTagSpecification</key>
                          <dict>
                            <key>public.filename-extension</key>
                            <array>
                              <string>ppt</string>
                            </array>
                          </dict>
                    """, "<string>com.other.slides</string>")
            ],
            rules: [.missingFilenameExtension], needle: "<string>com.other.slides</string>", occurrence: 2),
        Case(
            name: "missing-filename-extension on a base type a document lists",
            edits: [
                edit(
                    "<string>com.acme.deck</string>\n      </array>",
                    "<string>com.acme.deck</string>\n        <string>com.acme.base</string>\n      </array>")
            ],
            rules: [.notPublicContent, .missingFilenameExtension],
            needle: "<key>UTTypeConformsTo</key>\n      <string>public.data</string>"),
        Case(
            name: "chain-misses-root",
            edits: [
                edit(
                    "<string>public.json</string>\n        <string>public.content</string>",
                    "<string>public.content</string>")
            ],
            rules: [.chainMissesRoot], needle: "<key>UTTypeConformsTo</key>", fixMentions: "com.apple.package"),
        Case(
            name: "chain-misses-root without parents",
            edits: [edit("<key>UTTypeConformsTo</key>\n      <string>public.data</string>\n", "")],
            rules: [.chainMissesRoot, .chainMissesRoot], needle: "<string>com.acme.base</string>"),
        Case(
            name: "reserved-prefix com.example",
            edits: [edit("com.acme.deck", "com.example.deck", count: 2)],
            rules: [.reservedPrefix], needle: "<string>com.example.deck</string>", occurrence: 2,
            fixMentions: "com.yourcompany.deck"),
        Case(
            name: "reserved-prefix public",
            edits: [edit("com.acme.deck", "public.deck", count: 2)],
            rules: [.reservedPrefix], needle: "<string>public.deck</string>", occurrence: 2,
            fixMentions: "UTImportedTypeDeclarations"),
        Case(
            name: "short-extension",
            edits: [edit("<string>acmedeck</string>", "<string>dck</string>")],
            rules: [.shortExtension], needle: "<string>dck</string>"),
        Case(
            name: "json-not-conforming",
            edits: [
                edit("<string>public.json</string>", "<string>public.data</string>"),
                edit("<string>Acme Deck</string>", "<string>Acme Deck (JSON)</string>"),
            ],
            rules: [.jsonNotConforming], needle: "<key>UTTypeConformsTo</key>", fixMentions: "public.json"),
        Case(
            name: "json-not-conforming by extension",
            edits: [
                edit("<string>public.json</string>", "<string>public.data</string>"),
                edit("<string>acmedeck</string>", "<string>deck.json</string>"),
            ],
            rules: [.jsonNotConforming], needle: "<key>UTTypeConformsTo</key>"),
        Case(
            name: "not-public-content",
            edits: [
                edit(
                    "<string>public.json</string>\n        <string>public.content</string>",
                    "<string>com.apple.package</string>")
            ],
            rules: [.notPublicContent], needle: "<key>UTTypeConformsTo</key>", fixMentions: "public.content"),
        Case(
            name: "role-missing",
            edits: [edit("<key>CFBundleTypeRole</key>\n      <string>Editor</string>\n", "")],
            rules: [.roleMissing], needle: "<dict>\n      <key>CFBundleTypeName</key>\n      <string>Deck</string>"),
        Case(
            name: "role-missing, not a role",
            edits: [edit("<string>Editor</string>", "<string>editor</string>")],
            rules: [.roleMissing], needle: "<string>editor</string>"),
        Case(
            name: "viewer-role-for-written-type",
            edits: [edit("<string>Editor</string>", "<string>Viewer</string>")],
            options: .init(writes: ["COM.ACME.DECK"]),
            rules: [.viewerRoleForWrittenType], needle: "<string>Viewer</string>", fixMentions: "Editor"),
        Case(
            name: "handler-rank-missing",
            edits: [edit("<key>LSHandlerRank</key>\n      <string>Alternate</string>\n", "")],
            rules: [.handlerRankMissing],
            needle: "<dict>\n      <key>CFBundleTypeName</key>\n      <string>Other documents</string>"),
        Case(
            name: "owner-of-foreign-type",
            edits: [edit("<string>Alternate</string>", "<string>Owner</string>")],
            rules: [.ownerOfForeignType], needle: "<string>Owner</string>", occurrence: 2, fixMentions: "Alternate"),
        Case(
            name: "undeclared-content-type",
            edits: [
                edit("<string>com.acme.deck</string>\n      </array>", "<string>com.acme.dek</string>\n      </array>")
            ],
            rules: [.undeclaredContentType], needle: "<string>com.acme.dek</string>", fixMentions: "use com.acme.deck"),
        Case(
            name: "duplicate-declaration",
            edits: [
                edit(
                    "<key>UTImportedTypeDeclarations</key>\n  <array>\n",
                    """
                    <key>UTImportedTypeDeclarations</key>
                      <array>
                        <dict>
                          <key>UTTypeConformsTo</key>
                          <string>public.data</string>
                          <key>UTTypeIdentifier</key>
                          <string>com.acme.deck</string>
                          <key>UTTypeTagSpecification</key>
                          <dict><key>public.filename-extension</key><string>acmedeck</string></dict>
                        </dict>

                    """)
            ],
            rules: [.duplicateDeclaration], needle: "<string>com.acme.deck</string>", occurrence: 3),
        Case(
            name: "document-browser-key-missing",
            edits: [edit("<key>UISupportsDocumentBrowser</key>\n  <true/>\n", "")],
            rules: [.documentBrowserKeyMissing], needle: "<key>CFBundleDocumentTypes</key>"),
        Case(
            name: "document-browser-key-missing, iOS told by UIDeviceFamily",
            edits: [
                edit(
                    "<key>UISupportsDocumentBrowser</key>\n  <true/>\n",
                    "<key>UIDeviceFamily</key>\n  <array><integer>1</integer></array>\n"),
                edit("<key>LSRequiresIPhoneOS</key>\n  <true/>\n", ""),
            ],
            rules: [.documentBrowserKeyMissing], needle: "<key>CFBundleDocumentTypes</key>"),
        Case(
            name: "document-browser-key-missing, iOS told by the options",
            edits: [
                edit("<key>UISupportsDocumentBrowser</key>\n  <true/>\n", ""),
                edit("<key>LSRequiresIPhoneOS</key>\n  <true/>\n", ""),
            ],
            options: .init(platform: .iOS),
            rules: [.documentBrowserKeyMissing], needle: "<key>CFBundleDocumentTypes</key>"),
        Case(
            name: "malformed-entry",
            edits: [
                edit(
                    "<key>UTExportedTypeDeclarations</key>\n  <array>\n",
                    "<key>UTExportedTypeDeclarations</key>\n  <array>\n    <string>oops</string>\n")
            ],
            rules: [.malformedEntry], needle: "<string>oops</string>"),
    ]

    static func text(of testCase: Case) throws -> String {
        var text = InfoPlistFixtures.correct
        for edit in testCase.edits {
            let parts = text.components(separatedBy: edit.target)
            try #require(
                parts.count == edit.count + 1,
                "\(testCase.name): '\(edit.target)' occurs \(parts.count - 1) times, not \(edit.count)")
            text = parts.joined(separator: edit.replacement)
        }
        return text
    }

    static func lint(_ text: String, options: InfoPlistLinter.Options = .init()) throws -> InfoPlistLintReport {
        try InfoPlistLinter(options: options).lint(Data(text.utf8), file: "Info.plist")
    }

    @Test(arguments: cases)
    func eachRuleFiresAtItsPlace(_ testCase: Case) throws {
        let text = try Self.text(of: testCase)
        let findings = try Self.lint(text, options: testCase.options).findings
        #expect(findings.map(\.rule) == testCase.rules, "\(findings.map(\.text))")
        let first = try #require(findings.first)
        let expected = try InfoPlistFixtures.position(of: testCase.needle, occurrence: testCase.occurrence, in: text)
        #expect(
            first.line == expected.line && first.column == expected.column,
            "\(first.text) is not at \(expected.line):\(expected.column)")
        #expect(first.severity == first.rule.severity)
        #expect(!first.suggestion.isEmpty)
        if let fixMentions = testCase.fixMentions {
            #expect(first.suggestion.contains(fixMentions), "\(first.suggestion)")
        }
    }

    @Test func everyRuleHasACase() {
        let covered = Set(Self.cases.flatMap(\.rules))
        #expect(Set(InfoPlistLintRule.allCases).subtracting(covered).isEmpty)
    }

    @Test func theCorrectPlistHasNoFindings() throws {
        #expect(try Self.lint(InfoPlistFixtures.correct).findings.isEmpty)
        #expect(try Self.lint(InfoPlistFixtures.correct, options: .init(writes: ["com.acme.deck"])).findings.isEmpty)
        #expect(try Self.lint(InfoPlistFixtures.correct, options: .init(platform: .macOS)).findings.isEmpty)
        #expect(try Self.lint(InfoPlistFixtures.correct).platform == .iOS)
    }

    @Test func theDocumentBrowserRuleIsSilentOnMacOS() throws {
        let text = try InfoPlistFixtures.correct(
            replacing: "<key>LSRequiresIPhoneOS</key>\n  <true/>\n  <key>UISupportsDocumentBrowser</key>\n  <true/>\n",
            with: "")
        let report = try Self.lint(text)
        #expect(report.platform == .macOS)
        #expect(report.findings.isEmpty)
        #expect(
            try Self.lint(text, options: .init(platform: .iOS)).findings.map(\.rule) == [.documentBrowserKeyMissing])
    }

    @Test func aViewerOfATypeTheAppDoesNotWriteIsSilent() throws {
        let text = try InfoPlistFixtures.correct(replacing: "<string>Editor</string>", with: "<string>Viewer</string>")
        #expect(try Self.lint(text).findings.isEmpty)
        // A written type that no Viewer entry lists does not concern them.
        #expect(try Self.lint(text, options: .init(writes: ["com.acme.base"])).findings.isEmpty)
        #expect(
            try Self.lint(text, options: .init(writes: ["public.plain-text"])).findings.map(\.rule) == [
                .viewerRoleForWrittenType
            ])
    }

    @Test func findingsComeInLineOrderWithErrorsAndWarningsCounted() throws {
        var text = try InfoPlistFixtures.correct(replacing: "<string>acmedeck</string>", with: "<string>dk</string>")
        text = text.replacingOccurrences(of: "<key>LSHandlerRank</key>\n      <string>Owner</string>\n", with: "")
        text = text.replacingOccurrences(
            of: "<string>com.acme.base</string>\n    </dict>", with: "<string>com.Acme.base</string>\n    </dict>")
        let report = try Self.lint(text)
        #expect(report.findings.map(\.rule) == [.handlerRankMissing, .shortExtension, .uppercaseIdentifier])
        let lines = report.findings.compactMap(\.line)
        #expect(lines == lines.sorted() && lines.count == 3)
        #expect(report.hasErrors)
        #expect(report.summary == "Info.plist: 2 errors, 1 warning")
        #expect(
            report.findings[1].text.hasPrefix(
                "Info.plist:\(lines[1]):\(try InfoPlistFixtures.position(of: "<string>dk</string>", in: text).column): warning: [short-extension] the extension 'dk' has 2 characters"
            ))
    }

    @Test func theDuplicateNamesTheFirstDeclarationsLine() throws {
        let testCase = try #require(Self.cases.first { $0.name == "duplicate-declaration" })
        let text = try Self.text(of: testCase)
        let first = try InfoPlistFixtures.position(of: "<string>com.acme.deck</string>", occurrence: 2, in: text)
        let finding = try #require(try Self.lint(text).findings.first)
        #expect(
            finding.message == "com.acme.deck is already declared at line \(first.line) (UTExportedTypeDeclarations)")
    }

    // MARK: Binary property lists

    /// `text` rewritten as a binary property list by Python's plistlib, keys in their order.
    static func binary(_ text: String) throws -> Data {
        let hex = try PythonOracle.run(
            "import plistlib, sys; sys.stdout.write(plistlib.dumps(plistlib.loads(sys.stdin.buffer.read()), fmt=plistlib.FMT_BINARY, sort_keys=False).hex())",
            input: Data(text.utf8))
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(try #require(UInt8(hex[index..<next], radix: 16)))
            index = next
        }
        return Data(bytes)
    }

    @Test func aBinaryPlistReportsKeyPaths() throws {
        var text = try InfoPlistFixtures.correct(replacing: "<string>acmedeck</string>", with: "<string>dk</string>")
        text = text.replacingOccurrences(of: "<key>CFBundleTypeRole</key>\n      <string>Editor</string>\n", with: "")
        text = text.replacingOccurrences(
            of: "<string>public.data</string>\n        <string>public.content</string>",
            with: "<string>com.public.data</string>\n        <string>public.content</string>")
        let data = try Self.binary(text)
        #expect(data.starts(with: Array("bplist00".utf8)))
        let report = try InfoPlistLinter().lint(data, file: "Info.plist")
        #expect(report.format == "binary")
        #expect(
            report.findings.map(\.keyPath) == [
                "CFBundleDocumentTypes[0]",
                "UTExportedTypeDeclarations[0].UTTypeTagSpecification.public.filename-extension[0]",
                "UTImportedTypeDeclarations[0].UTTypeConformsTo[0]",
            ])
        #expect(report.findings.map(\.rule) == [.roleMissing, .shortExtension, .unknownParent])
        #expect(report.findings.allSatisfy { $0.line == nil && $0.column == nil })
        #expect(
            report.findings[2].text
                == "Info.plist:UTImportedTypeDeclarations[0].UTTypeConformsTo[0]: error: [unknown-parent] com.other.slides conforms to com.public.data, which is neither a system type nor declared in this file (fix: use public.data)"
        )
        #expect(try InfoPlistLinter().lint(Self.binary(InfoPlistFixtures.correct), file: "Info.plist").findings.isEmpty)
    }

    // MARK: Bad input

    static func error(linting data: Data) -> CodecError? {
        do {
            _ = try InfoPlistLinter().lint(data, file: "App/Info.plist")
            return nil
        } catch let error as CodecError {
            return error
        } catch {
            Issue.record("not a CodecError: \(error)")
            return nil
        }
    }

    @Test func textThatIsNoPlistIsAnErrorNamingFileAndPlace() throws {
        let error = try #require(Self.error(linting: Data("CFBundleName = Deck;\n".utf8)))
        #expect(error.file == "App/Info.plist")
        #expect(error.code == "plist.xml.unexpected-text")
        #expect(error.location == .line(1, column: 1))
        #expect(error.description.hasPrefix("App/Info.plist: line 1, column 1: "))
    }

    @Test func malformedXMLIsAnErrorAtItsLine() throws {
        let text = try InfoPlistFixtures.correct(replacing: "<string>Deck</string>", with: "<string>Deck</strin>")
        let error = try #require(Self.error(linting: Data(text.utf8)))
        let place = try InfoPlistFixtures.position(of: "</strin>", in: text)
        #expect(error.code == "plist.xml.mismatched-tag")
        #expect(error.location == .line(place.line, column: place.column))
    }

    @Test func aTruncatedBinaryPlistIsAnError() throws {
        let data = try Self.binary(InfoPlistFixtures.correct)
        let error = try #require(Self.error(linting: data.prefix(data.count - 40)))
        #expect(error.file == "App/Info.plist")
        #expect(error.code.hasPrefix("plist.binary."))
        #expect(Self.error(linting: Data()) != nil)
    }

    @Test func aTopLevelThatIsNoDictionaryIsAnError() throws {
        let error = try #require(Self.error(linting: Data("<plist version=\"1.0\">\n  <array/>\n</plist>\n".utf8)))
        #expect(error.code == "lint-plist.not-a-dictionary")
        #expect(error.location == .line(2, column: 3))
        #expect(error.message == "the top level is an array, but an Info.plist is a dictionary")
    }
}
