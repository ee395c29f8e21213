import DocumentCodecs
import Foundation

// Rename pairing: a removed and an added file with the same contents become one rename.
extension Comparator {
    /// Replaces each removed file whose exact contents were added under another path by one rename.
    ///
    /// Pairs are made in byte-wise path order on both sides, so the outcome is deterministic when several
    /// files share contents. Empty files are never paired: every empty file has the same hash.
    func pairRenames(
        _ findings: [MemberFinding], removed: [(path: String, content: PackageTree.Content)],
        added: [(path: String, content: PackageTree.Content)]
    ) throws -> [MemberFinding] {
        guard !removed.isEmpty, !added.isEmpty else { return findings }
        var addedByDigest: [SHA256Digest: [String]] = [:]
        for (path, content) in added {
            guard !content.isEmpty, let digest = try? content.digest() else { continue }
            addedByDigest[digest, default: []].append(path)
        }
        var renames: [String: String] = [:]
        var pairedAdded: Set<String> = []
        for (path, content) in removed {
            guard !content.isEmpty, let digest = try? content.digest(),
                var candidates = addedByDigest[digest], !candidates.isEmpty
            else { continue }
            let target = candidates.removeFirst()
            addedByDigest[digest] = candidates
            renames[path] = target
            pairedAdded.insert(target)
        }
        guard !renames.isEmpty else { return findings }
        var result: [MemberFinding] = []
        for finding in findings {
            if pairedAdded.contains(finding.path) && finding.node.cause == Difference.Cause.packageAdded { continue }
            if let target = renames[finding.path], finding.node.cause == Difference.Cause.packageRemoved {
                result.append(
                    MemberFinding(
                        path: finding.path,
                        node: Difference(
                            kind: .member, location: Self.memberLocation(finding.path),
                            summary: "the file was renamed to \(target) with the same contents",
                            cause: Difference.Cause.packageRenamed,
                            expected: finding.path, actual: target),
                        holdsDescendants: false))
                continue
            }
            result.append(finding)
        }
        return result
    }
}
