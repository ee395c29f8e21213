import DocMigrateCommands
import Foundation
import TestSupport
import Testing

@Suite struct LintPlistVerbTests {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// A macOS app that exports one type and lists it as an editable document.
    static let correct =
        header + """
            <dict>
            \t<key>CFBundleDocumentTypes</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>CFBundleTypeRole</key>
            \t\t\t<string>Editor</string>
            \t\t\t<key>LSHandlerRank</key>
            \t\t\t<string>Owner</string>
            \t\t\t<key>LSItemContentTypes</key>
            \t\t\t<array><string>com.acme.deck</string></array>
            \t\t</dict>
            \t</array>
            \t<key>UTExportedTypeDeclarations</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>UTTypeConformsTo</key>
            \t\t\t<array><string>public.data</string><string>public.content</string></array>
            \t\t\t<key>UTTypeIdentifier</key>
            \t\t\t<string>com.acme.deck</string>
            \t\t\t<key>UTTypeTagSpecification</key>
            \t\t\t<dict><key>public.filename-extension</key><string>acmedeck</string></dict>
            \t\t</dict>
            \t</array>
            </dict>
            </plist>

            """

    static func write(_ text: String, in folder: TemporaryDirectory, named name: String = "Info.plist") throws -> String
    {
        let url = folder.appending(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The 1-based line and column where `needle` starts in `text`, found by searching.
    static func position(of needle: String, in text: String) throws -> String {
        let range = try #require(text.range(of: needle))
        let before = text[..<range.lowerBound]
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? text.startIndex
        return
            "\(before.filter { $0 == "\n" }.count + 1):\(text[lineStart..<range.lowerBound].unicodeScalars.count + 1)"
    }

    @Test func aCorrectPlistExitsZeroWithASummary() async throws {
        let folder = try TemporaryDirectory("lint-plist-correct")
        let path = try Self.write(Self.correct, in: folder)
        let run = await InProcessRun.run(["lint-plist", path])
        #expect(
            run
                == InProcessRun(
                    exitCode: .success, standardOutput: "\(path): 0 errors, 0 warnings\n", standardError: ""))
    }

    @Test func errorsPrintAsCompilerLinesAndExitOne() async throws {
        let folder = try TemporaryDirectory("lint-plist-errors")
        let text = Self.correct
            .replacingOccurrences(of: "<string>public.data</string>", with: "<string>com.public.data</string>")
            .replacingOccurrences(of: "<string>Editor</string>", with: "<string>Viewer</string>")
        let path = try Self.write(text, in: folder)
        let run = await InProcessRun.run(["lint-plist", "--writes", "com.acme.deck", path])
        #expect(run.exitCode == .failure)
        #expect(run.standardError == "")
        #expect(
            run.standardOutput == """
                \(path):\(try Self.position(of: "<string>Viewer", in: text)): error: [viewer-role-for-written-type] the document type at \
                CFBundleDocumentTypes[0] has the role Viewer, which only reads and presents documents, but the app writes com.acme.deck \
                (fix: set CFBundleTypeRole to Editor)
                \(path):\(try Self.position(of: "<string>com.public.data", in: text)): error: [unknown-parent] com.acme.deck conforms to \
                com.public.data, which is neither a system type nor declared in this file (fix: use public.data)
                \(path): 2 errors, 0 warnings

                """)
        // Without --writes, a Viewer is a choice, not a mistake.
        let reading = await InProcessRun.run(["lint-plist", path])
        #expect(!reading.standardOutput.contains("viewer-role-for-written-type"))
    }

    @Test func warningsAloneExitZero() async throws {
        let folder = try TemporaryDirectory("lint-plist-warnings")
        let path = try Self.write(Self.correct.replacingOccurrences(of: "acmedeck", with: "dk"), in: folder)
        let run = await InProcessRun.run(["lint-plist", path])
        #expect(run.exitCode == .success)
        #expect(run.standardOutput.contains(": warning: [short-extension] the extension 'dk' has 2 characters"))
        #expect(run.standardOutput.hasSuffix("\(path): 0 errors, 1 warning\n"))
    }

