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
        // A file's attributes are read on the descriptor it is read through; a package's by its path, at the end.
        var inputAttributes: [(name: String, value: [UInt8])]?
        switch kind {
        case .file:
            let (file, opened) = try ByteNamedOpenFile.openForReading(input.bytes, followingLinks: true)
            let data = try file.contents(expectedSize: opened.size)
            inputAttributes = (try? file.extendedAttributes()) ?? []
            wrapper = FileWrapper(regularFileWithContents: data)
            wrapper.preferredFilename = String(decoding: input.lastComponent, as: UTF8.self)
            status = opened
            leadingBytes = Array(data.prefix(ContentTypeDetector.sniffedByteCount))
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
        // A file output stays open from its creation to its last metadata call: no step looks its path up again.
        let writtenFile = try write(output, to: temporary, isFolder: &result.outputIsFolder)

        let written: FileWrapper
        if case let (file, size)? = writtenFile {
            written = FileWrapper(regularFileWithContents: try file.contents(expectedSize: size))
        } else {
            guard let url = temporary.fileURL else { throw ConversionError(code: "convert.output-path-not-utf8", message: "the output path is not UTF-8") }
            written = try FileWrapper(url: url, options: .immediate)
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
        if case let (file, _)? = writtenFile {
            let attributes = inputAttributes ?? ((try? ExtendedAttributes.all(atPath: input.bytes)) ?? [])
            try Self.finishOutput(file, at: temporary, attributes: attributes, status: status)
        } else {
            try Self.copyMetadata(from: input, status: status, to: temporary)
        }
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

    /// Writes `output` at `temporary`; a file output comes back still open (read and write), with the bytes written.
    private func write(_ output: FileWrapper, to temporary: ItemPath, isFolder: inout Bool) throws -> (ByteNamedOpenFile, Int64)? {
        if output.isRegularFile {
            guard let data = output.regularFileContents else {
                throw ConversionError(code: "convert.encode.unreadable", message: "the encoded output has no contents")
            }
            let file = try ByteNamedOpenFile.create(temporary.bytes)
            isFolder = false
            try file.write(data)
            return (file, Int64(data.count))
        } else if output.isDirectory {
            guard let url = temporary.fileURL else {
                throw ConversionError(code: "convert.output-path-not-utf8", message: "a package output needs a UTF-8 path")
            }
            try output.write(to: url, options: [], originalContentsURL: nil)
            isFolder = true
            return nil
        } else {
            throw ConversionError(code: "convert.encode.link", message: "the codec encoded a symbolic link, which a job does not write")
        }
    }

    /// Gives `destination` the permission bits, extended attributes and modification time of `source`.
    ///
    /// Attributes first: the kernel checks a `user.*` attribute's write against the permission bits,
    /// so after bits that forbid writing (a read-only input's) it would refuse them to anyone but root.
    static func copyMetadata(from source: ItemPath, status: FileStatus, to destination: ItemPath) throws {
        for attribute in (try? ExtendedAttributes.all(atPath: source.bytes)) ?? [] {
            // A namespace the user may not write (`trusted.*`, `security.*`) is not worth failing the item over.
            try? ExtendedAttributes.set(attribute.name, value: attribute.value, atPath: destination.bytes)
        }
        try ByteNamedFiles.setPermissions(destination.bytes, status.permissions)
        try ByteNamedFiles.setModificationTime(destination.bytes, seconds: status.modificationSeconds, nanoseconds: status.modificationNanoseconds)
    }

    /// Gives the open temporary output `file` at `temporary` the input's metadata; when that fails, removes the temporary and rethrows.
    ///
    /// An output without its input's permission bits or time must never be renamed into place, nor left behind.
    static func finishOutput(_ file: ByteNamedOpenFile, at temporary: ItemPath, attributes: [(name: String, value: [UInt8])], status: FileStatus) throws {
        do {
            try copyMetadata(attributes: attributes, status: status, to: file)
        } catch {
            try? ByteNamedFiles.removeTree(temporary.bytes)
            throw error
        }
    }

    /// Gives the open `file` the extended attributes `attributes`, then the permission bits and modification time in `status`.
    ///
    /// On the descriptor rather than by path: three path lookups fewer per item. The order is
    /// `copyMetadata(from:status:to:)`'s, and the time comes last because nothing after it may touch the file.
    static func copyMetadata(attributes: [(name: String, value: [UInt8])], status: FileStatus, to file: ByteNamedOpenFile) throws {
        for attribute in attributes {
            // A namespace the user may not write (`trusted.*`, `security.*`) is not worth failing the item over.
            try? file.setExtendedAttribute(attribute.name, value: attribute.value)
        }
        try file.setPermissions(status.permissions)
        try file.setModificationTime(seconds: status.modificationSeconds, nanoseconds: status.modificationNanoseconds)
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
