// The one seam through which Swift code reaches the CPU's SHA-256 instructions (the x86 SHA
// extensions), which Swift cannot emit itself; the C target compiles them for those functions alone
// and asks CPUID whether this CPU has them, so one binary runs everywhere.
import CDocumentPlatform

/// SHA-256's compression function run by the CPU's own instructions, where it has them.
package enum SHA256HardwareCompression {
    /// Whether this CPU has the instructions; asked once per process.
    package static let isAvailable: Bool = docmigrate_sha256_hardware_available() != 0

    /// Runs the compression function over `blockCount` consecutive 64-byte blocks at `blocks`,
    /// updating the eight words at `state` (H0…H7 of FIPS 180-4) in place.
    ///
    /// Calling it where `isAvailable` is false is a precondition failure: the instructions would trap.
    package static func compress(state: UnsafeMutablePointer<UInt32>, blocks: UnsafeRawPointer, blockCount: Int) {
        precondition(isAvailable, "SHA256HardwareCompression.compress called on a CPU without the SHA extensions")
        docmigrate_sha256_compress_hardware(state, blocks, blockCount)
    }
}
