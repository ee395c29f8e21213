// The portable UTType family compiles only where the system lacks it: on Apple systems
// UniformTypeIdentifiers provides UTTagClass, and a second one would make user code ambiguous.
#if !canImport(Darwin)

/// A class of tags that names a type outside the identifier system, such as a filename extension.
///
/// Mirrors Apple's `UTTagClass`: a raw string wrapper with the two standard classes as static members.
/// A type's `tags` keep only the standard classes, as Apple documents.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The tag class's identifier, such as `public.filename-extension`.
    public let rawValue: String

    /// Wraps a tag class identifier; any string is accepted, as on Apple systems.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Filename extensions, written without the leading period (`txt`, not `.txt`).
    public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")

    /// MIME types such as `text/plain`.
    public static let mimeType = UTTagClass(rawValue: "public.mime-type")

    /// The raw tag class identifier.
    public var description: String { rawValue }

    /// Whether a type's `tags` keep this class; Apple drops every other class from `tags`.
    var isStandard: Bool { self == .filenameExtension || self == .mimeType }
}

#endif
