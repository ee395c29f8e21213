import Foundation

/// A folder tree described in a few bytes, so that a fuzzer's mutations of a byte string become
/// mutations of a package on disk (members added, renamed, nested, emptied, turned into links).
///
/// The bytes are a sequence of entries, read until they run out (a cut-off entry is dropped):
///
/// | kind byte (mod 4) | what follows | entry |
/// | --- | --- | --- |
/// | 0 | name length (1 byte), name, content length (2 bytes, big-endian), content | a regular file |
/// | 1 | name length, name | a folder; the entries after it are its members until a kind-3 byte |
/// | 2 | name length, name, target length (1 byte), target | a symbolic link, its target as written |
/// | 3 | nothing | closes the innermost open folder (ignored at the top) |
///
/// Names are read as UTF-8 (invalid bytes become U+FFFD); `/` and NUL, which no name on disk can
/// hold, become `_`; an empty name, `.`, `..` and a name already taken in its folder drop the entry.
/// At most ``maximumEntries`` entries and ``maximumDepth`` levels are made, which keeps one run fast.
public struct PackageTreeDescription: Sendable, Hashable {
    /// One member of a described folder.
    public indirect enum Node: Sendable, Hashable {
        /// A regular file with these contents.
        case file(Data)
        /// A folder with these members, in the order described.
        case folder([Member])
        /// A symbolic link to this target path, which may lead anywhere.
        case symbolicLink(String)
    }

    /// A named member of a described folder.
    public struct Member: Sendable, Hashable {
        /// The member's file name.
        public var name: String
        /// What the member is.
        public var node: Node

        /// A member named `name`.
        public init(name: String, node: Node) {
            self.name = name
            self.node = node
        }
    }

    /// The most entries one description makes; later ones are ignored.
    public static let maximumEntries = 64
    /// The deepest folder nesting one description makes; deeper folders are ignored with their members.
    public static let maximumDepth = 8

    /// The members of the package folder itself.
    public var members: [Member]

    /// The tree that `bytes` describe.
    public init(_ bytes: Data) {
        var reader = Reader(bytes: [UInt8](bytes))
        members = reader.readFolder(depth: 0)
    }

    /// A description with these top-level members.
    public init(members: [Member]) {
        self.members = members
    }

    /// The bytes that describe this tree; `PackageTreeDescription(encoded())` gives it back when it
    /// keeps to the limits (names up to 255 UTF-8 bytes, contents up to 65,535 bytes).
    public func encoded() -> Data {
        var output: [UInt8] = []
        Self.encode(members, into: &output)
        return Data(output)
    }

    private static func encode(_ members: [Member], into output: inout [UInt8]) {
        for member in members {
            let name = Array(member.name.utf8.prefix(255))
            switch member.node {
            case .file(let contents):
                output += [0, UInt8(name.count)] + name
                let kept = contents.prefix(0xFFFF)
                output += [UInt8(kept.count >> 8), UInt8(kept.count & 0xFF)] + kept
            case .folder(let children):
                output += [1, UInt8(name.count)] + name
                encode(children, into: &output)
                output.append(3)
            case .symbolicLink(let target):
                let targetBytes = Array(target.utf8.prefix(255))
                output += [2, UInt8(name.count)] + name + [UInt8(targetBytes.count)] + targetBytes
            }
        }
    }

    /// The description of the folder at `url` as it is on disk (links kept as links), for seeding a fuzzer
    /// with real packages; members are sorted by name.
    public static func describing(folderAt url: URL) throws -> PackageTreeDescription {
        PackageTreeDescription(members: try describeMembers(of: url))
    }

    private static func describeMembers(of url: URL) throws -> [Member] {
        let manager = FileManager.default
        return try manager.contentsOfDirectory(atPath: url.path).sorted().map { name in
            let child = url.appendingPathComponent(name)
            let attributes = try manager.attributesOfItem(atPath: child.path)
            switch attributes[.type] as? FileAttributeType {
            case .typeSymbolicLink?:
                return Member(
                    name: name, node: .symbolicLink(try manager.destinationOfSymbolicLink(atPath: child.path)))
            case .typeDirectory?:
                return Member(name: name, node: .folder(try describeMembers(of: child)))
            default:
                return Member(name: name, node: .file(try Data(contentsOf: child)))
            }
        }
    }

    /// Writes the tree into a fresh temporary folder, runs `body` with that folder's URL, then removes it.
    ///
    /// A member that cannot be made (a link over a name the file system refuses, say) is left out;
    /// the tree is input, and `body` must cope with whatever is there.
    public func withMaterializedTree(_ body: (URL) -> Void) {
        let manager = FileManager.default
        let root = manager.temporaryDirectory
            .appendingPathComponent("docmigrate-fuzz-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        let package = root.appendingPathComponent("document")
        defer { try? manager.removeItem(at: root) }
        guard (try? manager.createDirectory(at: package, withIntermediateDirectories: true)) != nil else { return }
        Self.materialize(members, in: package)
        body(package)
    }

    private static func materialize(_ members: [Member], in folder: URL) {
        let manager = FileManager.default
        for member in members {
            let url = folder.appendingPathComponent(member.name)
            switch member.node {
            case .file(let contents):
                _ = manager.createFile(atPath: url.path, contents: contents)
            case .folder(let children):
                if (try? manager.createDirectory(at: url, withIntermediateDirectories: false)) != nil {
                    materialize(children, in: url)
                }
            case .symbolicLink(let target):
                try? manager.createSymbolicLink(atPath: url.path, withDestinationPath: target)
            }
        }
    }

    /// Reads entries from the description's bytes, counting them against the limits.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var entries = 0

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func take(_ count: Int) -> [UInt8]? {
            guard bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func name() -> [UInt8]? {
            guard let length = byte() else { return nil }
            return take(Int(length))
        }

        mutating func readFolder(depth: Int) -> [Member] {
            var members: [Member] = []
            var names = Set<String>()
            while let kind = byte() {
                if kind % 4 == 3 {
                    if depth > 0 { return members }
                    continue
                }
                // Counting before a folder's members are read bounds the recursion as well as the tree.
                entries += 1
                guard entries <= PackageTreeDescription.maximumEntries else { return members }
                let node: Node
                let rawName: [UInt8]
                switch kind % 4 {
                case 0:
                    guard let name = name(), let high = byte(), let low = byte(),
                        let contents = take(Int(high) << 8 | Int(low))
                    else { return members }
                    rawName = name
                    node = .file(Data(contents))
                case 1:
                    guard let name = name() else { return members }
                    rawName = name
                    node = .folder(readFolder(depth: depth + 1))
                default:
                    guard let name = name(), let target = self.name() else { return members }
                    rawName = name
                    node = .symbolicLink(String(decoding: target.map { $0 == 0 ? 0x5F : $0 }, as: UTF8.self))
                }
                let name = String(decoding: rawName.map { $0 == 0x2F || $0 == 0 ? 0x5F : $0 }, as: UTF8.self)
                guard depth < PackageTreeDescription.maximumDepth, !name.isEmpty, name != ".", name != "..",
                    names.insert(name).inserted
                else { continue }
                members.append(Member(name: name, node: node))
            }
            return members
        }
    }
}
