/// Everything the command line knows about one verb: its name, help text, arguments and options.
///
/// This one value feeds the parser, the usage line, the help text and the error messages. A new
/// verb is one `VerbDescription` and one run function, put together as a ``Verb``.
public struct VerbDescription: Sendable, Hashable {
    /// The word that selects the verb, such as `verify`.
    public var name: String
    /// One line for the SUBCOMMANDS list and the OVERVIEW of the verb's help.
    public var abstract: String
    /// Paragraphs printed after the abstract in the verb's help; empty for none.
    public var discussion: String
    /// The positional arguments, in the order they are taken.
    public var arguments: [ArgumentDescription]
    /// The named options and flags, in the order help lists them (`-h, --help` comes last, added for you).
    public var options: [OptionDescription]

    /// Describes a verb.
    public init(
        name: String,
        abstract: String,
        discussion: String = "",
        arguments: [ArgumentDescription] = [],
        options: [OptionDescription] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
    }
}
