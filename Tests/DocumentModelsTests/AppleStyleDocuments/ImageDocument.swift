// Written as Apple's documentation writes a document with a custom reader and writer:
// https://developer.apple.com/documentation/swiftui/documentreader (`struct ImageReader: DocumentReader`),
// https://developer.apple.com/documentation/swiftui/documentwriter (`struct ImageWriter: DocumentWriter`),
// with progress reported per chunk through `Subprogress` and a chunked `FileHandle` write, as
// https://developer.apple.com/documentation/swiftui/documentwriter/write(snapshot:to:previous:progress:) describes.
// CGImage does not exist on Linux, so the image is raw bytes behind a small header; apart from
// that and the import line, the shapes are Apple's.
import DocumentModels

extension UTType {
    static let rawImage = UTType(exportedAs: "com.example.raw-image", conformingTo: .data)
}

/// A decoded image: its size and its pixels, one byte each.
struct RawImage: Sendable, Equatable {
    var width: Int
    var height: Int
    var pixels: Data

    static let magic = Data("RAWIMAGE".utf8)
    static let headerSize = magic.count + 8
    static let chunkSize = 4096
}

struct ImageReader: DocumentReader {
    @concurrent
    func read(from source: URL, progress: consuming Subprogress) async throws -> sending RawImage {
        let handle = try FileHandle(forReadingFrom: source)
        defer { try? handle.close() }
        guard let header = try handle.read(upToCount: RawImage.headerSize), header.count == RawImage.headerSize,
            header.prefix(RawImage.magic.count) == RawImage.magic
        else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let width =
            Int(header[header.startIndex + 8]) << 24 | Int(header[header.startIndex + 9]) << 16
            | Int(header[header.startIndex + 10]) << 8 | Int(header[header.startIndex + 11])
        let height =
            Int(header[header.startIndex + 12]) << 24 | Int(header[header.startIndex + 13]) << 16
            | Int(header[header.startIndex + 14]) << 8 | Int(header[header.startIndex + 15])
        let expected = width * height
        let chunks = max(1, (expected + RawImage.chunkSize - 1) / RawImage.chunkSize)
        let reporter = progress.start(totalCount: chunks)
        var pixels = Data()
        while pixels.count < expected {
            guard let chunk = try handle.read(upToCount: min(RawImage.chunkSize, expected - pixels.count)),
                !chunk.isEmpty
            else {
                throw CocoaError(.fileReadCorruptFile)
            }
            pixels.append(chunk)
            reporter.complete(count: 1)
        }
        guard try handle.readToEnd()?.isEmpty ?? true else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return RawImage(width: width, height: height, pixels: pixels)
    }
}

struct ImageWriter: DocumentWriter {
    @concurrent
    func write(
        snapshot image: sending RawImage, to destination: URL, previous: sending RawImage?,
        progress: consuming Subprogress
    ) async throws {
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: destination)
        defer { try? handle.close() }
        var header = RawImage.magic
        for value in [image.width, image.height] {
            header.append(contentsOf: [
                UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
            ])
        }
        try handle.write(contentsOf: header)
        let chunks = stride(from: 0, to: image.pixels.count, by: RawImage.chunkSize)
        let reporter = progress.start(totalCount: max(1, chunks.underestimatedCount))
        for start in chunks {
            let end = min(start + RawImage.chunkSize, image.pixels.count)
            try handle.write(contentsOf: image.pixels[image.pixels.startIndex + start..<image.pixels.startIndex + end])
            reporter.complete(count: 1)
        }
        try handle.synchronize()
    }
}

@Observable
final class ImageDocument: Document {
    static let readableContentTypes: [UTType] = [.rawImage]

    var image = RawImage(width: 0, height: 0, pixels: Data())

    func reader(configuration: sending ReadConfiguration) -> sending ImageReader {
        ImageReader()
    }

    @MainActor
    func apply(snapshot: sending RawImage, previous: sending RawImage?) async throws {
        image = snapshot
    }

    func writer(configuration: sending WriteConfiguration) -> sending ImageWriter {
        ImageWriter()
    }

    @MainActor
    func snapshot(contentType: UTType) async throws -> sending RawImage {
        image
    }
}
