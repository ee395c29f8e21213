extension Verb {
    /// The verbs `docmigrate` ships, in the order its help lists them; ``help`` is added by the tool.
    ///
    /// A new verb (`verify`, `diff`, `inspect`, `convert`, …) is added by appending it here.
    public static var builtIn: [Verb] {
        [
            .verify, .review, .accept, .reject, .diff, .inspect, .anonymize, .convert, .mergeReports, .audit,
            .lintPlist, .types,
        ]
    }
}
