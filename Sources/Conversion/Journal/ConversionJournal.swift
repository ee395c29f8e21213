import DocumentPlatform
import Foundation
import Synchronization

/// A job's record for resuming: one JSON line per finished item, appended after its output is in place.
///
/// A line: `{"input": path, "size": bytes, "mtime": "seconds.nanoseconds", "inputHash": hex,
/// "output": path, "outputHash": hex, "result": "converted"}` (paths in `ItemPath`'s bytes-safe form).
/// `--resume` skips an input whose path, size and modification time match a `converted` line; a
/// failed item is tried again. The resume index keeps 8 bytes per finished item (a `StableDigest` of
/// path, size and time), not the lines themselves. A torn last line (the job was killed mid-write) is ignored.
public final class ConversionJournal: Sendable {
    /// One line of the journal.
    public struct Entry: Codable, Sendable, Equatable {
        /// The input's path.
        public var input: ItemPath
        /// The input's size in bytes (0 for a package).
        public var size: Int64
        /// The input's modification time, `seconds.nanoseconds`.
        public var mtime: String
        /// The input's digest (SHA-256, hex).
        public var inputHash: String?
        /// Where the output was written.
        public var output: ItemPath?
        /// The output's digest (SHA-256, hex).
        public var outputHash: String?
        /// `converted` (only finished items are journaled).
        public var result: String

        /// A journal line.
        public init(
            input: ItemPath, size: Int64, mtime: String, inputHash: String?, output: ItemPath?, outputHash: String?,
            result: String
        ) {
            self.input = input
            self.size = size
            self.mtime = mtime
            self.inputHash = inputHash
            self.output = output
            self.outputHash = outputHash
            self.result = result
        }
    }

    /// Where the journal is.
    public let path: ItemPath
    private let finished: Set<UInt64>
    private let handle: Mutex<FileHandle?>

    /// Opens the journal at `path` for appending; with `resuming`, first reads the items it records as converted.
    ///
    /// Without `resuming` nothing is skipped, but an existing journal is kept and appended to: a run
    /// started without `--resume` by mistake must not erase what a later `--resume` needs. Lines are
    /// keyed by size and modification time, so an input changed since its line is converted again.
    public init(path: ItemPath, resuming: Bool) throws {
        self.path = path
        guard let url = path.fileURL else {
            throw ConversionError(
                code: .journalPathNotUTF8, message: "the journal's path must be UTF-8", file: path.description)
        }
        var finished = Set<UInt64>()
        if resuming, let data = try? Data(contentsOf: url) {
            let decoder = JSONDecoder()
            for line in data.split(separator: UInt8(ascii: "\n")) {
                guard let entry = try? decoder.decode(Entry.self, from: Data(line)), entry.result == "converted" else {
                    continue
                }
                finished.insert(Self.key(input: entry.input, size: entry.size, mtime: entry.mtime))
            }
        }
        self.finished = finished
        do {
            if !FileManager.default.fileExists(atPath: url.path) {
                try Data().write(to: url)
            }
            let handle = try FileHandle(forUpdating: url)
            let end = try handle.seekToEnd()
            if end > 0 {
                // A torn line from a killed run would swallow the first new line: start on a fresh one.
                try handle.seek(toOffset: end - 1)
                let last = try handle.read(upToCount: 1)
                try handle.seekToEnd()
                if last != Data("\n".utf8) { try handle.write(contentsOf: Data("\n".utf8)) }
            }
            self.handle = Mutex(handle)
        } catch {
            throw ConversionError(
                code: .journalUnwritable, message: "the journal could not be opened: \(error.localizedDescription)",
                file: path.description)
        }
    }

