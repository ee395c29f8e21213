import DocumentCodecs
import Formats

/// Checks the content-type declarations of an Info.plist (XML or binary) for the mistakes that break document apps.
///
/// It reads `UTExportedTypeDeclarations`, `UTImportedTypeDeclarations` and `CFBundleDocumentTypes`
/// and reports each problem as an ``InfoPlistFinding`` at the line and column of the XML (found by
/// ``XMLPropertyList/readLocated(_:options:)``) or, in a binary file, at its key path. The rules and
/// their severities are those of ``InfoPlistLintRule``; the content-types guide (MigrationGuides/08) lists them.
///
/// A **known** identifier is one declared in the file, or one `UTType(_:)` knows as declared: the system's
/// types (on Linux, docmigrate's table of them plus whatever the process registered, such as the types of
/// the built-in codecs; on Apple systems, LaunchServices' database). The linter never registers the file's
/// declarations anywhere: it follows them itself, so linting leaves `UTType` as it was. A type **another party owns**
/// is a known type the file does not export:
/// a system type or an imported one. A type is **abstract**, and needs no filename extension, when another
/// declaration of the file conforms to it and no `CFBundleDocumentTypes` entry lists it. A type is a
/// **document** when a `CFBundleDocumentTypes` entry lists it. When a conformance chain passes through an
/// unknown identifier, the rules that follow chains (`chain-misses-root`, `json-not-conforming`,
/// `not-public-content`) stay silent: `unknown-parent` already names the break.
///
/// The platform decides one rule (`document-browser-key-missing`, iOS only). Unless
/// ``Options/platform`` says it, the file is for iOS when it has `LSRequiresIPhoneOS` set to true or a
/// `UIDeviceFamily` key, the keys Xcode writes for iOS apps; otherwise for macOS.
public struct InfoPlistLinter: Sendable {
    /// The platform an Info.plist is for.
    public enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
        /// iOS and iPadOS.
        case iOS = "ios"
        /// macOS.
        case macOS = "macos"
    }

    /// What the file alone cannot say.
    public struct Options: Sendable, Hashable {
        /// Identifiers of the types the app writes (saves), compared ignoring case.
        public var writes: [String]
        /// The platform; nil to tell it from the file's keys.
        public var platform: Platform?

        /// Options for an app that writes the types `writes`, on `platform` (nil: told from the file).
        public init(writes: [String] = [], platform: Platform? = nil) {
            self.writes = writes
            self.platform = platform
        }
    }

    /// The options every lint uses.
    public var options: Options

    /// A linter with `options`.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Lints the Info.plist at `path`, which names the file in findings and errors as the caller gave it.
    ///
    /// - Throws: a `CodecError` naming `path` when nothing is there or it cannot be read
    ///   (`lint-plist.unreadable`); otherwise what ``lint(_:file:)`` throws.
    public func lint(fileAt path: String) throws -> InfoPlistLintReport {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            let reason = exists ? "the file cannot be read" : "there is no file here"
            throw CodecError(code: .lintPlist(.unreadable), message: reason, file: path)
        }
        return try lint(data, file: path)
    }

    /// Lints the Info.plist `data`, which `file` names in findings and errors.
    ///
    /// - Throws: a `CodecError` naming `file` and the place when `data` is not a property list (XML
    ///   read strictly, or binary), or its top level is not a dictionary (`lint-plist.not-a-dictionary`).
    public func lint(_ data: Data, file: String) throws -> InfoPlistLintReport {
        let source = try InfoPlistSource(data, file: file)
        guard case .dictionary(let entries) = source.root else {
            throw CodecError(
                code: .lintPlist(.notADictionary),
                message: "the top level is \(InfoPlistSource.describe(source.root)), but an Info.plist is a dictionary",
                location: source.errorLocation(of: .root), file: file)
        }
        let platform = options.platform ?? Self.platform(of: entries)
        var run = InfoPlistLintRun(source: source, root: entries, options: options, platform: platform)
        run.lint()
        return InfoPlistLintReport(
            file: file, format: source.format, platform: platform, findings: run.sortedFindings())
    }

    /// The platform the keys of a top-level dictionary say: iOS for `LSRequiresIPhoneOS` true or `UIDeviceFamily`.
    static func platform(of entries: [PropertyListEntry]) -> Platform {
        for entry in entries {
            if entry.key == "UIDeviceFamily" { return .iOS }
            if entry.key == "LSRequiresIPhoneOS", entry.value == .boolean(true) { return .iOS }
        }
        return .macOS
    }
}

/// An Info.plist's value and the way to say where a key path is in it.
struct InfoPlistSource {
    /// Which form the file is in.
    enum Format: String, Sendable, Hashable, Codable {
        case xml, binary
    }

    let file: String
    let root: PropertyListValue
    let format: Format
    /// Positions of XML keys and values; nil for a binary file.
    let sourceMap: XMLPropertyList.SourceMap?

    init(_ data: Data, file: String) throws {
        self.file = file
        do {
            if data.starts(with: Array("bplist".utf8)) {
                root = try BinaryPropertyList.read(data)
                format = .binary
                sourceMap = nil
            } else {
                let document = try XMLPropertyList.readLocated(data)
                root = document.value
                format = .xml
                sourceMap = document.sourceMap
            }
        } catch let error as CodecError {
            throw error.located(in: file)
        }
    }

    /// The line and column of the value at `path` (or of its key, when `atKey`); nil in a binary file.
    func position(of path: PropertyListPath, atKey: Bool = false) -> XMLPropertyList.SourcePosition? {
        guard let sourceMap else { return nil }
        if atKey, let position = sourceMap.keyPosition(at: path) { return position }
        return sourceMap.valuePosition(at: path)
    }

    /// Where an error about the value at `path` points: its line and column, or its key path.
    func errorLocation(of path: PropertyListPath) -> ErrorLocation {
        if let position = position(of: path) { return .line(position.line, column: position.column) }
        return .keyPath(path.description)
    }

    /// How a value is named in messages.
    static func describe(_ value: PropertyListValue) -> String {
        switch value {
        case .dictionary: "a dictionary"
        case .array: "an array"
        case .string: "a string"
        case .integer, .real: "a number"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .uid: "a keyed-archive UID"
        }
    }
}
