import Foundation
import TestSupport
import Testing

/// The oracle itself: what many differential tests stand on.
@Suite struct PythonOracleTests {
    @Test func aProgramThatPrintsWhileItReadsGetsAllItsInputBack() throws {
        // 4 MiB echoed line by line: Python fills the output pipe long before it has read the input.
        let line = String(repeating: "x", count: 1023) + "\n"
        let input = Data(String(repeating: line, count: 4096).utf8)
        let echoed = try PythonOracle.run(
            "import sys\nfor line in sys.stdin:\n    sys.stdout.write(line)\n", input: input)
        #expect(echoed.utf8.count == input.count)
        #expect(Data(echoed.utf8) == input)
    }

    @Test func aFailingProgramThrowsWithWhatItPrintedOnStandardError() {
        let error = #expect(throws: PythonOracle.Failure.self) {
            try PythonOracle.run("import sys\nsys.stderr.write('bad things\\n' * 20000)\nsys.exit(3)")
        }
        #expect(error?.description.hasPrefix("python3 failed: bad things\nbad things\n") == true)
    }
}
