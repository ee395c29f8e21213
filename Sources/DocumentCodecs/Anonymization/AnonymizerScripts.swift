/// The ranges of code points a letter or digit is replaced from, by script, so filler stays in its script.
///
/// Only the script's letters and digits of the original's general category and UTF-8 width are
/// chosen from these ranges (the anonymizer filters), so a range may include a block's punctuation.
/// A scalar of a script not listed here is replaced from its own 128-code-point block, which in
/// Unicode almost always belongs to one script.
enum AnonymizerScripts {
    static let scripts: [[ClosedRange<UInt32>]] = [
        // Latin: ASCII letters, Latin-1, Extended-A and -B, IPA, Extended Additional.
        [0x41...0x5A, 0x61...0x7A, 0xC0...0x2AF, 0x1E00...0x1EFF],
        // Greek and Greek Extended.
        [0x370...0x3FF, 0x1F00...0x1FFF],
        // Cyrillic and its supplement.
        [0x400...0x52F],
        // Armenian.
        [0x531...0x58F],
        // Hebrew letters (points are marks, kept).
        [0x5D0...0x5EA],
        // Arabic letters.
        [0x620...0x64A, 0x66E...0x6D3],
        // Devanagari.
        [0x900...0x97F],
        // Thai.
        [0xE01...0xE5B],
        // Conjoining Hangul jamo, each class apart so that sequences still compose: leading, vowel, trailing.
        [0x1100...0x1112], [0x1161...0x1175], [0x11A8...0x11C2],
        // Hangul compatibility jamo.
        [0x3131...0x318E],
        // Hangul syllables.
        [0xAC00...0xD7A3],
        // Hiragana and Katakana.
        [0x3041...0x309F], [0x30A0...0x30FF],
        // CJK unified ideographs: Extension A, the main block, Extension B.
        [0x3400...0x4DBF, 0x4E00...0x9FFF], [0x20000...0x2A6DF],
    ]

    /// The ranges `scalar` is replaced from: a decimal digit's own ten digits, its script, else its block.
    static func ranges(for scalar: Unicode.Scalar) -> [ClosedRange<UInt32>] {
        let value = scalar.value
        if scalar.properties.generalCategory == .decimalNumber, let digit = scalar.properties.numericValue,
            digit >= 0, digit <= 9, Double(Int(digit)) == digit
        {
            let zero = value - UInt32(digit)
            return [zero...(zero + 9)]
        }
        if let script = scripts.first(where: { $0.contains { $0.contains(value) } }) { return script }
        let blockStart = value & ~0x7F
        return [blockStart...(blockStart + 0x7F)]
    }

    /// Letters of any script with the given UTF-8 width, for a scalar whose own script offers no other.
    static func fallbackRanges(width: Int) -> [ClosedRange<UInt32>] {
        switch width {
        case 1: [0x41...0x5A, 0x61...0x7A]
        case 2: [0xC0...0x24F, 0x400...0x4FF]
        case 3: [0x4E00...0x9FFF, 0xAC00...0xD7A3]
        default: [0x20000...0x2A6DF]
        }
    }
}
