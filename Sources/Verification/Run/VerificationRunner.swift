import Comparison
import DocumentCodecs

/// Runs golden corpora: every route on every case, then the compatibility matrix.
///
/// For a round-trip case each route opens a working copy of the input through `DocumentHost` and
/// saves it in place; the copy must equal the golden under the case's rules. Then every route reads
/// what every other route wrote and saves it again: the result must equal what that route made of
/// the golden, compared through the format's codec (an old app version must read what the new one
/// writes, and the reverse). A rejection case must be refused by every route with the expected
/// code; a conversion case must produce its golden. Cases run in a task group bounded by `jobs`;
/// the report lists them in byte-wise path order whatever the scheduling.
///
/// An existing golden is never overwritten. What `recording` allows: a missing conversion golden is
/// recorded from the output (and the case still fails); a changed output goes to the corpus's
/// ``PendingArea``; a golden that passes loses its stale pending entry. Redaction matchers of the
/// manifest and the case are applied to scratch copies of both sides before every comparison.
public struct VerificationRunner: Sendable {
    public var codecs: CodecRegistry
    /// How many cases run at once.
    public var jobs: Int
    /// What the run may write into the corpus; `never` (nothing) unless the caller chooses.
    public var recording: RecordMode

    public init(
        codecs: CodecRegistry, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, recording: RecordMode = .never
    ) {
        self.codecs = codecs
        self.jobs = max(1, jobs)
        self.recording = recording
    }

    /// Runs the plan's steps and returns the report; each recorder sees every event as it happens.
    ///
    /// Each of the `jobs` lanes runs its cases one after another in a scratch folder of the same name,
    /// emptied after each case. Every save coordinates on its item and on each folder above it, and
    /// each path a run names costs lock files that are made, and later deleted, in the coordination
    /// folder every process shares; folder names that repeat from case to case reuse them.
    public func run(_ plan: VerificationPlan, recorders: [any VerificationRecorder] = []) async -> VerificationReport {
        await run(plan.steps, recorders: recorders)
    }

    /// Runs `steps` and returns the report; each recorder sees every event as it happens.
    ///
    /// Events come from one task, in the order cases finish; the report lists the cases in byte-wise
    /// path order whatever that order was.
    public func run(
        _ steps: [VerificationPlan.Step], recorders: [any VerificationRecorder] = []
    ) async -> VerificationReport {
        let runName = "docmigrate-verify-\(UUID().uuidString)"
        var results: [CaseResult] = []
        for recorder in recorders { recorder.record(.runStarted(stepCount: steps.count)) }
        await withTaskGroup(of: (result: CaseResult, lane: Int).self) { group in
            var next = 0
            func addNext(lane: Int) {
                guard next < steps.count else { return }
                let step = steps[next]
                next += 1
                for recorder in recorders { recorder.record(.caseStarted(step)) }
                group.addTask { (await self.run(step, scratchName: "\(runName)-\(lane)"), lane) }
            }
            for lane in 0..<min(jobs, steps.count) { addNext(lane: lane) }
            while let (result, lane) = await group.next() {
                results.append(result)
                for recorder in recorders { recorder.record(.caseFinished(result)) }
                addNext(lane: lane)
            }
        }
        let report = VerificationReport(cases: results)
        for recorder in recorders { recorder.record(.runFinished(report)) }
        return report
    }

    /// Runs one case in a scratch folder of its own.
    public func run(_ step: VerificationPlan.Step) async -> CaseResult {
        await run(step, scratchName: "docmigrate-verify-\(UUID().uuidString)")
    }

