import DocumentModels

/// Deterministic filler for anonymized cases: text of the same script and UTF-8 length, bytes of the same size.
///
/// `text(_:)` splits a string into words (runs of letters, digits and combining marks) and keeps
/// everything between them: whitespace, line endings (CR, LF, CRLF), punctuation, symbols, the
/// byte-order mark and other format characters. In a word, every letter or digit becomes another one
/// of the same script, the same general category (so case survives) and the same UTF-8 width, and
/// never itself; combining marks are kept and the replacement of the letter before them is chosen
/// so that the cluster composes and decomposes as the original did (a decomposed `e` + U+0301 stays
/// two scalars, a precomposed `é` stays one), so the text's normalisation form survives. The byte
/// length of every string is therefore unchanged, which keeps the sizes of members and offsets.
///
/// The filler of a word depends only on the seed and the word (a stable hash, never `Hasher`), so
/// a repeated name gets the same filler everywhere in a document and across documents and runs,
/// and another seed gives other filler. Diacritics (the kept marks) and the frequency of repeated
/// words remain visible: the filler hides content, not the shape of the text.
public struct Anonymizer: Sendable {
    /// The text that, with each input, decides the filler; the same seed gives the same output.
    public let seed: String
    // Keyed by the UTF-8 bytes: String keys compare by canonical equivalence, which would give a
    // decomposed "e" + U+0301 the filler of a precomposed "é" (of another byte length).
    private var fillers: [[UInt8]: String] = [:]
    private var payloadCount = 0

    /// An anonymizer whose filler is decided by `seed` (the empty seed is a valid, fixed choice).
    public init(seed: String = "") {
        self.seed = seed
    }

    /// `original` with every letter and digit replaced by deterministic filler of the same script and UTF-8 width.
    public mutating func text(_ original: String) -> String {
        var result = String.UnicodeScalarView()
        var word: [Unicode.Scalar] = []
        for scalar in original.unicodeScalars {
            if Self.isWordScalar(scalar) {
                word.append(scalar)
            } else {
                if !word.isEmpty { result.append(contentsOf: filler(for: word).unicodeScalars) }
                word.removeAll(keepingCapacity: true)
                result.append(scalar)
            }
        }
        if !word.isEmpty { result.append(contentsOf: filler(for: word).unicodeScalars) }
        return String(result)
    }

    /// `count` deterministic bytes; each call gives the next payload of the anonymizer's sequence.
    public mutating func bytes(count: Int) -> Data {
        payloadCount += 1
        var random = StableRandom([Array(seed.utf8), Array("payload \(payloadCount)".utf8)])
        return Self.randomBytes(count: count, using: &random)
    }

    /// Deterministic bytes of the size of `original`, never equal to it when it is not empty.
    ///
    /// The bytes depend only on the seed and `original`, so a payload stored twice stays one payload.
    public mutating func bytes(replacing original: Data) -> Data {
        var random = StableRandom([Array(seed.utf8), Array("bytes".utf8), Array(original)])
        var filler = Self.randomBytes(count: original.count, using: &random)
        if !filler.isEmpty, filler == original {
            filler[filler.startIndex] ^= 0xFF
        }
        return filler
    }

