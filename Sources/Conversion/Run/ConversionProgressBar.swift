import DocumentPlatform
import Foundation
import Synchronization

/// A one-line progress bar for a terminal, fed by a job's events and built on `ProgressManager`.
///
/// Shows items done of the total, input bytes, the rate and the time remaining, redrawn in place at most
/// ten times a second. The total comes from a counting pass over the plan (`ConversionPlan.count`).
public final class ConversionProgressBar: Sendable {
    private let manager: ProgressManager
    private let write: @Sendable (String) -> Void
    private let state: Mutex<(start: ContinuousClock.Instant, lastDraw: ContinuousClock.Instant?)>

    /// A bar over `totalCount` items that writes its frames through `write`.
    public init(totalCount: Int?, write: @escaping @Sendable (String) -> Void) {
        manager = ProgressManager(totalCount: totalCount)
        self.write = write
        state = Mutex((ContinuousClock.now, nil))
    }

    /// Takes one event of the job.
    public func receive(_ event: ConversionEvent) {
        switch event {
        case .started:
            return
        case .itemFinished(_, _, let done, let bytes):
            manager.complete(count: 1)
            manager.completedByteCount = UInt64(max(0, bytes))
            manager.completedFileCount = done
            let now = ContinuousClock.now
            let shouldDraw = state.withLock { state in
                if let last = state.lastDraw, now - last < .milliseconds(100) { return false }
                state.lastDraw = now
                return true
            }
            if shouldDraw { write("\r" + line(now: now)) }
        case .finished:
            write("\r" + line(now: ContinuousClock.now) + "\n")
        }
    }

    /// The bar's text at `now`.
    func line(now: ContinuousClock.Instant) -> String {
        let done = manager.completedCount
        let total = manager.totalCount
        let bytes = Double(manager.completedByteCount)
        let elapsed = state.withLock { now - $0.start }
        let seconds = max(0.001, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        let fraction = total.map { $0 > 0 ? Double(done) / Double($0) : 1 } ?? 0
        let width = 24
        let filled = Int((fraction * Double(width)).rounded(.down))
        var text =
            "[" + String(repeating: "#", count: min(width, filled))
            + String(repeating: " ", count: max(0, width - filled)) + "] "
        text += total.map { "\(done)/\($0) items" } ?? "\(done) items"
        text += ", " + Self.bytesText(bytes) + ", " + Self.bytesText(bytes / seconds) + "/s"
        if let total, done > 0, done < total {
            let remaining = seconds / Double(done) * Double(total - done)
            text += ", ETA \(Int(remaining.rounded()))s"
        }
        return text
    }

    static func bytesText(_ bytes: Double) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = bytes
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(Int(value)) B" : String(format: "%.1f", value) + " " + units[unit]
    }
}