    @Test func theJSONFormatCarriesEveryField() async throws {
        let folder = try TemporaryDirectory("lint-plist-json")
        let text = Self.correct.replacingOccurrences(
            of: "com.acme.deck</string>\n\t\t\t<key>UTTypeTag", with: "com.Acme.deck</string>\n\t\t\t<key>UTTypeTag")
        let path = try Self.write(text, in: folder)
        let run = await InProcessRun.run(["lint-plist", "--format", "json", path])
        #expect(run.exitCode == .failure)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "docmigrate.lint-plist")
        #expect(object["schemaVersion"] as? Int == 1)
        #expect(object["platform"] as? String == "macos")
        #expect(object["format"] as? String == "xml")
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding["rule"] as? String == "uppercase-identifier")
        #expect(finding["severity"] as? String == "error")
        #expect(finding["file"] as? String == path)
        #expect(finding["keyPath"] as? String == "UTExportedTypeDeclarations[0].UTTypeIdentifier")
        let expected = try Self.position(of: "<string>com.Acme.deck", in: text).split(separator: ":").compactMap {
            Int($0)
        }
        #expect([finding["line"] as? Int, finding["column"] as? Int].compactMap { $0 } == expected)
        #expect((finding["suggestion"] as? String)?.contains("com.acme.deck") == true)
    }

    @Test func theGitHubFormatAnnotatesLines() async throws {
        let folder = try TemporaryDirectory("lint-plist-github")
        let text = Self.correct.replacingOccurrences(
            of: "\t\t\t<key>LSHandlerRank</key>\n\t\t\t<string>Owner</string>\n", with: "")
        let path = try Self.write(text, in: folder)
        let run = await InProcessRun.run(["lint-plist", "--format", "github", path])
        #expect(run.exitCode == .failure)
        let place = try Self.position(of: "<dict>\n\t\t\t<key>CFBundleTypeRole", in: text).split(separator: ":")
        #expect(
            run.standardOutput.hasPrefix(
                "::error file=\(path),line=\(place[0]),col=\(place[1]),title=docmigrate lint-plist [handler-rank-missing]::"
            ))
    }

    @Test func thePlatformOptionDecidesTheDocumentBrowserRule() async throws {
        let folder = try TemporaryDirectory("lint-plist-platform")
        let path = try Self.write(Self.correct, in: folder)
        let iOS = await InProcessRun.run(["lint-plist", "--platform", "ios", path])
        #expect(iOS.exitCode == .failure)
        #expect(
            iOS.standardOutput.contains(
                "\(path):\(try Self.position(of: "<key>CFBundleDocumentTypes", in: Self.correct)): error: [document-browser-key-missing]"
            ))
        let bad = await InProcessRun.run(["lint-plist", "--platform", "android", path])
        #expect(bad.exitCode == .usageError)
    }

    @Test func unreadableOrMalformedInputExitsTwoNamingTheFileAndPlace() async throws {
        let folder = try TemporaryDirectory("lint-plist-bad")
        let missing = await InProcessRun.run(["lint-plist", folder.appending("none.plist").path])
        #expect(
            missing
                == InProcessRun(
                    exitCode: .couldNotProceed, standardOutput: "",
                    standardError:
                        "Error: \(folder.appending("none.plist").path): there is no file here [lint-plist.unreadable]\n"
                ))

        let broken = try Self.write(
            Self.correct.replacingOccurrences(of: "</array>\n</dict>", with: "</dict>"), in: folder,
            named: "Broken.plist")
        let malformed = await InProcessRun.run(["lint-plist", broken])
        #expect(malformed.exitCode == .couldNotProceed)
        #expect(
            malformed.standardError.hasPrefix(
                "Error: \(broken): line 26, column 2: </dict> closes <array> [plist.xml.mismatched-tag]"))

        let notAPlist = try Self.write("just some words\n", in: folder, named: "words.plist")
        let words = await InProcessRun.run(["lint-plist", notAPlist])
        #expect(words.exitCode == .couldNotProceed)
        #expect(words.standardError.hasPrefix("Error: \(notAPlist): line 1, column 1: "))
    }

    @Test func theBinaryReportsKeyPathsAndExitCodes() throws {
        let folder = try TemporaryDirectory("lint-plist-binary")
        let text = Self.correct.replacingOccurrences(of: "<string>Owner</string>", with: "<string>Owned</string>")
        let xml = try Self.write(text, in: folder, named: "Info.xml.plist")
        let binary = folder.appending("Info.plist").path
        _ = try PythonOracle.run(
            "import plistlib, sys; sys.stdout.buffer.write(plistlib.dumps(plistlib.loads(sys.stdin.buffer.read()), fmt=plistlib.FMT_BINARY, sort_keys=False).hex().encode())",
            input: Data(text.utf8)
        )
        .withHexBytes { try Data($0).write(to: URL(fileURLWithPath: binary)) }
        let failing = try BuiltExecutable.run(["lint-plist", binary])
        #expect(failing.status == 1)
        #expect(
            failing.standardOutput == """
                \(binary):CFBundleDocumentTypes[0].LSHandlerRank: error: [handler-rank-missing] 'Owned' is not an LSHandlerRank \
                (fix: use one of Owner, Default, Alternate, None (Owner only for types the app exports))
                \(binary): 1 error, 0 warnings

                """)
        let truncated = folder.appending("Truncated.plist").path
        try Data(try Data(contentsOf: URL(fileURLWithPath: binary)).prefix(30)).write(
            to: URL(fileURLWithPath: truncated))
        let bad = try BuiltExecutable.run(["lint-plist", truncated])
        #expect(bad.status == 2)
        #expect(bad.standardError.hasPrefix("Error: \(truncated): "))
        #expect(bad.standardError.contains("[plist.binary."))
        #expect(try BuiltExecutable.run(["lint-plist", xml]).status == 1)
    }

    @Test func helpDescribesTheVerb() async {
        let run = await InProcessRun.run(["help", "lint-plist"])
        #expect(run.exitCode == .success)
        #expect(run.standardOutput.contains("USAGE: docmigrate lint-plist ["))
        #expect(run.standardOutput.contains("  <path>                  The Info.plist to check."))
        #expect(run.standardOutput.contains("--writes <identifier>"))
        #expect(run.standardOutput.contains("--platform <platform>"))
        #expect(run.standardOutput.contains("owner-of-foreign-type"))
        let list = await InProcessRun.run(["--help"])
        #expect(list.standardOutput.contains("lint-plist"))
    }
}

extension String {
    /// The bytes this hexadecimal text spells, handed to `body`.
    fileprivate func withHexBytes(_ body: ([UInt8]) throws -> Void) throws {
        var bytes: [UInt8] = []
        var index = startIndex
        while index < endIndex {
            let next = self.index(index, offsetBy: 2)
            bytes.append(try #require(UInt8(self[index..<next], radix: 16)))
            index = next
        }
        try body(bytes)
    }
}
