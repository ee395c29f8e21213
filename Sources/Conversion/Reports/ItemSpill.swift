import DocumentPlatform
import Foundation
import Synchronization

/// The per-item lines of a running job's report, kept on disk rather than in memory, and read back sorted.
///
/// A job of a million items must not hold a million report lines: each finished item is encoded as
/// one record (`ItemSpill.Record`) and collected in a buffer of at most `runByteLimit` bytes; a full
/// buffer is sorted by byte-wise input path and appended to an unlinked temporary file as one sorted
/// run. Reading merges the runs (at most `mergeFanIn` at a time; more are first merged into longer
/// runs), so memory holds one buffer while writing and one small read buffer per run while reading,
/// whatever the number of items. The file is unlinked as soon as it is open, so a killed job leaves
/// nothing behind.
final class ItemSpill: Sendable {
    /// The most bytes of records sorted in memory before they are written out as one run.
    static let defaultRunByteLimit = 1 << 20
    /// The most runs merged at once.
    static let mergeFanIn = 32
    /// The bytes read from a run at a time while merging.
    static let readChunkSize = 16 * 1024

    private struct State {
        var buffer: [Record] = []
        var bufferBytes = 0
        var runs: [Run] = []
        var end: UInt64 = 0
    }

    /// One sorted run: a byte range of the file.
    struct Run: Sendable {
        var offset: UInt64
        var length: UInt64
    }

    private let file: Mutex<FileHandle>
    private let state = Mutex(State())
    private let runByteLimit: Int

    /// A spill in a new unlinked file of the temporary folder.
    init(runByteLimit: Int = ItemSpill.defaultRunByteLimit) throws {
        self.runByteLimit = runByteLimit
        let folder = FileManager.default.temporaryDirectory.path
        var generator = SystemRandomNumberGenerator()
        let path = Array(folder.utf8) + Array("/docmigrate-report-\(String(generator.next(), radix: 36))".utf8)
        do {
            try ByteNamedFiles.createFile(path, contents: Data())
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: String(decoding: path, as: UTF8.self)))
            try? ByteNamedFiles.removeTree(path)
            file = Mutex(handle)
        } catch {
            try? ByteNamedFiles.removeTree(path)
            throw ConversionError(code: "convert.report-spill-unwritable", message: "the report's temporary file could not be created: \(error)", file: folder)
        }
    }

    deinit {
        file.withLock { try? $0.close() }
    }

    /// The bytes of records held in memory now (at most `runByteLimit` and one record).
    var bufferedByteCount: Int { state.withLock { $0.bufferBytes } }

    /// How many sorted runs the file holds.
    var runCount: Int { state.withLock { $0.runs.count } }

    /// Adds one item's line; a full buffer is sorted and written out as a run.
    func add(_ item: ConversionReport.Item) throws {
        let record = Record(item)
        let full: [Record]? = state.withLock { state in
            state.buffer.append(record)
            state.bufferBytes += record.bytes.count
            guard state.bufferBytes >= runByteLimit else { return nil }
            defer {
                state.buffer = []
                state.bufferBytes = 0
            }
            return state.buffer
        }
        if let full { try writeRun(full) }
    }

    /// Writes what is buffered and merges runs until at most `mergeFanIn` are left; call once, after the last `add`.
    func finish() throws {
        let rest = state.withLock { state in
            defer {
                state.buffer = []
                state.bufferBytes = 0
            }
            return state.buffer
        }
        if !rest.isEmpty { try writeRun(rest) }
        while true {
            let runs = state.withLock { $0.runs }
            guard runs.count > Self.mergeFanIn else { return }
            // Merge the shortest runs first, so each record is rewritten as few times as possible.
            let group = Array(runs.sorted { $0.length < $1.length }.prefix(Self.mergeFanIn))
            var merged = Data()
            var mergedRuns: [Run] = []
            let start = state.withLock { $0.end }
            var written: UInt64 = 0
            try merge(group) { record in
                merged.append(contentsOf: record.bytes)
                if merged.count >= Self.readChunkSize * 4 {
                    try append(merged, at: start + written)
                    written += UInt64(merged.count)
                    merged.removeAll(keepingCapacity: true)
                }
            }
            try append(merged, at: start + written)
            written += UInt64(merged.count)
            mergedRuns.append(Run(offset: start, length: written))
            state.withLock { state in
                let removed = Set(group.map(\.offset))
                state.runs = state.runs.filter { !removed.contains($0.offset) } + mergedRuns
                state.end = start + written
            }
        }
    }

    /// Calls `body` with every item, sorted by byte-wise input path.
    func forEach(_ body: (ConversionReport.Item) throws -> Void) throws {
        let runs = state.withLock { $0.runs }
        try merge(runs) { record in try body(try record.item()) }
    }

    // MARK: Runs

    private func writeRun(_ records: [Record]) throws {
        let sorted = records.sorted { $0.input.lexicographicallyPrecedes($1.input) }
        var data = Data()
        data.reserveCapacity(sorted.reduce(0) { $0 + $1.bytes.count })
        for record in sorted { data.append(contentsOf: record.bytes) }
        let start = state.withLock { state in
            defer { state.end += UInt64(data.count) }
            return state.end
        }
        try append(data, at: start)
        state.withLock { $0.runs.append(Run(offset: start, length: UInt64(data.count))) }
    }

    private func append(_ data: Data, at offset: UInt64) throws {
        guard !data.isEmpty else { return }
        try file.withLock { handle in
            try handle.seek(toOffset: offset)
            try handle.write(contentsOf: data)
        }
    }

    private func read(_ run: Run, from position: UInt64, count: Int) throws -> Data {
        let wanted = Int(min(UInt64(count), run.offset + run.length - position))
        guard wanted > 0 else { return Data() }
        return try file.withLock { handle in
            try handle.seek(toOffset: position)
            return try handle.read(upToCount: wanted) ?? Data()
        }
    }

    /// Reads the records of `runs` in merged order (ties in run order, so equal paths keep the order they finished in).
    private func merge(_ runs: [Run], _ body: (Record) throws -> Void) throws {
        var cursors = runs.map { RunCursor(run: $0, position: $0.offset) }
        var heads: [Record?] = []
        for index in cursors.indices { heads.append(try cursors[index].next(self)) }
        while true {
            var smallest: Int?
            for index in heads.indices {
                guard let head = heads[index] else { continue }
                if let current = smallest, let best = heads[current], !head.input.lexicographicallyPrecedes(best.input) { continue }
                smallest = index
            }
            guard let index = smallest, let record = heads[index] else { return }
            try body(record)
            heads[index] = try cursors[index].next(self)
        }
    }

    /// A read position in one run, with a small buffer.
    private struct RunCursor {
        var run: Run
        var position: UInt64
        var buffer: [UInt8] = []
        var bufferStart = 0

        mutating func next(_ spill: ItemSpill) throws -> Record? {
            while true {
                if let (record, length) = try Record.parse(buffer[bufferStart...]) {
                    bufferStart += length
                    return record
                }
                let chunk = try spill.read(run, from: position, count: ItemSpill.readChunkSize)
                if chunk.isEmpty {
                    guard bufferStart == buffer.count else {
                        throw ConversionError(code: "convert.report-spill-corrupt", message: "the report's temporary file ends inside a record")
                    }
                    return nil
                }
                position += UInt64(chunk.count)
                buffer.removeSubrange(0..<bufferStart)
                bufferStart = 0
                buffer.append(contentsOf: chunk)
            }
        }
    }
}
