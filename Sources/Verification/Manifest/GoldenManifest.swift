import Comparison
import DocumentCodecs

/// The manifest of one golden corpus (`GoldenFiles/<format>/manifest.json`): the format, its rules and its cases.
///
/// Schema, version 1 (JSON):
///
///     {
///       "manifestVersion": 1,
///       "codec": "notebook",                       // a codec identifier of the tool's registry
///       "contentType": "com.example.notebook",     // one of the codec's readable content types
///       "routes": ["adapter.file-document", …],    // optional: which routes run (default: every route of the codec)
///       "compare": {                               // optional: how outputs are compared with goldens
///         "members": [{"glob": "metadata.json", "rule": "json"}, {"glob": "pages/**", "rule": "bytes"}],
///         "fallback": "bytes"
///       },
///       "cases": [
///         {"input": "cases/Trip.notebook"},                                   // round-trips unchanged
///         {"input": "cases/Lost.notebook", "expect": {"rejected": "notebook.page.missing"}},
///         {"input": "cases/Trip.notebook",
///          "expect": {"converts": {"codec": "plain-text", "golden": "expected/Trip.txt"}}}
///       ]
///     }
///
/// Optional, added within version 1 (older manifests are unaffected): `"redact"`, at the top level and per
/// case (the case's matchers add to the manifest's), a list of ``Redaction`` matchers such as
/// `{"member": "metadata.json", "keyPath": "$.created", "shape": "iso8601-date"}` or
/// `{"regex": "Saved: (.*)", "shape": "iso8601-date"}`: values that change on every save are checked
/// for their shape and replaced by `<redacted:SHAPE>` on both sides before comparing. A conversion
/// golden may be missing: `docmigrate verify` records it (see ``RecordMode``).
///
/// Optional, added within version 1: `"codecOptions"`, an object of the codec's run-time options (names
/// and string values, a flag may be `true`), such as `{"fallback-encoding": "macintosh"}` for a corpus of
/// Mac OS Roman text. They configure the codec for every case and route of the corpus (the four
/// adapters; a team's own document types take no options); `docmigrate verify --encoding` and the like
/// are set over them. An unknown option or a bad value is a manifest error naming its key path. Options
/// are per corpus: a case needing other options goes in a corpus folder of its own, and a case's
/// `codecOptions` is refused rather than ignored.
///
/// A rule is a name (`bytes`, `text`, `json`, `semantic`, `ignore`, `redact`) or an object
/// `{"rule": "text", "normalisations": ["line-endings"]}`; a case may override `compare`. Paths are
/// relative to the manifest's folder and may not leave it.
public struct GoldenManifest: Sendable, Codable {
    /// The manifest version this docmigrate reads.
    public static let currentVersion = 1

    public var manifestVersion: Int
    public var codec: String
    public var contentType: String
    public var routes: [String]?
    public var compare: ComparisonRules?
    /// Redaction matchers for every case.
    public var redact: [Redaction]?
    /// The codec's run-time options for every case, such as `fallback-encoding`.
    public var codecOptions: CodecOptions?
    public var cases: [GoldenCase]
}

/// One case of a corpus: a golden document and its expected outcome.
public struct GoldenCase: Sendable, Codable {
    /// The input document, relative to the manifest's folder; for a round trip it is also the golden.
    public var input: String
    /// What must happen to it; a round trip when absent.
    public var expect: Expectation?
    /// Comparison rules for this case, replacing the manifest's.
    public var compare: ComparisonRules?
    /// Redaction matchers for this case, added to the manifest's.
    public var redact: [Redaction]?
    /// Refused when present: options are per corpus (decoded only so that it is not silently ignored).
    public var codecOptions: CodecOptions?

    /// The expected outcome of a case.
    public enum Expectation: Sendable, Hashable, Codable {
        /// Every route reads and writes it back unchanged under the rules.
        case roundTrip
        /// It converts, through the registered conversion, to the golden file of the codec named.
        case converts(codec: String, golden: String)
        /// Every route refuses it with this stable error code.
        case rejected(code: String)

        private enum Keys: String, CodingKey { case rejected, converts }
        private enum ConversionKeys: String, CodingKey { case codec, golden }

        public init(from decoder: any Decoder) throws {
            if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
                guard name == "round-trip" else {
                    throw DecodingError.dataCorruptedError(
                        in: single,
                        debugDescription:
                            "unknown expectation '\(name)'; expected \"round-trip\", {\"rejected\": CODE} or "
                            + "{\"converts\": {…}}"
                    )
                }
                self = .roundTrip
                return
            }
            let container = try decoder.container(keyedBy: Keys.self)
            if let code = try container.decodeIfPresent(String.self, forKey: .rejected) {
                self = .rejected(code: code)
            } else if container.contains(.converts) {
                let conversion = try container.nestedContainer(keyedBy: ConversionKeys.self, forKey: .converts)
                self = .converts(
                    codec: try conversion.decode(String.self, forKey: .codec),
                    golden: try conversion.decode(String.self, forKey: .golden))
            } else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "an expectation is \"round-trip\", {\"rejected\": CODE} or {\"converts\": {\"codec\": "
                            + "…, \"golden\": …}}"
                    ))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .roundTrip:
                var single = encoder.singleValueContainer()
                try single.encode("round-trip")
            case .rejected(let code):
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(code, forKey: .rejected)
            case .converts(let codec, let golden):
                var container = encoder.container(keyedBy: Keys.self)
                var conversion = container.nestedContainer(keyedBy: ConversionKeys.self, forKey: .converts)
                try conversion.encode(codec, forKey: .codec)
                try conversion.encode(golden, forKey: .golden)
            }
        }
    }
}
