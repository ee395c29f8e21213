import Testing

@testable import DocMigrateCommands

@Suite struct NameSuggestionTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("kitten", "sitting", 3), ("bar", "baz", 1),
        ("hlep", "help", 1), ("verfy", "verify", 1), ("ca", "abc", 3), ("é🙂", "🙂é", 1), ("flaw", "lawn", 2),
    ])
    func measuresOptimalStringAlignmentDistance(_ first: String, _ second: String, _ distance: Int) {
        #expect(NameSuggestion.editDistance(first, second) == distance)
        #expect(NameSuggestion.editDistance(second, first) == distance)
    }

    @Test(arguments: [
        ("verfy", ["help", "verify", "inspect"], "verify"),
        ("vrfy", ["verify"], "verify"),
        ("hlep", ["help"], "help"),
        ("conver", ["convert", "diff"], "convert"),
        ("--nme", ["--name", "--help"], "--name"),
        ("--fromat", ["--format", "--help"], "--format"),
        ("-verbose", ["--verbose"], "--verbose"),
        // On a tie the first candidate wins, so suggestions follow declaration order.
        ("dif", ["diff", "dig"], "diff"),
    ])
    func suggestsCloseNames(_ typed: String, _ candidates: [String], _ expected: String) {
        #expect(NameSuggestion.closest(to: typed, among: candidates) == expected)
    }

    @Test(arguments: [
        ("list", ["diff", "help"]),
        ("x", ["help"]),
        ("--fo", ["--format"]),
        ("xyzzy", ["verify"]),
        (String(repeating: "v", count: 100_000), ["verify"]),
        ("", ["help"]),
    ])
    func offersNothingForDistantNames(_ typed: String, _ candidates: [String]) {
        #expect(NameSuggestion.closest(to: typed, among: candidates) == nil)
    }

    @Test(arguments: [
        ("help", 1), ("--help", 1), ("verify", 2), ("--format", 2), ("inspect", 2), ("a-rather-long-name", 3), ("a", 1),
    ])
    func scalesTheThresholdWithTheNameWithoutDashes(_ candidate: String, _ threshold: Int) {
        #expect(NameSuggestion.threshold(for: candidate) == threshold)
    }
}
