import DocumentCodecs
import Foundation

extension ItemSpill {
    /// One report line as one frame of `BinaryWriter` fields, which keeps paths as exact bytes (newlines included).
    ///
    /// Fields: the input path, the output path (or none), the status, the source type (or none), the
    /// route, the warnings and the error (its fields in the same binary form, or none). No item is
    /// encoded or decoded with `JSONEncoder`, which costs more than the rest of an item's bookkeeping.
    ///
    /// A record is written straight into the spill's buffer (`append`) and read where it lies (`View`):
    /// a job records thousands of items a second, and an array per record would cost more than the record.
    enum Record {
        static let damaged = ConversionError(
            code: .reportSpillCorrupt, message: "a record of the report's temporary file is damaged")

        /// The bytes before the input path in a frame: the frame's length, then the input's length.
        static let inputOffset = 8

        /// The error's field, encoded before the spill's lock is taken: the code, the message, the file, then the
        /// location.
        static func errorField(_ item: ConversionReport.Item) -> [UInt8]? {
            guard let error = item.error else { return nil }
            var writer = BinaryWriter(
                capacity: 64 + error.code.utf8.count + error.message.utf8.count + (error.file?.utf8.count ?? 0))
            writer.string(error.code)
            writer.string(error.message)
            writer.string(error.file)
            appendLocation(error.location, to: &writer)
            return writer.bytes
        }

        /// The tag of each kind of `ErrorLocation` in an error's field.
        private enum LocationTag: UInt8 {
            case absent, byte, line, member, keyPath, inMember
        }

        /// A location as its tag and its values; a place inside a member is the member, then the inner location.
        private static func appendLocation(_ location: ErrorLocation?, to writer: inout BinaryWriter) {
            var next = location
            while true {
                switch next {
                case nil:
                    writer.byte(LocationTag.absent.rawValue)
                    return
                case .byte(let offset)?:
                    writer.byte(LocationTag.byte.rawValue)
                    writer.number(Int64(offset))
                    return
                case .line(let line, let column)?:
                    writer.byte(LocationTag.line.rawValue)
                    writer.number(Int64(line))
                    writer.number(Int64(column))
                    return
                case .member(let path)?:
                    writer.byte(LocationTag.member.rawValue)
                    writer.string(path)
                    return
                case .keyPath(let path)?:
                    writer.byte(LocationTag.keyPath.rawValue)
                    writer.string(path)
                    return
                case .inMember(let path, let inner)?:
                    writer.byte(LocationTag.inMember.rawValue)
                    writer.string(path)
                    next = inner
                }
            }
        }

        /// The error of a field written by `errorField`.
        static func decodeError(_ field: UnsafeRawBufferPointer) throws -> ConversionError {
            var reader = BinaryReader(field, damaged: damaged)
            guard let code = try reader.string(), let message = try reader.string() else { throw damaged }
            let file = try reader.string()
            // The members that enclose the innermost location, outermost first.
            var members: [String] = []
            var location: ErrorLocation?
            reading: while true {
                guard let tag = LocationTag(rawValue: try reader.byte()) else { throw damaged }
                switch tag {
                case .absent:
                    guard members.isEmpty else { throw damaged }
                    break reading
                case .byte:
                    location = .byte(Int(truncatingIfNeeded: try reader.number64()))
                    break reading
                case .line:
                    let line = Int(truncatingIfNeeded: try reader.number64())
                    location = .line(line, column: Int(truncatingIfNeeded: try reader.number64()))
                    break reading
                case .member:
                    location = .member(try reader.string() ?? "")
                    break reading
                case .keyPath:
                    location = .keyPath(try reader.string() ?? "")
                    break reading
                case .inMember:
                    members.append(try reader.string() ?? "")
                }
            }
            for member in members.reversed() { location = location.map { .inMember(member, $0) } }
            guard reader.position == field.count else { throw damaged }
            return ConversionError(code: code, message: message, file: file, location: location)
        }

