import DocumentPlatform
import Foundation
import Synchronization
import SystemSeam

/// The per-item lines of a running job's report, kept on disk rather than in memory, and read back sorted.
///
/// A job of a million items must not hold a million report lines: each finished item is encoded as
/// one record (`ItemSpill.Record`) straight into a buffer of at most `runByteLimit` bytes; a full
/// buffer is sorted by byte-wise input path and appended to an unlinked temporary file as one sorted
/// run. The last buffer, sorted when the job finishes, stays in memory as the last run, so a job whose
/// records fit in one buffer never writes or reads the file. Reading merges the runs (at most
/// `mergeFanIn` at a time; more are first merged into longer runs), so memory holds one buffer while
/// writing and that buffer and one small read buffer per run while reading, whatever the number of
/// items. The file is unlinked as soon as it is open, so a killed job leaves nothing behind.
final class ItemSpill: Sendable {
    /// The most bytes of records sorted in memory before they are written out as one run.
    static let defaultRunByteLimit = 1 << 20
    /// The most runs merged at once.
    static let mergeFanIn = 32
    /// The bytes read from a run at a time while merging: small, as `mergeFanIn` of them are held at once
    /// (512 KiB in all), and a larger job must not need noticeably more memory than a small one.
    static let readChunkSize = 16 * 1024

