import Comparison
import DocumentCodecs
import Foundation

/// A tiny codec for tests: `key=value` lines, compared per key, so a semantic rule has a real codec to call.
struct KeyValueCodec: DocumentCodec {
    typealias Snapshot = [String: String]

    static let identifier = "key-value"
    static var readableContentTypes: [UTType] { [.plainText] }

    func decode(_ file: FileWrapper, contentType: UTType) throws -> [String: String] {
        guard file.isRegularFile, let data = file.regularFileContents else {
            throw CodecError(code: "key-value.not-a-file", message: "expected a file")
        }
        var result: [String: String] = [:]
        let text = String(decoding: data, as: UTF8.self)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else {
                throw CodecError(
                    code: "key-value.missing-equals", message: "a line has no '='",
                    location: .line(index + 1, column: 1))
            }
            result[String(parts[0])] = String(parts[1])
        }
        return result
    }

    func encode(_ snapshot: [String: String], previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        FileWrapper(
            regularFileWithContents: Data(
                snapshot.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)\n" }.joined().utf8))
    }

    func differences(expected: [String: String], actual: [String: String]) -> [SnapshotDifference] {
        Set(expected.keys).union(actual.keys).sorted().compactMap { key in
            expected[key] == actual[key]
                ? nil
                : SnapshotDifference(
                    path: key, expected: expected[key], actual: actual[key], summary: "the value of \(key) differs")
        }
    }
}
