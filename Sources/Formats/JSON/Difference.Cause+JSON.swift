// The causes the JSON comparator names, kept beside it as the CSV causes are beside the CSV comparator.
extension Difference.Cause {
    /// An object has the same members with equal values, in a different order.
    public static let jsonKeyOrderOnly = "json.key-order-only"
    /// The members both objects share are in a different order, besides other differences in the object.
    public static let jsonKeyOrder = "json.key-order"
    /// The same number spelled differently (`1.0` and `1`, `1e2` and `100`).
    public static let jsonNumberSpelling = "json.number-spelling"
    /// Every difference of the two documents is a number spelled differently.
    public static let jsonNumberSpellingOnly = "json.number-spelling-only"
    /// A value changed type (say, from a number to a string).
    public static let jsonTypeChanged = "json.type-changed"
    /// An object member exists only on the actual side.
    public static let jsonMemberAdded = "json.member-added"
    /// An object member exists only on the expected side.
    public static let jsonMemberRemoved = "json.member-removed"
    /// An array element exists only on the actual side (the actual array is longer).
    public static let jsonElementAdded = "json.element-added"
    /// An array element exists only on the expected side (the actual array is shorter).
    public static let jsonElementRemoved = "json.element-removed"
    /// The expected side is not valid JSON.
    public static let jsonInvalidExpected = "json.invalid-expected"
    /// The actual side is not valid JSON.
    public static let jsonInvalidActual = "json.invalid-actual"
}