    /// The text form of a modification time, exact to the nanosecond.
    public static func mtime(seconds: Int64, nanoseconds: Int64) -> String {
        guard (0..<1_000_000_000).contains(nanoseconds) else {
            // Not from a file's status: spelled as the fraction's digits, padded to nine.
            let fraction = String(nanoseconds)
            return "\(seconds)." + String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
        }
        // One allocation rather than four: the job asks for every input's time.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        Entry.appendDecimal(seconds, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        var digits = nanoseconds
        let fractionStart = bytes.count
        for _ in 0..<9 {
            bytes.append(UInt8(ascii: "0") + UInt8(digits % 10))
            digits /= 10
        }
        bytes[fractionStart...].reverse()
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func key(input: ItemPath, size: Int64, mtime: String) -> UInt64 {
        var digest = StableDigest()
        digest.add(input.bytes)
        digest.add(UInt64(0))
        digest.add(size)
        digest.add(mtime.utf8)
        return digest.value
    }

    /// Whether an earlier run converted `input` with this size and modification time.
    public func isFinished(input: ItemPath, size: Int64, mtime: String) -> Bool {
        finished.contains(Self.key(input: input, size: size, mtime: mtime))
    }

    /// Appends lines; one write call per batch, so a kill leaves at most one torn last line.
    public func append(_ entries: [Entry]) throws {
        guard !entries.isEmpty else { return }
        var bytes: [UInt8] = []
        for entry in entries { entry.appendLine(to: &bytes) }
        try append(lines: bytes)
    }

    /// Appends whole lines already formatted by `Entry.appendLine`, in one write call.
    ///
    /// The group commit formats each item's line as its output is placed, into one buffer per round,
    /// rather than keeping an `Entry` (six strings and paths) per item until the round's lines are written.
    func append(lines: [UInt8]) throws {
        guard !lines.isEmpty else { return }
        let data = Data(lines)
        try handle.withLock { handle in
            try handle?.write(contentsOf: data)
        }
    }

    /// Flushes the journal to stable storage.
    public func synchronize() throws {
        try handle.withLock { try $0?.synchronize() }
    }

    deinit {
        handle.withLock { try? $0?.close() }
    }
}

extension ConversionJournal.Entry {
    /// Appends the entry as one line of JSON with sorted keys (what `JSONEncoder` with `.sortedKeys` writes,
    /// without its cost: a job writes one line per item).
    func appendLine(to bytes: inout [UInt8]) {
        Self.appendLine(
            input: input, size: size, mtime: mtime, inputHash: inputHash, output: output, outputHash: outputHash,
            result: result, to: &bytes)
    }

    /// Appends the line of the entry with these fields, without making the entry.
    ///
    /// The keys and their punctuation are constant bytes; the values' bytes are copied at once when
    /// they need no escaping, as a job's paths, digests and times almost always do.
    static func appendLine(
        input: ItemPath, size: Int64, mtime: String, inputHash: String?, output: ItemPath?, outputHash: String?,
        result: String,
        to bytes: inout [UInt8]
    ) {
        append(#"{"input":"#, to: &bytes)
        appendPath(input, to: &bytes)
        if let inputHash {
            append(#","inputHash":"#, to: &bytes)
            appendString(inputHash, to: &bytes)
        }
        append(#","mtime":"#, to: &bytes)
        appendString(mtime, to: &bytes)
        if let output {
            append(#","output":"#, to: &bytes)
            appendPath(output, to: &bytes)
        }
        if let outputHash {
            append(#","outputHash":"#, to: &bytes)
            appendString(outputHash, to: &bytes)
        }
        append(#","result":"#, to: &bytes)
        appendString(result, to: &bytes)
        append(#","size":"#, to: &bytes)
        appendDecimal(size, to: &bytes)
        append("}\n", to: &bytes)
    }

    private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The decimal digits of `value` (a leading `-` when negative), as `String(value)` spells them.
    static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        // The largest power of ten not above the magnitude (at most 10^18, so it cannot overflow), then the digits from
        // the first.
        var divisor: UInt64 = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        } while divisor > 0
    }

    /// Whether a byte of a JSON string must be escaped: a quote, a backslash or a control character.
    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether no byte of `bytes` needs escaping in a JSON string (`needsEscaping`) and, with `asciiOnly`,
    /// every byte is printable ASCII (below DEL); eight bytes at a time, as almost every byte passes.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, asciiOnly: Bool) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Nonzero exactly when some byte of `word` is below `limit` (at most 0x80); a byte equal to c is a zero byte of
        // word ^ (ones * c).
        func hasByteBelow(_ limit: UInt64, _ word: UInt64) -> Bool { (word &- ones &* limit) & ~word & highs != 0 }
        func hasByte(_ value: UInt64, _ word: UInt64) -> Bool { hasByteBelow(1, word ^ (ones &* value)) }
        var index = 0
        while index + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if hasByteBelow(0x20, word) || hasByte(0x22, word) || hasByte(0x5C, word) { return false }
            if asciiOnly, word & highs != 0 || hasByte(0x7F, word) { return false }
            index += 8
        }
        while index < raw.count {
            let byte = raw[index]
            if needsEscaping(byte) || (asciiOnly && byte >= 0x7F) { return false }
            index += 1
        }
        return true
    }

    /// A path's JSON string (`ItemPath.encodedForJSON`), its bytes copied as they are when they are
    /// printable ASCII that needs no escaping and does not look like the Base64 form, as almost every path is.
    static func appendPath(_ path: ItemPath, to bytes: inout [UInt8]) {
        let plain = path.bytes.withUnsafeBufferPointer { isPlain($0, asciiOnly: true) }
        guard plain, !path.bytes.starts(with: base64Prefix) else {
            appendString(path.encodedForJSON, to: &bytes)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: path.bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    private static let base64Prefix = Array("base64:".utf8)

    /// A JSON string, by `JSONStringEscaper`'s rule.
    static func appendString(_ text: String, to bytes: inout [UInt8]) {
        // Paths, digests and times rarely need escaping: then the bytes go in at once, without a look at each.
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard isPlain(utf8, asciiOnly: false) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if copied != true { JSONStringEscaper.append(text, to: &bytes) }
    }
}
