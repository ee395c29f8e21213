import Foundation

/// Reads NUL-separated paths (as `find -print0` writes them) from a file or standard input, a chunk at a time.
final class NULSeparatedReader {
    /// The list's path (`-` for standard input), for messages.
    let path: ItemPath
    private var handle: FileHandle?
    private var buffer: [UInt8] = []
    private var finished = false
    private var openError: ConversionError?

    init(path: ItemPath) {
        self.path = path
        if path.bytes == [0x2D] {
            handle = FileHandle.standardInput
        } else if let url = path.fileURL {
            do {
                handle = try FileHandle(forReadingFrom: url)
            } catch {
                openError = ConversionError(
                    code: .filesFromUnreadable,
                    message: "the list of files could not be opened: \(error.localizedDescription)",
                    file: path.description)
            }
        } else {
            openError = ConversionError(
                code: .filesFromUnreadable, message: "the list's own path must be UTF-8", file: path.description)
        }
    }

    /// The next non-empty path, an error once, or nil at the end.
    func next() -> Result<ItemPath, ConversionError>? {
        if let openError {
            self.openError = nil
            finished = true
            return .failure(openError)
        }
        while true {
            if let separator = buffer.firstIndex(of: 0) {
                let entry = Array(buffer[..<separator])
                buffer.removeSubrange(...separator)
                if entry.isEmpty { continue }
                return .success(ItemPath(bytes: entry))
            }
            if finished || handle == nil {
                guard !buffer.isEmpty else { return nil }
                let entry = buffer
                buffer = []
                return .success(ItemPath(bytes: entry))
            }
            let chunk = (try? handle?.read(upToCount: 1 << 16)) ?? nil
            if let chunk, !chunk.isEmpty {
                buffer.append(contentsOf: chunk)
            } else {
                finished = true
                if handle !== FileHandle.standardInput { try? handle?.close() }
            }
        }
    }
}
