/// How one record of a delimited-text file ends, kept per record so that mixed files re-encode byte for byte.
public enum CSVLineEnding: String, Hashable, Sendable, CaseIterable {
    /// CR LF, as RFC 4180 and Python's `csv.writer` write.
    case carriageReturnLineFeed = "\r\n"
    /// LF alone, as most Unix tools write.
    case lineFeed = "\n"
    /// CR alone, as classic Mac OS wrote (Python's reader accepts it too).
    case carriageReturn = "\r"
    /// Nothing: the last record of a file that does not end with a line break.
    case none = ""

    /// `CRLF`, `LF`, `CR` or `no line break`, as messages say it.
    public var name: String {
        switch self {
        case .carriageReturnLineFeed: "CRLF"
        case .lineFeed: "LF"
        case .carriageReturn: "CR"
        case .none: "no line break"
        }
    }
}
