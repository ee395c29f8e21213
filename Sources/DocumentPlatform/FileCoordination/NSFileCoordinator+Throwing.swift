// docmigrate's addition, on every platform: it is written against Apple's NSErrorPointer API
// only, so on Apple systems it wraps Foundation's own NSFileCoordinator and behaves the same.
import Foundation

extension NSFileCoordinator {
    /// Reads the item at `url` in a coordinated way and returns what `body` returns; docmigrate's addition.
    ///
    /// Throws the coordinator's `NSError` when the coordination fails (the body did not run),
    /// or whatever `body` throws. The NSErrorPointer API cannot tell "the body ran" from "the
    /// wait failed" without a sentinel, which this wrapper keeps for you.
    public func coordinateReading<Result>(
        at url: URL, options: NSFileCoordinator.ReadingOptions = [], _ body: (URL) throws -> Result
    ) throws -> Result {
        var outcome: Swift.Result<Result, any Error>?
        var coordinationError: NSError?
        coordinate(readingItemAt: url, options: options, error: &coordinationError) { url in
            outcome = Swift.Result { try body(url) }
        }
        return try Self.unwrap(outcome, coordinationError)
    }

    /// Writes the item at `url` in a coordinated way and returns what `body` returns; docmigrate's addition.
    public func coordinateWriting<Result>(
        at url: URL, options: NSFileCoordinator.WritingOptions = [], _ body: (URL) throws -> Result
    ) throws -> Result {
        var outcome: Swift.Result<Result, any Error>?
        var coordinationError: NSError?
        coordinate(writingItemAt: url, options: options, error: &coordinationError) { url in
            outcome = Swift.Result { try body(url) }
        }
        return try Self.unwrap(outcome, coordinationError)
    }

    /// Reads one item and writes another under one coordinated claim; docmigrate's addition.
    public func coordinateReadingAndWriting<Result>(
        reading readingURL: URL, options readingOptions: NSFileCoordinator.ReadingOptions = [],
        writing writingURL: URL, options writingOptions: NSFileCoordinator.WritingOptions = [],
        _ body: (URL, URL) throws -> Result
    ) throws -> Result {
        var outcome: Swift.Result<Result, any Error>?
        var coordinationError: NSError?
        coordinate(
            readingItemAt: readingURL, options: readingOptions, writingItemAt: writingURL, options: writingOptions,
            error: &coordinationError
        ) { reading, writing in
            outcome = Swift.Result { try body(reading, writing) }
        }
        return try Self.unwrap(outcome, coordinationError)
    }

    /// Writes two items under one coordinated claim; docmigrate's addition.
    public func coordinateWriting<Result>(
        at url1: URL, options options1: NSFileCoordinator.WritingOptions = [],
        and url2: URL, options options2: NSFileCoordinator.WritingOptions = [],
        _ body: (URL, URL) throws -> Result
    ) throws -> Result {
        var outcome: Swift.Result<Result, any Error>?
        var coordinationError: NSError?
        coordinate(
            writingItemAt: url1, options: options1, writingItemAt: url2, options: options2, error: &coordinationError
        ) {
            first, second in
            outcome = Swift.Result { try body(first, second) }
        }
        return try Self.unwrap(outcome, coordinationError)
    }

    private static func unwrap<Result>(
        _ outcome: Swift.Result<Result, any Error>?, _ coordinationError: NSError?
    ) throws -> Result {
        if let outcome { return try outcome.get() }
        // Apple documents that a failed wait sets the error; a nil error here would be a broken
        // contract, reported as Foundation's generic read failure rather than trapping.
        throw coordinationError ?? NSError(domain: NSCocoaErrorDomain, code: NSFileReadUnknownError)
    }
}
