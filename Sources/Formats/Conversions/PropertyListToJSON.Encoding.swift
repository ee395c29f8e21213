import DocumentCodecs

extension PropertyListToJSON {
    /// How the values JSON has no type for (data, dates, UIDs, non-finite reals) cross to JSON and back.
    ///
    /// The **tagged** encoding is lossless: each such value becomes a JSON object with one member
    /// whose key names the type, and ``JSONToPropertyList`` with the same encoding reads it back:
    /// - data: `{"$data": "<base64, standard alphabet, padded>"}`;
    /// - a date: `{"$date": <seconds since 2001-01-01T00:00:00Z>}`, the shortest number that reads
    ///   back to the same `Double` (or `"nan"`, `"inf"`, `"-inf"` as a string);
    /// - a UID: `{"$uid": <0 … 4294967295>}`;
    /// - a real that is not finite: `{"$real": "nan" | "inf" | "-inf"}` (finite reals are numbers);
    /// - a dictionary whose only key is one of these five tags (or `$dictionary`) is wrapped as
    ///   `{"$dictionary": {…}}`, so that no plain dictionary is ever mistaken for a tagged value.
    public enum Encoding: String, Sendable, Hashable, CaseIterable {
        /// Refuse data, dates, UIDs and non-finite reals with a named error: plain JSON only.
        case strict
        /// Carry them in tagged objects (see above), losslessly.
        case tagged

        static let dataTag = "$data"
        static let dateTag = "$date"
        static let uidTag = "$uid"
        static let realTag = "$real"
        static let dictionaryTag = "$dictionary"
        static let tags: Set<String> = [dataTag, dateTag, uidTag, realTag, dictionaryTag]
    }

    /// A real as a JSON number: Swift's shortest round-trip spelling, which always has a `.` or an
    /// exponent, so that the number reads back as a real rather than an integer.
    static func number(_ real: Double) -> JSONNumber? {
        JSONNumber(real.description)
    }

    /// `nan`, `inf` or `-inf` for a real that is not finite.
    static func nonFiniteName(_ real: Double) -> String {
        real.isNaN ? "nan" : (real < 0 ? "-inf" : "inf")
    }
}
