import Foundation

/// What a running job tells its observer (a progress bar, JSON-lines progress), in the order things happen.
///
/// An item's event comes after its output was renamed into place (and before its journal line), so
/// progress never reports an item done before it is.
public enum ConversionEvent: Sendable, Equatable {
    /// The job started.
    case started(target: String, jobs: Int)
    /// One item finished with `status`; `done` counts the items finished so far, `bytes` the input bytes read so far.
    case itemFinished(input: ItemPath, status: ConversionReport.Status, done: Int, bytes: Int64)
    /// The job finished with these totals.
    case finished(ConversionReport.Totals)

    /// The event as one line of JSON (sorted keys), for `--progress json`.
    public var jsonLine: String {
        var object: [String: Any] = [:]
        switch self {
        case .started(let target, let jobs):
            object = ["event": "started", "target": target, "jobs": jobs]
        case .itemFinished(let input, let status, let done, let bytes):
            object = [
                "event": "item", "input": input.encodedForJSON, "status": status.rawValue, "done": done, "bytes": bytes,
            ]
        case .finished(let totals):
            object = [
                "event": "finished", "items": totals.items, "converted": totals.converted, "resumed": totals.resumed,
                "skipped": totals.skipped, "warning": totals.warning, "failed": totals.failed,
                "bytes": totals.inputBytes,
            ]
        }
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
