// Darwin's Foundation has NSFilePresenter; swift-corelibs-foundation has none, and
// NSFileCoordinator's initializer names it. Declared only where it is missing.
#if !canImport(Darwin)
import Foundation

/// The protocol of objects that present a coordinated file; declared so that Apple's signatures compile.
///
/// File presenters are **not supported** by docmigrate's portable `NSFileCoordinator`: no
/// presenter is ever registered or messaged, and `NSFileCoordinator(filePresenter:)`
/// accepts only `nil`. The protocol carries only the two required members of Apple's
/// protocol, so that a type written for Apple systems still declares its conformance.
public protocol NSFilePresenter: NSObjectProtocol {
    /// The URL of the presented item.
    var presentedItemURL: URL? { get }
    /// The queue on which the presenter would be messaged.
    var presentedItemOperationQueue: OperationQueue { get }
}
#endif