    private static func randomBytes(count: Int, using random: inout StableRandom) -> Data {
        var data = Data(capacity: max(count, 0))
        while data.count < count {
            let word = random.next()
            for shift in stride(from: 0, to: 64, by: 8) where data.count < count {
                data.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return data
    }

    private mutating func filler(for word: [Unicode.Scalar]) -> String {
        var key = String.UnicodeScalarView()
        key.append(contentsOf: word)
        let text = String(key)
        let bytes = Array(text.utf8)
        if let known = fillers[bytes] { return known }
        var random = StableRandom([Array(seed.utf8), bytes])
        var output = String.UnicodeScalarView()
        var index = 0
        while index < word.count {
            let base = word[index]
            var end = index + 1
            while end < word.count, Self.isMark(word[end]) { end += 1 }
            let marks = Array(word[(index + 1)..<end])
            if Self.isMark(base) {
                // A mark with no letter before it (at the start of a word) has nothing to attach a choice to.
                output.append(base)
            } else {
                output.append(Self.replacement(for: base, marks: marks, using: &random))
            }
            output.append(contentsOf: marks)
            index = end
        }
        let result = String(output)
        fillers[bytes] = result
        return result
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber,
            .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// A scalar other than `base` from its script's ranges that behaves as `base` does with `marks`.
    private static func replacement(
        for base: Unicode.Scalar, marks: [Unicode.Scalar], using random: inout StableRandom
    ) -> Unicode.Scalar {
        let category = base.properties.generalCategory
        let width = UTF8.width(base)
        // A lone ASCII letter or digit cannot compose with anything: skip the normalisation check.
        let needsCheck = !(base.isASCII && marks.isEmpty)
        let shape = needsCheck ? NormalisationShape(base, marks) : nil
        let accepts = { (candidate: Unicode.Scalar) -> Bool in
            candidate != base && UTF8.width(candidate) == width && candidate.properties.generalCategory == category
                && (shape == nil || NormalisationShape(candidate, marks) == shape)
        }
        if let found = pick(
            in: clipped(AnonymizerScripts.ranges(for: base), toWidth: width), accepting: accepts, using: &random)
        {
            return found
        }
        // No other letter of this exact kind nearby: any letter of the same width and shape will do.
        let anyLetter = { (candidate: Unicode.Scalar) -> Bool in
            candidate != base && UTF8.width(candidate) == width && isWordScalar(candidate) && !isMark(candidate)
                && (shape == nil || NormalisationShape(candidate, marks) == shape)
        }
        return pick(in: AnonymizerScripts.fallbackRanges(width: width), accepting: anyLetter, using: &random) ?? base
    }

    /// The parts of `ranges` whose code points take `width` bytes in UTF-8, so probes do not land on other widths.
    private static func clipped(_ ranges: [ClosedRange<UInt32>], toWidth width: Int) -> [ClosedRange<UInt32>] {
        let band: ClosedRange<UInt32> =
            switch width {
            case 1: 0...0x7F
            case 2: 0x80...0x7FF
            case 3: 0x800...0xFFFF
            default: 0x10000...0x10FFFF
            }
        return ranges.filter { $0.overlaps(band) }.map { $0.clamped(to: band) }
    }

    /// A random accepted scalar of `ranges`: random probes first (so every candidate is about equally
    /// likely), then a walk from a random point, so a rare candidate is still found.
    private static func pick(
        in ranges: [ClosedRange<UInt32>], accepting accepts: (Unicode.Scalar) -> Bool, using random: inout StableRandom
    ) -> Unicode.Scalar? {
        let total = ranges.reduce(0) { $0 + Int($1.upperBound - $1.lowerBound) + 1 }
        guard total > 0 else { return nil }
        func scalar(at index: Int) -> Unicode.Scalar? {
            var position = index
            for range in ranges {
                let size = Int(range.upperBound - range.lowerBound) + 1
                if position < size { return Unicode.Scalar(range.lowerBound + UInt32(position)) }
                position -= size
            }
            return nil
        }
        for _ in 0..<64 {
            if let candidate = scalar(at: Int(random.next() % UInt64(total))), accepts(candidate) { return candidate }
        }
        let start = Int(random.next() % UInt64(total))
        for step in 0..<total {
            if let candidate = scalar(at: (start + step) % total), accepts(candidate) { return candidate }
        }
        return nil
    }
}

/// How a letter with its marks behaves under canonical composition and decomposition.
///
/// Two clusters of the same shape stay in the same normalisation form and keep the same UTF-8
/// widths under NFC and NFD, so replacing one by the other keeps the text's normalisation properties.
private struct NormalisationShape: Equatable {
    var composedWidths: [Int]
    var decomposedWidths: [Int]
    var isComposed: Bool
    var isDecomposed: Bool

    init(_ base: Unicode.Scalar, _ marks: [Unicode.Scalar]) {
        var view = String.UnicodeScalarView()
        view.append(base)
        view.append(contentsOf: marks)
        let scalars = Array(view)
        let text = String(view)
        let composed = Array(text.precomposedStringWithCanonicalMapping.unicodeScalars)
        let decomposed = Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
        composedWidths = composed.map(UTF8.width)
        decomposedWidths = decomposed.map(UTF8.width)
        isComposed = composed == scalars
        isDecomposed = decomposed == scalars
    }
}
