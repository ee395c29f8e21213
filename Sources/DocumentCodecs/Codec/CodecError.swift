import DocumentModels

/// Why a codec could not decode or encode a document: the file, the place, a stable code and a sentence.
///
/// A codec sees a `FileWrapper`, not a path, so it fills `location` and `code`; whoever knows the
/// file (an adapter, the host, the verifier) names it with `located(in:)`.
public struct CodecError: LocatedError, Sendable {
    public private(set) var file: String?
    public let location: ErrorLocation?
    public let code: String
    public let message: String

    public init(code: String, message: String, location: ErrorLocation? = nil, file: String? = nil) {
        self.code = code
        self.message = message
        self.location = location
        self.file = file
    }

    /// The same error naming `file`, unless it already names one.
    public func located(in file: String?) -> CodecError {
        var copy = self
        if copy.file == nil { copy.file = file }
        return copy
    }
}
