import Comparison
import DocumentCodecs

/// The pending area of one corpus, `<corpus>/.pending/`: outputs that wait for a person to accept or reject them.
///
/// A run never overwrites a golden; it stores the changed output here (see ``RecordMode``). Accepting
/// swaps the item in for the golden atomically (a folder swap for a package) and removes the entry;
/// rejecting removes the entry; a run whose golden passes removes its stale entry. Whether `.pending/`
/// is committed to version control is the team's choice; the verifier skips it when it looks for orphans.
public struct PendingArea: Sendable {
    /// The name of the folder inside a corpus.
    public static let folderName = ".pending"
    static let sidecarSuffix = ".pending.json"

    /// The corpus folder (holding `manifest.json`).
    public let corpusFolder: URL

    public init(corpusFolder: URL) {
        self.corpusFolder = corpusFolder
    }

    var folder: URL { corpusFolder.appendingPathComponent(Self.folderName) }

    /// Where the pending item for `golden` lives.
    public func itemURL(golden: String) -> URL { folder.appendingPathComponent(golden) }

    private func sidecarURL(golden: String) -> URL { folder.appendingPathComponent(golden + Self.sidecarSuffix) }

    /// Stores a copy of `output` as the pending item for `entry.golden`, replacing an older one.
    public func store(_ output: URL, as entry: PendingEntry) throws {
        let item = itemURL(golden: entry.golden)
        try FileManager.default.createDirectory(at: item.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileWrapper(url: output, options: .immediate).write(to: item, options: .atomic, originalContentsURL: nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(entry).write(to: sidecarURL(golden: entry.golden), options: .atomic)
    }

    /// Removes the entry for `golden`, if there is one; returns whether there was.
    @discardableResult
    public func remove(golden: String) throws -> Bool {
        let item = itemURL(golden: golden), sidecar = sidecarURL(golden: golden)
        let existed =
            FileManager.default.fileExists(atPath: sidecar.path) || FileManager.default.fileExists(atPath: item.path)
        for url in [item, sidecar] where FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.removeItem(at: url)
        }
        removeEmptyFolders(from: item.deletingLastPathComponent())
        return existed
    }

    /// Every entry of the area, in byte-wise path order; an unreadable sidecar is an error naming it.
    public func entries() throws -> [PendingEntry] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        var entries: [PendingEntry] = []
        let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        for path in paths where path.hasSuffix(Self.sidecarSuffix) {
            let url = folder.appendingPathComponent(path)
            do {
                entries.append(try JSONDecoder().decode(PendingEntry.self, from: Data(contentsOf: url)))
            } catch {
                throw VerificationError(
                    file: url.path, code: .pendingUnreadable, message: "the pending entry could not be read: \(error)")
            }
        }
        return entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// Replaces the golden with the pending item, atomically, then removes the entry.
    public func accept(_ entry: PendingEntry) throws {
        let item = itemURL(golden: entry.golden)
        guard FileManager.default.fileExists(atPath: item.path) else {
            throw VerificationError(
                file: item.path, code: .pendingItemMissing,
                message: "the pending item of \(entry.path) is gone; run verify again")
        }
        try GoldenCorpus.checkPath(
            entry.golden, in: corpusFolder, file: sidecarURL(golden: entry.golden).path, keyPath: "golden",
            mustExist: false)
        let golden = corpusFolder.appendingPathComponent(entry.golden)
        try FileManager.default.createDirectory(
            at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileWrapper(url: item, options: .immediate).write(to: golden, options: .atomic, originalContentsURL: nil)
        try remove(golden: entry.golden)
    }

    /// Discards the pending item; the golden stays as it is.
    public func reject(_ entry: PendingEntry) throws {
        try remove(golden: entry.golden)
    }

    private func removeEmptyFolders(from start: URL) {
        var current = start.standardizedFileURL
        let root = corpusFolder.standardizedFileURL.path
        while current.path.count > root.count,
            let contents = try? FileManager.default.contentsOfDirectory(atPath: current.path), contents.isEmpty
        {
            try? FileManager.default.removeItem(at: current)
            current = current.deletingLastPathComponent()
        }
    }
}