    /// Runs one case in the scratch folder `scratchName`, or in a fresh one when a folder of that name is still there.
    private func run(_ job: VerificationPlan.Step, scratchName: String) async -> CaseResult {
        let corpus = job.corpus
        let expectation = job.goldenCase.expect ?? .roundTrip
        var result = CaseResult(
            corpus: corpus.name, input: job.goldenCase.input, expectation: expectation,
            routes: corpus.routes.map(\.name), failures: [])
        var scratch = Self.newItem(named: scratchName, in: Self.scratchRoot)
        // The previous case of the lane could not remove its folder: this case must not find its files.
        if FileManager.default.fileExists(atPath: scratch.path) {
            scratch = Self.newItem(named: "docmigrate-verify-\(UUID().uuidString)", in: Self.scratchRoot)
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let input = corpus.folder.appendingPathComponent(job.goldenCase.input)
            let rules = job.goldenCase.compare ?? corpus.manifest.compare ?? ComparisonRules()
            let redactor = Redactor(redactions: corpus.redactions(for: job.goldenCase))
            switch expectation {
            case .roundTrip:
                try await roundTrip(
                    input, corpus: corpus, rules: rules, redactor: redactor, scratch: scratch, result: &result)
            case .rejected(let code):
                result.failures = try await rejection(input, expecting: code, corpus: corpus, scratch: scratch)
            case .converts(let target, let golden):
                try conversion(
                    input, to: target, golden: golden, corpus: corpus, rules: rules, redactor: redactor,
                    scratch: scratch, result: &result)
            }
        } catch {
            result.failures = [
                CaseFailure(
                    kind: .routeFailed, route: nil, summary: "the case could not be run: \(error)",
                    errorCode: Self.codes(of: error).first)
            ]
        }
        return result
    }

