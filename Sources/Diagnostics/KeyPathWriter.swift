/// The one rule for appending a dictionary key or an array index to a key path such as `$.items[3].title`.
///
/// An index is `[3]`. A key is `.name` when it is an identifier: an ASCII letter or `_`, then ASCII
/// letters, digits and `_`. Any other key, the empty key included, is `["…"]` with the key as a JSON
/// string (``JSONStringEscaper``), so that every key path reads back to exactly one sequence of steps.
///
/// A key that starts with a digit is bracketed: `.0` next to `[0]` would leave a reader guessing
/// whether `0` is a key or an index, a JSONPath or JavaScript reader rejects `.0` outright, and
/// `["0"]` cannot be mistaken for the index `[0]`.
package enum KeyPathWriter {
    /// `key` as the next step of a key path: `.name` or `["…"]`.
    package static func component(key: String) -> String {
        isIdentifier(key) ? "." + key : "[" + JSONStringEscaper.quoted(key) + "]"
    }

    /// `index` as the next step of a key path: `[3]`.
    package static func component(index: Int) -> String {
        "[\(index)]"
    }

    /// Whether `key` may follow a `.`: an ASCII letter or `_`, then ASCII letters, digits and `_`.
    package static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !isDigit(first) else { return false }
        return key.utf8.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "_") }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
