// A hook into whole-file reads, so that a test can change a file at a chosen moment of its read.
#if !canImport(Darwin)
import Synchronization

/// Lets a test run code between the chunks of a whole-file read of one path.
///
/// Whether a read notices a file that changes under it cannot be tested by racing another process
/// against it without the test being flaky; with this hook the test changes the file after the
/// first chunk, every time. Observers are keyed by path, so tests that run in parallel on their
/// own files do not see each other's reads. With no observer registered a read costs one lock.
package enum ReadObservation {
    private static let observers = Mutex<[String: @Sendable (Int) -> Void]>([:])

    /// Calls `observer` with the count of bytes read so far after every chunk read from `path`;
    /// nil removes it.
    package static func observe(path: String, _ observer: (@Sendable (Int) -> Void)?) {
        observers.withLock { $0[path] = observer }
    }

    static func chunkWasRead(path: String, bytesSoFar: Int) {
        let observer = observers.withLock { $0[path] }
        observer?(bytesSoFar)
    }
}
#endif
