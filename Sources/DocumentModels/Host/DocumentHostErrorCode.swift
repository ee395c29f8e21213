/// The stable codes of `DocumentHostError`: `host.<operation>.<reason>`, such as `host.save.changed-on-disk`.
///
/// A code pairs an operation with a reason, so the catalogue lists each reason once with the operations it
/// can happen in; `allCases` spells out every pair, which is what reports print and users match on.
package struct DocumentHostErrorCode: CataloguedErrorCode {
    /// The operation that failed.
    package let operation: DocumentHostOperation
    /// Why it failed.
    package let reason: Reason

    package init(_ operation: DocumentHostOperation, _ reason: Reason) {
        self.operation = operation
        self.reason = reason
    }

    package init?(rawValue: String) {
        guard let code = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = code
    }

    package var rawValue: String { "host.\(operation.rawValue).\(reason.rawValue)" }

    package static var allCases: [DocumentHostErrorCode] {
        Reason.allCases.flatMap { reason in reason.operations.map { DocumentHostErrorCode($0, reason) } }
    }

    package var summary: String { reason.summary }

    /// Why an operation of `DocumentHost` failed.
    package enum Reason: String, CaseIterable, Sendable {
        case makeDocumentFailed = "make-document-failed"
        case readFailed = "read-failed"
        case applyFailed = "apply-failed"
        case unsupportedContentType = "unsupported-content-type"
        case noFile = "no-file"
        case coordinationFailed = "coordination-failed"
        case snapshotFailed = "snapshot-failed"
        case changedOnDisk = "changed-on-disk"
        case writeFailed = "write-failed"
        case nothingWritten = "nothing-written"
        case replaceFailed = "replace-failed"

        /// The operations this reason can end, in `DocumentHostOperation`'s order.
        var operations: [DocumentHostOperation] {
            let writing: [DocumentHostOperation] = [.save, .saveAs, .autosave, .export]
            switch self {
            case .makeDocumentFailed: return [.create, .open]
            case .readFailed, .applyFailed: return [.open, .revert]
            case .unsupportedContentType: return [.open] + writing
            case .noFile: return [.save, .revert]
            case .coordinationFailed: return [.open] + writing + [.revert]
            case .snapshotFailed, .writeFailed, .nothingWritten, .replaceFailed: return writing
            case .changedOnDisk: return [.save, .autosave]
            }
        }

        var summary: String {
            switch self {
            case .makeDocumentFailed:
                "The `makeDocument` closure threw while creating or opening a document; the message carries its error."
            case .readFailed:
                "The document's reader could not read the file; the message carries the codec's located error."
            case .applyFailed:
                "The document could not take in the snapshot that was read; the message carries its error."
            case .unsupportedContentType:
                "The document type cannot read or write this content type; choose a type it declares."
            case .noFile:
                "The document was never saved, so it has no file to save or revert to; save it to a location first."
            case .coordinationFailed:
                "Coordinated access to the file could not start; the message carries the coordinator's error."
            case .snapshotFailed:
                "The document could not make a snapshot to write; the message carries its error."
            case .changedOnDisk:
                "Another process changed the file since it was read, so the save was refused; reload or save anyway."
            case .writeFailed:
                "The document's writer failed to write the new version; the file on disk is left as it was."
            case .nothingWritten:
                "The writer returned without writing anything, so there is nothing to put in place; fix the writer."
            case .replaceFailed:
                "The new version could not replace the file on disk; the old file is left as it was."
            }
        }
    }
}
