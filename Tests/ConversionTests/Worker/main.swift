// The child worker of the converter's isolation tests: the built-in codecs plus the test codecs
// (one of which traps and one of which hangs on a magic input), serving `ConversionWorker` requests.
import Conversion
import ConversionTestCodecs
import DocumentCodecs
import Foundation

let registry = CodecRegistry.conversionTests
do {
    let preparer = try ConversionWorker.preparer(
        registry: registry, environment: ProcessInfo.processInfo.environment)
    exit(ConversionWorker.serve(preparer: preparer))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
