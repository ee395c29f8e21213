import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing
import Verification

@Suite struct ConfiguredRoutesTests {
    static let macRoman: [UInt8] = [0x43, 0x61, 0x66, 0x8E, 0x0D, 0xD2, 0x71, 0xD3, 0x0D]

    @Test func everyAdapterRouteOfAConfiguredCodecOpensAndSavesThroughTheHost() async throws {
        let folder = try TemporaryDirectory("configured-routes")
        let codec = try PlainTextCodec.configured(["fallback-encoding": "macintosh"])
        let routes = RouteRegistry().routes(for: codec)
        #expect(routes.map(\.name) == VerificationRoute.adapterNames)
        for (index, route) in routes.enumerated() {
            let url = folder.appending("\(index).txt")
            try Data(Self.macRoman).write(to: url)
            try await route.openAndSave(url, contentType: .plainText)
            #expect(try Data(contentsOf: url) == Data(Self.macRoman), "\(route.name)")
        }
        // The same file through the unconfigured codec's routes is refused by every one.
        for route in RouteRegistry().routes(for: AnyDocumentCodec(PlainTextCodec.self)) {
            let url = folder.appending("refused-\(route.name).txt")
            try Data(Self.macRoman).write(to: url)
            await #expect(throws: (any Error).self, "\(route.name)") {
                try await route.openAndSave(url, contentType: .plainText)
            }
        }
    }

    @Test func aCorpusTakesTheManifestsOptionsAndTheCallersOverThem() throws {
        let directory = try TemporaryDirectory("configured-corpus")
        let folder = directory.appending("classic")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("cases"), withIntermediateDirectories: true)
        try Data(Self.macRoman).write(to: folder.appendingPathComponent("cases/a.txt"))
        try Data(
            #"{"manifestVersion": 1, "codec": "plain-text", "contentType": "public.plain-text", "codecOptions": {"fallback-encoding": "macintosh"}, "cases": [{"input": "cases/a.txt"}]}"#
                .utf8
        )
        .write(to: folder.appendingPathComponent("manifest.json"))
        let corpus = try GoldenCorpus.load(from: folder, codecs: .builtIn, routes: RouteRegistry())
        #expect(corpus.codec.options == ["fallback-encoding": "macintosh"])
        #expect(corpus.manifest.codecOptions == ["fallback-encoding": "macintosh"])
        let overridden = try GoldenCorpus.load(
            from: folder, codecs: .builtIn, routes: RouteRegistry(), options: ["encoding": "iso-8859-1"])
        #expect(overridden.codec.options == ["fallback-encoding": "macintosh", "encoding": "iso-8859-1"])
        let decoded = try overridden.codec.decode(
            FileWrapper(regularFileWithContents: Data(Self.macRoman)), contentType: .plainText)
        #expect((decoded.value as? TextDocument)?.encoding == .singleByte(.isoLatin1))
    }

    @Test func theShippedTextCorporaHoldThroughEveryRoute() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("GoldenFiles/text")
        let jobs = try GoldenCorpus.folders(at: root).flatMap { folder in
            let corpus = try GoldenCorpus.load(from: folder, codecs: .builtIn, routes: RouteRegistry())
            return corpus.manifest.cases.map { VerificationPlan.Step(corpus: corpus, goldenCase: $0) }
        }
        let report = await VerificationRunner(codecs: .builtIn).run(jobs)
        #expect(report.failedCount == 0, "\(report.text())")
        #expect(report.cases.count >= 70)
        #expect(
            Set(report.cases.map(\.corpus)).isSuperset(of: [
                "plain-text", "macintosh", "windows-1252", "iso-8859-1", "us-ascii", "markdown",
            ]))
    }
}
