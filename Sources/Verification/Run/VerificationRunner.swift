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
/// the report lists them in byte-wise path order whatever the scheduling. Goldens are never written.
public struct VerificationRunner: Sendable {
    public var codecs: CodecRegistry
    /// How many cases run at once.
    public var jobs: Int

    public init(codecs: CodecRegistry, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.codecs = codecs
        self.jobs = max(1, jobs)
    }

    /// One case to run.
    public struct Job: Sendable {
        public let corpus: GoldenCorpus
        public let goldenCase: GoldenCase

        public init(corpus: GoldenCorpus, goldenCase: GoldenCase) {
            self.corpus = corpus
            self.goldenCase = goldenCase
        }
    }

    /// Runs `jobs` and returns the report.
    public func run(_ work: [Job]) async -> VerificationReport {
        var results: [CaseResult] = []
        await withTaskGroup(of: CaseResult.self) { group in
            var next = 0
            func addNext() {
                guard next < work.count else { return }
                let job = work[next]
                next += 1
                group.addTask { await self.run(job) }
            }
            for _ in 0..<min(jobs, work.count) { addNext() }
            while let result = await group.next() {
                results.append(result)
                addNext()
            }
        }
        return VerificationReport(cases: results)
    }

    /// Runs one case in a scratch folder of its own.
    public func run(_ job: Job) async -> CaseResult {
        let corpus = job.corpus
        let expectation = job.goldenCase.expect ?? .roundTrip
        var result = CaseResult(
            corpus: corpus.name, input: job.goldenCase.input, expectation: expectation, routes: corpus.routes.map(\.name), failures: [])
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("docmigrate-verify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let input = corpus.folder.appendingPathComponent(job.goldenCase.input)
            let rules = job.goldenCase.compare ?? corpus.manifest.compare ?? ComparisonRules()
            switch expectation {
            case .roundTrip:
                result.failures = try await roundTrip(input, corpus: corpus, rules: rules, scratch: scratch)
            case .rejected(let code):
                result.failures = try await rejection(input, expecting: code, corpus: corpus, scratch: scratch)
            case .converts(let target, let golden):
                result.failures = try conversion(
                    input, to: target, golden: corpus.folder.appendingPathComponent(golden), corpus: corpus, rules: rules, scratch: scratch)
            }
        } catch {
            result.failures = [CaseFailure(
                kind: .routeFailed, route: nil, summary: "the case could not be run: \(error)", errorCode: Self.codes(of: error).first)]
        }
        return result
    }

    // MARK: Round trips and the matrix

    private func roundTrip(_ input: URL, corpus: GoldenCorpus, rules: ComparisonRules, scratch: URL) async throws -> [CaseFailure] {
        var failures: [CaseFailure] = []
        let comparator = Comparator(rules: rules, codecs: codecs, defaultCodec: corpus.codec.identifier)
        var outputs: [String: URL] = [:]
        for (index, route) in corpus.routes.enumerated() {
            let copy = try workingCopy(of: input, in: scratch.appendingPathComponent("route-\(index)"))
            do {
                try await route.openAndSave(copy, contentType: corpus.contentType)
            } catch {
                failures.append(CaseFailure(
                    kind: .routeFailed, route: route.name, summary: "\(route.name) could not open and save the golden: \(error)",
                    errorCode: Self.codes(of: error).first))
                continue
            }
            outputs[route.name] = copy
            if let difference = try comparator.compare(expectedAt: input, actualAt: copy) {
                failures.append(CaseFailure(
                    kind: .differsFromGolden, route: route.name,
                    summary: "what \(route.name) saved differs from the golden \(corpus.name)/\(input.path.dropFirst(corpus.folder.path.count + 1))",
                    difference: difference))
            }
        }
        // The matrix compares meaning through the codec: each reader's save of another route's output
        // against the same reader's save of the golden.
        let semantic = SemanticComparator(codec: corpus.codec, contentType: corpus.contentType)
        for (writerIndex, writer) in corpus.routes.enumerated() {
            guard let written = outputs[writer.name] else { continue }
            for (readerIndex, reader) in corpus.routes.enumerated() where readerIndex != writerIndex {
                guard let readersOwn = outputs[reader.name] else { continue }
                let copy = try workingCopy(of: written, in: scratch.appendingPathComponent("matrix-\(writerIndex)-\(readerIndex)"))
                do {
                    try await reader.openAndSave(copy, contentType: corpus.contentType)
                } catch {
                    failures.append(CaseFailure(
                        kind: .incompatibleRoutes, route: reader.name, writerRoute: writer.name,
                        summary: "\(reader.name) could not read what \(writer.name) wrote: \(error)", errorCode: Self.codes(of: error).first))
                    continue
                }
                let expected = try FileWrapper(url: readersOwn, options: .immediate)
                let actual = try FileWrapper(url: copy, options: .immediate)
                if let difference = semantic.compare(expected: expected, actual: actual) {
                    failures.append(CaseFailure(
                        kind: .incompatibleRoutes, route: reader.name, writerRoute: writer.name,
                        summary: "\(reader.name) reads what \(writer.name) wrote differently from the golden", difference: difference))
                }
            }
        }
        return failures
    }

