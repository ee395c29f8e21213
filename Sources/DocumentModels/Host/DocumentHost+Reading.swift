extension DocumentHost where Document: ReadableDocument {
    /// Opens the file at `url`: makes the instance, reads the file into a snapshot and applies it.
    ///
    /// `contentType` defaults to the readable type the file's extension names; a type the document
    /// does not read is refused. The reader runs off the main actor inside a coordinated read and
    /// `apply(snapshot:previous:)` on the main actor. When reading or applying fails the host stays
    /// without a document, the file is untouched, and the error names the file.
    @discardableResult
    public func open(_ url: URL, contentType: UTType? = nil) async throws -> Document {
        await operations.acquire()
        defer { operations.release() }
        precondition(document == nil, "DocumentHost hosts one document; make another host for another document")
        let type = try Self.readableType(of: url, requested: contentType)
        configuration.fileURL = url
        configuration.creationSource = nil
        do {
            let made: Document
            do {
                made = try await makeDocument(configuration, DocumentCreationContext())
            } catch let cancellation as CancellationError {
                throw cancellation
            } catch {
                throw DocumentHostError.wrapping(
                    error, operation: .open, reason: .makeDocumentFailed, url: url,
                    summary: "the makeDocument closure failed")
            }
            let (snapshot, identity) = try await readSnapshot(of: made, at: url, contentType: type, operation: .open)
            do {
                try await made.apply(snapshot: snapshot.take(), previous: nil)
            } catch {
                throw DocumentHostError.wrapping(
                    error, operation: .open, reason: .applyFailed, url: url,
                    summary: "the document could not apply what was read")
            }
            document = made
            self.contentType = type
            lastAppliedSnapshot = UncheckedTransfer(snapshot.take() as Any)
            lastWrittenSnapshot = nil
            recordFile(url, identity: identity)
            changeCounter.endEvent()
            savedChangeCount = changeCounter.count
            return made
        } catch {
            configuration.fileURL = nil
            fileWrapperHistory.lastFileWrapper = nil
            fileWrapperHistory.lastFileURL = nil
            throw error
        }
    }

    /// Reads the document's file again, discarding unsaved changes and the undo history, as Revert does.
    ///
    /// `apply(snapshot:previous:)` receives the snapshot applied before as `previous`. The next save
    /// gets no `previous` written snapshot, because the file no longer holds what was last written.
    /// On failure the document and the host's records are left as they were.
    public func revert() async throws {
        await operations.acquire()
        defer { operations.release() }
        try await performRevert()
    }

    /// What `checkForExternalChanges()` found.
    public enum ExternalChange: Sendable, Equatable {
        /// The file is as the host last read or wrote it.
        case unchanged
        /// The file changed and the document had no unsaved changes: it was read again.
        case reloaded
        /// The file changed while the document has unsaved changes: nothing was done, the choice is the caller's.
        case conflict
        /// The file is gone: nothing was done.
        case missing
    }

    /// Compares the file with what the host last read or wrote, and reads it again when it changed
    /// and the document has no unsaved changes (NSDocument's behaviour for an unedited document).
    ///
    /// Another process that wrote the file, through a coordinator or not, changed its identity or
    /// modification time; no file presenter is involved.
    public func checkForExternalChanges() async throws -> ExternalChange {
        await operations.acquire()
        defer { operations.release() }
        guard let url = configuration.fileURL, let recorded = recordedIdentity else { return .unchanged }
        let claim = try await CoordinatedClaim.reading(url, options: [.withoutChanges])
        let current = try? FileIdentity.current(of: claim.url)
        claim.release()
        guard let current else { return .missing }
        if current == recorded { return .unchanged }
        if isEdited { return .conflict }
        try await performRevert()
        return .reloaded
    }

    func performRevert() async throws {
        let document = requiredDocument
        guard let url = configuration.fileURL, let type = contentType else {
            throw DocumentHostError(
                file: nil, code: DocumentHostErrorCode(.revert, .noFile),
                message: "the document was never saved, so there is no file to revert to")
        }
        let savedWrapper = fileWrapperHistory.lastFileWrapper
        let (snapshot, identity): (UncheckedTransfer<Document.Reader.Snapshot>, FileIdentity?)
        do {
            (snapshot, identity) = try await readSnapshot(of: document, at: url, contentType: type, operation: .revert)
        } catch {
            fileWrapperHistory.lastFileWrapper = savedWrapper
            throw error
        }
        let previous = lastAppliedSnapshot?.cast(to: Document.Reader.Snapshot.self)
        do {
            try await document.apply(snapshot: snapshot.take(), previous: previous?.take())
        } catch {
            throw DocumentHostError.wrapping(
                error, operation: .revert, reason: .applyFailed, url: url,
                summary: "the document could not apply what was read")
        }
        lastAppliedSnapshot = UncheckedTransfer(snapshot.take() as Any)
        lastWrittenSnapshot = nil
        recordFile(url, identity: identity)
        undoManager.removeAllActions()
        savedChangeCount = changeCounter.count
    }

    /// Runs the document's reader on `url` inside a coordinated read, off the main actor.
    func readSnapshot(
        of document: Document, at url: URL, contentType: UTType, operation: DocumentHostOperation
    ) async throws -> (UncheckedTransfer<Document.Reader.Snapshot>, FileIdentity?) {
        let reader = document.reader(
            configuration: DocumentReadConfiguration(contentType: contentType, fileWrapperHistory: fileWrapperHistory))
        return try await Self.coordinatedRead(reader, at: url, operation: operation, progressSlot: progressSlot)
    }

    /// Claims `url` for reading, runs the reader on it and takes the file's identity, all in one hop off the main
    /// actor.
    ///
    /// One hop rather than one per step (claim, read): every hop between the main actor and the
    /// concurrency pool is a thread hand-off, and `verify` opens thousands of documents.
    @concurrent nonisolated static func coordinatedRead(
        _ reader: sending Document.Reader, at url: URL, operation: DocumentHostOperation, progressSlot: ProgressSlot
    ) async throws -> (UncheckedTransfer<Document.Reader.Snapshot>, FileIdentity?) {
        let claim: CoordinatedClaim
        do {
            claim = try await CoordinatedClaim.reading(url)
        } catch {
            throw DocumentHostError.wrapping(
                error, operation: operation, reason: .coordinationFailed, url: url,
                summary: "the file could not be claimed for reading")
        }
        defer { claim.release() }
        let progress = progressSlot.start(totalCount: 1)
        do {
            let snapshot = try await reader.read(from: claim.url, progress: progress.subprogress(assigningCount: 1))
            return (UncheckedTransfer(snapshot), try? FileIdentity.current(of: claim.url))
        } catch {
            throw DocumentHostError.wrapping(
                error, operation: operation, reason: .readFailed, url: url,
                summary: "the document could not be read, so it was not opened and the file was left as it was")
        }
    }

    /// The readable type for `url`: the one asked for, or the one the file's extension names.
    static func readableType(of url: URL, requested: UTType?) throws -> UTType {
        let readable = Document.readableContentTypes
        if let requested {
            guard readable.contains(where: { requested.conforms(to: $0) }) else {
                throw DocumentHostError(
                    file: url.path, code: DocumentHostErrorCode(.open, .unsupportedContentType),
                    message: "the document reads \(Self.list(readable)), not \(requested.identifier)")
            }
            return requested
        }
        if let named = UTType(filenameExtension: url.pathExtension),
            let match = readable.first(where: { named.conforms(to: $0) })
        {
            return match
        }
        throw DocumentHostError(
            file: url.path, code: DocumentHostErrorCode(.open, .unsupportedContentType),
            message:
                "the file's extension '\(url.pathExtension)' names none of the types the document reads "
                + "(\(Self.list(readable)))"
        )
    }
}

extension DocumentHost {
    /// Remembers the document's file after a successful read or write.
    func recordFile(_ url: URL, identity: FileIdentity?) {
        recordedIdentity = identity
        configuration.fileURL = url
        configuration.lastContentModificationDate = identity?.modificationDate
        fileWrapperHistory.lastFileURL = url
    }

    static func list(_ types: [UTType]) -> String {
        types.isEmpty ? "no content type" : types.map(\.identifier).joined(separator: ", ")
    }
}
