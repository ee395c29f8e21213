/// A ``ConfigurableCodec`` with run-time options, as a codec type that the four adapters can make with `init()`.
///
/// SwiftUI's document protocols make a document with `init(configuration:)` and nothing else, so an
/// adapter (`CodecFileDocument<Codec>` and the others) can only call `Codec()`: options chosen at run
/// time cannot ride on the type. They ride on the task instead: ``AnyDocumentCodec/withOptionsBound(isolation:_:)``
/// binds the configured codec for the duration of a document flow (the verifier does so around every
/// adapter route of a configured codec), and `init()` picks it up. The host's open and save flows are
/// structured concurrency, so every adapter made inside the flow sees the binding.
///
/// Made outside such a binding, the codec refuses to decode or encode (`codec.options.unbound`)
/// rather than silently falling back to its defaults, which could read a file with the wrong encoding.
public struct ConfiguredCodec<Base: ConfigurableCodec>: DocumentCodec {
    public typealias Snapshot = Base.Snapshot

    private let base: Base?

    /// The configured codec bound to the current task, if any.
    public init() {
        base = ConfiguredCodecBinding.current[ObjectIdentifier(Base.self)] as? Base
    }

    /// Wraps an already configured codec.
    public init(base: Base) {
        self.base = base
    }

    public static var identifier: String { Base.identifier }
    public static var readableContentTypes: [UTType] { Base.readableContentTypes }
    public static var writableContentTypes: [UTType] { Base.writableContentTypes }

    private func configuredBase() throws -> Base {
        guard let base else {
            throw CodecError(
                code: .codecs(.optionsUnbound),
                message:
                    "the \(Base.identifier) codec was made without its run-time options; make documents of a "
                    + "configured codec inside AnyDocumentCodec.withOptionsBound"
            )
        }
        return base
    }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> Snapshot {
        try configuredBase().decode(file, contentType: contentType)
    }

    public func encode(_ snapshot: Snapshot, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        try configuredBase().encode(snapshot, previous: previous, contentType: contentType)
    }

    public func read(from url: URL, contentType: UTType, progress: consuming Subprogress) async throws -> Snapshot {
        try await configuredBase().read(from: url, contentType: contentType, progress: progress)
    }

    public func write(
        _ snapshot: Snapshot, to url: URL, previous: Snapshot?, contentType: UTType, progress: consuming Subprogress
    ) async throws {
        try await configuredBase().write(
            snapshot, to: url, previous: previous, contentType: contentType, progress: progress)
    }

    /// The base codec's comparison; options say how bytes are read, not what snapshots mean.
    public func differences(expected: Snapshot, actual: Snapshot) -> [SnapshotDifference] {
        (base ?? Base()).differences(expected: expected, actual: actual)
    }
}

extension ConfiguredCodec: AnonymizableCodec where Base: AnonymizableCodec {
    public func anonymize(_ snapshot: Snapshot, with anonymizer: inout Anonymizer) -> Snapshot {
        (base ?? Base()).anonymize(snapshot, with: &anonymizer)
    }

    public func anonymize(
        _ file: FileWrapper, contentType: UTType, with anonymizer: inout Anonymizer
    ) throws -> FileWrapper {
        try configuredBase().anonymize(file, contentType: contentType, with: &anonymizer)
    }
}

/// The configured codecs bound to the current task, by the type of their base codec.
enum ConfiguredCodecBinding {
    @TaskLocal static var current: [ObjectIdentifier: any Sendable] = [:]
}
