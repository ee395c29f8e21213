#if !canImport(Darwin)
import Foundation
import Synchronization

/// Decides which directories are file packages, so that access inside one counts as access to it.
///
/// On Apple systems a package is a directory whose type conforms to `com.apple.package`.
/// Here the decision is made by path extension alone, in this one place, so that every
/// process that coordinates decides the same way without touching the disk: a path
/// component is a package when its extension resolves to a declared `UTType` conforming to
/// `com.apple.package` (the system types, plus declarations loaded into `UTTypeRegistry`
/// from an app's Info.plist), or is in `packageExtensions` (compared case-insensitively),
/// whether the item exists yet or not. A regular file with such an extension is keyed as
/// itself anyway, because nothing can be inside it.
///
/// The extra set is injectable for formats that declare no type. Processes coordinate
/// correctly only if they agree on the declarations and the set.
package enum FilePackage {
    /// Extensions treated as packages besides those of declared package types, when no one has changed the set.
    package static let defaultPackageExtensions: Set<String> = [
        "app", "bundle", "docpkg", "numbers", "pages",
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
                isPackageExtension(component[component.index(after: dot)...].lowercased(), extra: extensions)
            {
                return prefix
            }
        }
        return nil
    }

    /// Whether a lowercased extension names a package: a declared package type, or one of `extra`.
    ///
    /// The same answer as `UTType(filenameExtension:conformingTo: .package)` being declared and
    /// conforming to `.package`, read straight from the declarations: that initializer picks a declared
    /// type carrying the extension that conforms to `.package` when there is one, and otherwise makes a
    /// dynamic type, which is never declared. Making the dynamic type (its identifier encoding) and the
    /// `UTType` values was most of the cost of coordinating an item, paid for every claim.
    private static func isPackageExtension(_ pathExtension: String, extra: Set<String>) -> Bool {
        if extra.contains(pathExtension) { return true }
        guard !pathExtension.isEmpty else { return false }
        let snapshot = UTTypeRegistry.shared.snapshot
        let candidates = snapshot.records(withTag: pathExtension, tagClass: .filenameExtension)
        guard !candidates.isEmpty else { return false }
        return candidates.contains { candidate in
            candidate.isDeclared
                && (candidate.key == packageKey || snapshot.ancestors(of: candidate).contains { $0.key == packageKey })
        }
    }

    private static let packageKey = UTType.package.key
}
#endif
