import DocMigrateCommands
import Foundation
import TestSupport
import Testing

@Suite struct TypesVerbTests {
    @Test func knownTypesExitZeroAndUnknownOnesExitOne() async {
        let known = await InProcessRun.run(["types", "PUBLIC.JSON"])
        #expect(known == InProcessRun(exitCode: .success, standardOutput: "public.json\n", standardError: ""))
        let unknown = await InProcessRun.run(["types", "com.example.never-declared"])
        #expect(
            unknown
                == InProcessRun(
                    exitCode: .failure, standardOutput: "",
                    standardError: "com.example.never-declared: no such type is declared\n"))
    }

    @Test func verboseShowsEveryChainToARootAndTheTags() async {
        let run = await InProcessRun.run(["types", "--verbose", "public.json"])
        #expect(run.exitCode == .success)
        #expect(
            run.standardOutput == """
                identifier: public.json
                declaration: system
                description: JSON
                conforms to:
                  public.json → public.text → public.content
                  public.json → public.text → public.data → public.item
                extensions: json
                MIME types: application/json

                """)
    }

    @Test func conformanceIsACheckWithAnExitStatus() async {
        let yes = await InProcessRun.run(["types", "--conformsto", "public.data", "com.apple.binary-property-list"])
        #expect(yes.exitCode == .success)
        #expect(yes.standardOutput == "com.apple.binary-property-list conforms to public.data\n")
        let no = await InProcessRun.run(["types", "--conformsto", "com.apple.package", "public.json"])
        #expect(no.exitCode == .failure)
        #expect(no.standardOutput == "public.json does not conform to com.apple.package\n")
    }

    @Test func tagsGiveTheDeclaredTypesOrADynamicOne() async {
        let markdown = await InProcessRun.run(["types", "--extension", "md"])
        #expect(
            markdown
                == InProcessRun(exitCode: .success, standardOutput: "net.daringfireball.markdown\n", standardError: ""))
        let mime = await InProcessRun.run(["types", "--mime", "text/markdown"])
        #expect(mime.standardOutput == "net.daringfireball.markdown\n")
        let unknown = await InProcessRun.run(["types", "--extension", "zzq"])
        #expect(unknown.exitCode == .failure)
        #expect(unknown.standardOutput.hasPrefix("dyn."))
    }

    @Test func declarationsFromAnInfoPlistJoinTheSystemTypes() async throws {
        let folder = try TemporaryDirectory("types-verb")
        let plist = folder.appending("Info.plist")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>UTExportedTypeDeclarations</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>UTTypeIdentifier</key>
            \t\t\t<string>com.example.types-verb.deck</string>
            \t\t\t<key>UTTypeConformsTo</key>
            \t\t\t<array><string>public.json</string></array>
            \t\t\t<key>UTTypeDescription</key>
            \t\t\t<string>Flash-card deck</string>
            \t\t\t<key>UTTypeTagSpecification</key>
            \t\t\t<dict>
            \t\t\t\t<key>public.filename-extension</key>
            \t\t\t\t<array><string>typesverbdeck</string></array>
            \t\t\t</dict>
            \t\t</dict>
            \t</array>
            </dict>
            </plist>
            """.utf8
        ).write(to: plist)
        let run = await InProcessRun.run([
            "types", "--declarations", plist.path, "--verbose", "com.example.types-verb.deck",
        ])
        #expect(run.exitCode == .success, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                identifier: com.example.types-verb.deck
                declaration: exported (declared by an Info.plist)
                description: Flash-card deck
                conforms to:
                  com.example.types-verb.deck → public.json → public.text → public.content
                  com.example.types-verb.deck → public.json → public.text → public.data → public.item
                extensions: typesverbdeck
                MIME types: (none)

                """)
        let byExtension = await InProcessRun.run([
            "types", "--declarations", plist.path, "--extension", "typesverbdeck",
        ])
        #expect(byExtension.standardOutput == "com.example.types-verb.deck\n")
    }

    @Test func anUnreadableInfoPlistExitsTwo() async throws {
        let run = await InProcessRun.run(["types", "--declarations", "/no/such/Info.plist", "public.json"])
        #expect(run.exitCode == .couldNotProceed)
        #expect(run.standardError.hasPrefix("Error: /no/such/Info.plist"))
    }

    @Test func noIdentifierIsAUsageError() async {
        let run = await InProcessRun.run(["types"])
        #expect(run.exitCode == .usageError)
        #expect(run.standardError.hasPrefix("Error: Missing expected argument '<identifier>'"))
    }
}
