extension XMLPropertyList {
    /// Equality of property-list values that tells apart strings Swift calls equal.
    ///
    /// `PropertyListValue.==` compares strings and keys with Swift's canonical equivalence, so "é"
    /// and "e\u{301}" are equal there; a rewrite that kept the old bytes for such a change would lose
    /// it. Here strings compare by their Unicode scalars.
    static func exactlyEqual(_ left: PropertyListValue, _ right: PropertyListValue) -> Bool {
        switch (left, right) {
        case (.string(let leftString), .string(let rightString)):
            return leftString.unicodeScalars.elementsEqual(rightString.unicodeScalars)
        case (.array(let leftElements), .array(let rightElements)):
            return leftElements.count == rightElements.count
                && zip(leftElements, rightElements).allSatisfy { exactlyEqual($0, $1) }
        case (.dictionary(let leftEntries), .dictionary(let rightEntries)):
            return leftEntries.count == rightEntries.count
                && zip(leftEntries, rightEntries).allSatisfy {
                    $0.key.unicodeScalars.elementsEqual($1.key.unicodeScalars) && exactlyEqual($0.value, $1.value)
                }
        default:
            return left == right
        }
    }
}
