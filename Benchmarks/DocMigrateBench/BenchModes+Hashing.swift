import DocumentCodecs
import Foundation

extension BenchModes {
    /// The hashing modes.
    static var hashingModes: [String: Mode] {
        ["sha256": sha256]
    }

    /// `sha256 [--swift-rounds] FILE`: reads FILE into memory, hashes it with ``SHA256`` and prints the
    /// seconds the hashing took, the megabytes (10^6 bytes) per second and the digest.
    ///
    /// By default the hasher uses the CPU's SHA instructions where it has them; `--swift-rounds`
    /// forces the portable Swift rounds, so that one build measures both. Reading happens before the
    /// clock starts: the mode measures the hash, not the disk.
    static func sha256(_ arguments: [String]) throws {
        let swiftRounds = arguments.first == "--swift-rounds"
        let paths = swiftRounds ? Array(arguments.dropFirst()) : arguments
        guard paths.count == 1 else {
            throw BenchUsage(message: "usage: docmigrate-bench sha256 [--swift-rounds] FILE")
        }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: paths[0])))
        let start = ContinuousClock.now
        var hasher = SHA256(allowsHardware: !swiftRounds)
        hasher.update(bytes)
        let digest = hasher.finalize()
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(String(format: "%.6f %.1f", seconds, Double(bytes.count) / seconds / 1e6), digest.hexString)
    }
}
