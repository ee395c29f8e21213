import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct XMLPropertyListMutationTests {
    static let mutantCount = 4_000

    @Test func decodesEveryMutantToAValueOrACodecErrorAndWritesBackWhatItReads() throws {
        var generator = TextPropertyListValueGenerator(generator: SeededGenerator(seed: 21), includesReals: true)
        var seeds = try (0..<12).map { _ in try XMLPropertyList.write(generator.value()) }
        seeds.append(
            Data(
                "<?xml version=\"1.0\"?><!DOCTYPE plist SYSTEM \"x\"><plist><array><![CDATA[x]]><string>&#x41;&amp;</string><!-- c --><dict><key>CF$UID</key><integer>0x7</integer></dict></array></plist>"
                    .utf8))
        let utf16 =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><dict><key>é</key><data>AAE=</data></dict></plist>"
        seeds.append(Data([0xFF, 0xFE] + utf16.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        let mutants = TextPropertyListMutation.mutants(of: seeds, count: Self.mutantCount, seed: 99)
        var failures: [String] = []
        var decoded = 0
        for mutant in mutants {
            for options in [XMLPropertyList.ReadingOptions.strict, .coreFoundationCompatible] {
                if let failure = TextPropertyListMutation.outcome({
                    let document = try XMLPropertyList.readDocument(mutant, options: options)
                    decoded += 1
                    _ = try? XMLPropertyList.write(
                        document.value, options: .init(style: document.style ?? .coreFoundation))
                }) {
                    failures.append(failure)
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        // The mutants must exercise both outcomes, or the test proves nothing.
        #expect(decoded > 100 && decoded < 2 * Self.mutantCount)
    }
}
