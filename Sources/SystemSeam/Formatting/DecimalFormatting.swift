// The one seam through which Swift code reaches the C library's number formatting: `%.17g` is
// CoreFoundation's format for an XML property list's reals, and the C library prints it exactly
// (correctly rounded from the binary value) and much faster than `String(format:)`, which goes
// through NSString on Linux.
import CDocumentPlatform

/// Prints numbers as the C library's `printf` family does.
package enum DecimalFormatting {
    /// Appends `value` printed as `%.17g` (17 significant digits, exponent form for large and small magnitudes) to
    /// `bytes`.
    package static func appendSeventeenSignificantDigits(of value: Double, to bytes: inout [UInt8]) {
        // The longest result is 24 characters ("-1.2345678901234567e-308"); 32 leaves room.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = Int(docmigrate_format_seventeen_digits(base, 32, value))
            guard count > 0 else { return }
            UnsafeRawPointer(base).withMemoryRebound(to: UInt8.self, capacity: min(count, 31)) { start in
                bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: min(count, 31)))
            }
        }
    }
}
