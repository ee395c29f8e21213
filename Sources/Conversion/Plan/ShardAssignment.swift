import DocumentPlatform
import Foundation

/// Which of N shards an item belongs to, the same in every process and on every machine.
///
/// The function, fixed: take the item's relative path (the path below the folder it was found in, or
/// the path as listed in `--files-from`); when its bytes are valid UTF-8, normalise it to NFC (so a
/// name written in NFD by macOS lands in the same shard as its NFC spelling from Linux), else keep the
/// bytes; hash those bytes with 64-bit FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3,
/// `StableDigest`); the item belongs to shard `hash % N + 1`. `--shard K/N` is 1-based, so a
/// Kubernetes indexed Job passes `$((JOB_COMPLETION_INDEX + 1))`.
public struct ShardAssignment: Sendable, Hashable, CustomStringConvertible {
    /// This process's shard, 1…count.
    public let index: Int
    /// How many shards the job is split into.
    public let count: Int

    /// A shard; `index` must be in 1…`count`.
    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "a shard is K/N with 1 ≤ K ≤ N")
        self.index = index
        self.count = count
    }

    /// Parses `K/N`; nil unless 1 ≤ K ≤ N.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else {
            return nil
        }
        self.init(index: index, count: count)
    }

    /// The 1-based shard of `relativePath` among `count` shards.
    public static func shard(of relativePath: ItemPath, count: Int) -> Int {
        var bytes = relativePath.bytes
        if let text = relativePath.text { bytes = Array(text.precomposedStringWithCanonicalMapping.utf8) }
        var digest = StableDigest()
        digest.add(bytes)
        return Int(digest.value % UInt64(count)) + 1
    }

    /// Whether this shard takes `relativePath`.
    public func contains(_ relativePath: ItemPath) -> Bool {
        Self.shard(of: relativePath, count: count) == index
    }

    public var description: String { "\(index)/\(count)" }
}
