import DocumentCodecs

/// What distinguishes the delimited-text formats: an identifier, content types and the delimiters a file may use.
public protocol DelimitedTextFormat: Sendable {
    /// The codec's identifier.
    static var identifier: String { get }
    /// The content types the codec reads and writes, preferred first.
    static var contentTypes: [UTType] { get }
    /// The delimiters a file may use; reading picks one by `CSVDialect.detect(in:among:)`, writing accepts only these.
    static var delimiterCandidates: [CSVDialect] { get }
    /// Whether a quote inside an unquoted field is refused (`csv.quote-in-unquoted-field`) rather than read as text.
    static var strictQuotes: Bool { get }
}

/// Comma-separated values (`public.comma-separated-values-text`), or semicolon-separated as European spreadsheets write
/// them.
///
/// The delimiter is the comma unless the first record holds more semicolons than commas outside quotes.
/// A quote inside an unquoted field is text, as Python's reader and csv-spectrum have it.
public enum CommaSeparatedValues: DelimitedTextFormat {
    public static let identifier = "csv"
    public static var contentTypes: [UTType] { [.commaSeparatedText] }
    public static let delimiterCandidates: [CSVDialect] = [.comma, .semicolon]
    public static let strictQuotes = false
}

/// CSV read strictly by RFC 4180 (`csv-strict`): a quote inside an unquoted field is refused.
///
/// For corpora that must prove their files are RFC 4180 as written; it reads the same content type as
/// `csv`, which is registered first and so stays the codec found by type.
public enum StrictCommaSeparatedValues: DelimitedTextFormat {
    public static let identifier = "csv-strict"
    public static var contentTypes: [UTType] { [.commaSeparatedText] }
    public static let delimiterCandidates: [CSVDialect] = [.comma, .semicolon]
    public static let strictQuotes = true
}

/// Tab-separated values (`public.tab-separated-values-text`), quoted as Python's `excel-tab` dialect and Excel do.
///
/// A field holding a tab, a quote, CR or LF is written between quotes (`"a<TAB>b"`) rather than
/// escaped (`a\tb`) or refused, as IANA's `text/tab-separated-values` would have it; such a field reads
/// back as the same text.
public enum TabSeparatedValues: DelimitedTextFormat {
    public static let identifier = "tsv"
    public static var contentTypes: [UTType] { [.tabSeparatedText] }
    public static let delimiterCandidates: [CSVDialect] = [.tab]
    public static let strictQuotes = false
}
