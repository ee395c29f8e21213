/// An error that names the file, the place in it, the reason, and a stable code.
///
/// Every domain of docmigrate (a codec, the verifier, the batch engine, the platform
/// types) has its own error type conforming to this protocol, so reports can print
/// any of them the same way and machine-readable reports can name the stable `code`
/// instead of the message, which may be reworded.
public protocol LocatedError: Error, CustomStringConvertible {
    /// The file the error is about, as the user named it; nil when no file is involved.
    var file: String? { get }
    /// Where in the file: a byte offset, a line and column, a package member or a key path.
    var location: ErrorLocation? { get }
    /// A stable, dotted identifier such as `filewrapper.name.invalid`; never reworded.
    var code: String { get }
    /// A sentence that says what went wrong and why, without the file or the location.
    var message: String { get }
}

extension LocatedError {
    /// `file: location: message [code]`, the one shape every error is printed in.
    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let location { parts.append(location.description) }
        parts.append(message + " [\(code)]")
        return parts.joined(separator: ": ")
    }
}

/// A place inside a file, printed by the conventions of DESIGN.md.
///
/// Byte offsets are 0-based and printed in decimal and hex; lines and columns are
/// 1-based, with columns counted in Unicode scalars.
public enum ErrorLocation: Hashable, Sendable, CustomStringConvertible {
    /// A 0-based byte offset.
    case byte(Int)
    /// A 1-based line and column (columns in Unicode scalars).
    case line(Int, column: Int)
    /// A member of a package, as a relative path with `/` separators.
    case member(String)
    /// A key path inside a structured value, such as `root.items[3]`.
    case keyPath(String)
    /// A place inside a member of a package.
    indirect case inMember(String, ErrorLocation)

    public var description: String {
        switch self {
        case .byte(let offset):
            let hex = offset < 0 ? "-0x" + String(offset.magnitude, radix: 16) : "0x" + String(offset, radix: 16)
            return "byte \(offset) (\(hex))"
        case .line(let line, let column):
            return "line \(line), column \(column)"
        case .member(let path):
            return "member \(path)"
        case .keyPath(let path):
            return "key path \(path)"
        case .inMember(let path, let inner):
            return "member \(path): \(inner)"
        }
    }
}
