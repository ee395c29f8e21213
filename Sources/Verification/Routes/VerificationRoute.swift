import Comparison
import DocumentCodecs

/// One way a document is read and written: one of a codec's four adapters, or a document type a team registers.
///
/// A route opens a working copy of a document through `DocumentHost` and saves it in place, exactly
/// as an app does when a user opens a file and saves it: every route runs the real open and save
/// flows (coordinated access, previous wrappers, atomic replacement). The verifier then compares
/// what the route wrote with the golden, and reads each route's output back through every other route.
public struct VerificationRoute: Sendable {
    /// A stable name for manifests and reports, such as `adapter.file-document` or `ChecklistFile`.
    public let name: String
    /// The identifier of the codec whose format this route reads and writes.
    public let codec: String
    private let openAndSaveBody: @MainActor @Sendable (URL, UTType) async throws -> Void

    /// A route from its name, its format's codec, and what opening and saving in place means for it.
    public init(
        name: String, codec: String, openAndSave: @escaping @MainActor @Sendable (URL, UTType) async throws -> Void
    ) {
        self.name = name
        self.codec = codec
        self.openAndSaveBody = openAndSave
    }

    /// Opens the document at `url` as `contentType` and saves it back in place.
    @MainActor
    public func openAndSave(_ url: URL, contentType: UTType) async throws {
        try await openAndSaveBody(url, contentType)
    }
}

extension VerificationRoute {
    /// The stable names of a codec's four adapter routes.
    public static let adapterNames = [
        "adapter.file-document", "adapter.reference-file-document", "adapter.file-wrapper-document",
        "adapter.url-document",
    ]

    /// The four adapter routes of `Codec`: legacy value, legacy reference, new with FileWrapper reader
    /// and writer, new with its own reader and writer over URLs.
    public static func adapters<Codec: DocumentCodec>(of codec: Codec.Type) -> [VerificationRoute] {
        [
            fileDocument(CodecFileDocument<Codec>.self, name: adapterNames[0], codec: Codec.identifier),
            referenceFileDocument(CodecReferenceDocument<Codec>.self, name: adapterNames[1], codec: Codec.identifier),
            document(name: adapterNames[2], codec: Codec.identifier) { CodecWrapperDocument<Codec>() },
            document(name: adapterNames[3], codec: Codec.identifier) { CodecURLDocument<Codec>() },
        ]
    }

    /// A team's legacy value document type (`FileDocument`), hosted as SwiftUI hosts it.
    public static func fileDocument<Value: FileDocument>(
        _ type: Value.Type, name: String, codec: String
    ) -> VerificationRoute {
        VerificationRoute(name: name, codec: codec) { url, contentType in
            let host = DocumentHost { _, _ in FileDocumentContainer<Value>() }
            try await host.open(url, contentType: contentType)
            try await host.save()
        }
    }

    /// A team's legacy reference document type (`ReferenceFileDocument`).
    public static func referenceFileDocument<Wrapped: ReferenceFileDocument>(
        _ type: Wrapped.Type, name: String, codec: String
    ) -> VerificationRoute {
        VerificationRoute(name: name, codec: codec) { url, contentType in
            let host = DocumentHost { _, _ in ReferenceFileDocumentContainer<Wrapped>() }
            try await host.open(url, contentType: contentType)
            try await host.save()
        }
    }

    /// A team's new document type (`Document`), made by `make` as its `DocumentGroup` makes it.
    public static func document<NewDocument: Document>(
        name: String, codec: String, make: @escaping @MainActor @Sendable () -> NewDocument
    ) -> VerificationRoute {
        VerificationRoute(name: name, codec: codec) { url, contentType in
            let host = DocumentHost { _, _ in make() }
            try await host.open(url, contentType: contentType)
            try await host.save()
        }
    }
}

/// The routes a tool verifies with: every registered codec's four adapters, plus a team's document types.
public struct RouteRegistry: Sendable {
    /// The routes a team registered for its own document types, in registration order.
    public private(set) var documentTypes: [VerificationRoute] = []

    public init() {}

    /// Adds a team's document-type route; one with the same name is replaced.
    public mutating func register(_ route: VerificationRoute) {
        documentTypes.removeAll { $0.name == route.name }
        documentTypes.append(route)
    }

    /// Every route for the format of `codec`: its four adapters, then the registered document types.
    ///
    /// A codec configured with run-time options (``AnyDocumentCodec/configured(_:)``) has adapters of
    /// type `ConfiguredCodec<Base>`, which the host makes with `init()`; each adapter route therefore
    /// opens and saves with the options bound to its task (``AnyDocumentCodec/withOptionsBound(isolation:_:)``).
    /// A team's document types read with their own codec and take no options.
    public func routes(for codec: AnyDocumentCodec) -> [VerificationRoute] {
        var adapters = codec.accept(AdapterRoutes())
        if !codec.options.isEmpty {
            adapters = adapters.map { route in
                VerificationRoute(name: route.name, codec: route.codec) { url, contentType in
                    try await codec.withOptionsBound { try await route.openAndSave(url, contentType: contentType) }
                }
            }
        }
        return adapters + documentTypes.filter { $0.codec == codec.identifier }
    }

    private struct AdapterRoutes: DocumentCodecVisitor {
        func visit<Codec: DocumentCodec>(_ codec: Codec.Type) -> [VerificationRoute] {
            VerificationRoute.adapters(of: codec)
        }
    }
}
