/// A document type the audit found, with the migration checklist that applies to it and its findings.
public struct AuditedType: Sendable, Hashable, Codable {
    /// Which document model the type uses today.
    public enum Model: String, Sendable, Hashable, Codable {
        /// `FileDocument`: a value type, to become an `@Observable final class`.
        case legacyValue = "legacy-value"
        /// `ReferenceFileDocument`: an `ObservableObject` class.
        case legacyReference = "legacy-reference"
        /// `ReadableDocument`, `WritableDocument` or `Document`: already on the 27 releases' protocols.
        case document
    }

    /// One step of Apple's migration checklist, done or not.
    public struct ChecklistItem: Sendable, Hashable, Codable {
        public let step: String
        public let done: Bool
    }

    public let name: String
    /// `struct`, `class`, …
    public let kind: String
    public let model: Model
    /// The document protocols it adopts (in all its declarations and extensions).
    public let protocols: [String]
    public let file: String
    public let line: Int
    public let column: Int
    public let checklist: [ChecklistItem]
    public let findings: [AuditFinding]
}
