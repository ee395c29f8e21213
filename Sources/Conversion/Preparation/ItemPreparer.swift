import Comparison
import DocumentCodecs
import DocumentPlatform
import Foundation
import Synchronization
import SystemSeam

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
    public var routes: ConversionChains
    /// Re-decode the output and compare it with the converted snapshot (on unless `--no-verify`).
    public var verifies: Bool
    /// Which file items take the streaming route, and its block size.
    public var streaming: StreamingOptions
    /// Where the streaming route creates and writes its outputs: the system's files, or a test's double.
    package var outputFiles: any OutputFileCreating = SystemOutputFiles()
    private let detectionCache = DetectionCache()

    /// A preparer for one job's target.
    public init(
        registry: CodecRegistry, routes: ConversionChains, verifies: Bool = true,
        streaming: StreamingOptions = StreamingOptions()
    ) {
        self.registry = registry
        self.routes = routes
        self.verifies = verifies
        self.streaming = streaming
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

    private func prepare(
        input: ItemPath, kind: PlannedItem.Kind, temporary: ItemPath, into result: inout PreparedItem
    ) throws {
        // A file is read as bytes, and a wrapper made of them only for a codec that decodes them; a package is read as
        // a wrapper.
        let inputContents: Data?
        let package: FileWrapper?
        let status: FileStatus
        let detected: (UTType, AnyDocumentCodec?)
        // A file's attributes are read on the descriptor it is read through; a package's by its path, at the end.
        var inputAttributes: [(name: String, value: [UInt8])]?
        switch kind {
        case .file:
            guard let opened = try openUnlessStreamed(input: input, temporary: temporary, into: &result) else { return }
            let data = try opened.file.contents(endingAtSize: opened.status.size)
            inputAttributes = (try? opened.file.extendedAttributes()) ?? []
            inputContents = data
            package = nil
            status = opened.status
            detected = detect(input, kind: kind, leadingBytes: Array(data.prefix(ContentTypeDetector.sniffedByteCount)))
        case .package:
            guard let url = input.fileURL else {
                throw ConversionError(
                    code: .packageNameNotUTF8,
                    message: "a package whose path is not UTF-8 cannot be read as one document")
            }
            let wrapper = try FileWrapper(url: url, options: .immediate)
            guard let folderStatus = try ByteNamedFiles.statusFollowingLinks(input.bytes) else {
                throw ConversionError(code: .inputMissing, message: "the package vanished while it was read")
            }
            inputContents = nil
            package = wrapper
            status = folderStatus
            detected = detectPackage(at: url, isFolder: folderStatus.kind == .directory)
        case .other:
            throw ConversionError(code: .skippedNotAFile, message: "neither a file nor a folder")
        }
        // The input as codecs read it: the package, or a file of the bytes read, named as the input.
        func inputWrapper() -> FileWrapper {
            if let package { return package }
            let file = FileWrapper(regularFileWithContents: inputContents ?? Data())
            file.preferredFilename = String(decoding: input.lastComponent, as: UTF8.self)
            return file
        }
        result.inputSize = kind == .file ? status.size : 0
        result.inputModificationSeconds = status.modificationSeconds
        result.inputModificationNanoseconds = status.modificationNanoseconds
        result.inputHash =
            (inputContents.map { DocumentDigest.of(fileContents: $0) } ?? DocumentDigest.of(inputWrapper())).hexString

        let (contentType, codec) = detected
        result.sourceType = contentType.identifier
        guard let codec else {
            throw ConversionError(
                code: .unsupportedType,
                message:
                    "no registered codec reads \(contentType.identifier) (detected from the contents, then the name)")
        }
        let route = try routes.route(from: codec.identifier, registry: registry)
        result.route = route.codecIdentifiers

        // A file whose route keeps its bytes (UTF-8 text with LF, converted to UTF-8 with LF) is written as it
        // is: decoding, converting and encoding it would give the same bytes (see `ByteKeepingConversion`).
        var snapshot: AnySnapshot?
        let writtenFile: (ByteNamedOpenFile, Int64)?
        if let inputContents, route.conversions.count == 1,
            inputContents.withUnsafeBytes({ route.conversions[0].keepsBytes($0, from: codec, to: route.targetCodec) })
        {
            let file = try ByteNamedOpenFile.create(temporary.bytes)
            result.outputIsFolder = false
            try file.write(inputContents)
            writtenFile = (file, Int64(inputContents.count))
        } else {
            let converted = try Self.convert(
                inputWrapper(), as: contentType, with: codec, along: route, warnings: &result.warnings)
            let output = try route.targetCodec.encode(converted, previous: nil, contentType: route.targetType)
            // A file output stays open from its creation to its last metadata call: no step looks its path up again.
            writtenFile = try write(output, to: temporary, isFolder: &result.outputIsFolder)
            snapshot = converted
        }

        // Read back: a file's bytes through its descriptor, a package through its name.
        var writtenContents = Data()
        var writtenFolder: FileWrapper?
        if case let (file, size)? = writtenFile {
            writtenContents = try file.contents(endingAtSize: size)
        } else {
            guard let url = temporary.fileURL else {
                throw ConversionError(code: .outputPathNotUTF8, message: "the output path is not UTF-8")
            }
            writtenFolder = try FileWrapper(url: url, options: .immediate)
        }
        let readsBackAsInput = writtenFolder == nil && inputContents == writtenContents
        // Kept bytes that read back unchanged decode, by the conversion's promise, to the converted snapshot;
        // kept bytes that read back otherwise are compared as any output is, with the snapshot the whole route makes.
        if verifies, snapshot != nil || !readsBackAsInput {
            let expected =
                try snapshot
                ?? Self.convert(inputWrapper(), as: contentType, with: codec, along: route, warnings: &result.warnings)
            // Read back as the codec reads its own output: the options for reading inputs (a forced
            // encoding, a fallback) describe the inputs, not what the target codec wrote.
            let written = writtenFolder ?? FileWrapper(regularFileWithContents: writtenContents)
            let reread = try route.targetCodec.withoutOptions.decode(written, contentType: route.targetType)
            let differences = try route.targetCodec.differences(expected: expected, actual: reread)
            if let first = differences.first {
                throw ConversionError(
                    code: .verifyMismatch,
                    message:
                        "the written output does not read back as the converted document: \(first) "
                        + "(\(differences.count) difference\(differences.count == 1 ? "" : "s"))"
                )
            }
        }
        if readsBackAsInput {
            // A file's digest is a function of its bytes alone: an output that reads back as the input's
            // bytes has the input's digest, without hashing them again.
            result.outputHash = result.inputHash
        } else {
            result.outputHash =
                DocumentDigest.of(writtenFolder ?? FileWrapper(regularFileWithContents: writtenContents)).hexString
        }
        if case let (file, _)? = writtenFile {
            let attributes = inputAttributes ?? ((try? ExtendedAttributes.all(atPath: input.bytes)) ?? [])
            try Self.finishOutput(file, at: temporary, attributes: attributes, status: status)
        } else {
            try Self.copyMetadata(from: input, status: status, to: temporary)
        }
    }

    /// The snapshot the whole route makes of `wrapper`: decoded with `codec`, then converted along `route`, adding what
    /// each conversion reports to `warnings`.
    private static func convert(
        _ wrapper: FileWrapper, as contentType: UTType, with codec: AnyDocumentCodec, along route: ConversionChain,
        warnings: inout [ConversionWarning]
    ) throws -> AnySnapshot {
        var snapshot = try codec.decode(wrapper, contentType: contentType)
        for conversion in route.conversions {
            let converted = try conversion.convert(snapshot)
            warnings += conversion.warnings(converting: snapshot, into: converted)
            snapshot = converted
        }
        return snapshot
    }

    /// The input file opened for the whole-document route, or nil when the streaming route prepared it.
    ///
    /// The streaming route takes only files of at least its minimum size, so a smaller file is opened
    /// once, here, rather than first by the streaming route to learn its size and then again: three
    /// system calls fewer for each of a corpus's many small files. The outcome is the one of offering
    /// every file to the streaming route first: an input that cannot be opened fails with the error of
    /// opening it either way, and a file the streaming route declines goes on through the open descriptor.
    private func openUnlessStreamed(
        input: ItemPath, temporary: ItemPath, into result: inout PreparedItem
    ) throws -> (file: ByteNamedOpenFile, status: FileStatus)? {
        // Told to fail every declined item, the streaming route must see every file, whatever its size.
        if streaming.mode == .required, try prepareStreaming(input: input, temporary: temporary, into: &result) {
            return nil
        }
        let opened = try ByteNamedOpenFile.openForReading(input.bytes, followingLinks: true)
        if streaming.mode == .whenPossible, opened.status.size >= streaming.minimumSize,
            try prepareStreaming(input: input, temporary: temporary, into: &result)
        {
            return nil
        }
        return opened
    }

    /// The content type and codec of the package at `url`: what `ContentTypeDetector.detect(at:)` finds, looked up once
    /// per kind of folder.
    ///
    /// `detect(at:)` asks the file system again whether the package is a folder (the caller has just
    /// read its status) and searches the declared types for its extension on every call; only the
    /// `TXT.rtf` marker is the folder's own, so it alone is looked for per package.
    func detectPackage(at url: URL, isFolder: Bool) -> (UTType, AnyDocumentCodec?) {
        let sniffed = isFolder ? ContentTypeDetector.sniffFolder(at: url) : nil
        let key = DetectionCache.Key(filenameExtension: url.pathExtension, isFolder: isFolder, sniffed: sniffed)
        if let known = detectionCache.answer(for: key) { return known }
        let detection = ContentTypeDetector(codecs: registry, order: .contentFirst)
            .detect(filenameExtension: key.filenameExtension, isFolder: isFolder, sniffed: sniffed)
        detectionCache.remember((detection.contentType, detection.codec), for: key)
        return (detection.contentType, detection.codec)
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
        let key = DetectionCache.Key(
            filenameExtension: input.filenameExtension, isFolder: kind == .package, sniffed: sniffed)
        if let known = detectionCache.answer(for: key) { return known }
        let detection = detector.detect(
            filenameExtension: key.filenameExtension, isFolder: key.isFolder, sniffed: sniffed)
        detectionCache.remember((detection.contentType, detection.codec), for: key)
        return (detection.contentType, detection.codec)
    }

    /// Writes `output` at `temporary`; a file output comes back still open (read and write), with the bytes written.
    private func write(
        _ output: FileWrapper, to temporary: ItemPath, isFolder: inout Bool
    ) throws -> (ByteNamedOpenFile, Int64)? {
        if output.isRegularFile {
            guard let data = output.regularFileContents else {
                throw ConversionError(code: .encodeUnreadable, message: "the encoded output has no contents")
            }
            let file = try ByteNamedOpenFile.create(temporary.bytes)
            isFolder = false
            try file.write(data)
            return (file, Int64(data.count))
        } else if output.isDirectory {
            guard let url = temporary.fileURL else {
                throw ConversionError(code: .outputPathNotUTF8, message: "a package output needs a UTF-8 path")
            }
            try output.write(to: url, options: [], originalContentsURL: nil)
            isFolder = true
            return nil
        } else {
            throw ConversionError(
                code: .encodeLink, message: "the codec encoded a symbolic link, which a job does not write")
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
        try ByteNamedFiles.setModificationTime(
            destination.bytes, seconds: status.modificationSeconds, nanoseconds: status.modificationNanoseconds)
    }

    /// Gives the open temporary output `file` at `temporary` the input's metadata; when that fails, removes the
    /// temporary and rethrows.
    ///
    /// An output without its input's permission bits or time must never be renamed into place, nor left behind.
    static func finishOutput(
        _ file: ByteNamedOpenFile, at temporary: ItemPath, attributes: [(name: String, value: [UInt8])],
        status: FileStatus
    ) throws {
        do {
            try copyMetadata(attributes: attributes, status: status, to: file)
        } catch {
            try? ByteNamedFiles.removeTree(temporary.bytes)
            throw error
        }
    }

    /// Gives the open `file` the extended attributes `attributes`, then the permission bits and modification time in
    /// `status`.
    ///
    /// On the descriptor rather than by path: three path lookups fewer per item. The order is
    /// `copyMetadata(from:status:to:)`'s, and the time comes last because nothing after it may touch the file.
    static func copyMetadata(
        attributes: [(name: String, value: [UInt8])], status: FileStatus, to file: ByteNamedOpenFile
    ) throws {
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
