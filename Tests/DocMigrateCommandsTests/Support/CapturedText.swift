import DocMigrateCommands
import Synchronization

/// A text destination that keeps what was written, so tests can compare it exactly.
final class CapturedText: TextDestination {
    private let storage = Mutex("")

    func write(_ text: String) {
        storage.withLock { $0 += text }
    }

    /// Everything written so far.
    var text: String {
        storage.withLock { $0 }
    }
}
