import DocumentModels

/// Something a conversion could not carry across exactly, which the job reports without failing the item.
///
/// A lossy conversion (dates with sub-second precision written where seconds are kept, a character
/// the target encoding lacks replaced) is a warning: named in the report, and turned into a failure
/// with its own exit code by `--fail-on-warnings`.
public struct ConversionWarning: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A stable dotted code, such as `plist.date.sub-second-precision`.
    public var code: String
    /// Where in the document, as a codec says it (a key path, a member, a line); empty for the whole.
    public var path: String
    /// One sentence saying what was lost.
    public var message: String

    /// A warning.
    public init(code: String, path: String = "", message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// A warning with a catalogued code, shared with the codec errors of the same format.
    package init(code: CodecError.Code, path: String = "", message: String) {
        self.init(code: code.rawValue, path: path, message: message)
    }

    public var description: String { (path.isEmpty ? "" : path + ": ") + message + " [\(code)]" }
}

/// A conversion that can say what it loses: the optional second protocol beside `SnapshotConversion`.
///
/// Existing conformers of `SnapshotConversion` are untouched; a conversion that knows it may lose
/// something also conforms to this protocol, and the registry's `AnySnapshotConversion` carries the
/// check, so the verifier and the batch converter (`--fail-on-warnings`) both see it.
/// `warnings(converting:into:)` runs after `convert` with both snapshots, so it costs nothing when
/// the conversion is lossless, and the conversion's own `convert` stays as it is.
public protocol WarningReportingConversion: SnapshotConversion {
    /// What converting `source` into `converted` lost; empty when nothing was.
    func warnings(converting source: Source.Snapshot, into converted: Target.Snapshot) -> [ConversionWarning]
}
