import DocumentCodecs
import Foundation

/// Compares two documents through a codec: decode both sides, then ask the codec where the snapshots differ.
///
/// This is how a format's own comparison (property lists, CSV, keyed archives…) plugs into the verifier:
/// every `SnapshotDifference` the codec reports becomes a `.snapshot` difference at the codec's path.
/// A side the codec cannot decode is a difference naming the side and the error's code and location.
public struct SemanticComparator: Sendable {
    /// The codec that decodes and compares.
    public var codec: AnyDocumentCodec
    /// The content type both sides are decoded as.
    public var contentType: UTType

    public init(codec: AnyDocumentCodec, contentType: UTType) {
        self.codec = codec
        self.contentType = contentType
    }

    /// The difference between two documents' snapshots, or nil when the codec finds none.
    public func compare(expected: FileWrapper, actual: FileWrapper) -> Difference? {
        let expectedResult = Result { try codec.decode(expected, contentType: contentType) }
        let actualResult = Result { try codec.decode(actual, contentType: contentType) }
        switch (expectedResult, actualResult) {
        case (.success(let expectedSnapshot), .success(let actualSnapshot)):
            let found: [SnapshotDifference]
            do {
                found = try codec.differences(expected: expectedSnapshot, actual: actualSnapshot)
            } catch {
                return Difference(
                    kind: .snapshot, location: "",
                    summary: "the \(codec.identifier) codec could not compare the snapshots: \(error)")
            }
            guard !found.isEmpty else { return nil }
            let children = found.map { difference in
                Difference(
                    kind: .snapshot, location: difference.path, summary: difference.summary,
                    expected: difference.expected, actual: difference.actual)
            }
            let places = children.count == 1 ? "1 place" : "\(children.count) places"
            return Difference(
                kind: .snapshot, location: "", summary: "the \(codec.identifier) snapshots differ in \(places)",
                children: children)
        case (.failure(let expectedError), .failure(let actualError)):
            return Difference(
                kind: .snapshot, location: "", summary: "the \(codec.identifier) codec could decode neither side",
                children: [undecodable(expectedError, side: "expected"), undecodable(actualError, side: "actual")])
        case (.failure(let error), .success):
            return undecodable(error, side: "expected")
        case (.success, .failure(let error)):
            return undecodable(error, side: "actual")
        }
    }

    private func undecodable(_ error: any Error, side: String) -> Difference {
        let cause =
            side == "expected"
            ? Difference.Cause.semanticUndecodableExpected : Difference.Cause.semanticUndecodableActual
        if let located = error as? any LocatedError {
            let place = located.location.map { "\($0): " } ?? ""
            return Difference(
                kind: .snapshot, location: located.location?.description ?? "",
                summary:
                    "the \(codec.identifier) codec could not decode the \(side) side: \(place)\(located.message) "
                    + "[\(located.code)]",
                cause: cause)
        }
        return Difference(
            kind: .snapshot, location: "",
            summary: "the \(codec.identifier) codec could not decode the \(side) side: \(error)",
            cause: cause)
    }
}
