// The one seam between path canonicalisation and the C library's realpath(3).
#if canImport(Glibc)
import Glibc

/// Resolves symbolic links in existing paths with the C library, without Foundation's URL round trips.
///
/// File coordination canonicalises the path of every item it locks; through `URL` that took
/// a standardisation, an existence check and a link resolution that builds and parses URLs for
/// each component (a few percent of `verify`). `realpath` does the same walk in one call.
package enum PathResolution {
    /// The absolute path of the existing item at `path` with every symbolic link resolved and `.`
    /// and `..` removed; nil when the path or a link's destination does not exist or cannot be searched.
    package static func resolvingLinks(ofExisting path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
#endif
