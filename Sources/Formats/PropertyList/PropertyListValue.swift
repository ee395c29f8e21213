import DocumentCodecs

/// One property-list value, the model shared by the binary, XML and OpenStep forms and keyed archives.
///
/// Dictionaries keep their key order (Apple's binary writer lays objects out in enumeration order,
/// and a byte-for-byte round trip needs it). Integers cover the whole range a property list can hold,
/// −2^63 through 2^64 − 1. Reals compare by bit pattern, so that NaN equals itself and −0.0 differs
/// from 0.0: a round trip must keep both exactly. Dates are seconds since 2001-01-01T00:00:00Z, kept
/// as a `Double` and never turned into a `Date` (printing a NaN `Date` traps on Linux).
public indirect enum PropertyListValue: Sendable, Hashable {
    /// A dictionary's entries, in order; keys are unique.
    case dictionary([PropertyListEntry])
    /// An array's elements, in order.
    case array([PropertyListValue])
    /// A string.
    case string(String)
    /// An integer from −2^63 through 2^64 − 1.
    case integer(Int128)
    /// A real number.
    case real(Double)
    /// A boolean.
    case boolean(Bool)
    /// A date, in seconds since 2001-01-01T00:00:00Z.
    case date(secondsSinceReferenceDate: Double)
    /// Bytes.
    case data(Data)
    /// A keyed archive's object reference (`CF$UID`), a 32-bit unsigned number.
    case uid(UInt32)

    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case (.dictionary(let left), .dictionary(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.integer(let left), .integer(let right)): left == right
        case (.real(let left), .real(let right)): left.bitPattern == right.bitPattern
        case (.boolean(let left), .boolean(let right)): left == right
        case (.date(let left), .date(let right)): left.bitPattern == right.bitPattern
        case (.data(let left), .data(let right)): left == right
        case (.uid(let left), .uid(let right)): left == right
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .dictionary(let entries):
            hasher.combine(0)
            hasher.combine(entries)
        case .array(let elements):
            hasher.combine(1)
            hasher.combine(elements)
        case .string(let string):
            hasher.combine(2)
            hasher.combine(string)
        case .integer(let integer):
            hasher.combine(3)
            hasher.combine(integer)
        case .real(let real):
            hasher.combine(4)
            hasher.combine(real.bitPattern)
        case .boolean(let boolean):
            hasher.combine(5)
            hasher.combine(boolean)
        case .date(let seconds):
            hasher.combine(6)
            hasher.combine(seconds.bitPattern)
        case .data(let data):
            hasher.combine(7)
            hasher.combine(data)
        case .uid(let uid):
            hasher.combine(8)
            hasher.combine(uid)
        }
    }
}

/// One entry of a property-list dictionary.
public struct PropertyListEntry: Sendable, Hashable {
    /// The entry's key.
    public var key: String
    /// The entry's value.
    public var value: PropertyListValue

    public init(key: String, value: PropertyListValue) {
        self.key = key
        self.value = value
    }
}
