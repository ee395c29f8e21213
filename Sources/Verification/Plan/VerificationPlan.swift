import Comparison
import DocumentCodecs

/// What one verification run covers: the corpora found under some paths and the steps, one case each, to run.
///
/// A plan is made once, before anything runs, so that a bad manifest or a filter that matches nothing is
/// reported before the first case opens a document, and so that a caller (the `verify` verb, a team's own
/// test) can look at what will run. ``VerificationRunner`` runs it.
public struct VerificationPlan: Sendable {
    /// One case of one corpus: what the runner runs, compares and reports as one ``CaseResult``.
    public struct Step: Sendable {
        /// The corpus the case belongs to, with its manifest, codec and routes.
        public let corpus: GoldenCorpus
        /// The case: its input, its expected outcome and its rules.
        public let goldenCase: GoldenCase

        public init(corpus: GoldenCorpus, goldenCase: GoldenCase) {
            self.corpus = corpus
            self.goldenCase = goldenCase
        }
    }

    /// Every corpus the plan loaded, in the order found, including those whose cases the filters all left out.
    public var corpora: [GoldenCorpus]
    /// The steps, corpus by corpus in manifest order.
    public var steps: [Step]
    /// Whether formats or case globs left cases out, in which case the plan cannot know the orphans.
    public var isFiltered: Bool

    /// A plan of the given steps.
    public init(corpora: [GoldenCorpus], steps: [Step], isFiltered: Bool) {
        self.corpora = corpora
        self.steps = steps
        self.isFiltered = isFiltered
    }

    /// Loads every corpus under `paths` (a corpus folder, or a folder of corpora) and plans its cases.
    ///
    /// - Parameters:
    ///   - formats: corpus folder names to keep; empty keeps every corpus.
    ///   - cases: globs of case input paths to keep; empty keeps every case.
    ///   - options: codec options applied over each manifest's own.
    /// - Throws: the corpus's error for a folder or manifest that cannot be read, and `verify.no-case`
    ///   when no case is left to run.
    public init(
        paths: [URL], formats: Set<String> = [], cases: [Glob] = [], codecs: CodecRegistry,
        routes: RouteRegistry = RouteRegistry(), options: CodecOptions = CodecOptions()
    ) throws {
        var corpora: [GoldenCorpus] = []
        var steps: [Step] = []
        for path in paths {
            for folder in try GoldenCorpus.folders(at: path) {
                if !formats.isEmpty && !formats.contains(folder.lastPathComponent) { continue }
                let corpus = try GoldenCorpus.load(from: folder, codecs: codecs, routes: routes, options: options)
                corpora.append(corpus)
                for goldenCase in corpus.manifest.cases
                where cases.isEmpty || cases.contains(where: { $0.matches(goldenCase.input) }) {
                    steps.append(Step(corpus: corpus, goldenCase: goldenCase))
                }
            }
        }
        guard !steps.isEmpty else {
            throw VerificationError(
                file: nil, code: .verifyNoCase, message: "no case matches the given paths and filters")
        }
        self.init(corpora: corpora, steps: steps, isFiltered: !formats.isEmpty || !cases.isEmpty)
    }

    /// The files of every corpus that no case names, as `corpus/path`, in byte-wise order; deleted first under
    /// `.delete`.
    ///
    /// Only a plan of every case knows its orphans: a filtered plan is a misuse.
    public func orphans(_ action: OrphanAction) throws -> [String] {
        precondition(!isFiltered, "orphans are known only after a run of every case")
        var found: [String] = []
        for corpus in corpora {
            let paths =
                action == .delete ? try OrphanScan.deleteOrphans(in: corpus) : try OrphanScan.orphans(in: corpus)
            found += paths.map { corpus.name + "/" + $0 }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
