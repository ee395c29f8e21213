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

    /// The extra extensions, and the answers already worked out per path extension as written.
    private struct State {
        var extensions = defaultPackageExtensions
        /// Whether each extension seen so far names a package, for the declarations of `generation`.
        ///
        /// Every coordinated claim asks about each dotted component of its path, and working the answer
        /// out (lowercasing, the tag index, the ancestors of each candidate type) cost more than the rest
        /// of preparing the claim; the answer changes only with the extra set or the declarations.
        /// Bounded, so that paths with ever new extensions cannot make it grow without end.
        var answers: [String: Bool] = [:]
        var generation: UInt64 = 0
    }

    private static let state = Mutex(State())
    private static let answerLimit = 256

    /// The lowercased path extensions of directories that are file packages.
    package static var packageExtensions: Set<String> {
        get { state.withLock { $0.extensions } }
        set {
            let lowercased = Set(newValue.map { $0.lowercased() })
            state.withLock {
                $0.extensions = lowercased
                $0.answers = [:]
            }
        }
    }

    /// The outermost package that is `path` or contains it, or nil when `path` is in no package.
    ///
    /// `path` is absolute and canonical; nested packages count as their outermost package,
    /// because accessing an item inside nested packages accesses all of them.
    package static func root(containing path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        let generation = UTTypeRegistry.shared.generation
        let packageIndex: Int? = state.withLock { state in
            if state.generation != generation {
                state.answers = [:]
                state.generation = generation
            }
            for (index, component) in components.enumerated() {
                guard let dot = component.lastIndex(of: "."), dot != component.startIndex else { continue }
                let pathExtension = String(component[component.index(after: dot)...])
                let isPackage: Bool
                if let known = state.answers[pathExtension] {
                    isPackage = known
                } else {
                    isPackage = isPackageExtension(pathExtension.lowercased(), extra: state.extensions)
                    if state.answers.count >= answerLimit { state.answers = [:] }
                    state.answers[pathExtension] = isPackage
                }
                if isPackage { return index }
            }
            return nil
        }
        guard let packageIndex else { return nil }
        return "/" + components[...packageIndex].joined(separator: "/")
    }

    /// Whether a lowercased extension names a package: a declared package type, or one of `extra`.
    ///
    /// The same answer as `UTType(filenameExtension:conformingTo: .package)` being declared and
    /// conforming to `.package`, read straight from the declarations: that initializer picks a declared
    /// type carrying the extension that conforms to `.package` when there is one, and otherwise makes a
    /// dynamic type, which is never declared. Making the dynamic type (its identifier encoding) and the
    /// `UTType` values would be most of the cost of coordinating an item, paid for every claim.
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
