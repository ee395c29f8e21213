import ConversionTestCodecs
import DocumentCodecs
import DocumentPlatform
import Formats
import Foundation
import SystemSeam
import TestSupport
import Testing

@testable import Conversion

/// A small file item prepared by `ItemPreparer` against the whole-document route written out step by step
/// with the codec API (detect, decode, convert, encode, read back, compare), on many generated texts.
///
/// The preparer reads a small file in one read, skips the streaming route's look at it, and takes an
/// output's digest from its input when the two hold the same bytes; none of that may change a field
/// of the result. Digests come from Python's `hashlib`, not from the code under test.
@Suite struct ItemPreparerWholeFileTests {
    static let pieces: [[UInt8]] = [
        Array("plain words ".utf8), Array("é".utf8), Array("日本語".utf8), Array("😀".utf8), Array("\u{FEFF}".utf8),
        [0x0A], [0x0D], [0x0D, 0x0A], [0x0A, 0x0D], Array("tab\tand space ".utf8), [0x00],
    ]

    /// Texts of every shape the plain-text codec tells apart: ASCII, multibyte UTF-8, each line ending and
    /// mixes, byte-order marks (UTF-8 twice, UTF-16 and UTF-32), UTF-16 without a mark, invalid bytes at
    /// the start, middle and end, a sequence cut at the end, and the empty file.
    static func inputs() -> [(name: String, bytes: [UInt8])] {
        var generator = SeededGenerator(seed: 20_261_130)
        var inputs: [(String, [UInt8])] = [
            ("empty", []), ("lone-lf", [0x0A]), ("lone-cr", [0x0D]), ("bom-only", [0xEF, 0xBB, 0xBF]),
        ]
        for index in 0..<160 {
            var text: [UInt8] = []
            let allowed = index % 4 == 0 ? 6 : pieces.count  // a quarter without control characters other than LF
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                let piece = pieces[Int.random(in: 0..<allowed, using: &generator)]
                if index % 4 == 0, piece == [0x0D] { continue }
                text += piece
            }
            if index % 2 == 0, text.last != 0x0A { text.append(0x0A) }
            inputs.append(("text-\(index)", text))
            switch index % 10 {
            case 0: inputs.append(("bom-\(index)", [0xEF, 0xBB, 0xBF] + text))
            case 1: inputs.append(("double-bom-\(index)", [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + text))
            case 2: inputs.append(("invalid-start-\(index)", [0xFF] + text))
            case 3:
                inputs.append(
                    (
                        "invalid-middle-\(index)",
                        Array(text.prefix(text.count / 2)) + [0xC3, 0x28] + Array(text.dropFirst(text.count / 2))
                    ))
            case 4: inputs.append(("invalid-end-\(index)", text + [0x80]))
            case 5: inputs.append(("cut-sequence-\(index)", text + [0xE6, 0x97]))
            case 6:
                let units = Array(String(decoding: text, as: UTF8.self).utf16)
                inputs.append(
                    ("utf16le-bom-\(index)", [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
                inputs.append(("utf16be-\(index)", units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
            case 7:
                let scalars = String(decoding: text, as: UTF8.self).unicodeScalars.map(\.value)
                inputs.append(
                    (
                        "utf32le-bom-\(index)",
                        [0xFF, 0xFE, 0, 0]
                            + scalars.flatMap { value in (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
                    ))
            default: break
            }
        }
        return inputs
    }

    /// `DocumentDigest` of a file, by Python: SHA-256 of "F", the length as 8 bytes little-endian, then the bytes.
    static func pythonDigests(_ contents: [[UInt8]]) throws -> [String] {
        let program = """
            import base64, hashlib, struct, sys
            for line in sys.stdin.read().split():
                data = base64.b64decode(line[1:])
                print(hashlib.sha256(b"F" + struct.pack("<Q", len(data)) + data).hexdigest())
            """
        let input = contents.map { "x" + Data($0).base64EncodedString() }.joined(separator: "\n")
        return try PythonOracle.run(program, input: Data(input.utf8)).split(separator: "\n").map(String.init)
    }

    /// What the whole-document route gives for `bytes` at `input`, each step through the codec API; the output bytes
    /// when it succeeds.
    static func wholeRoute(
        input: ItemPath, bytes: [UInt8], registry: CodecRegistry, routes: ConversionChains
    ) -> (result: PreparedItem, output: [UInt8]?) {
        var expected = PreparedItem()
        do {
            let detection = ContentTypeDetector(codecs: registry, order: .contentFirst).detect(
                filenameExtension: input.filenameExtension, isFolder: false,
                sniffed: ContentTypeDetector.sniff(Array(bytes.prefix(ContentTypeDetector.sniffedByteCount))))
            expected.sourceType = detection.contentType.identifier
            guard let codec = detection.codec else { throw ConversionError(code: "test.no-codec", message: "no codec") }
            let route = try routes.route(from: codec.identifier, registry: registry)
            expected.route = route.codecIdentifiers
            var snapshot = try codec.decode(
                FileWrapper(regularFileWithContents: Data(bytes)), contentType: detection.contentType)
            for conversion in route.conversions {
                let converted = try conversion.convert(snapshot)
                expected.warnings += conversion.warnings(converting: snapshot, into: converted)
                snapshot = converted
            }
            let encoded = try route.targetCodec.encode(snapshot, previous: nil, contentType: route.targetType)
            guard let output = encoded.regularFileContents else {
                throw ConversionError(code: "test.no-output", message: "no output")
            }
            let reread = try route.targetCodec.withoutOptions.decode(
                FileWrapper(regularFileWithContents: output), contentType: route.targetType)
            let differences = try route.targetCodec.differences(expected: snapshot, actual: reread)
            if let first = differences.first {
                throw ConversionError(
                    code: "convert.verify.mismatch",
                    message:
                        "the written output does not read back as the converted document: \(first) (\(differences.count) difference\(differences.count == 1 ? "" : "s"))"
                )
            }
            return (expected, Array(output))
        } catch {
            expected.error = ConversionError(error, file: input.description)
            return (expected, nil)
        }
    }

    /// The text codec's run-time options: none, a forced encoding (8-bit and UTF-8), a fallback, replacement.
    static let optionSets: [CodecOptions] = [
        [:], ["encoding": "macintosh"], ["encoding": "utf-8"], ["fallback-encoding": "windows-1252"],
        ["replace-invalid": "true"],
    ]

    /// The test registry with the plain-text codec configured with `options`, as `docmigrate convert --encoding …`
    /// configures it.
    static func registry(options: CodecOptions) throws -> CodecRegistry {
        var registry = CodecRegistry.conversionTests
        if !options.isEmpty, let plainText = registry.codec(identifier: PlainTextCodec.identifier) {
            registry.register(try plainText.configured(options))
        }
        return registry
    }

    @Test(arguments: optionSets)
    func smallFilesGiveTheWholeDocumentRoutesResultAndOutput(options: CodecOptions) throws {
        let fixture = try ConversionFixture("whole-file-differential")
        let registry = try Self.registry(options: options)
        let routes = ConversionChains(to: try ConversionTarget("plain-text", registry: registry), registry: registry)
        let preparer = ItemPreparer(registry: registry, routes: routes)
        try ByteNamedFiles.makeFolders(fixture.output.bytes)
        let inputs = Self.inputs()
        var expectedResults: [PreparedItem] = [], actualResults: [PreparedItem] = []
        var hashed: [[UInt8]] = []
        for (index, input) in inputs.enumerated() {
            let path = try fixture.write(input.name + ".txt", data: Data(input.bytes))
            try ByteNamedFiles.setModificationTime(
                path.bytes, seconds: 1_600_000_000 + Int64(index), nanoseconds: 123_456_789)
            try ByteNamedFiles.setPermissions(path.bytes, index % 3 == 0 ? 0o600 : 0o644)
            let status = try #require(try ByteNamedFiles.status(path.bytes))
            let temporary = fixture.output.appending(Array(".docmigrate-tmp-\(index)".utf8))
            var actual = preparer.prepare(input: path, kind: .file, temporary: temporary)
            let (reference, output) = Self.wholeRoute(
                input: path, bytes: input.bytes, registry: registry, routes: routes)
            var expected = reference
            expected.inputSize = status.size
            expected.inputModificationSeconds = status.modificationSeconds
            expected.inputModificationNanoseconds = status.modificationNanoseconds
            if let output {
                let written = try ByteNamedFiles.contents(temporary.bytes)
                #expect(Array(written.data) == output, "\(input.name): output bytes")
                #expect(written.status.permissions == status.permissions, "\(input.name): permission bits")
                #expect(written.status.modificationSeconds == status.modificationSeconds, "\(input.name): time")
                #expect(written.status.modificationNanoseconds == status.modificationNanoseconds, "\(input.name): time")
                hashed.append(output)
            } else {
                #expect(
                    try ByteNamedFiles.status(temporary.bytes) == nil,
                    "\(input.name): a failed item leaves no temporary")
            }
            hashed.append(input.bytes)
            // Digests are compared with Python's below; the other fields here, whole.
            expectedResults.append(expected)
            actualResults.append(actual)
            expected.inputHash = nil
            expected.outputHash = nil
            actual.inputHash = nil
            actual.outputHash = nil
            #expect(actual == expected, "\(input.name)")
        }
        let digests = try Self.pythonDigests(hashed)
        try #require(digests.count == hashed.count)
        var next = 0
        for (input, (expected, actual)) in zip(inputs, zip(expectedResults, actualResults)) {
            if expected.error == nil {
                #expect(actual.outputHash == digests[next], "\(input.name): output digest")
                next += 1
            } else {
                #expect(actual.outputHash == nil, "\(input.name): no output digest")
            }
            #expect(actual.inputHash == digests[next], "\(input.name): input digest")
            next += 1
        }
        // The inputs cover outputs that are and are not the input's bytes, and without options both kinds of failure.
        #expect(actualResults.contains { $0.error == nil && $0.inputHash == $0.outputHash })
        #expect(actualResults.contains { $0.error == nil && $0.inputHash != $0.outputHash })
        if options.isEmpty {
            #expect(actualResults.contains { $0.error?.code == "text.undetectable-encoding" })
            #expect(actualResults.contains { $0.error?.code == "convert.verify.mismatch" })
        }
    }

    /// The plain-text normalisation keeps exactly the bytes the whole route would write unchanged: never others, and,
    /// without options, every UTF-8 text without a CR or a leading byte-order mark (so the preparer's shortcut is
    /// taken).
    @Test(arguments: optionSets)
    func theNormalisationKeepsOnlyBytesTheWholeRouteWritesUnchanged(options: CodecOptions) throws {
        let registry = try Self.registry(options: options)
        let routes = ConversionChains(to: try ConversionTarget("plain-text", registry: registry), registry: registry)
        let codec = try #require(registry.codec(identifier: PlainTextCodec.identifier))
        let route = try routes.route(from: codec.identifier, registry: registry)
        let conversion = try #require(route.conversions.first)
        var kept = 0
        for input in Self.inputs() {
            let keeps = input.bytes.withUnsafeBytes { conversion.keepsBytes($0, from: codec, to: route.targetCodec) }
            let (reference, output) = Self.wholeRoute(
                input: ItemPath("/\(input.name).txt"), bytes: input.bytes, registry: registry, routes: routes)
            if keeps {
                kept += 1
                #expect(
                    reference.error == nil && output == input.bytes && reference.warnings.isEmpty,
                    "\(input.name): kept, but the whole route writes other bytes")
            }
            if options.isEmpty {
                let plain =
                    String(validating: input.bytes, as: UTF8.self) != nil && !input.bytes.contains(0x0D)
                    && !input.bytes.starts(with: [0xEF, 0xBB, 0xBF])
                #expect(keeps == plain, "\(input.name)")
            }
        }
        if options.isEmpty { #expect(kept > 20) }
        if options["encoding"] != nil { #expect(kept == 0) }
    }

    /// A package's content type and codec are `ContentTypeDetector.detect(at:)`'s, for each kind of folder, looked up
    /// first and again.
    @Test func packagesAreDetectedAsDetectAtDetectsThem() throws {
        let fixture = try ConversionFixture("package-detection")
        let registry = CodecRegistry.conversionTests
        let preparer = ItemPreparer(
            registry: registry,
            routes: ConversionChains(to: try ConversionTarget("plain-text", registry: registry), registry: registry))
        // Folders of one extension with and without the RTFD marker, a marker that is a folder, and odd names.
        let folders: [(name: String, marker: String?)] = [
            ("a.notebook", nil), ("b.notebook", "file"), ("c.rtfd", "file"), ("d.rtfd", nil), ("e.rtfd", "folder"),
            ("f", nil), ("g", "file"), ("..h.notebook", nil), ("i.notebook.", nil), ("j.NOTEBOOK", nil),
            ("k.unknown-kind", "file"),
        ]
        for pass in 0..<2 {
            for folder in folders {
                let path = fixture.input.appending(Array(folder.name.utf8))
                try ByteNamedFiles.makeFolders(path.bytes)
                switch folder.marker {
                case "file"?: try fixture.write(Array("TXT.rtf".utf8), "{\\rtf1 x}", in: path)
                case "folder"?: try ByteNamedFiles.makeFolders(path.appending(Array("TXT.rtf".utf8)).bytes)
                default: break
                }
                let url = try #require(path.fileURL)
                let expected = ContentTypeDetector(codecs: registry, order: .contentFirst).detect(at: url)
                let (contentType, codec) = preparer.detectPackage(at: url, isFolder: true)
                #expect(contentType.identifier == expected.contentType.identifier, "\(folder.name), pass \(pass + 1)")
                #expect(codec?.identifier == expected.codec?.identifier, "\(folder.name), pass \(pass + 1)")
            }
        }
        // The marker decides between two folders of the same extension: the answer is not the extension's alone.
        let plain = preparer.detectPackage(
            at: try #require(fixture.input.appending(Array("a.notebook".utf8)).fileURL), isFolder: true)
        let marked = preparer.detectPackage(
            at: try #require(fixture.input.appending(Array("b.notebook".utf8)).fileURL), isFolder: true)
        #expect(plain.0.identifier != marked.0.identifier)
    }
}
