extension DocumentHost where Document: WritableDocument {
    /// Saves the document to its file, replacing it in one step once the writer succeeded.
    ///
    /// Before writing, the host compares the file with what it last read or wrote; when another
    /// process changed it meanwhile the save is refused (`host.save.changed-on-disk`) and both the
    /// file and the document are left as they are, unless `overwritingExternalChanges` is true
    /// ("Save Anyway"). A document never saved has no file: use `save(to:contentType:)`.
    public func save(overwritingExternalChanges: Bool = false) async throws {
        await operations.acquire()
        defer { operations.release() }
        guard let url = configuration.fileURL else {
            throw DocumentHostError(
                file: nil, code: DocumentHostErrorCode(.save, .noFile),
                message: "the document was never saved, so it has no file to save to; save it to a location first")
        }
        let type = try writableType(requested: nil, operation: .save, url: url)
        try await write(
            to: url, contentType: type, operation: .save, checkingExternalChanges: !overwritingExternalChanges)
    }

    /// Saves the document to `url` and makes that its file from now on (Save As).
    ///
    /// `contentType` defaults to the file's current type, or the first writable type for a new
    /// document; a type the document does not list as writable is refused.
    public func save(to url: URL, contentType: UTType? = nil) async throws {
        await operations.acquire()
        defer { operations.release() }
        let type = try writableType(requested: contentType, operation: .saveAs, url: url)
        try await write(to: url, contentType: type, operation: .saveAs, checkingExternalChanges: false)
    }

    /// Saves the document in place if, and only if, its undo manager recorded a change since the last save.
    ///
    /// Returns whether it wrote. As on Apple systems, a change made without registering an undo
    /// action is invisible to autosave: "Without registered undo actions, SwiftUI won't trigger
    /// autosave". A document never saved is not autosaved (Apple's autosave elsewhere is not reproduced).
    @discardableResult
    public func autosave() async throws -> Bool {
        await operations.acquire()
        defer { operations.release() }
        guard let url = configuration.fileURL, isEdited else { return false }
        let type = try writableType(requested: nil, operation: .autosave, url: url)
        try await write(to: url, contentType: type, operation: .autosave, checkingExternalChanges: true)
        return true
    }

    /// Writes a copy of the document to `url` as `contentType`, leaving the document's own file,
    /// its URL and its edited state as they were (`fileExporter`'s behaviour).
    ///
    /// A content type the document does not list in `writableContentTypes` is refused. The writer
    /// gets no `previous` snapshot and no previous file wrapper: the destination is not the file
    /// they describe.
    public func export(to url: URL, contentType: UTType) async throws {
        await operations.acquire()
        defer { operations.release() }
        let type = try writableType(requested: contentType, operation: .export, url: url)
        try await write(to: url, contentType: type, operation: .export, checkingExternalChanges: false)
    }

    /// The type to write: the one asked for if the document lists it, else the file's type if writable, else the first
    /// writable one.
    func writableType(requested: UTType?, operation: DocumentHostOperation, url: URL?) throws -> UTType {
        let writable = Document.writableContentTypes
        if let requested {
            guard writable.contains(requested) else {
                throw DocumentHostError(
                    file: url?.path, code: DocumentHostErrorCode(operation, .unsupportedContentType),
                    message: "the document writes \(Self.list(writable)), not \(requested.identifier)")
            }
            return requested
        }
        if let contentType, writable.contains(contentType) { return contentType }
        guard let first = writable.first else {
            throw DocumentHostError(
                file: url?.path, code: DocumentHostErrorCode(operation, .unsupportedContentType),
                message: "the document lists no writable content type")
        }
        return first
    }

    /// Whether writers of this type build their whole item (checked on the type, so the writer itself stays unshared).
    nonisolated static func buildsWholeItem(_ writerType: Document.Writer.Type) -> Bool {
        writerType is any WholeItemDocumentWriter.Type
    }

    /// The save itself: snapshot, writer, coordinated write into a temporary item, one-step replacement, records.
    func write(
        to destination: URL, contentType type: UTType, operation: DocumentHostOperation, checkingExternalChanges: Bool
    ) async throws {
        let document = requiredDocument
        let inPlace = operation == .save || operation == .autosave
        let isExport = operation == .export
        // An export writes a copy elsewhere: it must neither reuse nor replace the document's own wrapper.
        let history = isExport ? FileWrapperHistory() : fileWrapperHistory
        changeCounter.endEvent()
        let changeCountAtSnapshot = changeCounter.count

        let snapshot: UncheckedTransfer<Document.Writer.Snapshot>
        do {
            snapshot = UncheckedTransfer(try await document.snapshot(contentType: type))
        } catch {
            throw DocumentHostError.wrapping(
                error, operation: operation, reason: .snapshotFailed, url: destination,
                summary: "the document could not capture its state; nothing was written")
        }
        let previous = inPlace ? lastWrittenSnapshot?.cast(to: Document.Writer.Snapshot.self) : nil
        let writer = document.writer(
            configuration: DocumentWriteConfiguration(
                contentType: type, fileWrapperHistory: history, destinationIsTemporaryItem: true))

        let identity = try await Self.coordinatedWrite(
            writer, snapshot: snapshot, previous: previous, to: destination, operation: operation,
            expectedIdentity: inPlace && checkingExternalChanges ? recordedIdentity : nil,
            incrementalPackage: previous != nil && recordedIdentity?.isDirectory == true,
            history: history, progressSlot: progressSlot)

        guard !isExport else { return }
        recordFile(destination, identity: identity)
        contentType = type
        lastWrittenSnapshot = UncheckedTransfer(snapshot.take() as Any)
        savedChangeCount = changeCountAtSnapshot
    }

