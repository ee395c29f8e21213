/// How a job shows its progress while it runs (`convert --progress`).
public enum ProgressStyle: String, Sendable, CaseIterable {
    /// A bar redrawn in place, for a person at a terminal; nothing when the destination is not a terminal.
    case bar
    /// One JSON object per event and line, for a program reading the stream.
    case json
    /// Nothing (`none`).
    case hidden = "none"
}
