// swift-corelibs-foundation declares no NSErrorPointer (checked with Swift 6.3.1 on Linux);
// Darwin's Foundation declares it as AutoreleasingUnsafeMutablePointer<NSError?>?, a type
// that exists only with the Objective-C runtime. Only where it is missing do we declare it,
// as the plain pointer that `&error` converts to the same way, so call sites compile unchanged.
#if !canImport(Darwin)
import Foundation

/// A pointer to an optional error, through which Apple-shaped APIs return an error by reference.
///
/// Call sites pass `&error` for a `var error: NSError?`, exactly as on Apple systems, or `nil`
/// when they do not want the error.
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?
#endif