    private struct State {
        /// The records not yet written, back to back, in the order they were added.
        var buffer: [UInt8] = []
        /// Where each record of `buffer` starts.
        var starts: [Int] = []
        var runs: [Run] = []
        var end: UInt64 = 0
        /// The last run, sorted, once `finish` kept it in memory.
        var memoryRun: [UInt8]?
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
            throw ConversionError(
                code: .reportSpillUnwritable, message: "the report's temporary file could not be created: \(error)",
                file: folder)
        }
    }

    deinit {
        file.withLock { try? $0.close() }
    }

    /// The bytes of records held in memory now (at most `runByteLimit` and one record).
    var bufferedByteCount: Int { state.withLock { $0.buffer.count } }

    /// How many sorted runs there are: in the file, and the one kept in memory by `finish`.
    var runCount: Int { state.withLock { $0.runs.count + ($0.memoryRun == nil ? 0 : 1) } }

    /// Adds one item's line; a full buffer is sorted and written out as a run.
    func add(_ item: ConversionReport.Item) throws {
        let error = Record.errorField(item)
        let full: (buffer: [UInt8], starts: [Int])? = state.withLock { state in
            if state.buffer.isEmpty { state.buffer.reserveCapacity(runByteLimit + runByteLimit / 8) }
            state.starts.append(state.buffer.count)
            Record.append(item, error: error, to: &state.buffer)
            guard state.buffer.count >= runByteLimit else { return nil }
            let full = (state.buffer, state.starts)
            state.buffer = []
            state.starts = []
            return full
        }
        if let full { try writeRun(Self.sortedFrames(full.buffer, starts: full.starts)) }
    }

    /// Sorts what is buffered and merges runs until at most `mergeFanIn` are left; call once, after the last `add`.
    ///
    /// The sorted buffer stays in memory as the last run unless the runs would then be too many to merge at once.
    func finish() throws {
        let rest: (buffer: [UInt8], starts: [Int], runCount: Int) = state.withLock { state in
            let rest = (state.buffer, state.starts, state.runs.count)
            state.buffer = []
            state.starts = []
            return rest
        }
        if !rest.buffer.isEmpty {
            let sorted = Self.sortedFrames(rest.buffer, starts: rest.starts)
            if rest.runCount + 1 <= Self.mergeFanIn {
                state.withLock { $0.memoryRun = sorted }
            } else {
                try writeRun(sorted)
            }
        }
        while true {
            let runs = state.withLock { $0.runs }
            guard runs.count > Self.mergeFanIn else { return }
            // Merge the neighbouring runs that are shortest together, so each record is rewritten as few
            // times as possible, and put the merged run in their place: runs stay in the order their
            // records were added, so equal paths still come out in that order.
            var groupStart = 0
            var groupLength = runs[0..<Self.mergeFanIn].reduce(0) { $0 + $1.length }
            var windowLength = groupLength
            for start in 1...(runs.count - Self.mergeFanIn) {
                windowLength += runs[start + Self.mergeFanIn - 1].length
                windowLength -= runs[start - 1].length
                if windowLength < groupLength { (groupStart, groupLength) = (start, windowLength) }
            }
            let group = Array(runs[groupStart..<(groupStart + Self.mergeFanIn)])
            var merged: [UInt8] = []
            merged.reserveCapacity(Self.readChunkSize * 4 + 4096)
            let start = state.withLock { $0.end }
            var written: UInt64 = 0
            try merge(group.map { Source.file($0) }) { record in
                merged.append(contentsOf: record.frame)
                if merged.count >= Self.readChunkSize * 4 {
                    try append(merged, at: start + written)
                    written += UInt64(merged.count)
                    merged.removeAll(keepingCapacity: true)
                }
            }
            try append(merged, at: start + written)
            written += UInt64(merged.count)
            state.withLock { state in
                state.runs.replaceSubrange(
                    groupStart..<(groupStart + Self.mergeFanIn), with: [Run(offset: start, length: written)])
                state.end = start + written
            }
        }
    }

    /// Calls `body` with every item, sorted by byte-wise input path.
    func forEach(_ body: (ConversionReport.Item) throws -> Void) throws {
        try forEachRecord { record in try body(try record.item()) }
    }

    /// Calls `body` with every record where it lies, sorted by byte-wise input path; the view is valid during the call
    /// only.
    ///
    /// A writer that needs only some items (the text report lists no converted item) reads each
    /// record's status and decodes only those it prints.
    func forEachRecord(_ body: (Record.View) throws -> Void) throws {
        let (runs, memoryRun) = state.withLock { ($0.runs, $0.memoryRun) }
        try merge(runs.map { Source.file($0) } + (memoryRun.map { [Source.memory($0)] } ?? []), body)
    }

    // MARK: Runs

    /// The frames of `buffer` (starting at `starts`) back to back, sorted by input path; equal paths keep the order
    /// they were added in.
    static func sortedFrames(_ buffer: [UInt8], starts: [Int]) -> [UInt8] {
        var order = starts
        var sorted: [UInt8] = []
        sorted.reserveCapacity(buffer.count)
        buffer.withUnsafeBufferPointer { bytes in
            func input(_ start: Int) -> UnsafeBufferPointer<UInt8> {
                let from = start + Record.inputOffset
                return UnsafeBufferPointer(
                    rebasing: bytes[from..<(from + Int(Record.readNumber(bytes, at: start + 4)))])
            }
            order.sort { left, right in
                let order = Record.compare(input(left), input(right))
                return order != 0 ? order < 0 : left < right
            }
            for start in order {
                sorted.append(
                    contentsOf: UnsafeBufferPointer(
                        rebasing: bytes[start..<(start + 4 + Int(Record.readNumber(bytes, at: start)))]))
            }
        }
        return sorted
    }

    private func writeRun(_ sorted: [UInt8]) throws {
        let start = state.withLock { state in
            defer { state.end += UInt64(sorted.count) }
            return state.end
        }
        try append(sorted, at: start)
        state.withLock { $0.runs.append(Run(offset: start, length: UInt64(sorted.count))) }
    }

    private func append(_ bytes: [UInt8], at offset: UInt64) throws {
        guard !bytes.isEmpty else { return }
        let data = Data(bytes)
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

    /// Where a sorted run is read from.
    private enum Source {
        case file(Run)
        case memory([UInt8])
    }

    /// Reads the records of `sources` in merged order (ties in source order, so equal paths keep the order they
    /// finished in).
    ///
    /// The next record comes from a binary heap of the runs ordered by (head path, run index): about
    /// two comparisons per level of a heap of `mergeFanIn` runs, where a scan compared every run's head.
    private func merge(_ sources: [Source], _ body: (Record.View) throws -> Void) throws {
        var cursors = sources.map(RunCursor.init)
        for index in cursors.indices { try cursors[index].advance(self) }
        if cursors.count == 1 {
            // One run (a job whose records fit in one buffer): nothing to compare.
            while try cursors[0].withHead(body) { try cursors[0].advance(self) }
            return
        }
        var heap = MergeHeap(runs: cursors.indices.filter { cursors[$0].head != nil }) {
            Self.precedes(cursors[$0], $0, cursors[$1], $1)
        }
        while let smallest = heap.first {
            _ = try cursors[smallest].withHead(body)
            try cursors[smallest].advance(self)
            if cursors[smallest].head == nil {
                heap.removeFirst { Self.precedes(cursors[$0], $0, cursors[$1], $1) }
            } else {
                heap.firstChanged { Self.precedes(cursors[$0], $0, cursors[$1], $1) }
            }
        }
    }

    /// Whether run `leftIndex`'s head comes before run `rightIndex`'s: a smaller path, or an equal path in an earlier
    /// run.
    private static func precedes(_ left: RunCursor, _ leftIndex: Int, _ right: RunCursor, _ rightIndex: Int) -> Bool {
        let order = left.buffer.withUnsafeBufferPointer { leftBytes in
            right.buffer.withUnsafeBufferPointer { rightBytes in
                Record.compare(
                    UnsafeBufferPointer(rebasing: leftBytes[left.headInput]),
                    UnsafeBufferPointer(rebasing: rightBytes[right.headInput]))
            }
        }
        return order != 0 ? order < 0 : leftIndex < rightIndex
    }

    /// A binary min-heap of run indices; the order is passed to each call, as it reads the runs' current heads.
    struct MergeHeap {
        private var runs: [Int]

        /// A heap of `runs` (each with a head) under `precedes`.
        init(runs: [Int], precedes: (Int, Int) -> Bool) {
            self.runs = runs
            for index in stride(from: runs.count / 2 - 1, through: 0, by: -1) { siftDown(index, precedes) }
        }

        /// The run whose head comes first, or nil when every run has ended.
        var first: Int? { runs.first }

        /// Restores the order after the first run's head moved on.
        mutating func firstChanged(_ precedes: (Int, Int) -> Bool) {
            siftDown(0, precedes)
        }

        /// Drops the first run (it has ended).
        mutating func removeFirst(_ precedes: (Int, Int) -> Bool) {
            let last = runs.removeLast()
            guard !runs.isEmpty else { return }
            runs[0] = last
            siftDown(0, precedes)
        }

        private mutating func siftDown(_ start: Int, _ precedes: (Int, Int) -> Bool) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                guard left < runs.count else { return }
                var child = left
                if left + 1 < runs.count, precedes(runs[left + 1], runs[left]) { child = left + 1 }
                guard precedes(runs[child], runs[parent]) else { return }
                runs.swapAt(child, parent)
                parent = child
            }
        }
    }

    /// A read position in one run, with a small buffer (a run in memory is all buffer).
    private struct RunCursor {
        var run: Run?
        var position: UInt64 = 0
        var buffer: [UInt8] = []
        /// Where the frame after the head starts in `buffer`.
        var bufferStart = 0
        /// The current record's frame in `buffer`, or nil at the end of the run.
        var head: Range<Int>?
        /// The current record's input path in `buffer`, the merge's sort key.
        var headInput: Range<Int> = 0..<0

        init(_ source: Source) {
            switch source {
            case .file(let run):
                self.run = run
                position = run.offset
            case .memory(let bytes):
                buffer = bytes
            }
        }

        /// Moves `head` to the next whole record, reading more of the run when the buffer ends inside one.
        mutating func advance(_ spill: ItemSpill) throws {
            while true {
                let length = buffer.withUnsafeBufferPointer {
                    Record.frameLength(UnsafeBufferPointer(rebasing: $0[bufferStart...]))
                }
                if let length {
                    head = bufferStart..<(bufferStart + length)
                    // Checked once here, so comparing heads needs no checks.
                    let inputLength = try buffer.withUnsafeBufferPointer {
                        try Record.View(frame: UnsafeBufferPointer(rebasing: $0[bufferStart..<(bufferStart + length)]))
                            .input.count
                    }
                    headInput = (bufferStart + Record.inputOffset)..<(bufferStart + Record.inputOffset + inputLength)
                    bufferStart += length
                    return
                }
                let chunk = try run.map { try spill.read($0, from: position, count: ItemSpill.readChunkSize) } ?? Data()
                if chunk.isEmpty {
                    guard bufferStart == buffer.count else {
                        throw ConversionError(
                            code: .reportSpillCorrupt, message: "the report's temporary file ends inside a record")
                    }
                    head = nil
                    return
                }
                position += UInt64(chunk.count)
                buffer.removeSubrange(0..<bufferStart)
                bufferStart = 0
                buffer.append(contentsOf: chunk)
            }
        }

        /// Calls `body` with the head record; false at the end of the run.
        func withHead(_ body: (Record.View) throws -> Void) throws -> Bool {
            guard let head else { return false }
            try buffer.withUnsafeBufferPointer { bytes in
                try body(try Record.View(frame: UnsafeBufferPointer(rebasing: bytes[head])))
            }
            return true
        }
    }
}
