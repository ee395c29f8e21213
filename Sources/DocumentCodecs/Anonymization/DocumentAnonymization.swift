import Foundation

/// Anonymizes one document file into a new file, refusing to touch the original or an existing output.
///
/// The content type is found as `inspect` finds it (the given type, else the extension, a folder as a
/// package, else the first bytes), and the codec registered for it must offer anonymization. Errors
/// name the paths as the caller gave them, not by their last component.
public struct DocumentAnonymization: Sendable {
    /// Where the document's codec is looked up.
    public var codecs: CodecRegistry
    /// A content type identifier that replaces detection; nil to detect it.
    public var givenType: String?
    /// Text that decides the filler; the same seed gives the same filler.
    public var seed: String
    /// Whether an existing output is replaced; the document itself never is.
    public var replacesExistingOutput: Bool

    /// An anonymization with the given registry and settings.
    public init(
        codecs: CodecRegistry, givenType: String? = nil, seed: String = "", replacesExistingOutput: Bool = false
    ) {
        self.codecs = codecs
        self.givenType = givenType
        self.seed = seed
        self.replacesExistingOutput = replacesExistingOutput
    }

    /// Reads the document at `inputPath`, anonymizes it and writes it atomically to `outputPath`.
    ///
    /// - Returns: the identifier of the codec that anonymized the document.
    /// - Throws: ``AnonymizationError`` when the output is the document (or inside it, or a folder holding
    ///   it), already exists, or cannot be written, or when no codec reads the document or its codec cannot
    ///   anonymize; the codec's `CodecError`, naming `inputPath`, when the document does not decode.
    @discardableResult
    public func anonymize(_ inputPath: String, to outputPath: String) throws -> String {
        let input = URL(fileURLWithPath: inputPath)
        let output = URL(fileURLWithPath: outputPath)
        try AnonymizationError.check(
            input: input, inputPath: inputPath, output: output, outputPath: outputPath, force: replacesExistingOutput)
        let detection = ContentTypeDetector(codecs: codecs).detect(at: input, givenType: givenType)
        let codec = try Self.anonymizingCodec(of: detection, inputPath: inputPath)
        let wrapper: FileWrapper
        do {
            wrapper = try FileWrapper(url: input, options: .immediate)
        } catch let error as any LocatedError {
            throw error
        } catch {
            throw AnonymizationError(
                file: inputPath, code: .unreadable,
                message: "the document could not be read: \(error.localizedDescription)")
        }
        var anonymizer = Anonymizer(seed: seed)
        let anonymized: FileWrapper
        do {
            anonymized = try codec.anonymize(wrapper, contentType: detection.contentType, with: &anonymizer)
        } catch let error as CodecError {
            throw CodecError(code: error.code, message: error.message, location: error.location, file: inputPath)
        }
        do {
            try anonymized.write(to: output, options: .atomic, originalContentsURL: nil)
        } catch let error as any LocatedError {
            throw error
        } catch {
            throw AnonymizationError(
                file: outputPath, code: .writeFailed,
                message: "the case could not be written: \(error.localizedDescription)")
        }
        return codec.identifier
    }

    /// The codec a detection found, when it can anonymize.
    private static func anonymizingCodec(
        of detection: ContentTypeDetector.Detection, inputPath: String
    ) throws -> AnyDocumentCodec {
        guard let codec = detection.codec else {
            throw AnonymizationError(
                file: inputPath, code: .noCodec,
                message:
                    "no codec reads the content type \(detection.contentType.identifier); name another with --type")
        }
        guard codec.supportsAnonymization else {
            throw AnonymizationError(
                file: inputPath, code: .anonymizeUnsupported,
                message: "the \(codec.identifier) codec cannot anonymize documents")
        }
        return codec
    }
}
