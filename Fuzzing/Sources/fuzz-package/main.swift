import CFuzzerDriver
import Foundation
import FuzzEntryPoints

// libFuzzer's driver, fed one input at a time to the `package` target.
var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
let status = LLVMFuzzerRunDriver(&argumentCount, &arguments) { start, count in
    FuzzTarget.package.run(UnsafeRawBufferPointer(start: start, count: count))
    return 0
}
exit(status)
