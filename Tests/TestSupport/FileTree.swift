import Foundation

/// The contents of a file or folder tree, for byte-for-byte comparisons in tests.
public enum FileTree {
    /// Relative path → bytes for every item below `root` (folders as `<folder>`; a single file under "").
    public static func snapshot(_ root: URL) throws -> [String: Data] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) else { return [:] }
        guard isFolder.boolValue else { return ["": try Data(contentsOf: root)] }
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [:] }
        while let relative = enumerator.nextObject() as? String {
            let url = root.appendingPathComponent(relative)
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            result[relative] = isFolder.boolValue ? Data("<folder>".utf8) : try Data(contentsOf: url)
        }
        return result
    }

    /// The inode of the item at `url` (to tell a rewritten file from a hard-linked one).
    public static func inode(_ url: URL) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        guard let number = attributes[.systemFileNumber] as? NSNumber else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return number.uint64Value
    }

    /// Makes `levels` nested folders `d` under `root`/a with a file at the bottom, by relative steps,
    /// since the full path of a deep tree is longer than PATH_MAX and no single call can name it.
    public static func makeDeepTree(under root: URL, levels: Int) throws {
        let script = """
            import os, sys
            os.chdir(sys.argv[1]); os.mkdir("a"); os.chdir("a")
            for _ in range(int(sys.argv[2])):
                os.mkdir("d"); os.chdir("d")
            open("leaf.txt", "w").write("x")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, root.path, String(levels)]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: root.path])
        }
    }
}
