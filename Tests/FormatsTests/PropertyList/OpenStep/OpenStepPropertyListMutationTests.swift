import DocumentCodecs
import Formats
import Foundation
import Testing

@Suite struct OpenStepPropertyListMutationTests {
    static let mutantCount = 4_000

    static let seeds: [Data] = [
        Data(
            "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\t\tABC /* x */ = {isa = PBXGroup; children = (a, b, ); name = \"Other \\\"F\\\"\"; };\n\t};\n\tdata = <0fbd 77 00>;\n}\n"
                .utf8),
        Data("/* c */\n\"key\" = \"value \\101\\U00e9\\n\";\n'single' = 'it\\'s';\nshort;\n".utf8),
        Data([0xFF, 0xFE] + Array("\"k\" = \"v\";".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
        Data("(a, (b, (c, <00>)), {x = y;}, \"\\UD83D\\UDE00\")".utf8),
    ]

    @Test func decodesEveryMutantToAValueOrACodecError() throws {
        for seed in Self.seeds { _ = try OpenStepPropertyList.read(seed) }
        let mutants = TextPropertyListMutation.mutants(of: Self.seeds, count: Self.mutantCount, seed: 17)
        var failures: [String] = []
        var decoded = 0
        for mutant in mutants {
            if let failure = TextPropertyListMutation.outcome({
                _ = try OpenStepPropertyList.read(mutant)
                decoded += 1
            }) {
                failures.append(failure)
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(decoded > 100 && decoded < Self.mutantCount)
    }
}
