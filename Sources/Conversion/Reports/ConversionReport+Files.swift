import DocumentPlatform
import Foundation
import SystemSeam

extension ConversionReport {
    /// Writes the report in `format` to `destination`'s file, or through `standardOutput` for `-`, streaming its items.
    ///
    /// A file is written beside its destination and renamed over it at the end, so a report that could
    /// not be finished never replaces an earlier one with half of itself.
    public func write(to destination: ReportDestination, standardOutput: (String) -> Void) throws {
        guard !destination.isStandardOutput else {
            try write(format: destination.format) { standardOutput(String(decoding: $0, as: UTF8.self)) }
            return
        }
        let path = ItemPath(destination.path)
        let suffix = ".docmigrate-tmp-\(ProcessInfo.processInfo.processIdentifier)"
        let temporary = ItemPath(bytes: path.bytes + Array(suffix.utf8))
        try? ByteNamedFiles.removeTree(temporary.bytes)
        try ByteNamedFiles.createFile(temporary.bytes, contents: Data(), permissions: 0o644)
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary.description))
            defer { try? handle.close() }
            try write(format: destination.format) { try handle.write(contentsOf: $0) }
            try handle.close()
            try ByteNamedFiles.rename(temporary.bytes, to: path.bytes, replacing: true)
        } catch {
            try? ByteNamedFiles.removeTree(temporary.bytes)
            throw error
        }
    }
}
