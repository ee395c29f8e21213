extension VerificationReport {
    /// The report as JUnit XML: one `<testsuite>` per corpus and one `<testcase>` per case and route.
    ///
    /// A test case is named `<case>::<route>` (`Trip.nb::legacy-value`); failures that belong to no route
    /// (a conversion, an error of the whole case) go to `<case>::case`. `classname` is the corpus, and
    /// `file` is `pathPrefix` + `corpus/input`. Every failure is a `<failure>` (never an `<error>`): a
    /// route that cannot read a golden is a finding of the check, not a crash of the tool. A test case
    /// with several failures gets one `<failure>` whose message is the first summary and whose text holds
    /// them all, because many JUnit readers show only one failure per test case.
    public func junit(pathPrefix: String = "") -> String {
        var corpora: [String: [CaseResult]] = [:]
        var order: [String] = []
        for result in cases {
            if corpora[result.corpus] == nil { order.append(result.corpus) }
            corpora[result.corpus, default: []].append(result)
        }
        order.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }

        func counts(_ results: [CaseResult]) -> JUnitWriter.Counts {
            let outcomes = results.flatMap(\.routeOutcomes)
            return JUnitWriter.Counts(tests: outcomes.count, failures: outcomes.filter { !$0.failures.isEmpty }.count)
        }
        var bytes: [UInt8] = []
        JUnitWriter.appendDocumentStart(name: "docmigrate verify", counts: counts(cases), to: &bytes)
        for corpus in order {
            let results = corpora[corpus] ?? []
            JUnitWriter.appendSuiteStart(name: corpus, counts: counts(results), to: &bytes)
            for result in results {
                let file = pathPrefix + result.corpus + "/" + result.input
                for outcome in result.routeOutcomes {
                    let name = result.nameInCorpus + "::" + outcome.route
                    guard let first = outcome.failures.first else {
                        JUnitWriter.appendEmptyTestCase(classname: corpus, name: name, file: file, to: &bytes)
                        continue
                    }
                    let message =
                        outcome.failures.count == 1
                        ? first.summary : "\(first.summary) (and \(outcome.failures.count - 1) more)"
                    let body = outcome.failures.map { $0.renderedText() }.joined(separator: "\n")
                    JUnitWriter.appendTestCaseStart(classname: corpus, name: name, file: file, to: &bytes)
                    JUnitWriter.appendFailure(type: first.kind.rawValue, message: message, text: body, to: &bytes)
                    JUnitWriter.appendTestCaseEnd(to: &bytes)
                }
            }
            JUnitWriter.appendSuiteEnd(to: &bytes)
        }
        JUnitWriter.appendDocumentEnd(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
