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
}
