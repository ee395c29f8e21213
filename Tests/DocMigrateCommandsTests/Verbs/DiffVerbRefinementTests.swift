import DocMigrateCommands
import Foundation
import Testing

/// `docmigrate diff` explains each differing member by its type, however many differ, and takes its inputs as they
/// stand.
@Suite struct DiffVerbRefinementTests {
    /// Forty differing text files are enough for the comparison to explain them on several threads.
    @Test func manyDifferingMembersAreExplainedByTheirTypesInPathOrder() async throws {
        let sides = try DiffSides()
        for index in 0..<60 {
            let name = "note-\(index < 10 ? "0" : "")\(index).txt"
            try sides.write("first line\nsecond line of note \(index)\n", name, actual: false)
            try sides.write("first line\nsecond line of note \(index < 40 ? "#" : "")\(index)\n", name, actual: true)
        }
        try sides.write("{\"a\": 1, \"b\": 2}", "settings.json", actual: false)
        try sides.write("{\"b\": 2, \"a\": 1}", "settings.json", actual: true)
        try sides.write("abcdef", "raw.bin", actual: false)
        try sides.write("abXdef", "raw.bin", actual: true)
        let paths = [sides.expected.path, sides.actual.path]

        let run = await InProcessRun.run(["diff", "--limit", "100"] + paths)
        #expect(run.exitCode == .failure)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("the packages differ in 42 members"))
        let members = lines.filter { $0.hasPrefix("  member ") }
        let expectedMembers = (0..<40).map { index in
            "  member note-\(index < 10 ? "0" : "")\(index).txt: the contents differ under the text rule"
        }
        #expect(
            members == expectedMembers + [
                "  member raw.bin: the contents differ under the bytes rule",
                "  member settings.json: the contents differ under the json rule",
            ])
        #expect(lines.filter { $0 == "    line 2, column 21: the texts differ from line 2, column 21" }.count == 40)
        #expect(lines.contains("    the JSON values differ in 1 place [json.key-order-only]"))

        // An explicit rule keeps its members as it says, even as bytes.
        let ruled = await InProcessRun.run(["diff", "--limit", "100", "--rule", "*.txt=bytes"] + paths)
        #expect(
            ruled.standardOutput.components(separatedBy: "the contents differ under the bytes rule").count - 1 == 41)
        #expect(!ruled.standardOutput.contains("under the text rule"))
        #expect(ruled.standardOutput.contains("  member settings.json: the contents differ under the json rule"))
    }

    @Test func inputsAreTakenAsTheyStandWithoutFollowingAFinalLink() async throws {
        let sides = try DiffSides()
        try sides.writeBoth("same\n", "a.txt")
        let link = sides.root.appendingPathComponent("link to expected").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "expected")
        let kind = await InProcessRun.run(["diff", link, sides.expected.path])
        #expect(
            kind
                == InProcessRun(
                    exitCode: .failure,
                    standardOutput: """
                        --- \(link)
                        +++ \(sides.expected.path)
                        a symbolic link became a folder [package.kind-changed]
                            expected: a symbolic link
                            actual:   a folder

                        """,
                    standardError: ""))

        // A link that leads nowhere is still an input: two such links are equal when they point alike.
        let dangling = sides.root.appendingPathComponent("dangling").path
        let danglingToo = sides.root.appendingPathComponent("dangling too").path
        let elsewhere = sides.root.appendingPathComponent("elsewhere").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere")
        try FileManager.default.createSymbolicLink(atPath: danglingToo, withDestinationPath: "nowhere")
        try FileManager.default.createSymbolicLink(atPath: elsewhere, withDestinationPath: "somewhere else")
        #expect(
            await InProcessRun.run(["diff", dangling, danglingToo])
                == InProcessRun(exitCode: .success, standardOutput: "", standardError: ""))
        let moved = await InProcessRun.run(["diff", dangling, elsewhere])
        #expect(moved.exitCode == .failure)
        #expect(moved.standardOutput.contains("the symbolic link points elsewhere [package.link-changed]"))
    }
}
