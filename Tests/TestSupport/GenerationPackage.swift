import Foundation

/// A small package whose every save is recognisable: its changing members all carry one generation number.
///
/// The crash-safety and concurrency tests write it from a child process and read it back. A package
/// on disk is whole when `fixed.txt` holds its constant text, every changing member holds the same
/// generation, and nothing else is inside; anything else is a mix of two saves or a damaged save.
public enum GenerationPackage {
    /// The members rewritten by every save.
    public static let changingMembers = ["a.txt", "b.txt", "c.txt"]
    /// A member no save changes, so that a save reusing the old package (hard links) is exercised too.
    public static let fixedMember = "fixed.txt"
    /// The constant contents of `fixedMember`.
    public static let fixedContents = Data(String(repeating: "never changes\n", count: 64).utf8)

    /// The contents of a changing member at `generation`: a few kilobytes, so a save takes several writes.
    public static func contents(of generation: Int) -> Data {
        Data(String(repeating: "generation \(generation)\n", count: 256).utf8)
    }

    /// The members of the package at `generation`, by name.
    ///
    /// Saves change the first `changing` of `changingMembers` (all of them unless told otherwise); the
    /// others keep generation 0's contents, so a package whose saves change one member at a time
    /// (`changing: 1`) is recognisable too.
    public static func members(of generation: Int, changing: Int = changingMembers.count) -> [String: Data] {
        var members = [fixedMember: fixedContents]
        for (index, name) in changingMembers.enumerated() {
            members[name] = contents(of: index < changing ? generation : 0)
        }
        return members
    }

    /// Writes the package at `generation` to `url` (for the test's starting state, not atomically).
    public static func create(at url: URL, generation: Int, changing: Int = changingMembers.count) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, data) in members(of: generation, changing: changing) {
            try data.write(to: url.appendingPathComponent(name))
        }
    }

    /// What a read of the package found.
    public enum State: Equatable, CustomStringConvertible {
        /// Every member as one save left it.
        case whole(generation: Int)
        /// Anything else, with what was wrong.
        case damaged(String)

        public var description: String {
            switch self {
            case .whole(let generation): "whole at generation \(generation)"
            case .damaged(let reason): "damaged: \(reason)"
            }
        }
    }

    /// Decides whether the members read from a package form one save, and which.
    ///
    /// With `changing` below the count of `changingMembers`, only the first `changing` of them carry the
    /// generation, and the others must hold generation 0's contents.
    public static func state(of members: [String: Data], changing: Int = changingMembers.count) -> State {
        let expectedNames = Set(changingMembers + [fixedMember])
        guard Set(members.keys) == expectedNames else {
            return .damaged("members \(members.keys.sorted()), expected \(expectedNames.sorted())")
        }
        guard members[fixedMember] == fixedContents else { return .damaged("\(fixedMember) changed") }
        for name in changingMembers.dropFirst(changing) where members[name] != contents(of: 0) {
            return .damaged(
                "\(name) changed, but saves of this package change only \(changingMembers.prefix(changing))")
        }
        var generations: Set<Int> = []
        for name in changingMembers.prefix(changing) {
            guard let data = members[name], let generation = generation(in: data), contents(of: generation) == data
            else {
                return .damaged("\(name) holds no whole generation (\(members[name]?.count ?? 0) bytes)")
            }
            generations.insert(generation)
        }
        guard generations.count == 1, let generation = generations.first else {
            return .damaged("members of generations \(generations.sorted())")
        }
        return .whole(generation: generation)
    }

    /// Reads the package at `url` from disk (regular files only) and decides its state.
    public static func state(at url: URL, changing: Int = changingMembers.count) -> State {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
            return .damaged("no package at \(url.path)")
        }
        var members: [String: Data] = [:]
        for name in names {
            guard let data = try? Data(contentsOf: url.appendingPathComponent(name)) else {
                return .damaged("member \(name) is not a readable file")
            }
            members[name] = data
        }
        return state(of: members, changing: changing)
    }

    private static func generation(in data: Data) -> Int? {
        let prefix = "generation "
        guard let line = String(decoding: data.prefix(64), as: UTF8.self).split(separator: "\n").first,
            line.hasPrefix(prefix)
        else { return nil }
        return Int(line.dropFirst(prefix.count))
    }
}
