import Foundation

extension TextNormalisation {
    /// `scalars` with this normalisation applied.
    func apply(to scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        switch self {
        case .byteOrderMark:
            return scalars.first == "\u{FEFF}" ? Array(scalars.dropFirst()) : scalars
        case .lineEndings:
            var result: [Unicode.Scalar] = []
            result.reserveCapacity(scalars.count)
            var index = 0
            while index < scalars.count {
                if scalars[index] == "\r" {
                    result.append("\n")
                    if index + 1 < scalars.count && scalars[index + 1] == "\n" { index += 1 }
                } else {
                    result.append(scalars[index])
                }
                index += 1
            }
            return result
        case .trailingWhitespace:
            var result: [Unicode.Scalar] = []
            result.reserveCapacity(scalars.count)
            var pendingBlanks: [Unicode.Scalar] = []
            for scalar in scalars {
                if scalar == " " || scalar == "\t" {
                    pendingBlanks.append(scalar)
                } else {
                    // Blanks are kept only when something other than a line break follows them.
                    if scalar != "\n" && scalar != "\r" { result.append(contentsOf: pendingBlanks) }
                    pendingBlanks.removeAll(keepingCapacity: true)
                    result.append(scalar)
                }
            }
            return result
        case .trailingNewline:
            var end = scalars.count
            while end > 0 && (scalars[end - 1] == "\n" || scalars[end - 1] == "\r") { end -= 1 }
            return Array(scalars[0..<end])
        case .unicodeNormalisation:
            return Self.canonicalComposition(scalars)
        }
    }

    /// False only when `apply(to: scalars)` would return `scalars` unchanged; found without building a copy.
    ///
    /// Exact for every normalisation but Unicode normalisation, where any text beyond ASCII may change.
    func mayChange(_ scalars: [Unicode.Scalar]) -> Bool {
        switch self {
        case .byteOrderMark:
            return scalars.first == "\u{FEFF}"
        case .lineEndings:
            return scalars.contains("\r")
        case .trailingWhitespace:
            // Blanks go when a line break or the end follows them: look at the last blank of each run.
            for index in scalars.indices where scalars[index] == " " || scalars[index] == "\t" {
                let next = index + 1
                if next == scalars.count || scalars[next] == "\n" || scalars[next] == "\r" { return true }
            }
            return false
        case .trailingNewline:
            return scalars.last == "\n" || scalars.last == "\r"
        case .unicodeNormalisation:
            return !scalars.allSatisfy(\.isASCII)
        }
    }

    static func canonicalComposition(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        // ASCII is its own normal form; skipping Foundation's mapping matters when diffing thousands of files.
        if scalars.allSatisfy(\.isASCII) { return scalars }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return Array(String(text).precomposedStringWithCanonicalMapping.unicodeScalars)
    }

    static func canonicalDecomposition(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        if scalars.allSatisfy(\.isASCII) { return scalars }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return Array(String(text).decomposedStringWithCanonicalMapping.unicodeScalars)
    }

    /// Applies `normalisations` in their canonical order.
    static func apply(_ normalisations: [TextNormalisation], to scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        normalisations.sorted().reduce(scalars) { $1.apply(to: $0) }
    }
}
