#if !canImport(Darwin)
import Foundation
import SystemSeam

/// The canonical form of a coordinated item's path, on which every lock is keyed.
///
/// Locks are keyed by path, never by inode: a safe save renames a new file or package over
/// the old one, and a lock on the old inode would stop protecting the item at that moment.
enum CoordinationPath {
    /// The absolute path of `url` with `.` and `..` removed and every symbolic link in its
    /// existing ancestors resolved; the last component is resolved only when `resolvingLastLink`.
    ///
    /// For an item that does not exist yet, the nearest existing ancestor is resolved and the
    /// missing components are appended, so that a creator and a later reader agree.
    static func canonical(_ url: URL, resolvingLastLink: Bool = false) -> String {
        var components = lexicallyStandardized(url.path)
        guard let last = components.popLast() else { return "/" }
        let parent = resolveExisting(components)
        let joined = parent == "/" ? "/" + last : parent + "/" + last
        guard resolvingLastLink else { return joined }
        return resolveExisting(components + [last])
    }

    /// The components of an absolute path with empty components and `.` dropped and each `..`
    /// removing the component before it (`..` at the root stays at the root), as
    /// `URL.standardizedFileURL` does, without building URLs.
    static func lexicallyStandardized(_ path: String) -> [String] {
        var components: [String] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(String(component))
            }
        }
        return components
    }

    /// The proper ancestors of a canonical path, from `/` down to its parent.
    static func ancestors(of path: String) -> [String] {
        var result = ["/"]
        var prefix = ""
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        for component in components.dropLast() {
            prefix += "/" + component
            result.append(prefix)
        }
        return path == "/" ? [] : result
    }

    /// Resolves the longest existing prefix of `components` and appends the rest unchanged.
    private static func resolveExisting(_ components: [String]) -> String {
        var existingCount = components.count
        while existingCount > 0 {
            let candidate = "/" + components[..<existingCount].joined(separator: "/")
            // A dangling link counts as missing and is kept as written.
            if let resolved = PathResolution.resolvingLinks(ofExisting: candidate) {
                let rest = components[existingCount...]
                return rest.isEmpty ? resolved : (resolved == "/" ? "" : resolved) + "/" + rest.joined(separator: "/")
            }
            existingCount -= 1
        }
        return "/" + components.joined(separator: "/")
    }
}
#endif
