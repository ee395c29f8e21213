@testable import Conversion
import DocumentCodecs
import Foundation
import Testing

@Suite struct ConversionWorkerMessagesTests {
    @Test func requestsAndAnswersRoundTripThroughFramesSplitAnywhere() throws {
        let request = ConversionWorker.Request(input: ItemPath(bytes: Array("in/a\n".utf8) + [0xFF]), kind: .package, temporary: ItemPath("out/.docmigrate-tmp-x"))
        var answer = PreparedItem()
        answer.sourceType = "com.example.notebook"
        answer.route = ["notebook", "plain-text"]
        answer.inputSize = -5
        answer.inputModificationSeconds = 1_700_000_000
        answer.inputModificationNanoseconds = 999_999_999
        answer.inputHash = "ab"
        answer.outputIsFolder = true
        answer.warnings = [ConversionWarning(code: "w", path: "p", message: "lost é")]
        answer.error = ConversionError(code: "text.bad", message: "bad", file: "f", location: .inMember("m", .line(3, column: 4)))
        let empty = PreparedItem()

        let stream = request.frame + answer.frame + empty.frame
        // Fed one byte at a time, as a pipe may deliver them.
        var position = 0
        var reader = FrameReader()
        let read: () -> Data = {
            defer { position += 1 }
            return position < stream.count ? Data([stream[position]]) : Data()
        }
        let frames = [reader.next(reading: read), reader.next(reading: read), reader.next(reading: read), reader.next(reading: read)]
        #expect(frames[3] == nil)
        let decodedRequest = try ConversionWorker.Request(frame: try #require(frames[0]))
        #expect(decodedRequest.input == request.input && decodedRequest.kind == .package && decodedRequest.temporary == request.temporary)
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
}
