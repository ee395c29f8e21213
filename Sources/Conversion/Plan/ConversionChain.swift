import DocumentCodecs

/// How a snapshot of one codec becomes a document of the target type: conversions, then the target codec.
public struct ConversionChain: Sendable {
    /// The codec that decodes the input.
    public var sourceCodec: AnyDocumentCodec
    /// The conversions applied in order; empty when the source codec writes the target type itself.
    public var conversions: [AnySnapshotConversion]
    /// The codec that encodes the output and decodes it again to verify it.
    public var targetCodec: AnyDocumentCodec
    /// The content type written.
    public var targetType: UTType

    /// The codec identifiers along the chain, such as `["notebook", "plain-text"]`.
    public var codecIdentifiers: [String] { [sourceCodec.identifier] + conversions.map(\.targetCodec) }
}

/// What `--to` names: a content type, or a codec (which then writes its preferred type).
public struct ConversionTarget: Sendable, CustomStringConvertible {
    /// The codecs that may write the output, preferred first.
    public var codecs: [AnyDocumentCodec]
    /// The content type to write, or nil to let the chosen codec write its preferred writable type.
    public var contentType: UTType?
    /// What the user typed.
    public var name: String

    /// Resolves `name`: a codec identifier first, then a content-type identifier (or a filename extension).
    ///
    /// Throws `convert.unknown-target` when no registered codec writes what the name means.
    public init(_ name: String, registry: CodecRegistry) throws {
        self.name = name
        if let codec = registry.codec(identifier: name) {
            codecs = [codec]
            contentType = nil
            return
        }
        let detector = ContentTypeDetector(codecs: registry, order: .contentFirst)
        var types = [detector.resolve(identifier: name)]
        types += UTType.types(tag: name, tagClass: .filenameExtension, conformingTo: nil).filter { !$0.isDynamic }
        for type in types {
            let writers = registry.codecs.filter { codec in codec.writableContentTypes.contains(type) }
            if !writers.isEmpty {
                codecs = writers
                contentType = type
                return
            }
        }
        let known = registry.codecs.map {
            "\($0.identifier) (\($0.writableContentTypes.map(\.identifier).joined(separator: ", ")))"
        }
        throw ConversionError(
            code: .unknownTarget,
            message:
                "no registered codec writes '\(name)'; --to takes a codec or a content type: "
                + "\(known.joined(separator: "; "))"
        )
    }

    public var description: String { name }
}

/// The shortest chains from every registered codec to a target, found once per job.
///
/// A breadth-first search over the registry's conversions (codec → codec edges, in registration
/// order, so that ties go to the conversion registered first) from each source codec to any codec of
/// the target. A source that is itself a target codec takes only that codec's own conversion, when it
/// registers one (a normalisation, such as legacy text to UTF-8), and otherwise none.
public struct ConversionChains: Sendable {
    /// The target the chains lead to.
    public let target: ConversionTarget
    private let routes: [String: ConversionChain]
    private let reachable: [String: [String]]

    /// Finds the chains from every codec in `registry` to `target`.
    public init(to target: ConversionTarget, registry: CodecRegistry) {
        self.target = target
        var routes: [String: ConversionChain] = [:]
        var reachable: [String: [String]] = [:]
        let targetIdentifiers = target.codecs.map(\.identifier)
        for source in registry.codecs {
            var previous: [String: (from: String, conversion: AnySnapshotConversion)] = [:]
            var visited: Set<String> = [source.identifier]
            var queue = [source.identifier]
            var order: [String] = [source.identifier]
            var found: String?
            var head = 0
            while head < queue.count {
                let current = queue[head]
                head += 1
                if targetIdentifiers.contains(current) {
                    found = current
                    break
                }
                for conversion in registry.conversions
                where conversion.sourceCodec == current && !visited.contains(conversion.targetCodec) {
                    guard registry.codec(identifier: conversion.targetCodec) != nil else { continue }
                    visited.insert(conversion.targetCodec)
                    previous[conversion.targetCodec] = (current, conversion)
                    queue.append(conversion.targetCodec)
                    order.append(conversion.targetCodec)
                }
            }
            // Everything reachable, for the error message when the target is not.
            while head < queue.count {
                let current = queue[head]
                head += 1
                for conversion in registry.conversions
                where conversion.sourceCodec == current && !visited.contains(conversion.targetCodec) {
                    visited.insert(conversion.targetCodec)
                    queue.append(conversion.targetCodec)
                    order.append(conversion.targetCodec)
                }
            }
            reachable[source.identifier] = order
            guard let found, let targetCodec = registry.codec(identifier: found) else { continue }
            var conversions: [AnySnapshotConversion] = []
            var step = found
            while let edge = previous[step] {
                conversions.insert(edge.conversion, at: 0)
                step = edge.from
            }
            // An input already in the target codec still goes through the codec's own conversion when it
            // registers one: text is normalised to UTF-8 with LF, an OpenStep or binary property list
            // becomes XML. Without it, converting would copy the legacy form unchanged.
            if found == source.identifier, let normalisation = registry.conversion(from: found, to: found) {
                conversions = [normalisation]
            }
            guard let type = target.contentType ?? targetCodec.writableContentTypes.first else { continue }
            routes[source.identifier] = ConversionChain(
                sourceCodec: source, conversions: conversions, targetCodec: targetCodec, targetType: type)
        }
        self.routes = routes
        self.reachable = reachable
    }

    /// The route from the codec `sourceIdentifier`; throws `convert.no-route` listing what that codec can become.
    public func route(from sourceIdentifier: String, registry: CodecRegistry) throws -> ConversionChain {
        if let route = routes[sourceIdentifier] { return route }
        let possible = (reachable[sourceIdentifier] ?? [sourceIdentifier]).compactMap { registry.codec(identifier: $0) }
            .map { "\($0.identifier) (\($0.writableContentTypes.map(\.identifier).joined(separator: ", ")))" }
        throw ConversionError(
            code: .noRoute,
            message:
                "no conversion leads from \(sourceIdentifier) to \(target.name); it can become: "
                + "\(possible.joined(separator: "; "))"
        )
    }

    /// Whether any source codec has a route (a job with none cannot convert anything).
    public var isEmpty: Bool { routes.isEmpty }

    /// The filename extension outputs of `route` get: the target type's preferred one, else that of its most
    /// specific supertype that has one (`public.utf8-plain-text` → `txt`), else its identifier's last part.
    public static func filenameExtension(of route: ConversionChain) -> String {
        if let preferred = route.targetType.preferredFilenameExtension { return preferred }
        let inherited = route.targetType.supertypes.filter { $0.preferredFilenameExtension != nil }
            .max { ($0.supertypes.count, $1.identifier) < ($1.supertypes.count, $0.identifier) }
        if let preferred = inherited?.preferredFilenameExtension { return preferred }
        return route.targetType.identifier.split(separator: ".").last.map(String.init) ?? ""
    }
}
