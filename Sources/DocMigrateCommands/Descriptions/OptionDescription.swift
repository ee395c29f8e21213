/// One named option of a verb: a flag (`--verbose`) or an option with a value (`--format json`).
///
/// The same value drives parsing, the usage line, the OPTIONS section of the help text and the
/// error messages, so they cannot disagree. Build one with ``flag(_:short:abstract:discussion:)``
/// or ``option(_:short:valueName:abstract:discussion:default:allowedValues:isRepeatable:isRequired:)``.
public struct OptionDescription: Sendable, Hashable {
    /// Whether the option stands alone or takes a value.
    public enum Kind: Sendable, Hashable {
        /// A switch that is either present or not, such as `--verbose`.
        case flag
        /// An option followed by a value, shown as `<valueName>` in help and errors.
        case value(valueName: String)
    }

    /// The long name without its dashes (`format` for `--format`); the key in ``ParsedArguments``.
    public var name: String
    /// The one-letter name without its dash (`f` for `-f`), if the option has one.
    public var shortName: Character?
    /// Whether this is a flag or takes a value.
    public var kind: Kind
    /// One line for the OPTIONS section.
    public var abstract: String
    /// More text, printed under the abstract; empty for none.
    public var discussion: String
    /// The value used when the option is absent, shown as `(default: …)`.
    public var defaultValue: String?
    /// The only values accepted, shown as `(values: …)`; empty accepts any value.
    public var allowedValues: [String]
    /// Whether the option may be given several times, each value kept.
    ///
    /// A non-repeatable option given twice keeps the last value, as swift-argument-parser does,
    /// so a wrapper script's setting can be overridden by appending the option again.
    public var isRepeatable: Bool
    /// Whether the command line must give the option.
    public var isRequired: Bool

    /// A flag: present or absent, never followed by a value.
    public static func flag(
        _ name: String,
        short: Character? = nil,
        abstract: String,
        discussion: String = ""
    ) -> OptionDescription {
        OptionDescription(
            name: name, shortName: short, kind: .flag, abstract: abstract, discussion: discussion,
            defaultValue: nil, allowedValues: [], isRepeatable: false, isRequired: false
        )
    }

    /// An option that takes a value, as `--name value` or `--name=value`.
    ///
    /// - Parameters:
    ///   - valueName: the placeholder shown as `<valueName>`; defaults to `name`.
    ///   - default: the value when the option is absent.
    ///   - allowedValues: the only accepted values, listed in help and in the error for others.
    public static func option(
        _ name: String,
        short: Character? = nil,
        valueName: String? = nil,
        abstract: String,
        discussion: String = "",
        default defaultValue: String? = nil,
        allowedValues: [String] = [],
        isRepeatable: Bool = false,
        isRequired: Bool = false
    ) -> OptionDescription {
        OptionDescription(
            name: name, shortName: short, kind: .value(valueName: valueName ?? name),
            abstract: abstract, discussion: discussion, defaultValue: defaultValue,
            allowedValues: allowedValues, isRepeatable: isRepeatable, isRequired: isRequired
        )
    }

    /// `--name`, the spelling used in usage lines and suggestions.
    public var longSpelling: String { "--" + name }

    /// The value placeholder without brackets, or nil for a flag.
    public var valueName: String? {
        if case .value(let valueName) = kind { return valueName }
        return nil
    }
}
