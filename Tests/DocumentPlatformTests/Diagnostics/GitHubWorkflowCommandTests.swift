import DocumentPlatform
import Testing

@Suite struct GitHubWorkflowCommandTests {
    /// A CR LF pair is one `Character` to `String`, so replacing "\r" and "\n" as characters misses it
    /// and leaves a raw line break that ends the annotation early; escaping goes scalar by scalar.
    @Test func escapesACarriageReturnLineFeedPairAsTwoCodes() {
        #expect(GitHubWorkflowCommand.data("one\r\ntwo\nthree\r%") == "one%0D%0Atwo%0Athree%0D%25")
    }

    @Test func escapesColonsAndCommasOnlyInProperties() {
        #expect(GitHubWorkflowCommand.data("a: b, c") == "a: b, c")
        #expect(GitHubWorkflowCommand.property("a: b, c\r\n") == "a%3A b%2C c%0D%0A")
    }
}
