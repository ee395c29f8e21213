import Foundation

extension VerificationReport {
    /// What the paths in JUnit and GitHub reports start with, so that CI systems can point at the files in
    /// the repository: the folder that holds the corpora when one path was given, with a slash; else nothing.
    ///
    /// The folder is the path itself for a folder of corpora, its parent for a single corpus.
    public static func pathPrefix(corpusPaths paths: [String]) -> String {
        guard paths.count == 1, let path = paths.first else { return "" }
        let url = URL(fileURLWithPath: path)
        let isSingleCorpus = FileManager.default.fileExists(atPath: url.appendingPathComponent("manifest.json").path)
        var folder = isSingleCorpus ? (path as NSString).deletingLastPathComponent : path
        while folder.hasSuffix("/") && folder.count > 1 { folder.removeLast() }
        return folder.isEmpty || folder == "." ? "" : folder + "/"
    }
}
