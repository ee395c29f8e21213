import Foundation

/// One place where two file-wrapper trees differ in content, by member path.
public struct FileWrapperContentDifference: Hashable, Sendable, CustomStringConvertible {
    /// How the member differs.
    public enum Kind: Hashable, Sendable {
        /// The member exists only in the expected tree.
        case missing
        /// The member exists only in the actual tree.
        case unexpected
        /// The member is a file in one tree and a folder or link in the other.
        case kindChanged
        /// Both are regular files with different bytes; the offset of the first differing byte.
        case bytesDiffer(firstDifferenceAt: Int)
        /// Both are symbolic links to different destinations.
        case linkDestinationDiffers
        /// The contents of the member could not be read in one of the trees.
        case unreadable
    }

    /// The member's path inside the package, with `/` separators; empty for the top-level item.
    public var member: String
    public var kind: Kind

    public init(member: String, kind: Kind) {
        self.member = member
        self.kind = kind
    }

    public var description: String {
        let place = member.isEmpty ? "the item" : "member \(member)"
        switch kind {
        case .missing: return "\(place) is missing"
        case .unexpected: return "\(place) is not expected"
        case .kindChanged: return "\(place) changed kind (file, folder or link)"
        case .bytesDiffer(let offset):
            return "\(place) differs from byte \(offset) (0x\(String(offset, radix: 16)))"
        case .linkDestinationDiffers: return "\(place) links to a different destination"
        case .unreadable: return "\(place) could not be read"
        }
    }
}

extension FileWrapper {
    /// The differences in content between this tree (the actual one) and `expected`, sorted by member.
    ///
    /// docmigrate's own comparison, named apart from Apple's API: unlike `matchesContents(of:)`,
    /// which compares kinds and modification dates only, it compares bytes, link destinations and
    /// the set of members, ignoring attributes and names of the top-level items. It uses only
    /// Apple's public API, so it behaves the same on Apple systems.
    public func contentDifferences(from expected: FileWrapper) -> [FileWrapperContentDifference] {
        var differences: [FileWrapperContentDifference] = []
        Self.collectDifferences(actual: self, expected: expected, member: "", into: &differences)
        return differences.sorted { $0.member.utf8.lexicographicallyPrecedes($1.member.utf8) }
    }

    /// Whether this tree has exactly the contents of `other` (see `contentDifferences(from:)`).
    public func hasSameContents(as other: FileWrapper) -> Bool {
        contentDifferences(from: other).isEmpty
    }

    private static func collectDifferences(
        actual: FileWrapper, expected: FileWrapper, member: String,
        into differences: inout [FileWrapperContentDifference]
    ) {
        if actual.isRegularFile && expected.isRegularFile {
            guard let actualData = actual.regularFileContents, let expectedData = expected.regularFileContents else {
                differences.append(.init(member: member, kind: .unreadable))
                return
            }
            if let offset = firstDifference(actualData, expectedData) {
                differences.append(.init(member: member, kind: .bytesDiffer(firstDifferenceAt: offset)))
            }
        } else if actual.isSymbolicLink && expected.isSymbolicLink {
            if actual.symbolicLinkDestinationURL?.relativePath != expected.symbolicLinkDestinationURL?.relativePath {
                differences.append(.init(member: member, kind: .linkDestinationDiffers))
            }
        } else if actual.isDirectory && expected.isDirectory {
            guard let actualChildren = actual.fileWrappers, let expectedChildren = expected.fileWrappers else {
                differences.append(.init(member: member, kind: .unreadable))
                return
            }
            let prefix = member.isEmpty ? "" : member + "/"
            for (key, expectedChild) in expectedChildren {
                guard let actualChild = actualChildren[key] else {
                    differences.append(.init(member: prefix + key, kind: .missing))
                    continue
                }
                collectDifferences(
                    actual: actualChild, expected: expectedChild, member: prefix + key, into: &differences)
            }
            for key in actualChildren.keys where expectedChildren[key] == nil {
                differences.append(.init(member: prefix + key, kind: .unexpected))
            }
        } else {
            differences.append(.init(member: member, kind: .kindChanged))
        }
    }

    private static func firstDifference(_ left: Data, _ right: Data) -> Int? {
        let common = min(left.count, right.count)
        let mismatch = left.withUnsafeBytes { (leftBytes: UnsafeRawBufferPointer) -> Int? in
            right.withUnsafeBytes { (rightBytes: UnsafeRawBufferPointer) -> Int? in
                if let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress,
                    memcmp(leftBase, rightBase, common) == 0
                {
                    return nil
                }
                for index in 0..<common where leftBytes[index] != rightBytes[index] { return index }
                return nil
            }
        }
        if let mismatch { return mismatch }
        return left.count == right.count ? nil : common
    }
}
