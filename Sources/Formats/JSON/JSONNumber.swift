/// A JSON number as written, compared by exact decimal value: `1.0`, `1`, `1e0` and `10e-1` are the same number.
///
/// The value is never rounded through a `Double`: the digits and the exponent are kept exactly, so
/// `0.1` and `0.10000000000000001` differ, as they do in decimal. `-0` equals `0` in value (spelled
/// differently). One limit: an exponent of more than 17 digits (beyond 10^(10^17)) is compared by its
/// spelling of significant digits, so two such numbers are equal only when written alike up to zeros.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number exactly as written in the document.
    public let text: String

    /// A number from its JSON spelling; the parser has checked `text` against RFC 8259's grammar.
    init(validatedText text: String) {
        self.text = text
    }

    /// Reads a JSON number; nil when `text` is not one (RFC 8259 grammar, no `+`, no leading zeros).
    public init?(_ text: String) {
        guard JSONNumber.isValidSpelling(Array(text.utf8)) else { return nil }
        self.text = text
    }

    public var description: String { text }

    /// Whether the two numbers have the same exact decimal value, however they are spelled.
    public func hasSameValue(as other: JSONNumber) -> Bool {
        DecimalValue(self.text) == DecimalValue(other.text)
    }

    static func isValidSpelling(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func digit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        if index < bytes.count && bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digit(index) else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while digit(index) { index += 1 }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digit(index) else { return false }
            while digit(index) { index += 1 }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digit(index) else { return false }
            while digit(index) { index += 1 }
        }
        return index == bytes.count
    }
}

/// A number's exact value: sign, significant digits without leading or trailing zeros, and a power of ten.
private struct DecimalValue: Equatable {
    var negative: Bool
    var digits: [UInt8]
    /// The power of ten of the last significant digit, when it fits in an `Int` with room to spare.
    var scale: Int?
    /// For exponents too long for `scale`: the exponent's significant digits and sign, and the adjustment.
    var hugeExponent: (negative: Bool, digits: [UInt8], adjustment: Int)?

    init(_ text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var allDigits: [UInt8] = []
        var fractionCount = 0
        var inFraction = false
        var exponentNegative = false
        var exponentDigits: [UInt8] = []
        var inExponent = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "."): inFraction = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-"): exponentNegative = inExponent
            case UInt8(ascii: "+"): break
            default:
                if inExponent {
                    if !(exponentDigits.isEmpty && byte == UInt8(ascii: "0")) { exponentDigits.append(byte - 0x30) }
                } else {
                    allDigits.append(byte - 0x30)
                    if inFraction { fractionCount += 1 }
                }
            }
            index += 1
        }
        let firstSignificant = allDigits.firstIndex { $0 != 0 } ?? allDigits.count
        var significant = Array(allDigits[firstSignificant...])
        var trailingZeros = 0
        while significant.last == 0 {
            significant.removeLast()
            trailingZeros += 1
        }
        digits = significant
        if significant.isEmpty {
            // Zero has one value whatever its sign or exponent.
            negative = false
            scale = 0
            hugeExponent = nil
            return
        }
        let adjustment = trailingZeros - fractionCount
        if exponentDigits.count <= 17 {
            let magnitude = exponentDigits.reduce(0) { $0 * 10 + Int($1) }
            scale = (exponentNegative ? -magnitude : magnitude) + adjustment
            hugeExponent = nil
        } else {
            scale = nil
            hugeExponent = (exponentNegative, exponentDigits, adjustment)
        }
    }

    static func == (left: DecimalValue, right: DecimalValue) -> Bool {
        guard left.negative == right.negative, left.digits == right.digits, left.scale == right.scale else {
            return false
        }
        switch (left.hugeExponent, right.hugeExponent) {
        case (nil, nil): return true
        case (let leftHuge?, let rightHuge?):
            return leftHuge.negative == rightHuge.negative && leftHuge.digits == rightHuge.digits
                && leftHuge.adjustment == rightHuge.adjustment
        default: return false
        }
    }
}
