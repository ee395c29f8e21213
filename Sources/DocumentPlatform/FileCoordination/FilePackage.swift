#if !canImport(Darwin)
import Foundation
import Synchronization

/// Decides which directories are file packages, so that access inside one counts as access to it.
///
/// On Apple systems a package is a directory whose type conforms to `com.apple.package`.
/// Here the decision is made by path extension alone, in this one place, so that every
/// process that coordinates decides the same way without touching the disk: a path
/// component whose extension (compared case-insensitively) is in `packageExtensions` is a
/// package, whether it exists yet or not. A regular file with such an extension is keyed as
/// itself anyway, because nothing can be inside it.
///
/// The set is injectable so that a document type can register its own package extension
/// (and so that the UTType work can later fill it from types conforming to
/// `com.apple.package`). Processes coordinate correctly only if they agree on the set.
package enum FilePackage {
    /// The extensions treated as packages when no one has changed the set.
    package static let defaultPackageExtensions: Set<String> = [
        "app", "bundle", "docpkg", "key", "numbers", "pages", "rtfd",
    ]

    private static let extensions = Mutex(defaultPackageExtensions)

    /// The lowercased path extensions of directories that are file packages.
    package static var packageExtensions: Set<String> {
        get { extensions.withLock { $0 } }
        set {
            let lowercased = Set(newValue.map { $0.lowercased() })
            extensions.withLock { $0 = lowercased }
        }
    }

    /// The outermost package that is `path` or contains it, or nil when `path` is in no package.
    ///
    /// `path` is absolute and canonical; nested packages count as their outermost package,
    /// because accessing an item inside nested packages accesses all of them.
    package static func root(containing path: String) -> String? {
        let extensions = packageExtensions
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if let dot = component.lastIndex(of: "."), dot != component.startIndex,
                extensions.contains(component[component.index(after: dot)...].lowercased())
            {
                return prefix
            }
        }
        return nil
    }
}
#endif
