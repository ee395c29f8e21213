import DocumentCodecs
import Formats

/// One problem the Info.plist linter found at one place in the file.
public struct InfoPlistFinding: Sendable, Hashable, Codable {
    /// How serious a finding is: an error fails the lint (exit status 1), a warning does not.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// Worth fixing, but the declarations work.
        case warning
        /// The system will misread the declarations, or a document cannot be opened or saved as intended.
        case error
    }

    /// The rule that fired.
    public let rule: InfoPlistLintRule
    /// The rule's severity.
    public let severity: Severity
    /// The file as the user named it.
    public let file: String
    /// Where the finding is, as keys and indexes from the root: `UTExportedTypeDeclarations[0].UTTypeConformsTo`.
    public let keyPath: String
    /// The 1-based line in an XML file; nil for a binary one, which has no lines.
    public let line: Int?
    /// The 1-based column in Unicode scalars in an XML file; nil for a binary one.
    public let column: Int?
    /// What is wrong, in a sentence.
    public let message: String
    /// How to fix it, in a sentence.
    public let suggestion: String

    /// A finding of `rule` at a place, with the rule's severity.
    public init(
        rule: InfoPlistLintRule, file: String, keyPath: String, line: Int?, column: Int?, message: String,
        suggestion: String
    ) {
        self.rule = rule
        self.severity = rule.severity
        self.file = file
        self.keyPath = keyPath
        self.line = line
        self.column = column
        self.message = message
        self.suggestion = suggestion
    }

    /// `file:line:column: severity: [rule] message (fix: suggestion)`, the shape compilers print.
    ///
    /// A binary property list has no lines, so its findings print the key path in their place:
    /// `Info.plist:UTExportedTypeDeclarations[0].UTTypeConformsTo: error: …`.
    public var text: String {
        let place = if let line, let column { "\(line):\(column)" } else { keyPath }
        return "\(file):\(place): \(severity.rawValue): [\(rule.rawValue)] \(message) (fix: \(suggestion))"
    }
}

/// The rules of the Info.plist linter, each with a stable kebab-case name and a fixed severity.
public enum InfoPlistLintRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// A `UTTypeConformsTo` entry names a type that is neither a system type nor declared in the file.
    case unknownParent = "unknown-parent"
    /// A declared `UTTypeIdentifier` has uppercase letters.
    case uppercaseIdentifier = "uppercase-identifier"
    /// A declaration has no `public.filename-extension` tag.
    case missingFilenameExtension = "missing-filename-extension"
    /// Following `UTTypeConformsTo` from a declaration never reaches `public.data` or `com.apple.package`.
    case chainMissesRoot = "chain-misses-root"
    /// An exported identifier in a domain the app cannot own (`public.`, `dyn.`, `com.apple.`, `com.example.`).
    case reservedPrefix = "reserved-prefix"
    /// An exported type's filename extension has three characters or fewer.
    case shortExtension = "short-extension"
    /// A type whose extension or name says JSON does not conform to `public.json`.
    case jsonNotConforming = "json-not-conforming"
    /// A type the app opens as a document does not conform to `public.content`.
    case notPublicContent = "not-public-content"
    /// A `CFBundleDocumentTypes` entry has no `CFBundleTypeRole`, or one that is not a role.
    case roleMissing = "role-missing"
    /// A `CFBundleDocumentTypes` entry has the role `Viewer` for a type the app writes.
    case viewerRoleForWrittenType = "viewer-role-for-written-type"
    /// A `CFBundleDocumentTypes` entry has no `LSHandlerRank`, or one that is not a rank.
    case handlerRankMissing = "handler-rank-missing"
    /// A `CFBundleDocumentTypes` entry claims `Owner` rank for a type another party owns.
    case ownerOfForeignType = "owner-of-foreign-type"
    /// `LSItemContentTypes` names a type that no declaration and no system type defines.
    case undeclaredContentType = "undeclared-content-type"
    /// The same identifier is declared twice.
    case duplicateDeclaration = "duplicate-declaration"
    /// An iOS document app lacks `UISupportsDocumentBrowser`.
    case documentBrowserKeyMissing = "document-browser-key-missing"
    /// A declaration or document type is not shaped as Apple documents it (not a dictionary, a missing identifier…).
    case malformedEntry = "malformed-entry"

    /// The severity every finding of the rule has.
    public var severity: InfoPlistFinding.Severity {
        switch self {
        case .shortExtension, .jsonNotConforming, .notPublicContent: .warning
        default: .error
        }
    }
}