    /// Claims `destination` for writing, has the writer build the new item aside and replaces the file
    /// with it in one step, all in one hop off the main actor; returns the file's identity afterwards
    /// (nil for an export, which the host does not record).
    ///
    /// One hop rather than one per step (claim, write, replace): every hop between the main actor and
    /// the concurrency pool is a thread hand-off, and `verify` saves thousands of documents.
    /// `expectedIdentity` is the file as the host last knew it, when a change by someone else must
    /// stop the save; `incrementalPackage` says that the document's file is a package and the writer
    /// gets a previous snapshot, so a writer that updates only what changed must find the rest in place.
    @concurrent nonisolated static func coordinatedWrite(
        _ writer: sending Document.Writer, snapshot: UncheckedTransfer<Document.Writer.Snapshot>,
        previous: UncheckedTransfer<Document.Writer.Snapshot>?, to destination: URL, operation: DocumentHostOperation,
        expectedIdentity: FileIdentity?, incrementalPackage: Bool, history: FileWrapperHistory,
        progressSlot: ProgressSlot
    ) async throws -> FileIdentity? {
        let inPlace = operation == .save || operation == .autosave
        let wrapperBefore = history.lastFileWrapper
        let claim: CoordinatedClaim
        do {
            claim = try await CoordinatedClaim.writing(destination, options: inPlace ? [] : [.forReplacing])
        } catch {
            throw DocumentHostError.wrapping(
                error, operation: operation, reason: .coordinationFailed, url: destination,
                summary: "the file could not be claimed for writing; nothing was written")
        }
        defer { claim.release() }
        if let expectedIdentity {
            let current = try? FileIdentity.current(of: claim.url)
            if current != expectedIdentity {
                throw DocumentHostError(
                    file: destination.path, code: DocumentHostErrorCode(operation, .changedOnDisk),
                    message: "the file was changed by another application since it was last opened or saved; "
                        + "nothing was written: revert to read the new contents, or save overwriting them")
            }
        }

        let replacement: ItemReplacement
        do {
            replacement = try ItemReplacement(replacing: claim.url)
        } catch {
            throw DocumentHostError.wrapping(
                error, operation: operation, reason: .writeFailed, url: destination,
                summary: "no temporary location could be made beside the file; nothing was written")
        }
        var replaced = false
        defer {
            if !replaced {
                replacement.discard()
                history.lastFileWrapper = wrapperBefore
            }
        }
        // A writer given `previous` may write only what changed in a package; it must find the rest in place.
        if incrementalPackage && !buildsWholeItem(Document.Writer.self) {
            do {
                try await replacement.copyDestinationToTemporaryItem()
            } catch {
                throw DocumentHostError.wrapping(
                    error, operation: operation, reason: .writeFailed, url: destination,
                    summary: "the package could not be copied for an incremental write; nothing was written")
            }
        }

        // The writer gets all units but the last, which completes only once the file was replaced.
        let progress = progressSlot.start(totalCount: 100)
        do {
            try await writer.write(
                snapshot: snapshot.take(), to: replacement.temporaryItemURL, previous: previous?.take(),
                progress: progress.subprogress(assigningCount: 99))
        } catch {
            throw DocumentHostError.wrapping(
                error, operation: operation, reason: .writeFailed, url: destination,
                summary: "the writer failed; the file was left as it was")
        }
        guard replacement.hasTemporaryItem else {
            throw DocumentHostError(
                file: destination.path, code: DocumentHostErrorCode(operation, .nothingWritten),
                message:
                    "the writer returned without writing anything at the destination it was given; the file was "
                    + "left as it was"
            )
        }
        do {
            try await replacement.replaceDestination()
        } catch {
            throw DocumentHostError.wrapping(
                error, operation: operation, reason: .replaceFailed, url: destination,
                summary: "the written file could not replace the old one, which was left as it was")
        }
        replaced = true
        progress.complete(count: 1)
        return operation == .export ? nil : try? FileIdentity.current(of: claim.url)
    }
}

/// A writer that always builds its whole item at the destination, so the host need not copy the
/// old package there before an incremental save.
///
/// `FileWrapperDocumentWriter` is one: it reuses unchanged members by hard-linking them from the
/// document's file instead. A custom `DocumentWriter` that is handed `previous` is not assumed to
/// be one, because Apple invites it to "write only what changed in package documents".
package protocol WholeItemDocumentWriter {}

extension FileWrapperDocumentWriter: WholeItemDocumentWriter {}
