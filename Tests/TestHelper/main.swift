// A second process for tests that need one: concurrent readers and writers of one package.
// Usage: docmigrate-test-helper MODE [ARGUMENTS…]; each concern registers its modes in its own file.
import Foundation

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let modes = TestHelperModes.fileWrapper.merging(TestHelperModes.coordination) { first, _ in first }.merging(
    TestHelperModes.documentHost
) { first, _ in first }
.merging(TestHelperModes.crashSafety) { first, _ in first }
.merging(TestHelperModes.coordinatedSaves) { first, _ in first }
let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first, let run = modes[mode] else {
    let known = modes.keys.sorted().joined(separator: ", ")
    printError("usage: docmigrate-test-helper MODE [ARGUMENTS…] (modes: \(known))")
    exit(64)
}
do {
    exit(try run(Array(arguments.dropFirst())))
} catch {
    printError("docmigrate-test-helper \(mode): \(error)")
    exit(2)
}
