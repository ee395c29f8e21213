import DocumentCodecs
import DocumentPlatform
import Foundation
import SystemSeam
import Testing

@testable import Conversion

@Suite struct FrameReaderTests {
    /// Answers of different lengths, one much longer than a small reader's buffer.
    private func answers() -> [PreparedItem] {
        (0..<40).map { index in
            var answer = PreparedItem()
            answer.sourceType = "public.plain-text"
            answer.route = ["plain-text"]
            answer.inputSize = Int64(index)
            answer.inputHash = String(repeating: "a", count: index * 7)
            if index == 17 {
                answer.warnings = [
                    ConversionWarning(code: "w", path: "p", message: String(repeating: "é", count: 3_000))
                ]
            }
            return answer
        }
    }

    /// Reads every frame of `stream` handing the reader at most `chunk(readNumber)` bytes per read, as a pipe may.
    private func frames(of stream: [UInt8], reader: inout FrameReader, chunk: (Int) -> Int) -> [[UInt8]] {
        var position = 0
        var reads = 0
        var result: [[UInt8]] = []
        while let frame = reader.next(readingInto: { room in
            let count = min(room.count, chunk(reads), stream.count - position)
            reads += 1
            guard count > 0 else { return 0 }
            for offset in 0..<count { room[offset] = stream[position + offset] }
            position += count
            return count
        }) {
            result.append(frame)
        }
        return result
    }

    @Test func answersSplitAcrossReadsAndManyInOneReadParseAlike() throws {
        let expected = answers()
        let stream = expected.flatMap(\.frame)
        // One byte per read; a prime number that splits headers and bodies; everything the room takes; irregular reads.
        let patterns: [(Int) -> Int] = [
            { _ in 1 }, { _ in 13 }, { _ in Int.max }, { [1, 4_000, 3, 250, 9_999][$0 % 5] },
        ]
        for capacity in [8, 100, FrameReader.initialCapacity] {
            for pattern in patterns {
                var reader = FrameReader(capacity: capacity)
                let read = frames(of: stream, reader: &reader, chunk: pattern)
                #expect(read.count == expected.count)
                #expect(try read.map { try PreparedItem(frame: $0) } == expected)
            }
        }
    }

    @Test func theBufferIsReusedNotGrownWhileFramesFit() throws {
        var answer = PreparedItem()
        answer.inputHash = String(repeating: "b", count: 200)
        let frame = answer.frame
        // Reads that end in the middle of a frame, so the reader must keep and move partial frames.
        let stream = Array([[UInt8]](repeating: frame, count: 2_000).joined())
        var reader = FrameReader(capacity: 1_024)
        let read = frames(of: stream, reader: &reader, chunk: { _ in 700 })
        #expect(read.count == 2_000)
        #expect(read.allSatisfy { $0 == frame })
        #expect(reader.capacity == 1_024)

        // A frame longer than the room makes it grow, once, to hold that frame.
        var long = PreparedItem()
        long.inputHash = String(repeating: "c", count: 5_000)
        var small = FrameReader(capacity: 1_024)
        let longRead = frames(of: long.frame + frame, reader: &small, chunk: { _ in 700 })
        #expect(try longRead.map { try PreparedItem(frame: $0) } == [long, answer])
        #expect(small.capacity == 8_192)
    }

    @Test func aStreamThatEndsInsideAFrameYieldsNoPartialFrame() {
        var answer = PreparedItem()
        answer.route = ["a"]
        let stream = answer.frame + Array(answer.frame.dropLast(2))
        var reader = FrameReader(capacity: 16)
        let read = frames(of: stream, reader: &reader, chunk: { _ in 5 })
        #expect(read == [answer.frame])
    }

    @Test func readsFromARealPipeThroughTheReusedBuffer() throws {
        let expected = answers()
        let pipe = Pipe()
        let writer = Thread {
            // Written in uneven pieces from another thread, so reads see splits and several frames at once.
            let stream = expected.flatMap(\.frame)
            var position = 0
            var size = 1
            while position < stream.count {
                let end = min(stream.count, position + size)
                try? pipe.fileHandleForWriting.write(contentsOf: Array(stream[position..<end]))
                position = end
                size = size * 3 % 5_003 + 1
            }
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        var reader = FrameReader(capacity: 64)
        var read: [PreparedItem] = []
        while let frame = reader.next(readingInto: { PipeReading.readSome(from: descriptor, into: $0) }) {
            read.append(try PreparedItem(frame: frame))
        }
        #expect(read == expected)
    }
}
