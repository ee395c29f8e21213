import Formats
import Foundation

extension BenchModes {
    /// The text-encoding modes.
    static var textModes: [String: Mode] {
        ["macroman-to-utf8": macRomanToUTF8]
    }

    /// `macroman-to-utf8 INPUT OUTPUT`: reads INPUT as Mac OS Roman through the plain-text codec and
    /// writes it as UTF-8 (line endings kept, as `iconv` keeps them), then prints the seconds it took.
    ///
    /// The codec decodes through its table of precomputed UTF-8 sequences into one string buffer,
    /// which the UTF-8 write hands to the file as it is: no `String` per character, no second copy.
    static func macRomanToUTF8(_ arguments: [String]) throws {
        guard arguments.count == 2 else {
            throw BenchUsage(message: "usage: docmigrate-bench macroman-to-utf8 INPUT OUTPUT")
        }
        let start = ContinuousClock.now
        let codec = PlainTextCodec(options: TextCodecOptions(forcedEncoding: .singleByte(.macOSRoman)))
        let input = try FileWrapper(url: URL(fileURLWithPath: arguments[0]), options: .immediate)
        let document = try codec.decode(input, contentType: .plainText)
        let utf8 = TextDocument(text: document.text)
        try utf8.write(to: URL(fileURLWithPath: arguments[1]))
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(String(format: "%.6f", seconds))
    }

    struct BenchUsage: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
