import Formats
import Foundation

extension BenchModes {
    /// The text-encoding modes.
    static var textModes: [String: Mode] {
        ["macroman-to-utf8": macRomanToUTF8]
    }

    /// `macroman-to-utf8 [--through-codec] INPUT OUTPUT`: converts INPUT, read as Mac OS Roman, to UTF-8
    /// at OUTPUT (line endings kept, as `iconv` keeps them), then prints the seconds it took.
    ///
    /// By default through ``TextTranscoding``, which streams as `iconv` does: it reads a block, decodes
    /// it through the table of precomputed UTF-8 sequences and writes it, never holding either file.
    /// `--through-codec` instead runs the document path (the plain-text codec decodes the whole file
    /// into a ``TextDocument`` and ``TextDocument/write(to:)`` writes its text), which gives the same bytes.
    static func macRomanToUTF8(_ arguments: [String]) throws {
        let throughCodec = arguments.first == "--through-codec"
        let paths = throughCodec ? Array(arguments.dropFirst()) : arguments
        guard paths.count == 2 else {
            throw BenchUsage(message: "usage: docmigrate-bench macroman-to-utf8 [--through-codec] INPUT OUTPUT")
        }
        let source = URL(fileURLWithPath: paths[0]), destination = URL(fileURLWithPath: paths[1])
        let start = ContinuousClock.now
        if throughCodec {
            let codec = PlainTextCodec(options: TextCodecOptions(forcedEncoding: .singleByte(.macOSRoman)))
            let document = try codec.decode(try FileWrapper(url: source, options: .immediate), contentType: .plainText)
            try TextDocument(text: document.text).write(to: destination)
        } else {
            try TextTranscoding.transcodeToUTF8(from: source, encoding: .macOSRoman, to: destination)
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(String(format: "%.6f", seconds))
    }

    struct BenchUsage: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
