import Foundation

/// Why a ``DocumentAnonymization`` did not run: the output would overwrite the document or an existing file,
/// or the document cannot be used.
public struct AnonymizationError: LocatedError, Sendable {
    /// The path, as the caller gave it, of the document or the output the refusal is about.
    public var file: String?
    /// Always nil: a refusal is about a whole file.
    public var location: ErrorLocation? { nil }
    /// The stable code, such as `anonymize.output-exists`.
    public var code: String
    /// What was refused and why.
    public var message: String

    /// An error about `file`.
    public init(file: String?, code: String, message: String) {
        self.file = file
        self.code = code
        self.message = message
    }

    /// An error with a catalogued code.
    package init(file: String?, code: AnonymizationErrorCode, message: String) {
        self.init(file: file, code: code.rawValue, message: message)
    }

    /// A refusal with the codec framework's code for a codec that cannot anonymize.
    package init(file: String?, code: DocumentCodecsErrorCode, message: String) {
        self.init(file: file, code: code.rawValue, message: message)
    }

    /// Refuses to write over FILE (or inside it, or over a folder holding it), and over an existing OUT
    /// without `force`.
    ///
    /// DESIGN's first data-safety rule: an original is never modified. Paths are compared with
    /// symbolic links resolved, so a link to FILE is FILE.
    static func check(input: URL, inputPath: String, output: URL, outputPath: String, force: Bool) throws {
        let inputComponents = input.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let outputComponents = output.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        if inputComponents == outputComponents {
            throw AnonymizationError(
                file: outputPath, code: .outputIsInput,
                message: "the output is the document itself, which is never modified")
        }
        if outputComponents.starts(with: inputComponents) {
            throw AnonymizationError(
                file: outputPath, code: .outputIsInput,
                message: "the output lies inside the document, which is never modified")
        }
        if inputComponents.starts(with: outputComponents) {
            throw AnonymizationError(
                file: outputPath, code: .outputIsInput,
                message: "the output would replace a folder holding the document, which is never modified")
        }
        var isDirectory: ObjCBool = false
        let exists =
            FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory)
            || (try? FileManager.default.destinationOfSymbolicLink(atPath: output.path)) != nil
        if exists && !force {
            throw AnonymizationError(
                file: outputPath, code: .outputExists,
                message: "the output already exists; pass --force to replace it")
        }
    }
}
