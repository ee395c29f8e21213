import DocumentCodecs
import Formats
import Foundation
import Testing

/// Checks the `propertyListEncoder` style against swift-foundation's own `PropertyListEncoder`,
/// the writer it reproduces, running here on Linux (the encoder writes XML itself, without CF).
@Suite struct XMLPropertyListEncoderStyleTests {
    struct Sample: Encodable {
        var name: String
        var ratios: [Double]
        var count: Int
        var big: UInt64
        var flags: [Bool]
        var blob: Data
        var when: Date
        var nested: [String: String]
        var empty: [Int]
    }

    @Test func writesTheBytesPropertyListEncoderWrites() throws {
        let ratios: [Double] = [
            0.1, 2.0, -2.5, 1e20, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -0.0, 0, .infinity,
            -.infinity, 3.14,
        ]
        let blob = Data((0..<100).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let sample = Sample(
            name: "<Tom & \"Jerry\">", ratios: ratios, count: -42, big: .max, flags: [true, false], blob: blob,
            when: Date(timeIntervalSinceReferenceDate: 120_479_613), nested: ["\u{FF61}": "a", "😀": "b", "B": "c"],
            empty: [])
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        let expected = try encoder.encode(sample)
        let value = PropertyListValue.dictionary([
            PropertyListEntry(key: "name", value: .string(sample.name)),
            PropertyListEntry(key: "ratios", value: .array(ratios.map(PropertyListValue.real))),
            PropertyListEntry(key: "count", value: .integer(-42)),
            PropertyListEntry(key: "big", value: .integer(Int128(UInt64.max))),
            PropertyListEntry(key: "flags", value: .array([.boolean(true), .boolean(false)])),
            PropertyListEntry(key: "blob", value: .data(blob)),
            PropertyListEntry(key: "when", value: .date(secondsSinceReferenceDate: 120_479_613)),
            PropertyListEntry(
                key: "nested",
                value: .dictionary([
                    PropertyListEntry(key: "\u{FF61}", value: .string("a")),
                    PropertyListEntry(key: "😀", value: .string("b")),
                    PropertyListEntry(key: "B", value: .string("c")),
                ])),
            PropertyListEntry(key: "empty", value: .array([])),
        ])
        let written = try XMLPropertyList.write(value, options: .init(style: .propertyListEncoder))
        #expect(written == expected)
        if written != expected {
            Issue.record(
                "ours:\n\(String(decoding: written, as: UTF8.self))\nPropertyListEncoder:\n\(String(decoding: expected, as: UTF8.self))"
            )
        }
        let document = try XMLPropertyList.readDocument(expected)
        #expect(document.style == .propertyListEncoder)
    }
}
