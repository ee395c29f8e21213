import DocumentModels

/// A snapshot of some codec, carried without its static type (for the registry, the verifier and the converter).
public struct AnySnapshot: Sendable {
    /// The snapshot itself.
    public let value: any Sendable
    /// The identifier of the codec that made it.
    public let codecIdentifier: String

    public init(_ value: any Sendable, codecIdentifier: String) {
        self.value = value
        self.codecIdentifier = codecIdentifier
    }
}

/// Any codec, with its snapshot type erased, so codecs of different formats sit in one registry.
public struct AnyDocumentCodec: Sendable {
    private let box: AnyCodecBox
    // The codec without run-time options, which a further `configured(_:)` starts from.
    private let unconfigured: AnyCodecBox
    // The configured codec that `withOptionsBound` makes visible to `ConfiguredCodec.init()`.
    private let binding: (type: ObjectIdentifier, codec: any Sendable)?

    /// The run-time options this codec was configured with; empty for a codec used as its type makes it.
    public let options: CodecOptions

    /// Wraps the codec type `Codec` (made with its `init()`).
    public init<Codec: DocumentCodec>(_ codec: Codec.Type) {
        box = CodecBox<Codec>(Codec())
        unconfigured = box
        binding = nil
        options = CodecOptions()
    }

    /// Wraps a codec configured with run-time `options`; its adapters are `ConfiguredCodec<Base>`.
    public init<Base: ConfigurableCodec>(configured base: Base, options: CodecOptions) {
        box = CodecBox<ConfiguredCodec<Base>>(ConfiguredCodec(base: base))
        unconfigured = CodecBox<Base>(Base())
        binding = (ObjectIdentifier(Base.self), base)
        self.options = options
    }

    /// The same codec as its type makes it, without run-time options.
    ///
    /// What reads back a file this codec wrote: options such as a forced encoding say how to read a
    /// job's inputs, and must not override what the written file itself says (text written as UTF-8
    /// read back as Mac OS Roman would never compare equal).
    public var withoutOptions: AnyDocumentCodec {
        AnyDocumentCodec(unconfigured: unconfigured)
    }

    private init(unconfigured: AnyCodecBox) {
        box = unconfigured
        self.unconfigured = unconfigured
        binding = nil
        options = CodecOptions()
    }

    /// The names of the run-time options the codec takes; empty when it is not a ``ConfigurableCodec``.
    public var acceptedOptions: [String] { unconfigured.acceptedOptions }

    /// A copy configured with these options over the ones it has (the new ones win).
    ///
    /// Empty `options` give the codec unchanged. Throws a `CodecError`: `codec.options.unsupported`
    /// naming the codec when it takes no options, `codec.option.unknown` or the codec's own code
    /// (located at the option's name) when a name or a value is wrong.
    public func configured(_ options: CodecOptions) throws -> AnyDocumentCodec {
        if options.isEmpty { return self }
        return try unconfigured.configured(self.options.merging(options))
    }

    /// Runs `body` with this codec's run-time options bound to the task, so that adapters made inside
    /// it (`CodecFileDocument<ConfiguredCodec<…>>` and the others, through `init()`) use them.
    ///
    /// A codec without options runs `body` as it is. Bindings nest: an inner one adds to the outer.
    public func withOptionsBound<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> Result {
        guard let binding else { return try await body() }
        var bound = ConfiguredCodecBinding.current
        bound[binding.type] = binding.codec
        return try await ConfiguredCodecBinding.$current.withValue(bound, operation: body)
    }

    /// The codec's stable name.
    public var identifier: String { box.identifier }
    /// The content types the codec reads, preferred first.
    public var readableContentTypes: [UTType] { box.readableContentTypes }
    /// The content types the codec writes, preferred first.
    public var writableContentTypes: [UTType] { box.writableContentTypes }

    /// Decodes a wrapper; see `DocumentCodec.decode(_:contentType:)`.
    public func decode(_ file: FileWrapper, contentType: UTType) throws -> AnySnapshot {
        try box.decode(file, contentType: contentType)
    }

