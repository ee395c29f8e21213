// The child worker of the converter's isolation tests: the built-in codecs plus the test codecs
// (one of which traps and one of which hangs on a magic input), serving `ConversionWorker` requests;
// or, started with `convert-in-process`, a whole conversion in this one process (see `InProcessConversion`).
import Conversion
import ConversionTestCodecs
import DocumentCodecs
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == InProcessConversion.verb {
    exit(await InProcessConversion.run(Array(arguments.dropFirst())))
}
let registry = CodecRegistry.conversionTests
do {
    let preparer = try ConversionWorker.preparer(
        registry: registry, environment: ProcessInfo.processInfo.environment)
    exit(ConversionWorker.serve(preparer: preparer))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
