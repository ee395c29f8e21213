import Conversion
import DocumentCodecs
import Formats
import Foundation

/// Text written in upper case, under the `upper` extension: a target the built-in codecs do not have.
public struct UppercaseTextCodec: DocumentCodec {
    public typealias Snapshot = String

    public init() {}

    public static let identifier = "uppercase-text"
    public static let contentType: UTType = declare("com.example.uppercase-text", extension: "upper")
    public static var readableContentTypes: [UTType] { [contentType] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> String {
        guard let data = file.regularFileContents, let text = String(data: data, encoding: .utf8) else {
            throw CodecError(code: "uppercase.unreadable", message: "not UTF-8 text")
        }
        return text
    }

    public func encode(_ snapshot: String, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: Data(snapshot.uppercased().utf8))
    }
}

/// Plain text to upper case; warns about `ß`, which upper-cases to `SS` (a change a reader may not expect).
public struct PlainTextToUppercase: WarningReportingConversion {
    public typealias Source = PlainTextCodec
    public typealias Target = UppercaseTextCodec

    public init() {}

    public func convert(_ snapshot: TextDocument) throws -> String { snapshot.text.uppercased() }

    public func warnings(converting source: TextDocument, into converted: String) -> [ConversionWarning] {
        source.text.contains("ß") ? [ConversionWarning(code: "uppercase.sharp-s", message: "ß became SS")] : []
    }
}

/// A codec that traps on `TRAP` and hangs on `HANG`, to prove a job survives a decoder that does either.
public struct HazardCodec: DocumentCodec {
    public typealias Snapshot = String

    public init() {}

    public static let identifier = "hazard-text"
    public static let contentType: UTType = declare("com.example.hazard", extension: "hazard")
    public static var readableContentTypes: [UTType] { [contentType] }

    public func decode(_ file: FileWrapper, contentType: UTType) throws -> String {
        let text = String(decoding: file.regularFileContents ?? Data(), as: UTF8.self)
        if text.hasPrefix("TRAP") {
            // Deliberately a trap, as a buggy decoder's overflow or bad index would be.
            let values: [Int] = []
            return String(values[text.count])
        }
        if text.hasPrefix("HANG") {
            while true { Thread.sleep(forTimeInterval: 1) }
        }
        return text
    }

    public func encode(_ snapshot: String, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: Data(snapshot.utf8))
    }
}

/// Hazard text to plain text, unchanged.
public struct HazardToPlainText: SnapshotConversion {
    public typealias Source = HazardCodec
    public typealias Target = PlainTextCodec

    public init() {}

    public func convert(_ snapshot: String) throws -> TextDocument { TextDocument(text: snapshot) }
}

private func declare(_ identifier: String, extension filenameExtension: String) -> UTType {
    #if !canImport(Darwin)
    UTTypeRegistry.shared.register([
        UTTypeDeclaration(
            kind: .exported, identifier: identifier, conformsTo: ["public.plain-text"],
            tags: [.filenameExtension: [filenameExtension]], typeDescription: identifier)
    ])
    #endif
    return UTType(exportedAs: identifier, conformingTo: .plainText)
}

extension CodecRegistry {
    /// The built-in codecs plus the test codecs and their conversions.
    public static var conversionTests: CodecRegistry {
        var registry = CodecRegistry.builtIn
        _ = UppercaseTextCodec.contentType
        _ = HazardCodec.contentType
        registry.register(UppercaseTextCodec.self)
        registry.register(HazardCodec.self)
        registry.register(PlainTextToUppercase.self)
        registry.register(HazardToPlainText.self)
        return registry
    }
}
