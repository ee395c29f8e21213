import Comparison
import DocumentCodecs
import DocumentPlatform
import Foundation
import Synchronization

/// Decodes one input, converts it along its route, encodes it, verifies it and writes it to a temporary path.
///
/// The risky part of a job (a decoder meeting a hostile file), so a job runs it in a child worker
/// process; it never throws, and every failure becomes `PreparedItem.error`, naming the file and,
/// where the codec says, the byte offset or member. The temporary output gets the input's permission
/// bits, extended attributes and modification time before the job renames it into place.
public struct ItemPreparer: Sendable {
    /// The codecs and conversions items are prepared with.
    public var registry: CodecRegistry
    /// The routes to the job's target, one per source codec.
    public var routes: ConversionRoutes
    /// Re-decode the output and compare it with the converted snapshot (on unless `--no-verify`).
    public var verifies: Bool
    private let detectionCache = DetectionCache()

    /// A preparer for one job's target.
    public init(registry: CodecRegistry, routes: ConversionRoutes, verifies: Bool = true) {
        self.registry = registry
        self.routes = routes
        self.verifies = verifies
    }

    /// Prepares the item at `input` (a file, or a folder read as one document), writing the output at `temporary`.
    public func prepare(input: ItemPath, kind: PlannedItem.Kind, temporary: ItemPath) -> PreparedItem {
        var result = PreparedItem()
        do {
            try prepare(input: input, kind: kind, temporary: temporary, into: &result)
        } catch {
            result.error = ConversionError(error, file: input.description)
            try? ByteNamedFiles.removeTree(temporary.bytes)
            result.outputHash = nil
        }
        return result
    }

    private func prepare(input: ItemPath, kind: PlannedItem.Kind, temporary: ItemPath, into result: inout PreparedItem) throws {
        if kind == .file, try prepareStreaming(input: input, temporary: temporary, into: &result) { return }
        let wrapper: FileWrapper
        let status: FileStatus
        var leadingBytes: [UInt8] = []
        switch kind {
        case .file:
            let read = try ByteNamedFiles.contents(input.bytes, followingLinks: true)
            wrapper = FileWrapper(regularFileWithContents: read.data)
            wrapper.preferredFilename = String(decoding: input.lastComponent, as: UTF8.self)
            status = read.status
            leadingBytes = Array(read.data.prefix(ContentTypeDetector.sniffedByteCount))
        case .package:
            guard let url = input.fileURL else {
                throw ConversionError(code: "convert.package-name-not-utf8", message: "a package whose path is not UTF-8 cannot be read as one document")
            }
            wrapper = try FileWrapper(url: url, options: .immediate)
            guard let folderStatus = try ByteNamedFiles.statusFollowingLinks(input.bytes) else {
                throw ConversionError(code: "convert.input-missing", message: "the package vanished while it was read")
            }
            status = folderStatus
        case .other:
            throw ConversionError(code: "convert.skipped.not-a-file", message: "neither a file nor a folder")
        }
        result.inputSize = kind == .file ? status.size : 0
        result.inputModificationSeconds = status.modificationSeconds
        result.inputModificationNanoseconds = status.modificationNanoseconds
        result.inputHash = DocumentDigest.of(wrapper).hexString

        let (contentType, codec) = detect(input, kind: kind, leadingBytes: leadingBytes)
        result.sourceType = contentType.identifier
        guard let codec else {
            throw ConversionError(
                code: "convert.unsupported-type", message: "no registered codec reads \(contentType.identifier) (detected from the contents, then the name)")
        }
        let route = try routes.route(from: codec.identifier, registry: registry)
        result.route = route.codecIdentifiers

        var snapshot = try codec.decode(wrapper, contentType: contentType)
        for conversion in route.conversions {
            let converted = try conversion.convert(snapshot)
            result.warnings += conversion.warnings(converting: snapshot, into: converted)
            snapshot = converted
        }
        let output = try route.targetCodec.encode(snapshot, previous: nil, contentType: route.targetType)
        try write(output, to: temporary, isFolder: &result.outputIsFolder)

        let written: FileWrapper
        if result.outputIsFolder {
            guard let url = temporary.fileURL else { throw ConversionError(code: "convert.output-path-not-utf8", message: "the output path is not UTF-8") }
            written = try FileWrapper(url: url, options: .immediate)
        } else {
            written = FileWrapper(regularFileWithContents: try ByteNamedFiles.contents(temporary.bytes).data)
        }
        if verifies {
            // Read back as the codec reads its own output: the options for reading inputs (a forced
            // encoding, a fallback) describe the inputs, not what the target codec wrote.
            let reread = try route.targetCodec.withoutOptions.decode(written, contentType: route.targetType)
            let differences = try route.targetCodec.differences(expected: snapshot, actual: reread)
            if let first = differences.first {
                throw ConversionError(
                    code: "convert.verify.mismatch",
                    message: "the written output does not read back as the converted document: \(first) (\(differences.count) difference\(differences.count == 1 ? "" : "s"))")
            }
        }
        result.outputHash = DocumentDigest.of(written).hexString
        try Self.copyMetadata(from: input, status: status, to: temporary)
    }

