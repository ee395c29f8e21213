import DocumentCodecs
import Foundation

extension ItemSpill {
    /// One report line as one frame of `BinaryWriter` fields, which keeps paths as exact bytes (newlines included).
    ///
    /// Fields: the input path, the output path (or none), the status, the source type (or none), the
    /// route, the warnings and the error (its JSON form, or none). A converted item, the common case, is
    /// encoded and decoded with no `JSONEncoder`, which would cost more than the rest of its bookkeeping.
    struct Record: Sendable {
        /// The whole frame, length prefix included.
        var bytes: [UInt8]
        /// The input path's bytes, the sort key.
        var input: ArraySlice<UInt8>

        static let damaged = ConversionError(code: "convert.report-spill-corrupt", message: "a record of the report's temporary file is damaged")

        init(_ item: ConversionReport.Item) {
            var writer = BinaryWriter(capacity: item.input.bytes.count * 2 + 64)
            writer.field(item.input.bytes)
            writer.field(item.output?.bytes)
            writer.byte(UInt8(ConversionReport.Status.allCases.firstIndex(of: item.status) ?? 0))
            writer.string(item.sourceType)
            writer.number(UInt32(item.route.count))
            for codec in item.route { writer.string(codec) }
            writer.number(UInt32(item.warnings.count))
            for warning in item.warnings {
                writer.string(warning.code)
                writer.string(warning.path)
                writer.string(warning.message)
            }
            writer.field(item.error.flatMap { try? JSONEncoder().encode($0) }.map(Array.init))
            self.init(frame: writer.framed, inputLength: item.input.bytes.count)
        }

        private init(frame: [UInt8], inputLength: Int) {
            bytes = frame
            // The frame's length (4 bytes), the input's length (4 bytes), then the input.
            input = frame[8..<(8 + inputLength)]
        }

        /// The record at the start of `buffer` and its length, or nil when the buffer does not hold all of it yet.
        static func parse(_ buffer: ArraySlice<UInt8>) throws -> (Record, Int)? {
            guard let length = BinaryWriter.frameLength(buffer) else { return nil }
            let frame = Array(buffer.prefix(length))
            var reader = BinaryReader(frame, position: 4, damaged: damaged)
            let inputLength = try reader.number()
            guard inputLength != BinaryWriter.none, 8 + Int(inputLength) <= frame.count else { throw damaged }
            return (Record(frame: frame, inputLength: Int(inputLength)), length)
        }

        /// The report line this record holds.
        func item() throws -> ConversionReport.Item {
            var reader = BinaryReader(bytes, position: 4, damaged: Self.damaged)
            let input = ItemPath(bytes: try reader.field() ?? [])
            let output = try reader.field().map(ItemPath.init(bytes:))
            let statusIndex = Int(try reader.byte())
            let statuses = ConversionReport.Status.allCases
            guard statusIndex < statuses.count else { throw Self.damaged }
            let sourceType = try reader.string()
            var route: [String] = []
            for _ in 0..<(try reader.count()) { route.append(try reader.string() ?? "") }
            var warnings: [ConversionWarning] = []
            for _ in 0..<(try reader.count()) {
                let code = try reader.string() ?? ""
                let path = try reader.string() ?? ""
                let message = try reader.string() ?? ""
                warnings.append(ConversionWarning(code: code, path: path, message: message))
            }
            let error = try reader.field().map { try JSONDecoder().decode(ConversionError.self, from: Data($0)) }
            return ConversionReport.Item(
                input: input, output: output, status: statuses[statusIndex], sourceType: sourceType, route: route, warnings: warnings, error: error)
        }
    }
}
