import Comparison
import DocumentCodecs

/// A loaded, checked corpus: its manifest, its folder, and what the manifest names, resolved.
public struct GoldenCorpus: Sendable {
    /// The corpus folder (holding `manifest.json`).
    public let folder: URL
    /// The name reports use for it: the folder's last component.
    public let name: String
    public let manifest: GoldenManifest
    /// The codec of the format.
    public let codec: AnyDocumentCodec
    /// The content type the inputs are read as.
    public let contentType: UTType
    /// The routes that run, in the registry's order.
    public let routes: [VerificationRoute]

    static let manifestName = "manifest.json"

    /// Loads the corpus at `folder` and checks every name the manifest uses against the tool's registries.
    ///
    /// The codec is configured with the manifest's `codecOptions`, then with `options` over them (the
    /// command line's `--encoding` and the like). A bad manifest option is a `manifest.codec-options.invalid`
    /// error at its key path; options given to a codec that takes none are the codec's
    /// `codec.options.unsupported` error naming it.
    public static func load(
        from folder: URL, codecs: CodecRegistry, routes registry: RouteRegistry, options: CodecOptions = CodecOptions()
    ) throws -> GoldenCorpus {
        let manifestURL = folder.appendingPathComponent(manifestName)
        let file = manifestURL.path
        let data: Data
        do {
            data = try Data(contentsOf: manifestURL)
        } catch {
            throw VerificationError(
                file: file, code: .manifestUnreadable,
                message: "the manifest could not be read: \(error.localizedDescription)")
        }
        let manifest = try decode(data, file: file)
        guard let registered = codecs.codec(identifier: manifest.codec) else {
            let known = codecs.codecs.map(\.identifier).sorted().joined(separator: ", ")
            throw VerificationError(
                file: file, location: .keyPath("codec"), code: .manifestCodecUnknown,
                message: "no codec named '\(manifest.codec)' is registered (registered: \(known))")
        }
        let codec = try configure(registered, manifest: manifest, options: options, file: file)
        guard
            let contentType = codec.readableContentTypes.first(where: {
                $0.identifier.lowercased() == manifest.contentType.lowercased()
            })
        else {
            throw VerificationError(
                file: file, location: .keyPath("contentType"), code: .manifestContentTypeUnknown,
                message:
                    "the \(codec.identifier) codec does not read '\(manifest.contentType)' (it reads "
                    + "\(codec.readableContentTypes.map(\.identifier).joined(separator: ", ")))"
            )
        }
        let available = registry.routes(for: codec)
        var routes = available
        if let names = manifest.routes {
            routes = []
            for (index, name) in names.enumerated() {
                guard let route = available.first(where: { $0.name == name }) else {
                    throw VerificationError(
                        file: file, location: .keyPath("routes[\(index)]"), code: .manifestRouteUnknown,
                        message:
                            "no route named '\(name)' for the \(codec.identifier) codec (routes: "
                            + "\(available.map(\.name).joined(separator: ", ")))"
                    )
                }
                routes.append(route)
            }
        }
        for (index, goldenCase) in manifest.cases.enumerated() {
            try checkPath(goldenCase.input, in: folder, file: file, keyPath: "cases[\(index)].input")
            if goldenCase.codecOptions != nil {
                throw VerificationError(
                    file: file, location: .keyPath("cases[\(index)].codecOptions"), code: .manifestCodecOptionsInvalid,
                    message:
                        "codec options are set per corpus, for every case: put this case in a corpus folder of its "
                        + "own with \"codecOptions\" at its top level"
                )
            }
            if case .converts(let target, let golden)? = goldenCase.expect {
                // A missing conversion golden is the runner's business: recorded, or a failure under `--record never`.
                try checkPath(
                    golden, in: folder, file: file, keyPath: "cases[\(index)].expect.converts.golden", mustExist: false)
                guard codecs.codec(identifier: target) != nil else {
                    throw VerificationError(
                        file: file, location: .keyPath("cases[\(index)].expect.converts.codec"),
                        code: .manifestCodecUnknown,
                        message: "no codec named '\(target)' is registered")
                }
                guard codecs.conversion(from: codec.identifier, to: target) != nil else {
                    throw VerificationError(
                        file: file, location: .keyPath("cases[\(index)].expect.converts"),
                        code: .manifestConversionUnknown,
                        message: "no conversion from \(codec.identifier) to \(target) is registered")
                }
            }
        }
        try checkRedactions(manifest.redact, file: file, keyPath: "redact")
        for (index, goldenCase) in manifest.cases.enumerated() {
            try checkRedactions(goldenCase.redact, file: file, keyPath: "cases[\(index)].redact")
        }
        return GoldenCorpus(
            folder: folder, name: folder.lastPathComponent, manifest: manifest, codec: codec, contentType: contentType,
            routes: routes)
    }

