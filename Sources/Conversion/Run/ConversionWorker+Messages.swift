import DocumentCodecs
import Foundation

/// The frames a job and its workers exchange over the worker's standard input and output.
///
/// Each message is one `BinaryWriter` frame (its length, then its fields): a request names the input,
/// its kind and the temporary path; the answer is the `PreparedItem`. A binary form rather than JSON
/// lines: a job sends two messages per item, and `JSONEncoder`/`JSONDecoder` cost more than a small
/// item's whole conversion.
extension ConversionWorker.Request {
    static let damaged = ConversionError(code: "convert.worker.bad-request", message: "the worker could not read its request")

    /// The request as one frame.
    var frame: [UInt8] {
        var writer = BinaryWriter(capacity: input.bytes.count + temporary.bytes.count + 16)
        writer.field(input.bytes)
        writer.byte(UInt8(PlannedItem.Kind.allCases.firstIndex(of: kind) ?? 0))
        writer.field(temporary.bytes)
        return writer.framed
    }

    /// The request in a frame made by `frame`.
    init(frame: [UInt8]) throws {
        var reader = BinaryReader(frame, position: 4, damaged: Self.damaged)
        input = ItemPath(bytes: try reader.field() ?? [])
        let kindIndex = Int(try reader.byte())
        guard kindIndex < PlannedItem.Kind.allCases.count else { throw Self.damaged }
        kind = PlannedItem.Kind.allCases[kindIndex]
        temporary = ItemPath(bytes: try reader.field() ?? [])
    }
}

extension PreparedItem {
    static let damaged = ConversionError(code: "convert.worker.bad-answer", message: "the worker's answer could not be read")

    /// The prepared item as one frame.
    var frame: [UInt8] {
        var writer = BinaryWriter(capacity: 256)
        writer.string(sourceType)
        writer.number(UInt32(route.count))
        for codec in route { writer.string(codec) }
        writer.number(inputSize)
        writer.number(inputModificationSeconds)
        writer.number(inputModificationNanoseconds)
        writer.string(inputHash)
        writer.string(outputHash)
        writer.byte(outputIsFolder ? 1 : 0)
        writer.number(UInt32(warnings.count))
        for warning in warnings {
            writer.string(warning.code)
            writer.string(warning.path)
            writer.string(warning.message)
        }
        writer.field(error.flatMap { try? JSONEncoder().encode($0) }.map(Array.init))
        return writer.framed
    }

    /// The prepared item in a frame made by `frame`.
    init(frame: [UInt8]) throws {
        var reader = BinaryReader(frame, position: 4, damaged: Self.damaged)
        self.init()
        sourceType = try reader.string()
        for _ in 0..<(try reader.count()) { route.append(try reader.string() ?? "") }
        inputSize = try reader.number64()
        inputModificationSeconds = try reader.number64()
        inputModificationNanoseconds = try reader.number64()
        inputHash = try reader.string()
        outputHash = try reader.string()
        outputIsFolder = try reader.byte() != 0
        for _ in 0..<(try reader.count()) {
            let code = try reader.string() ?? ""
            let path = try reader.string() ?? ""
            let message = try reader.string() ?? ""
            warnings.append(ConversionWarning(code: code, path: path, message: message))
        }
        error = try reader.field().map { try JSONDecoder().decode(ConversionError.self, from: Data($0)) }
    }
}

/// Splits a byte stream into `BinaryWriter` frames.
struct FrameReader {
    private var buffer: [UInt8] = []
    private var start = 0

    /// The next whole frame, reading more with `read` (which returns no bytes at the end of the stream); nil at the end.
    mutating func next(reading read: () -> Data) -> [UInt8]? {
        while true {
            if let length = BinaryWriter.frameLength(buffer[start...]) {
                defer { start += length }
                return Array(buffer[start..<(start + length)])
            }
            let chunk = read()
            if chunk.isEmpty { return nil }
            buffer.removeSubrange(0..<start)
            start = 0
            buffer.append(contentsOf: chunk)
        }
    }
}