        /// Appends the frame of `item` (its error's field already encoded by `errorField`) to `buffer`.
        static func append(_ item: ConversionReport.Item, error: [UInt8]?, to buffer: inout [UInt8]) {
            let start = buffer.count
            // The frame's length, filled in at the end.
            number(0, to: &buffer)
            field(item.input.bytes, to: &buffer)
            field(item.output?.bytes, to: &buffer)
            buffer.append(statusIndex(item.status))
            string(item.sourceType, to: &buffer)
            number(UInt32(item.route.count), to: &buffer)
            for codec in item.route { string(codec, to: &buffer) }
            number(UInt32(item.warnings.count), to: &buffer)
            for warning in item.warnings {
                string(warning.code, to: &buffer)
                string(warning.path, to: &buffer)
                string(warning.message, to: &buffer)
            }
            field(error, to: &buffer)
            let length = UInt32(buffer.count - start - 4)
            for index in 0..<4 { buffer[start + index] = UInt8(truncatingIfNeeded: length >> UInt32(8 * index)) }
        }

        /// The frame's length (length prefix included) of `item`.
        static func encodedLength(_ item: ConversionReport.Item) -> Int {
            var buffer: [UInt8] = []
            append(item, error: errorField(item), to: &buffer)
            return buffer.count
        }

        /// The status's byte: its place among `Status.allCases`.
        static func statusIndex(_ status: ConversionReport.Status) -> UInt8 {
            switch status {
            case .converted: 0
            case .resumed: 1
            case .skipped: 2
            case .warning: 3
            case .failed: 4
            case .planned: 5
            }
        }

        private static func number(_ value: UInt32, to buffer: inout [UInt8]) {
            buffer.append(UInt8(truncatingIfNeeded: value))
            buffer.append(UInt8(truncatingIfNeeded: value >> 8))
            buffer.append(UInt8(truncatingIfNeeded: value >> 16))
            buffer.append(UInt8(truncatingIfNeeded: value >> 24))
        }

        private static func field(_ value: [UInt8]?, to buffer: inout [UInt8]) {
            guard let value else {
                number(BinaryWriter.none, to: &buffer)
                return
            }
            number(UInt32(value.count), to: &buffer)
            buffer.append(contentsOf: value)
        }

        private static func string(_ value: String?, to buffer: inout [UInt8]) {
            guard var value else {
                number(BinaryWriter.none, to: &buffer)
                return
            }
            let utf8 = value.utf8
            number(UInt32(utf8.count), to: &buffer)
            if utf8.withContiguousStorageIfAvailable({ buffer.append(contentsOf: $0) }) == nil {
                value.makeContiguousUTF8()
                buffer.append(contentsOf: value.utf8)
            }
        }

        /// The length of the frame at the start of `bytes` (length prefix included), when all of it is there.
        static func frameLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            guard bytes.count >= 4 else { return nil }
            let length = 4 + Int(readNumber(bytes, at: 0))
            return bytes.count >= length ? length : nil
        }

        static func readNumber(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
            UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(
                bytes[offset + 3]) << 24
        }

        /// One whole frame where it lies (in the spill's buffer or a read buffer), valid during the call it is handed
        /// to.
        struct View {
            /// The frame, length prefix included.
            let frame: UnsafeBufferPointer<UInt8>
            /// The input path's bytes, the sort key.
            let input: UnsafeBufferPointer<UInt8>

            /// The record that is `frame` (one whole frame), checked as far as its input path.
            init(frame: UnsafeBufferPointer<UInt8>) throws {
                guard frame.count >= inputOffset else { throw damaged }
                let inputLength = Int(readNumber(frame, at: 4))
                guard inputLength != Int(BinaryWriter.none), inputOffset + inputLength <= frame.count else {
                    throw damaged
                }
                self.frame = frame
                input = UnsafeBufferPointer(rebasing: frame[inputOffset..<(inputOffset + inputLength)])
            }

            /// The item's status, read without decoding the rest (a text report skips converted items).
            func status() throws -> ConversionReport.Status {
                var position = inputOffset + input.count
                guard position + 4 <= frame.count else { throw damaged }
                let outputLength = readNumber(frame, at: position)
                position += 4
                if outputLength != BinaryWriter.none { position += Int(outputLength) }
                guard position < frame.count else { throw damaged }
                let statuses = ConversionReport.Status.allCases
                let index = Int(frame[position])
                guard index < statuses.count else { throw damaged }
                return statuses[index]
            }

