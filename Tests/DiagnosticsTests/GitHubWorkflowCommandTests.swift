import Diagnostics
import Testing

@Suite struct GitHubWorkflowCommandTests {
    @Test func escapesPropertiesAndDataByTheRunnersRules() {
        let line = GitHubWorkflowCommand.line(
            "error", properties: [("file", "a:b,c%"), ("line", "3"), ("title", "t\r\n")], data: "50%: a,b\r\nnext")
        #expect(line == "::error file=a%3Ab%2Cc%25,line=3,title=t%0D%0A::50%25: a,b%0D%0Anext")
    }

    @Test func writesNoSpaceWithoutProperties() {
        #expect(GitHubWorkflowCommand.line("notice", data: "x\ny") == "::notice::x%0Ay")
    }
}
