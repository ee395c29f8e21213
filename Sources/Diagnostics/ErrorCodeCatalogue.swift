/// One domain's error codes as `Documentation/error-codes.md` lists them: a heading, the error type and its codes.
///
/// Each module registers its catalogues in a `package` static list on this type (`ErrorCodeCatalogue.formats`, …),
/// so a test that imports every module can render the whole document from one list.
package struct ErrorCodeCatalogue: Sendable {
    /// One code and its summary.
    package struct Entry: Sendable, Hashable {
        /// The stable dotted code, such as `filewrapper.read.no-such-file`.
        package let code: String
        /// What the code means and what the user can do about it.
        package let summary: String

        package init(code: String, summary: String) {
            self.code = code
            self.summary = summary
        }
    }

    /// The domain's heading, such as `File wrappers`.
    package let domain: String
    /// The module the error type lives in.
    package let module: String
    /// The error type that carries these codes.
    package let errorType: String
    /// The codes, in the order the catalogue declares them.
    package let entries: [Entry]

    package init(domain: String, module: String, errorType: String, entries: [Entry]) {
        self.domain = domain
        self.module = module
        self.errorType = errorType
        self.entries = entries
    }

    /// A catalogue of every case of `codes`.
    package init<Code: CataloguedErrorCode>(_ codes: Code.Type, domain: String, module: String, errorType: String) {
        self.init(
            domain: domain, module: module, errorType: errorType,
            entries: codes.allCases.map { Entry(code: $0.rawValue, summary: $0.summary) })
    }
}
