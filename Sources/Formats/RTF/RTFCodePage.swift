/// The code page that gives `\'hh` bytes and 8-bit text their characters, as RTF names it.
///
/// A document names one with `\ansi`, `\mac`, `\pc`, `\pca` and `\ansicpgN`; a font of the font
/// table may override it with `\fcharsetN`. Only the single-byte pages we have tables for decode:
/// another page is kept by number and refused when a byte actually needs it, so an unsupported
/// page is an error naming the page, never wrong characters.
struct RTFCodePage: Hashable, Sendable {
    /// The Windows code page number (10000 is Mac OS Roman).
    let number: Int

    static let windows1252 = RTFCodePage(number: 1252)
    static let macOSRoman = RTFCodePage(number: 10000)
    static let pc437 = RTFCodePage(number: 437)
    static let pc850 = RTFCodePage(number: 850)

    /// The table for this page, or nil when docmigrate has none.
    var encoding: SingleByteEncoding? {
        switch number {
        case 1252: .windows1252
        case 10000: .macOSRoman
        case 28591: .isoLatin1
        default: nil
        }
    }

    /// The page a font's `\fcharsetN` selects; nil for "the document's page" (0 ANSI, 1 default).
    ///
    /// The numbers follow the RTF specification's table (77 Mac, 128 Shift-JIS, 238 Eastern
    /// European…); a character set that is not a code page (2 Symbol) keeps its own number in the
    /// negative range so that decoding under it is refused by name.
    static func forCharacterSet(_ characterSet: Int) -> RTFCodePage? {
        switch characterSet {
        case 0, 1: nil
        case 77: .macOSRoman
        case 2: RTFCodePage(number: -2)
        case 128: RTFCodePage(number: 932)
        case 129: RTFCodePage(number: 949)
        case 134: RTFCodePage(number: 936)
        case 136: RTFCodePage(number: 950)
        case 161: RTFCodePage(number: 1253)
        case 162: RTFCodePage(number: 1254)
        case 177: RTFCodePage(number: 1255)
        case 178: RTFCodePage(number: 1256)
        case 186: RTFCodePage(number: 1257)
        case 204: RTFCodePage(number: 1251)
        case 222: RTFCodePage(number: 874)
        case 238: RTFCodePage(number: 1250)
        case 255: RTFCodePage(number: 850)
        default: RTFCodePage(number: -characterSet - 1000)
        }
    }

    /// How messages name the page.
    var name: String {
        switch number {
        case -2: "the Symbol character set (\\fcharset2)"
        case ..<(-1000): "character set \\fcharset\(-number - 1000)"
        case 10000: "code page 10000 (Mac OS Roman)"
        default: "code page \(number)"
        }
    }
}
