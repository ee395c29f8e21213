import Conversion
import DocumentCodecs
import Formats
import Verification

/// A command-line tool made of verbs: `docmigrate` itself, or a team's own tool built on it.
///
/// This is the configuration the entry point takes. A team's own tool is one file that starts
/// from ``docmigrate``, changes what it needs (its name, its own codecs registered in ``codecs``)
/// and calls ``main()``. Tests call ``run(arguments:environment:output:)``
/// in-process with captured output.
///
/// The tool always has the ``Verb/help`` verb, listed last; the names `help`, `--help`, `-h` and
/// `--version` are reserved.
///
/// A team's own tool, as its whole `main.swift`:
///
///     import DocMigrateCommands
///
///     var tool = CommandLineTool.docmigrate
///     tool.name = "acme-docs"
///     tool.codecs.register(AcmeSketchCodec.self)
///     await DocMigrate.main(tool: tool)
public struct CommandLineTool: Sendable {
    /// The name in usage lines and help, such as `docmigrate`.
    public var name: String
    /// What `--version` prints.
    public var version: String
    /// One line for the OVERVIEW of the top-level help.
    public var abstract: String
    /// Paragraphs printed after the abstract in the top-level help; empty for none.
    public var discussion: String
    /// The verbs, in the order help lists them, ending with `help`.
    public private(set) var verbs: [Verb]
    /// The codecs every verb works with: the built-in ones, plus those a team registers.
    public var codecs: CodecRegistry
    /// A team's own document types, verified as routes beside each codec's four adapters.
    public var routes: RouteRegistry
    /// The bytes `merge-reports` reads at a time from each report; tests make it tiny, to put block
    /// boundaries inside every token.
    package var reportMergeBlockSize = ConversionReport.defaultMergeBlockSize {
        didSet { precondition(reportMergeBlockSize > 0, "the merge block size must be at least 1") }
    }

    /// Creates a tool from its verbs; ``Verb/help`` is appended.
    ///
    /// Contradictory descriptions (two verbs of one name, an option declared twice, a required
    /// argument after an optional one, …) are programming errors and stop the program here.
    public init(
        name: String, version: String, abstract: String, discussion: String = "", verbs: [Verb],
        codecs: CodecRegistry = .builtIn, routes: RouteRegistry = RouteRegistry()
    ) {
        self.name = name
        self.codecs = codecs
        self.routes = routes
        self.version = version
        self.abstract = abstract
        self.discussion = discussion
        self.verbs = []
        for verb in verbs + [.help] {
            add(verb)
        }
    }

    /// `docmigrate` with its built-in verbs (``Verb/builtIn``) and ``DocMigrate/version``.
    public static var docmigrate: CommandLineTool {
        CommandLineTool(
            name: "docmigrate",
            version: DocMigrate.version,
            abstract: "Carry document formats safely from SwiftUI's legacy document models to the Document API.",
            verbs: Verb.builtIn
        )
    }

    /// The verb with this exact name, if the tool has one.
    public func verb(named name: String) -> Verb? {
        verbs.first { $0.description.name == name }
    }

    /// Adds a verb before `help`, keeping help last.
    ///
    /// A name the tool already has is a programming error and stops the program.
    public mutating func add(_ verb: Verb) {
        verb.description.checkConsistency()
        let name = verb.description.name
        precondition(self.verb(named: name) == nil, "the tool '\(self.name)' already has a verb named '\(name)'")
        if let helpIndex = verbs.firstIndex(where: { $0.description.name == Verb.help.description.name }) {
            verbs.insert(verb, at: helpIndex)
        } else {
            verbs.append(verb)
        }
    }
}
