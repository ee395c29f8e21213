import DocumentModels

/// Why a codec could not decode or encode a document: the file, the place, a stable code and a sentence.
///
/// A codec sees a `FileWrapper`, not a path, so it fills `location` and `code`; whoever knows the
/// file (an adapter, the host, the verifier) names it with `located(in:)`.
public struct CodecError: LocatedError, Sendable {
    public private(set) var file: String?
    public let location: ErrorLocation?
    /// The stable code, typed; `code` is its raw value.
    public let kind: Code
    public let message: String

    public var code: String { kind.rawValue }

    /// An error with a code, a sentence and, when the codec knows it, the place in the document.
    ///
    /// A string literal is a `Code`, so a codec of your own may write `CodecError(code: "acme.bad-header", …)`.
    public init(code: Code, message: String, location: ErrorLocation? = nil, file: String? = nil) {
        self.kind = code
        self.message = message
        self.location = location
        self.file = file
    }

    /// An error whose code a codec of your own computed at run time.
    ///
    /// Disfavoured so that a string literal picks the `Code` initializer, as built-in codecs' catalogue cases do.
    @_disfavoredOverload
    public init(code: String, message: String, location: ErrorLocation? = nil, file: String? = nil) {
        self.init(code: Code(rawValue: code), message: message, location: location, file: file)
    }

    /// The same error naming `file`, unless it already names one.
    public func located(in file: String?) -> CodecError {
        var copy = self
        if copy.file == nil { copy.file = file }
        return copy
    }
}

extension CodecError {
    /// A stable, dotted code of a codec error, such as `plist.binary.bad-magic`.
    ///
    /// A struct rather than an enum because codecs are open: the built-in formats name their codes through
    /// the catalogue of each format (`.plist(.binaryBadMagic)`, `.json(.unexpectedEnd)`), each listed in
    /// `Documentation/error-codes.md`, while a team's own codec needs no change here to report its own
    /// codes, as a string literal or `Code(rawValue:)`, and may add static members for them, as
    /// swift-format's `Finding.Message` does. An enum of every format's codes could not be extended by a
    /// codec outside this package.
    public struct Code: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The dotted code as reports print it.
        public let rawValue: String

        /// A code of any codec; choose a prefix of your own so that it cannot clash with the built-in ones.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// A code written as a string literal, for codecs of your own.
        public init(stringLiteral value: String) {
            self.rawValue = value
        }

        /// The code of a catalogue case.
        package init(_ code: some CataloguedErrorCode) {
            self.rawValue = code.rawValue
        }

        public var description: String { rawValue }
    }
}
