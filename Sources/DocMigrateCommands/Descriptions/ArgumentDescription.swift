/// One positional argument of a verb, such as the `<path>` of `docmigrate inspect <path>`.
///
/// Positional arguments take the command line's non-option words in the order they are
/// declared; a repeatable one takes all that remain, so only the last may repeat.
public struct ArgumentDescription: Sendable, Hashable {
    /// The name shown as `<name>`; the key in ``ParsedArguments``.
    public var name: String
    /// One line for the ARGUMENTS section.
    public var abstract: String
    /// More text, printed under the abstract; empty for none.
    public var discussion: String
    /// Whether the command line may leave the argument out.
    public var isOptional: Bool
    /// Whether the argument takes every remaining word.
    public var isRepeatable: Bool
    /// The value used when the argument is absent, shown as `(default: …)`; implies optional.
    public var defaultValue: String?
    /// The only values accepted; empty accepts any value.
    public var allowedValues: [String]

    /// Describes a positional argument; it is required unless `isOptional` or a default is given.
    public init(
        _ name: String,
        abstract: String,
        discussion: String = "",
        isOptional: Bool = false,
        isRepeatable: Bool = false,
        default defaultValue: String? = nil,
        allowedValues: [String] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.isOptional = isOptional || defaultValue != nil
        self.isRepeatable = isRepeatable
        self.defaultValue = defaultValue
        self.allowedValues = allowedValues
    }
}
