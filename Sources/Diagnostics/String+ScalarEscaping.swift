extension String {
    /// This text with each Unicode scalar for which `replacement` gives a text replaced by it.
    ///
    /// Scalar by scalar, not character by character, because a CR LF pair is one `Character` and each
    /// of its scalars may need its own escape; the escapers of every report format are built on it.
    package func escapingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) {
                escaped += replaced
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
