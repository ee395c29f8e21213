import Foundation
import Testing

/// What the anonymization tests of every format check on a case: sizes, and that no original word survives.
enum AnonymizedCase {
    /// The repository's root folder, found from this file's path.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The words of `text` of at least three letters or digits, as the original text spells them.
    static func words(of text: String) -> Set<String> {
        let words = text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        return Set(words.filter { $0.count >= 3 })
    }

    /// Whether `bytes` holds the UTF-8 bytes of `word` anywhere, in the NFC or NFD spelling.
    static func contains(_ bytes: Data, _ word: String) -> Bool {
        let data = [UInt8](bytes)
        for spelling in Set([
            word, word.precomposedStringWithCanonicalMapping, word.decomposedStringWithCanonicalMapping,
        ]) {
            let needle = Array(spelling.utf8)
            guard !needle.isEmpty, needle.count <= data.count else { continue }
            for start in 0...(data.count - needle.count)
            where data[start..<(start + needle.count)].elementsEqual(needle) {
                return true
            }
        }
        return false
    }

    /// Every regular file under `folder` by its relative path, with its bytes.
    static func members(of folder: URL) throws -> [String: Data] {
        var members: [String: Data] = [:]
        let root = folder.resolvingSymlinksInPath().path + "/"
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        for case let url as URL in enumerator {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            let path = url.resolvingSymlinksInPath().path
            members[path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path] = try Data(contentsOf: url)
        }
        return members
    }
}
