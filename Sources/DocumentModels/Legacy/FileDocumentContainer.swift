/// A legacy `FileDocument` value, hosted through the 27 document protocols as SwiftUI hosts it.
///
/// `DocumentGroup(newDocument:editor:)` keeps the value and hands the editor a binding; every change
/// through the binding registers an undo action, and saving calls `fileWrapper(configuration:)` with
/// the wrapper last read or written as `existingFile`. Here `DocumentHost.update(actionName:_:)` is
/// the binding, and the reader and writer are `FileWrapperDocumentReader`/`Writer`, whose history
/// supplies `existingFile`. `init(configuration:)` and `fileWrapper(configuration:)` run off the
/// main actor (Apple documents neither thread; the value is `Sendable`).
@MainActor
public final class FileDocumentContainer<Value: FileDocument>: Document {
    private var storedValue: Value?

    /// The document's current value; change it through `DocumentHost.update(actionName:_:)` so that undo and autosave
    /// see it.
    ///
    /// Reading it from a container made with `init()` before the host opened a file into it is a
    /// programming error, as SwiftUI never shows an editor a document it has not read.
    public internal(set) var value: Value {
        get {
            guard let storedValue else {
                preconditionFailure("FileDocumentContainer has no value: open a file into it first")
            }
            return storedValue
        }
        set { storedValue = newValue }
    }

    /// Wraps `value`, for example a new document in a `makeDocument` closure.
    public init(_ value: Value) {
        storedValue = value
    }

    /// An empty container for the host to open a file into: the value comes from `init(configuration:)`,
    /// as SwiftUI reads a legacy document, so no placeholder value is needed.
    public init() {
        storedValue = nil
    }

    nonisolated public static var readableContentTypes: [UTType] { Value.readableContentTypes }
    nonisolated public static var writableContentTypes: [UTType] { Value.writableContentTypes }

    /// Reads the value with `init(configuration:)` from the file's wrapper.
    nonisolated public func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<Value>
    {
        let contentType = configuration.contentType
        return FileWrapperDocumentReader(configuration) { file in
            try Value(configuration: FileDocumentReadConfiguration(contentType: contentType, file: file))
        }
    }

    /// Takes the value that was read.
    public func apply(snapshot: sending Value, previous: sending Value?) async throws {
        value = snapshot
    }

    /// The value itself: a `FileDocument` is a value, so it is its own snapshot.
    public func snapshot(contentType: UTType) async throws -> sending Value {
        guard let storedValue else { throw CocoaError(.fileWriteUnknown) }
        return storedValue
    }

    /// Writes the value with `fileWrapper(configuration:)`, passing the wrapper last read or written as `existingFile`.
    nonisolated public func writer(
        configuration: sending WriteConfiguration
    ) -> sending FileWrapperDocumentWriter<Value> {
        let contentType = configuration.contentType
        return FileWrapperDocumentWriter(configuration) { value, existingFile in
            try value.fileWrapper(
                configuration: FileDocumentWriteConfiguration(contentType: contentType, existingFile: existingFile))
        }
    }
}

extension DocumentHost {
    /// Changes a hosted `FileDocument` value and registers undo for the change, as SwiftUI's document binding does.
    ///
    /// Undoing restores the previous value and registers a redo; each call is one change for the
    /// document's change count, so autosave sees it.
    public func update<Value: FileDocument>(
        actionName: String? = nil, _ change: (inout Value) throws -> Void
    ) rethrows where Document == FileDocumentContainer<Value> {
        let container = requiredDocument
        var changed = container.value
        try change(&changed)
        setValue(changed, of: container, actionName: actionName)
        changeCounter.endEvent()
    }

    private func setValue<Value: FileDocument>(
        _ newValue: Value, of container: FileDocumentContainer<Value>, actionName: String?
    ) where Document == FileDocumentContainer<Value> {
        let oldValue = container.value
        container.value = newValue
        undoManager.registerUndo(withTarget: container) { [weak self] container in
            self?.setValue(oldValue, of: container, actionName: actionName)
        }
        if let actionName { undoManager.setActionName(actionName) }
    }
}
