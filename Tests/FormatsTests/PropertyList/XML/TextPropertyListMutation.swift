import DocumentCodecs
import Foundation
import TestSupport

/// Byte-level mutations of valid documents for the never-trap tests.
enum TextPropertyListMutation {
    /// `count` mutants of `seeds`: flipped, inserted, deleted and duplicated bytes, and truncations.
    static func mutants(of seeds: [Data], count: Int, seed: UInt64) -> [Data] {
        var generator = SeededGenerator(seed: seed)
        let interesting: [UInt8] = Array("<>/&;=\"'(){},\\\n\t ".utf8) + [0x00, 0x80, 0xC3, 0xFF, 0xFE]
        return (0..<count).map { _ in
            guard var bytes = seeds.randomElement(using: &generator).map(Array.init), !bytes.isEmpty else {
                return Data()
            }
            for _ in 0...Int.random(in: 0...2, using: &generator) {
                let position = Int.random(in: 0..<max(bytes.count, 1), using: &generator)
                guard !bytes.isEmpty else { break }
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: bytes[position] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
                case 1: bytes.insert(interesting.randomElement(using: &generator) ?? 0, at: position)
                case 2: bytes.remove(at: position)
                case 3: bytes.removeSubrange(position...)
                case 4:
                    let end = min(bytes.count, position + Int.random(in: 1...40, using: &generator))
                    bytes.insert(contentsOf: bytes[position..<end], at: position)
                default: bytes[position] = interesting.randomElement(using: &generator) ?? 0
                }
            }
            return Data(bytes)
        }
    }

    /// How a decode of a mutant ended: a value, or a `CodecError`; anything else is returned as a failure.
    static func outcome(_ decode: () throws -> Void) -> String? {
        do {
            try decode()
            return nil
        } catch is CodecError {
            return nil
        } catch {
            return "\(type(of: error)): \(error)"
        }
    }
}