    /// Where each case makes its scratch folder: `TMPDIR` when it is set, else a memory file system when the machine
    /// has one.
    ///
    /// A round-trip case copies its golden and saves the copy some twenty times (every route, then the
    /// matrix), and every save is durable, with an fsync per file and a syncfs per package, as a save of
    /// a user's document must be. Those flushes are the code under test, but the copies are deleted a
    /// moment later: on a disk shared with other work the flushes dominate `verify`'s time, and in
    /// memory the same calls return at once. A `TMPDIR` the user chose is kept.
    static let scratchRoot: URL = {
        let environment = ProcessInfo.processInfo.environment
        if let chosen = environment["TMPDIR"], !chosen.isEmpty { return FileManager.default.temporaryDirectory }
        var isFolder: ObjCBool = false
        let memory = "/dev/shm"
        // A small one (a container's 64 MB default) would fail a large golden's copies with "no space":
        // it is used only with room to spare.
        let free =
            (try? FileManager.default.attributesOfFileSystem(forPath: memory)[.systemFreeSize] as? NSNumber)?.int64Value
            ?? 0
        if FileManager.default.fileExists(atPath: memory, isDirectory: &isFolder), isFolder.boolValue,
            FileManager.default.isWritableFile(atPath: memory), free >= 1 << 30
        {
            return URL(fileURLWithPath: memory, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory
    }()

    // MARK: Round trips and the matrix

    private func roundTrip(
        _ input: URL, corpus: GoldenCorpus, rules: ComparisonRules, redactor: Redactor, scratch: URL,
        result: inout CaseResult
    ) async throws {
        var failures: [CaseFailure] = []
        let comparator = Comparator(rules: rules, codecs: codecs, defaultCodec: corpus.codec.identifier)
        let goldenPath = String(input.path.dropFirst(corpus.folder.path.count + 1))
        var tally = Tally(redactor: redactor)
        let (expected, goldenOutcome) = try redactedCopy(
            of: input, in: Self.newItem(named: "golden-redacted", in: scratch), redactor: redactor)
        failures += Self.malformedFailures(goldenOutcome, side: "the golden")
        var outputs: [String: URL] = [:]
        var toPend: (route: String, output: URL, difference: Difference?)?
        for (index, route) in corpus.routes.enumerated() {
            let copy = try workingCopy(of: input, in: Self.newItem(named: "route-\(index)", in: scratch))
            do {
                try await route.openAndSave(copy, contentType: corpus.contentType)
            } catch {
                failures.append(
                    CaseFailure(
                        kind: .routeFailed, route: route.name,
                        summary: "\(route.name) could not open and save the golden: \(error)",
                        errorCode: Self.codes(of: error).first))
                continue
            }
            outputs[route.name] = copy
            let (actual, outcome) = try redactedCopy(
                of: copy, in: Self.newItem(named: "route-\(index)-redacted", in: scratch), redactor: redactor)
            tally.add(outcome)
            failures += Self.malformedFailures(outcome, side: "what \(route.name) saved", route: route.name)
            if let difference = try comparator.compare(expectedAt: expected, actualAt: actual) {
                failures.append(
                    CaseFailure(
                        kind: .differsFromGolden, route: route.name,
                        summary: "what \(route.name) saved differs from the golden \(corpus.name)/\(goldenPath)",
                        difference: difference))
                if toPend == nil || toPend?.difference == nil { toPend = (route.name, copy, difference) }
            } else if recording == .all, toPend == nil, try !Self.identical(input, copy) {
                toPend = (route.name, copy, nil)
            }
        }
        result.redactions = tally.tallies
        // The golden of a round trip is the user's document itself: only the pending path exists, and
        // only `accept` replaces the input with what a route wrote.
        if let toPend, toPend.difference == nil ? recording == .all : recording.pendsFailures {
            let summary =
                toPend.difference == nil
                ? "what \(toPend.route) saved passes the rules but differs in bytes from the golden"
                : "what \(toPend.route) saved differs from the golden"
            try PendingArea(corpusFolder: corpus.folder).store(
                toPend.output,
                as: PendingEntry(
                    corpus: corpus.name, golden: goldenPath, caseInput: goldenPath, route: toPend.route,
                    summary: summary, difference: toPend.difference))
            result.pending.append(goldenPath)
        } else if recording.writes,
            !failures.contains(where: { $0.kind == .differsFromGolden || $0.kind == .malformedRedactedValue }),
            outputs.count == corpus.routes.count
        {
            try PendingArea(corpusFolder: corpus.folder).remove(golden: goldenPath)
        }
        // The matrix compares meaning through the codec: each reader's save of another route's output
        // against the same reader's save of the golden.
        let semantic = SemanticComparator(codec: corpus.codec, contentType: corpus.contentType)
        // Each reader's own output is compared with what it made of every other route's: read it once.
        var ownOutputs: [String: FileWrapper] = [:]
        for (name, url) in outputs { ownOutputs[name] = try FileWrapper(url: url, options: .immediate) }
        // Every pair of the matrix works on a copy at the same path, removed after each: a save
        // coordinates on the copy and on each folder above it, and each path a case names costs lock
        // files that are created, and later deleted, in the coordination folder every process shares.
        // One path for the matrix instead of one per pair makes two of those per case instead of twenty-four.
        let matrixFolder = Self.newItem(named: "matrix", in: scratch)
        let redactedFolder = Self.newItem(named: "matrix-redacted", in: scratch)
        if outputs.count > 1 {
            try FileManager.default.createDirectory(at: matrixFolder, withIntermediateDirectories: true)
        }
        for (writerIndex, writer) in corpus.routes.enumerated() {
            guard let written = outputs[writer.name] else { continue }
            for (readerIndex, reader) in corpus.routes.enumerated() where readerIndex != writerIndex {
                guard let readersOwn = outputs[reader.name], let expected = ownOutputs[reader.name] else { continue }
                let copy = Self.newItem(named: written.lastPathComponent, in: matrixFolder)
                defer {
                    try? FileManager.default.removeItem(at: copy)
                    if !redactor.redactions.isEmpty { try? FileManager.default.removeItem(at: redactedFolder) }
                }
                try FileManager.default.copyItem(at: written, to: copy)
                do {
                    try await reader.openAndSave(copy, contentType: corpus.contentType)
                } catch {
                    failures.append(
                        CaseFailure(
                            kind: .incompatibleRoutes, route: reader.name, writerRoute: writer.name,
                            summary: "\(reader.name) could not read what \(writer.name) wrote: \(error)",
                            errorCode: Self.codes(of: error).first))
                    continue
                }
                let actual = try FileWrapper(url: copy, options: .immediate)
                guard let difference = semantic.compare(expected: expected, actual: actual) else { continue }
                if !redactor.redactions.isEmpty,
                    try equalOnceRedacted(readersOwn, copy, redactor: redactor, semantic: semantic, in: redactedFolder)
                {
                    continue
                }
                failures.append(
                    CaseFailure(
                        kind: .incompatibleRoutes, route: reader.name, writerRoute: writer.name,
                        summary: "\(reader.name) reads what \(writer.name) wrote differently from the golden",
                        difference: difference))
            }
        }
        result.failures = failures
    }

    // MARK: Rejections

    private func rejection(
        _ input: URL, expecting code: String, corpus: GoldenCorpus, scratch: URL
    ) async throws -> [CaseFailure] {
        var failures: [CaseFailure] = []
        for (index, route) in corpus.routes.enumerated() {
            let copy = try workingCopy(of: input, in: Self.newItem(named: "route-\(index)", in: scratch))
            do {
                try await route.openAndSave(copy, contentType: corpus.contentType)
                failures.append(
                    CaseFailure(
                        kind: .notRejected, route: route.name,
                        summary: "\(route.name) accepted a document that must be rejected with \(code)"))
            } catch {
                let codes = Self.codes(of: error)
                if !codes.contains(code) {
                    failures.append(
                        CaseFailure(
                            kind: .rejectedDifferently, route: route.name,
                            summary:
                                "\(route.name) rejected it with \(codes.last ?? "an error without a code") instead "
                                + "of \(code): \(error)",
                            errorCode: codes.last))
                }
            }
        }
        return failures
    }

    // MARK: Conversions

    private func conversion(
        _ input: URL, to target: String, golden goldenPath: String, corpus: GoldenCorpus, rules: ComparisonRules,
        redactor: Redactor,
        scratch: URL, result: inout CaseResult
    ) throws {
        let golden = corpus.folder.appendingPathComponent(goldenPath)
        guard let conversion = codecs.conversion(from: corpus.codec.identifier, to: target),
            let targetCodec = codecs.codec(identifier: target),
            let targetType = targetCodec.writableContentTypes.first
        else {
            result.failures = [
                CaseFailure(
                    kind: .conversionDiffers,
                    summary: "no conversion from \(corpus.codec.identifier) to \(target) is registered")
            ]
            return
        }
        let output = Self.newItem(named: golden.lastPathComponent, in: Self.newItem(named: "converted", in: scratch))
        do {
            try FileManager.default.createDirectory(
                at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
            let snapshot = try corpus.codec.decode(
                FileWrapper(url: input, options: .immediate), contentType: corpus.contentType)
            let converted = try conversion.convert(snapshot)
            try targetCodec.encode(converted, previous: nil, contentType: targetType).write(
                to: output, options: .atomic, originalContentsURL: nil)
        } catch {
            result.failures = [
                CaseFailure(
                    kind: .conversionDiffers, summary: "the conversion to \(target) failed: \(error)",
                    errorCode: Self.codes(of: error).first)
            ]
            return
        }
        var failures: [CaseFailure] = []
        var tally = Tally(redactor: redactor)
        // The output is redacted in place: a recorded or accepted conversion golden keeps the placeholders.
        let outcome = try redactor.redact(itemAt: output)
        tally.add(outcome)
        failures += Self.malformedFailures(outcome, side: "the conversion to \(target)")
        result.redactions = tally.tallies
        let displayPath = corpus.name + "/" + goldenPath
        guard FileManager.default.fileExists(atPath: golden.path) else {
            if recording.recordsMissing {
                try FileManager.default.createDirectory(
                    at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileWrapper(url: output, options: .immediate).write(
                    to: golden, options: .atomic, originalContentsURL: nil)
                result.recorded.append(goldenPath)
                failures.append(
                    CaseFailure(
                        kind: .recordedGolden,
                        summary:
                            "recorded the new golden \(displayPath) from the conversion to \(target); check it and "
                            + "run again"
                    ))
            } else {
                failures.append(
                    CaseFailure(
                        kind: .missingGolden,
                        summary:
                            "the golden \(displayPath) does not exist; record it with 'docmigrate verify --record "
                            + "missing' where CI is not set"
                    ))
            }
            result.failures = failures
            return
        }
        let (expected, goldenOutcome) = try redactedCopy(
            of: golden, in: Self.newItem(named: "golden-redacted", in: scratch), redactor: redactor)
        failures += Self.malformedFailures(goldenOutcome, side: "the golden")
        let comparator = Comparator(rules: rules, codecs: codecs, defaultCodec: target)
        let area = PendingArea(corpusFolder: corpus.folder)
        if let difference = try comparator.compare(expectedAt: expected, actualAt: output) {
            failures.append(
                CaseFailure(
                    kind: .conversionDiffers,
                    summary: "the conversion to \(target) differs from its golden \(displayPath)",
                    difference: difference))
            if recording.pendsFailures {
                try area.store(
                    output,
                    as: PendingEntry(
                        corpus: corpus.name, golden: goldenPath, caseInput: result.input, route: nil,
                        summary: "the conversion to \(target) differs from the golden", difference: difference))
                result.pending.append(goldenPath)
            }
        } else if recording == .all, try !Self.identical(golden, output) {
            try area.store(
                output,
                as: PendingEntry(
                    corpus: corpus.name, golden: goldenPath, caseInput: result.input, route: nil,
                    summary: "the conversion to \(target) passes the rules but differs in bytes from the golden",
                    difference: nil))
            result.pending.append(goldenPath)
        } else if recording.writes, failures.isEmpty {
            try area.remove(golden: goldenPath)
        }
        result.failures = failures
    }

    // MARK: Redaction

    /// The per-matcher counts of one case: the largest over its outputs.
    private struct Tally {
        let redactor: Redactor
        var counts: [Int]

        init(redactor: Redactor) {
            self.redactor = redactor
            counts = Array(repeating: 0, count: redactor.redactions.count)
        }

        mutating func add(_ outcome: Redactor.Outcome?) {
            guard let outcome else { return }
            for index in counts.indices { counts[index] = max(counts[index], outcome.counts[index]) }
        }

        var tallies: [RedactionTally] {
            counts.indices.map { RedactionTally(matcher: redactor.redactions[$0].description, count: counts[$0]) }
        }
    }

    /// `item` itself when there is nothing to redact; else a redacted copy in `folder` and what redacting found.
    private func redactedCopy(
        of item: URL, in folder: URL, redactor: Redactor
    ) throws -> (url: URL, outcome: Redactor.Outcome?) {
        guard !redactor.redactions.isEmpty else { return (item, nil) }
        let copy = try workingCopy(of: item, in: folder)
        return (copy, try redactor.redact(itemAt: copy))
    }

    private static func malformedFailures(
        _ outcome: Redactor.Outcome?, side: String, route: String? = nil
    ) -> [CaseFailure] {
        (outcome?.malformed ?? []).map { value in
            CaseFailure(
                kind: .malformedRedactedValue, route: route,
                summary:
                    "\(side): member \(value.member), \(value.location): '\(value.value)' is not a "
                    + "\(value.shape.rawValue) (redaction \(value.matcher))"
            )
        }
    }

    /// Whether two outputs are equal through the codec once redacted values (a save date, say) are replaced on both
    /// sides.
    ///
    /// Asked only after the plain comparison found a difference: a placeholder may not decode where the
    /// codec expects a typed value (a UUID), and then the plain difference stands.
    private func equalOnceRedacted(
        _ left: URL, _ right: URL, redactor: Redactor, semantic: SemanticComparator, in folder: URL
    ) throws -> Bool {
        let expected = try redactedCopy(of: left, in: Self.newItem(named: "expected", in: folder), redactor: redactor)
            .url
        let actual = try redactedCopy(of: right, in: Self.newItem(named: "actual", in: folder), redactor: redactor).url
        return semantic.compare(
            expected: try FileWrapper(url: expected, options: .immediate),
            actual: try FileWrapper(url: actual, options: .immediate)) == nil
    }

    /// Whether two items hold the same bytes, member for member.
    private static func identical(_ left: URL, _ right: URL) throws -> Bool {
        try Comparator(rules: ComparisonRules(fallback: .bytes)).compare(expectedAt: left, actualAt: right) == nil
    }

    // MARK: Support

    /// The URL of an item about to be made in a scratch folder.
    ///
    /// `appendingPathComponent(_:)` asks the file system whether the item is a folder (to end the URL
    /// with a slash); no item named here exists yet, so the answer is always no, and the stat behind it
    /// is a visible part of `verify`. The URL is the one `appendingPathComponent(_:)` gives.
    static func newItem(named name: String, in folder: URL) -> URL {
        folder.appendingPathComponent(name, isDirectory: false)
    }

    /// A copy of `item` in `folder`, under the same name; the golden itself is never opened for writing.
    private func workingCopy(of item: URL, in folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = Self.newItem(named: item.lastPathComponent, in: folder)
        try FileManager.default.copyItem(at: item, to: copy)
        return copy
    }

    /// The stable codes of an error and of the errors it wraps, outermost first.
    static func codes(of error: any Error) -> [String] {
        var codes: [String] = []
        var current: (any Error)? = error
        var depth = 0
        while let error = current, depth < 8 {
            if let located = error as? any LocatedError { codes.append(located.code) }
            current = (error as? DocumentHostError)?.underlyingError
            depth += 1
        }
        return codes
    }
}