    /// Encodes a snapshot of this codec; a snapshot of another codec is a `CodecError`.
    public func encode(_ snapshot: AnySnapshot, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        try box.encode(snapshot, previous: previous, contentType: contentType)
    }

    /// Reads a document from a URL with progress; see `DocumentCodec.read(from:contentType:progress:)`.
    public func read(from url: URL, contentType: UTType, progress: consuming Subprogress) async throws -> AnySnapshot {
        try await box.read(from: url, contentType: contentType, progress: progress)
    }

    /// Writes a snapshot to a URL with progress; see `DocumentCodec.write(_:to:previous:contentType:progress:)`.
    public func write(
        _ snapshot: AnySnapshot, to url: URL, previous: AnySnapshot?, contentType: UTType,
        progress: consuming Subprogress
    ) async throws {
        try await box.write(snapshot, to: url, previous: previous, contentType: contentType, progress: progress)
    }

    /// Where two snapshots of this codec differ in meaning.
    public func differences(expected: AnySnapshot, actual: AnySnapshot) throws -> [SnapshotDifference] {
        try box.differences(expected: expected, actual: actual)
    }

    /// Whether the codec can anonymize documents (conforms to `AnonymizableCodec`).
    public var supportsAnonymization: Bool { box.supportsAnonymization }

    /// The anonymized document of `file`; see `AnonymizableCodec.anonymize(_:contentType:with:)`.
    ///
    /// Throws a `CodecError` with the code `anonymize.unsupported` when the codec lacks the capability.
    public func anonymize(
        _ file: FileWrapper, contentType: UTType, with anonymizer: inout Anonymizer
    ) throws -> FileWrapper {
        try box.anonymize(file, contentType: contentType, with: &anonymizer)
    }

    /// Hands the codec's static type to `visitor`, for code that needs it generically (the adapters, say).
    public func accept<Visitor: DocumentCodecVisitor>(_ visitor: Visitor) -> Visitor.Result {
        box.accept(visitor)
    }
}

/// Code that works on a codec type, given an `AnyDocumentCodec` whose type is erased.
public protocol DocumentCodecVisitor {
    associatedtype Result
    /// Called with the codec type that the erased codec wraps.
    func visit<Codec: DocumentCodec>(_ codec: Codec.Type) -> Result
}

/// The type-erasing box: a base class whose generic subclass knows the codec.
private class AnyCodecBox: @unchecked Sendable {
    // Unchecked: the box has no stored state; subclasses only forward to a Sendable codec type.
    var identifier: String { preconditionFailure("abstract") }
    var acceptedOptions: [String] { preconditionFailure("abstract") }
    func configured(_ options: CodecOptions) throws -> AnyDocumentCodec { preconditionFailure("abstract") }
    var readableContentTypes: [UTType] { preconditionFailure("abstract") }
    var writableContentTypes: [UTType] { preconditionFailure("abstract") }
    func decode(_ file: FileWrapper, contentType: UTType) throws -> AnySnapshot { preconditionFailure("abstract") }
    func encode(_ snapshot: AnySnapshot, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        preconditionFailure("abstract")
    }
    func read(from url: URL, contentType: UTType, progress: consuming Subprogress) async throws -> AnySnapshot {
        preconditionFailure("abstract")
    }
    func write(
        _ snapshot: AnySnapshot, to url: URL, previous: AnySnapshot?, contentType: UTType,
        progress: consuming Subprogress
    ) async throws {
        preconditionFailure("abstract")
    }
    func differences(expected: AnySnapshot, actual: AnySnapshot) throws -> [SnapshotDifference] {
        preconditionFailure("abstract")
    }
    var supportsAnonymization: Bool { preconditionFailure("abstract") }
    func anonymize(_ file: FileWrapper, contentType: UTType, with anonymizer: inout Anonymizer) throws -> FileWrapper {
        preconditionFailure("abstract")
    }
    func accept<Visitor: DocumentCodecVisitor>(_ visitor: Visitor) -> Visitor.Result { preconditionFailure("abstract") }
}

