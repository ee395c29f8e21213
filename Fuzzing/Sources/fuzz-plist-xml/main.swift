import CFuzzerDriver
import Foundation
import FuzzEntryPoints

// libFuzzer's driver, fed one input at a time to the `plist-xml` target.
var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
let status = LLVMFuzzerRunDriver(&argumentCount, &arguments) { start, count in
    FuzzTarget.xmlPropertyList.run(UnsafeRawBufferPointer(start: start, count: count))
    return 0
}
exit(status)
