/// Finds the orphans of a corpus: files and folders that no case names as its input or its golden.
///
/// Only meaningful after a run of every case of the corpus, so `docmigrate verify` refuses or skips it
/// on filtered runs. Not orphans: `manifest.json`, `README*` files at the corpus's top, dotfiles and dot
/// folders (the `.pending/` area among them), and everything inside a named package. A folder that holds
/// nothing any case names is one orphan, reported whole; a folder that leads to a named path is searched.
public enum OrphanScan {
    /// The orphans of `corpus`, as paths inside it, in byte-wise order.
    public static func orphans(in corpus: GoldenCorpus) throws -> [String] {
        var named: Set<String> = []
        for goldenCase in corpus.manifest.cases {
            named.insert(goldenCase.input)
            if case .converts(_, let golden)? = goldenCase.expect { named.insert(golden) }
        }
        var orphans: [String] = []
        try collect(folder: corpus.folder, relative: "", named: named, into: &orphans)
        return orphans.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Deletes the orphans of `corpus` and returns what was deleted.
    public static func deleteOrphans(in corpus: GoldenCorpus) throws -> [String] {
        let orphans = try orphans(in: corpus)
        for orphan in orphans {
            try FileManager.default.removeItem(at: corpus.folder.appendingPathComponent(orphan))
        }
        return orphans
    }

    private static func collect(folder: URL, relative: String, named: Set<String>, into orphans: inout [String]) throws
    {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            if name.hasPrefix(".") { continue }
            if relative.isEmpty && (name == GoldenCorpus.manifestName || name.hasPrefix("README")) { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            if named.contains(path) { continue }
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
            if !isLink, FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue,
                named.contains(where: { $0.hasPrefix(path + "/") })
            {
                try collect(folder: url, relative: path, named: named, into: &orphans)
            } else {
                orphans.append(path)
            }
        }
    }
}