private final class CodecBox<Codec: DocumentCodec>: AnyCodecBox, @unchecked Sendable {
    // Unchecked as the base class; the one stored property is an immutable Sendable codec.
    private let codec: Codec

    init(_ codec: Codec) {
        self.codec = codec
    }

    override var identifier: String { Codec.identifier }

    override var acceptedOptions: [String] {
        (Codec.self as? any ConfigurableCodec.Type)?.acceptedOptions ?? []
    }

    override func configured(_ options: CodecOptions) throws -> AnyDocumentCodec {
        guard let configurable = Codec.self as? any ConfigurableCodec.Type else {
            throw CodecError(
                code: .codecs(.optionsUnsupported),
                message: "the \(Codec.identifier) codec takes no options (given: \(options.summary))")
        }
        return try Self.configure(configurable, options)
    }

    private static func configure<Configurable: ConfigurableCodec>(
        _ type: Configurable.Type, _ options: CodecOptions
    ) throws -> AnyDocumentCodec {
        try type.configured(options)
    }
    override var readableContentTypes: [UTType] { Codec.readableContentTypes }
    override var writableContentTypes: [UTType] { Codec.writableContentTypes }

    private func unwrap(_ snapshot: AnySnapshot) throws -> Codec.Snapshot {
        guard let value = snapshot.value as? Codec.Snapshot else {
            throw CodecError(
                code: .codecs(.registrySnapshotMismatch),
                message:
                    "a snapshot of the \(snapshot.codecIdentifier) codec was given to the \(Codec.identifier) codec")
        }
        return value
    }

    override func decode(_ file: FileWrapper, contentType: UTType) throws -> AnySnapshot {
        AnySnapshot(try CodecCall.decode(codec, file, contentType: contentType), codecIdentifier: Codec.identifier)
    }

    override func encode(_ snapshot: AnySnapshot, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        try CodecCall.encode(codec, try unwrap(snapshot), previous: previous, contentType: contentType)
    }

    override func read(from url: URL, contentType: UTType, progress: consuming Subprogress) async throws -> AnySnapshot
    {
        do {
            let value = try await codec.read(from: url, contentType: contentType, progress: progress)
            return AnySnapshot(value, codecIdentifier: Codec.identifier)
        } catch let error as CodecError {
            throw error.located(in: url.path)
        }
    }

    override func write(
        _ snapshot: AnySnapshot, to url: URL, previous: AnySnapshot?, contentType: UTType,
        progress: consuming Subprogress
    ) async throws {
        let value = try unwrap(snapshot)
        let previousValue = try previous.map(unwrap)
        try await codec.write(value, to: url, previous: previousValue, contentType: contentType, progress: progress)
    }

    override func differences(expected: AnySnapshot, actual: AnySnapshot) throws -> [SnapshotDifference] {
        codec.differences(expected: try unwrap(expected), actual: try unwrap(actual))
    }

    override var supportsAnonymization: Bool { Codec.self is any AnonymizableCodec.Type }

    override func anonymize(
        _ file: FileWrapper, contentType: UTType, with anonymizer: inout Anonymizer
    ) throws -> FileWrapper {
        guard let anonymizable = codec as? any AnonymizableCodec else {
            throw CodecError(
                code: .codecs(.anonymizeUnsupported),
                message: "the \(Codec.identifier) codec cannot anonymize documents",
                file: file.filename ?? file.preferredFilename)
        }
        do {
            return try Self.anonymize(anonymizable, file, contentType: contentType, with: &anonymizer)
        } catch let error as CodecError {
            throw error.located(in: file.filename ?? file.preferredFilename)
        }
    }

    private static func anonymize<Anonymizable: AnonymizableCodec>(
        _ codec: Anonymizable, _ file: FileWrapper, contentType: UTType, with anonymizer: inout Anonymizer
    ) throws -> FileWrapper {
        try codec.anonymize(file, contentType: contentType, with: &anonymizer)
    }

    override func accept<Visitor: DocumentCodecVisitor>(_ visitor: Visitor) -> Visitor.Result {
        visitor.visit(Codec.self)
    }
}
