/// The one way a report shows a character its format cannot carry: `[U+001B]`.
///
/// XML 1.0 cannot carry most C0 controls even as character references, HTML forbids them, and GitHub
/// drops or mangles them in Markdown; a golden's bytes can hold any of them, so the reports put this
/// visible notation in their place, which still says what was there.
package enum VisibleScalar {
    /// `[U+001B]`: the scalar's value in uppercase hex, at least four digits.
    package static func notation(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "[U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "]"
    }

    /// `[U+001B]` for `scalar`.
    package static func notation(_ scalar: Unicode.Scalar) -> String {
        notation(scalar.value)
    }
}