    /// The registered codec configured with the manifest's options, then the caller's over them.
    static func configure(
        _ codec: AnyDocumentCodec, manifest: GoldenManifest, options: CodecOptions, file: String
    ) throws -> AnyDocumentCodec {
        var configured = codec
        if let declared = manifest.codecOptions, !declared.isEmpty {
            do {
                configured = try codec.configured(declared)
            } catch let error as CodecError {
                var keyPath = "codecOptions"
                if case .keyPath(let name)? = error.location { keyPath += "." + name }
                throw VerificationError(
                    file: file, location: .keyPath(keyPath), code: .manifestCodecOptionsInvalid,
                    message: "\(error.message) [\(error.code)]")
            }
        }
        do {
            return try configured.configured(options)
        } catch let error as CodecError {
            throw error.located(in: file)
        }
    }

    /// Decodes a manifest: the version first, so that a newer manifest is named as such, not as malformed.
    static func decode(_ data: Data, file: String) throws -> GoldenManifest {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw VerificationError(
                file: file, code: .manifestInvalidJSON,
                message: "the manifest is not valid JSON: \(error.localizedDescription)")
        }
        guard let dictionary = object as? [String: Any] else {
            throw VerificationError(
                file: file, code: .manifestNotAnObject, message: "the manifest must be a JSON object")
        }
        guard let version = dictionary["manifestVersion"] as? Int else {
            throw VerificationError(
                file: file, location: .keyPath("manifestVersion"), code: .manifestVersionMissing,
                message: "the manifest has no integer manifestVersion")
        }
        guard version == GoldenManifest.currentVersion else {
            throw VerificationError(
                file: file, location: .keyPath("manifestVersion"), code: .manifestVersionUnsupported,
                message:
                    "manifest version \(version) is not supported; this docmigrate reads version "
                    + "\(GoldenManifest.currentVersion)"
            )
        }
        do {
            return try JSONDecoder().decode(GoldenManifest.self, from: data)
        } catch let error as DecodingError {
            let (path, reason) = describe(error)
            throw VerificationError(
                file: file, location: path.isEmpty ? nil : .keyPath(path), code: .manifestInvalid, message: reason)
        } catch {
            throw VerificationError(file: file, code: .manifestInvalid, message: "\(error)")
        }
    }

    /// A key path such as `cases[2].expect` and a sentence, from a decoding error.
    static func describe(_ error: DecodingError) -> (String, String) {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "the required key '\(key.stringValue)' is missing")
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(type) here")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "expected \(type) here, found null")
        case .dataCorrupted(let context):
            return (path(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(error)")
        }
    }

    /// Refuses a path that is absolute, leaves the corpus folder, or names nothing.
    static func checkPath(
        _ relative: String, in folder: URL, file: String, keyPath: String, mustExist: Bool = true
    ) throws {
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.isEmpty, !relative.hasPrefix("/"), !components.contains(".."), !components.contains("") else {
            throw VerificationError(
                file: file, location: .keyPath(keyPath), code: .manifestPathInvalid,
                message: "'\(relative)' must be a relative path inside the corpus folder")
        }
        guard !mustExist || FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path) else {
            throw VerificationError(
                file: file, location: .keyPath(keyPath), code: .manifestPathMissing,
                message: "'\(relative)' does not exist in the corpus folder")
        }
    }

    static func checkRedactions(_ redactions: [Redaction]?, file: String, keyPath: String) throws {
        for (index, redaction) in (redactions ?? []).enumerated() {
            do {
                try redaction.validate()
            } catch {
                throw VerificationError(
                    file: file, location: .keyPath("\(keyPath)[\(index)]"), code: .manifestRedactInvalid,
                    message: error.description)
            }
        }
    }

    /// The redaction matchers of a case: the manifest's, then the case's own.
    func redactions(for goldenCase: GoldenCase) -> [Redaction] {
        (manifest.redact ?? []) + (goldenCase.redact ?? [])
    }

    /// The corpora under `url`: the folder itself when it holds a manifest, else every folder below it
    /// that does (a corpus's own folders are not searched further), in byte-wise sorted path order.
    public static func folders(at url: URL) throws -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw VerificationError(
                file: url.path, code: .corpusMissing, message: "there is no golden corpus folder here")
        }
        let found = try corpusFolders(under: url)
        guard !found.isEmpty else {
            throw VerificationError(
                file: url.path, code: .corpusNoManifest,
                message: "neither this folder nor any folder in it holds a manifest.json")
        }
        return found
    }

    private static func corpusFolders(under url: URL) throws -> [URL] {
        if FileManager.default.fileExists(atPath: url.appendingPathComponent(manifestName).path) { return [url] }
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var found: [URL] = []
        for name in names where !name.hasPrefix(".") {
            let child = url.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            // Links are not followed, so a corpus cannot loop or reach outside the folder it was given.
            let attributes = try? FileManager.default.attributesOfItem(atPath: child.path)
            guard attributes?[.type] as? FileAttributeType == .typeDirectory,
                FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue
            else { continue }
            found += try corpusFolders(under: child)
        }
        return found
    }
}
