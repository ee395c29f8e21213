import Conversion
import ConversionTestCodecs
import DocumentCodecs
import Testing

@Suite struct ConversionChainsTests {
    @Test func findsTheShortestChainOfConversions() throws {
        let registry = CodecRegistry.conversionTests
        let routes = ConversionChains(
            to: try ConversionTarget("uppercase-text", registry: registry), registry: registry)
        #expect(
            try routes.route(from: "notebook", registry: registry).codecIdentifiers == [
                "notebook", "plain-text", "uppercase-text",
            ])
        #expect(
            try routes.route(from: "hazard-text", registry: registry).codecIdentifiers == [
                "hazard-text", "plain-text", "uppercase-text",
            ])
        let byType = ConversionChains(
            to: try ConversionTarget("public.utf8-plain-text", registry: registry), registry: registry)
        let direct = try byType.route(from: "plain-text", registry: registry)
        // An input already in the target codec takes that codec's own conversion: text to UTF-8 with LF.
        #expect(direct.conversions.map { "\($0.sourceCodec) → \($0.targetCodec)" } == ["plain-text → plain-text"])
        // A codec without a conversion of its own is written as it is.
        let notebooks = ConversionChains(to: try ConversionTarget("notebook", registry: registry), registry: registry)
        #expect(try notebooks.route(from: "notebook", registry: registry).conversions.isEmpty)
        #expect(direct.targetType.identifier == "public.utf8-plain-text")
        #expect(ConversionChains.filenameExtension(of: direct) == "txt")
    }

    @Test func anImpossibleConversionListsWhatIsReachable() throws {
        let registry = CodecRegistry.conversionTests
        let routes = ConversionChains(to: try ConversionTarget("notebook", registry: registry), registry: registry)
        let error = try #require(throws: ConversionError.self) {
            try routes.route(from: "hazard-text", registry: registry)
        }
        #expect(error.code == "convert.no-route")
        #expect(error.message.contains("hazard-text"))
        #expect(error.message.contains("plain-text"))
        #expect(error.message.contains("uppercase-text"))
        let unknown = try #require(throws: ConversionError.self) {
            try ConversionTarget("com.example.nothing", registry: registry)
        }
        #expect(unknown.code == "convert.unknown-target")
    }
}
