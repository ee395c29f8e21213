extension Difference.Cause {
    /// A cell holds different text (row and column named by header, or by key when a key column is chosen).
    public static let csvCell = "csv.cell"
    /// A row exists only on the expected side (by key, or past the end of the actual rows).
    public static let csvRowMissing = "csv.row-missing"
    /// A row exists only on the actual side.
    public static let csvRowAdded = "csv.row-added"
    /// The tables hold the same rows, in a different order.
    public static let csvRowOrderOnly = "csv.row-order-only"
    /// The keyed rows both tables hold are in a different order, besides other differences.
    public static let csvRowOrder = "csv.row-order"
    /// A named column exists only on the expected side.
    public static let csvColumnMissing = "csv.column-missing"
    /// A named column exists only on the actual side.
    public static let csvColumnAdded = "csv.column-added"
    /// The columns both headers name are in a different order.
    public static let csvColumnOrder = "csv.column-order"
    /// The cells are the same; quoting, line endings, the delimiter or the byte-order mark differ.
    public static let csvDialect = "csv.dialect"
    /// The chosen key column is not in a side's header (rows are then compared by position).
    public static let csvKeyColumnMissing = "csv.key-column-missing"
    /// The expected side is not a table the CSV reader accepts.
    public static let csvInvalidExpected = "csv.invalid-expected"
    /// The actual side is not a table the CSV reader accepts.
    public static let csvInvalidActual = "csv.invalid-actual"
}