    /// The content type and codec of the input, content first (a signature, then the extension, then a guess).
    func detect(_ input: ItemPath, kind: PlannedItem.Kind, leadingBytes: [UInt8]) -> (UTType, AnyDocumentCodec?) {
        let detector = ContentTypeDetector(codecs: registry, order: .contentFirst)
        if kind != .file, let url = input.fileURL {
            let detection = detector.detect(at: url)
            return (detection.contentType, detection.codec)
        }
        // A file: the same steps as `detect(at:)`, from the bytes already read rather than a second read.
        let sniffed = kind == .file ? ContentTypeDetector.sniff(leadingBytes) : nil
        let key = DetectionCache.Key(filenameExtension: input.filenameExtension, isFolder: kind == .package, sniffed: sniffed)
        if let known = detectionCache.answer(for: key) { return known }
        let detection = detector.detect(filenameExtension: key.filenameExtension, isFolder: key.isFolder, sniffed: sniffed)
        detectionCache.remember((detection.contentType, detection.codec), for: key)
        return (detection.contentType, detection.codec)
    }

    private func write(_ output: FileWrapper, to temporary: ItemPath, isFolder: inout Bool) throws {
        if output.isRegularFile {
            guard let data = output.regularFileContents else {
                throw ConversionError(code: "convert.encode.unreadable", message: "the encoded output has no contents")
            }
            try ByteNamedFiles.createFile(temporary.bytes, contents: data)
            isFolder = false
        } else if output.isDirectory {
            guard let url = temporary.fileURL else {
                throw ConversionError(code: "convert.output-path-not-utf8", message: "a package output needs a UTF-8 path")
            }
            try output.write(to: url, options: [], originalContentsURL: nil)
            isFolder = true
        } else {
            throw ConversionError(code: "convert.encode.link", message: "the codec encoded a symbolic link, which a job does not write")
        }
    }

    /// Gives `destination` the permission bits, extended attributes and modification time of `source`.
    static func copyMetadata(from source: ItemPath, status: FileStatus, to destination: ItemPath) throws {
        try ByteNamedFiles.setPermissions(destination.bytes, status.permissions)
        for attribute in (try? ExtendedAttributes.all(atPath: source.bytes)) ?? [] {
            // A namespace the user may not write (`trusted.*`, `security.*`) is not worth failing the item over.
            try? ExtendedAttributes.set(attribute.name, value: attribute.value, atPath: destination.bytes)
        }
        try ByteNamedFiles.setModificationTime(destination.bytes, seconds: status.modificationSeconds, nanoseconds: status.modificationNanoseconds)
    }
}

/// The detections a preparer made, by what decides them: the extension, file or folder, and what sniffing found.
///
/// Detection is a pure function of these and the registry, and it looks through every declared type
/// with the extension: for a corpus of many files of few kinds, that search once per kind, not per file.
/// At most `capacity` answers are kept, so a corpus of many different extensions does not grow it.
final class DetectionCache: Sendable {
    struct Key: Hashable, Sendable {
        var filenameExtension: String
        var isFolder: Bool
        var sniffed: ContentTypeDetector.Sniffed?
    }

    static let capacity = 256
    private let answers = Mutex<[Key: (UTType, AnyDocumentCodec?)]>([:])

    func answer(for key: Key) -> (UTType, AnyDocumentCodec?)? {
        answers.withLock { $0[key] }
    }

    func remember(_ answer: (UTType, AnyDocumentCodec?), for key: Key) {
        answers.withLock { answers in
            if answers.count < Self.capacity { answers[key] = answer }
        }
    }
}