            /// The fields of an item with no warnings and no error (most items of a job), read in place; nil for any
            /// other item.
            ///
            /// The JSON writer writes such an item from these bytes without decoding it into an `Item`.
            func plain() throws -> Plain? {
                var reader = BinaryReader(
                    UnsafeRawBufferPointer(frame), position: inputOffset + input.count, damaged: damaged)
                let output = try reader.field()
                let statusIndex = Int(try reader.byte())
                let statuses = ConversionReport.Status.allCases
                guard statusIndex < statuses.count else { throw damaged }
                let sourceType = try reader.field()
                let routeCount = try reader.count()
                let routeStart = reader.position
                // A codec that reads as "none" is left to `item()`, which reads it as empty.
                for _ in 0..<routeCount { guard try reader.field() != nil else { return nil } }
                let route = reader.bytes(from: routeStart)
                guard try reader.count() == 0, try reader.field() == nil else { return nil }
                func bytes(_ raw: UnsafeRawBufferPointer) -> UnsafeBufferPointer<UInt8> {
                    raw.assumingMemoryBound(to: UInt8.self)
                }
                return Plain(
                    input: input, output: output.map(bytes), status: statuses[statusIndex],
                    sourceType: sourceType.map(bytes), routeCount: routeCount,
                    route: bytes(route))
            }

            /// The report line this record holds.
            func item() throws -> ConversionReport.Item {
                var reader = BinaryReader(UnsafeRawBufferPointer(frame), position: 4, damaged: damaged)
                let input = ItemPath(bytes: try reader.field().map { Array($0) } ?? [])
                let output = try reader.field().map { ItemPath(bytes: Array($0)) }
                let statusIndex = Int(try reader.byte())
                let statuses = ConversionReport.Status.allCases
                guard statusIndex < statuses.count else { throw damaged }
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
                let error = try reader.field().map(Record.decodeError)
                return ConversionReport.Item(
                    input: input, output: output, status: statuses[statusIndex], sourceType: sourceType, route: route,
                    warnings: warnings, error: error)
            }
        }

        /// An item with no warnings and no error, its fields where they lie in a record (valid while the record is).
        struct Plain {
            /// The input path's bytes.
            let input: UnsafeBufferPointer<UInt8>
            /// The output path's bytes, if any.
            let output: UnsafeBufferPointer<UInt8>?
            let status: ConversionReport.Status
            /// The source type's UTF-8, if any.
            let sourceType: UnsafeBufferPointer<UInt8>?
            /// How many codecs `route` holds.
            let routeCount: Int
            /// The route's codecs as byte strings (a 4-byte length, then the UTF-8), already checked by `plain()`.
            let route: UnsafeBufferPointer<UInt8>

            /// Calls `body` with each codec's UTF-8 along the route, source first.
            func forEachCodec(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
                var position = 0
                for _ in 0..<routeCount {
                    let length = Int(readNumber(route, at: position))
                    body(UnsafeBufferPointer(rebasing: route[(position + 4)..<(position + 4 + length)]))
                    position += 4 + length
                }
            }
        }

        /// Whether path `left` sorts before path `right`, byte-wise (`lexicographicallyPrecedes`), eight bytes at a
        /// time.
        static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
            compare(left, right) < 0
        }

        /// -1, 0 or 1 as `left` sorts before, equal to or after `right`, byte-wise; a prefix sorts first.
        static func compare(_ leftBytes: UnsafeBufferPointer<UInt8>, _ rightBytes: UnsafeBufferPointer<UInt8>) -> Int {
            let left = UnsafeRawBufferPointer(leftBytes), right = UnsafeRawBufferPointer(rightBytes)
            let common = min(left.count, right.count)
            var index = 0
            // Big-endian words compare as their bytes do, in order.
            while index + 8 <= common {
                let a = left.loadUnaligned(fromByteOffset: index, as: UInt64.self).bigEndian
                let b = right.loadUnaligned(fromByteOffset: index, as: UInt64.self).bigEndian
                if a != b { return a < b ? -1 : 1 }
                index += 8
            }
            while index < common {
                let a = left[index], b = right[index]
                if a != b { return a < b ? -1 : 1 }
                index += 1
            }
            return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
        }
    }
}