    // MARK: Rejections

    private func rejection(_ input: URL, expecting code: String, corpus: GoldenCorpus, scratch: URL) async throws -> [CaseFailure] {
        var failures: [CaseFailure] = []
        for (index, route) in corpus.routes.enumerated() {
            let copy = try workingCopy(of: input, in: scratch.appendingPathComponent("route-\(index)"))
            do {
                try await route.openAndSave(copy, contentType: corpus.contentType)
                failures.append(CaseFailure(
                    kind: .notRejected, route: route.name, summary: "\(route.name) accepted a document that must be rejected with \(code)"))
            } catch {
                let codes = Self.codes(of: error)
                if !codes.contains(code) {
                    failures.append(CaseFailure(
                        kind: .rejectedDifferently, route: route.name,
                        summary: "\(route.name) rejected it with \(codes.last ?? "an error without a code") instead of \(code): \(error)",
                        errorCode: codes.last))
                }
            }
        }
        return failures
    }

    // MARK: Conversions

    private func conversion(
        _ input: URL, to target: String, golden: URL, corpus: GoldenCorpus, rules: ComparisonRules, scratch: URL
    ) throws -> [CaseFailure] {
        guard let conversion = codecs.conversion(from: corpus.codec.identifier, to: target), let targetCodec = codecs.codec(identifier: target),
              let targetType = targetCodec.writableContentTypes.first
        else {
            return [CaseFailure(kind: .conversionDiffers, summary: "no conversion from \(corpus.codec.identifier) to \(target) is registered")]
        }
        let output = scratch.appendingPathComponent("converted").appendingPathComponent(golden.lastPathComponent)
        do {
            try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
            let snapshot = try corpus.codec.decode(FileWrapper(url: input, options: .immediate), contentType: corpus.contentType)
            let converted = try conversion.convert(snapshot)
            try targetCodec.encode(converted, previous: nil, contentType: targetType).write(to: output, options: .atomic, originalContentsURL: nil)
        } catch {
            return [CaseFailure(
                kind: .conversionDiffers, summary: "the conversion to \(target) failed: \(error)", errorCode: Self.codes(of: error).first)]
        }
        let comparator = Comparator(rules: rules, codecs: codecs, defaultCodec: target)
        if let difference = try comparator.compare(expectedAt: golden, actualAt: output) {
            let goldenPath = corpus.name + "/" + golden.path.dropFirst(corpus.folder.path.count + 1)
            return [CaseFailure(
                kind: .conversionDiffers, summary: "the conversion to \(target) differs from its golden \(goldenPath)", difference: difference)]
        }
        return []
    }

    // MARK: Support

    /// A copy of `item` in `folder`, under the same name; the golden itself is never opened for writing.
    private func workingCopy(of item: URL, in folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent(item.lastPathComponent)
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
