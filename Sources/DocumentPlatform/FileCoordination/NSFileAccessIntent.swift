// swift-corelibs-foundation has no NSFileAccessIntent; on Apple systems Foundation's is used.
#if !canImport(Darwin)
import Foundation

/// One item, and whether to read or write it, for `NSFileCoordinator.coordinate(with:queue:byAccessor:)`.
///
/// Inside the accessor use `url`. On Apple systems it follows moves made while waiting;
/// here moves are not followed (presenters are not supported), so it stays the URL given.
public class NSFileAccessIntent: NSObject, @unchecked Sendable {
    // @unchecked Sendable is safe: every stored property is an immutable Sendable value.

    /// The URL to use inside the accessor.
    public let url: URL
    let access: CoordinatedAccess

    required init(access: CoordinatedAccess) {
        self.url = access.url
        self.access = access
        super.init()
    }

    /// An intent to read the item at `url`.
    public class func readingIntent(with url: URL, options: NSFileCoordinator.ReadingOptions = []) -> Self {
        self.init(access: .reading(url, options))
    }

    /// An intent to write the item at `url`.
    public class func writingIntent(with url: URL, options: NSFileCoordinator.WritingOptions = []) -> Self {
        self.init(access: .writing(url, options))
    }
}
#endif
