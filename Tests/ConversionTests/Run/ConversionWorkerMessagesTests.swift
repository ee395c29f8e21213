import DocumentCodecs
import Foundation
import Testing

@testable import Conversion

@Suite struct ConversionWorkerMessagesTests {
    @Test func requestsAndAnswersRoundTripThroughFramesSplitAnywhere() throws {
        let request = ConversionWorker.Request(
            input: ItemPath(bytes: Array("in/a\n".utf8) + [0xFF]), kind: .package,
            temporary: ItemPath("out/.docmigrate-tmp-x"))
        var answer = PreparedItem()
        answer.sourceType = "com.example.notebook"
        answer.route = ["notebook", "plain-text"]
        answer.inputSize = -5
        answer.inputModificationSeconds = 1_700_000_000
        answer.inputModificationNanoseconds = 999_999_999
        answer.inputHash = "ab"
        answer.outputIsFolder = true
        answer.warnings = [ConversionWarning(code: "w", path: "p", message: "lost é")]
        answer.error = ConversionError(
            code: "text.bad", message: "bad", file: "f", location: .inMember("m", .line(3, column: 4)))
        let empty = PreparedItem()

        let stream = request.frame + answer.frame + empty.frame
        // Fed one byte at a time, as a pipe may deliver them.
        var position = 0
        var reader = FrameReader()
        let read: () -> Data = {
            defer { position += 1 }
            return position < stream.count ? Data([stream[position]]) : Data()
        }
        let frames = [
            reader.next(reading: read), reader.next(reading: read), reader.next(reading: read),
            reader.next(reading: read),
        ]
        #expect(frames[3] == nil)
        let decodedRequest = try ConversionWorker.Request(frame: try #require(frames[0]))
        #expect(
            decodedRequest.input == request.input && decodedRequest.kind == .package
                && decodedRequest.temporary == request.temporary)
        #expect(try PreparedItem(frame: try #require(frames[1])) == answer)
        #expect(try PreparedItem(frame: try #require(frames[2])) == empty)
    }

    @Test func aTruncatedAnswerIsAnErrorNotACrash() throws {
        var answer = PreparedItem()
        answer.route = ["a", "b"]
        let frame = answer.frame
        // The length says the frame is whole, but its last field is cut short.
        var damaged = Array(frame.dropLast(3))
        let length = UInt32(damaged.count - 4)
        damaged.replaceSubrange(0..<4, with: [UInt8(length & 0xFF), UInt8(length >> 8 & 0xFF), 0, 0])
        let error = try #require(throws: ConversionError.self) { try PreparedItem(frame: damaged) }
        #expect(error.code == "convert.worker.bad-answer")
    }

    @Test func oddPathsAndErrorTextsRoundTripExactly() throws {
        // Paths with every byte a name may hold: newlines, quotes, NUL-free control bytes, invalid UTF-8, a very long
        // one, an empty one.
        let paths: [[UInt8]] = [
            [], Array("a\nb\r\t\"'\\".utf8), [0xFF, 0xFE, 0x2F, 0x80],
            Array((1...255).map { UInt8($0) }.filter { $0 != 0x2F }),
            Array(String(repeating: "\u{1F600}/", count: 700).utf8),
        ]
        for (index, path) in paths.enumerated() {
            for kind in PlannedItem.Kind.allCases {
                for answersAtOnce in [false, true] {
                    var request = ConversionWorker.Request(
                        input: ItemPath(bytes: path), kind: kind, temporary: ItemPath(bytes: path.reversed()))
                    request.answersAtOnce = answersAtOnce
                    let frame = request.frame
                    #expect(frame.count == request.frameSize)
                    let decoded = try ConversionWorker.Request(frame: frame)
                    #expect(decoded.input.bytes == path && decoded.temporary.bytes == path.reversed(), "path \(index)")
                    #expect(decoded.kind == kind && decoded.answersAtOnce == answersAtOnce)
                }
            }
        }
        var answer = PreparedItem()
        answer.sourceType = ""
        answer.route = ["", "x\u{0}y", "é"]
        answer.inputHash = nil
        answer.outputHash = String(repeating: "f", count: 64)
        answer.inputSize = .max
        answer.inputModificationSeconds = .min
        answer.warnings = [ConversionWarning(code: "", path: "\n", message: "\"quoted\"\r\n\u{7F}")]
        answer.error = ConversionError(
            code: "text.invalid", message: "line 1:\n\t\"bad\" \\ \u{FFFD}",
            file: String(decoding: [0x61, 0xFF], as: UTF8.self),
            location: .inMember("m/\n", .byte(500)))
        let decoded = try PreparedItem(frame: answer.frame)
        #expect(decoded == answer)
        #expect(decoded.sourceType == "" && decoded.inputHash == nil)
        #expect(decoded.error?.message == answer.error?.message && decoded.error?.file == answer.error?.file)
    }

    @Test func repeatedNamesAreReadOnceAndStayEqual() throws {
        var names = AnswerNames()
        var first = PreparedItem()
        first.sourceType = "public.plain-text"
        first.route = ["plain-text", "json"]
        var second = first
        second.sourceType = "com.example.notebook"
        second.route = ["notebook", "plain-text"]
        // Answers alternate between two types and routes; each must come back as sent, never another's names.
        for answer in [first, second, first, second, second, first] {
            let decoded = try answer.frame.withUnsafeBytes { try PreparedItem(frame: $0, names: &names) }
            #expect(decoded == answer)
        }
        // More distinct names than the cache keeps are still read right.
        for index in 0..<(AnswerNames.limit * 2) {
            var answer = PreparedItem()
            answer.sourceType = "type.\(index).with-a-long-name"
            answer.route = ["codec-\(index)"]
            #expect(try answer.frame.withUnsafeBytes { try PreparedItem(frame: $0, names: &names) } == answer)
        }
    }

    @Test func aFrameOfAnotherVersionIsRefusedClearly() throws {
        var answer = PreparedItem()
        answer.sourceType = "public.plain-text"
        var frame = answer.frame
        frame[5] = WorkerFrame.version &+ 1
        let error = try #require(throws: ConversionError.self) { try PreparedItem(frame: frame) }
        #expect(error.code == "convert.worker.version-mismatch")
        // A request frame of the earlier format (its input's length first, no mark) is refused, not misread.
        var writer = BinaryWriter(capacity: 64)
        writer.field(Array("in/a.txt".utf8))
        writer.byte(0)
        writer.field(Array("out/.docmigrate-tmp-1".utf8))
        writer.byte(1)
        let requestError = try #require(throws: ConversionError.self) {
            try ConversionWorker.Request(frame: writer.framed)
        }
        #expect(requestError.code == "convert.worker.version-mismatch")
        // Too short to hold even the mark: damaged, not a crash.
        let shortError = try #require(throws: ConversionError.self) { try PreparedItem(frame: [1, 0, 0, 0, 0xD7]) }
        #expect(shortError.code == "convert.worker.bad-answer")
    }

    @Test func framesAreReadWhereTheyLieInTheReadersBuffer() throws {
        var answers: [PreparedItem] = []
        for index in 0..<50 {
            var answer = PreparedItem()
            answer.sourceType = index.isMultiple(of: 2) ? "public.plain-text" : "public.json"
            answer.route = ["plain-text"]
            answer.inputHash = String(repeating: "\(index % 10)", count: 64)
            answer.inputSize = Int64(index)
            answers.append(answer)
        }
        var stream: [UInt8] = []
        for answer in answers { answer.appendFrame(to: &stream) }
        var reader = FrameReader(capacity: 64)
        var names = AnswerNames()
        var position = 0
        var decoded: [PreparedItem] = []
        while let answer = reader.nextFrame(
            readingInto: { room in
                // Seven bytes a read: frames split everywhere, lengths included.
                let count = min(room.count, 7, stream.count - position)
                for offset in 0..<count { room[offset] = stream[position + offset] }
                position += count
                return count
            }, { frame in try? PreparedItem(frame: frame, names: &names) })
        {
            decoded.append(try #require(answer))
        }
        #expect(decoded == answers)
    }
}
