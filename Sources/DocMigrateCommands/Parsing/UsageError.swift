import DocumentPlatform

/// A command line that does not fit the verb: the run ends with exit code 64 and three lines.
///
/// The tool prints `Error: <message>`, the verb's usage line and `See '<tool> <verb> --help'.`
/// The messages follow swift-argument-parser's wording, so users of other Swift tools read them
/// without surprise. A verb throws its own (`UsageError("--shard must be K/N")`) for rules the
/// parser cannot check.
public struct UsageError: LocatedError, Hashable, Sendable {
    /// A command line has no file.
    public var file: String? { nil }
    /// A command line has no location inside a file.
    public var location: ErrorLocation? { nil }
    /// A stable identifier of the kind of mistake, such as `usage.unknown-option`.
    public var code: String
    /// The sentence printed after `Error: `.
    public var message: String

    /// A usage error with a message of the verb's own, coded `usage.invalid`.
    public init(_ message: String) {
        self.init(message, code: .invalid)
    }

    /// A usage error with a message of the verb's own; `code` names the rule it breaks.
    public init(_ message: String, code: String) {
        self.message = message
        self.code = code
    }

    /// A usage error with a catalogued code.
    package init(_ message: String, code: UsageErrorCode) {
        self.init(message, code: code.rawValue)
    }

    /// `Unknown option '--fo'`, with the closest known option as a suggestion when one is close.
    ///
    /// Like swift-argument-parser, a one-letter option gets no suggestion: with so few letters,
    /// any other letter would be as likely.
    static func unknownOption(_ typed: String, candidates: [String]) -> UsageError {
        var message = "Unknown option '\(typed)'"
        if typed.count > 2, let suggestion = NameSuggestion.closest(to: typed, among: candidates) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return UsageError(message, code: .unknownOption)
    }

    /// `Unknown subcommand 'verfy'. Did you mean 'verify'?`
    static func unknownSubcommand(_ typed: String, candidates: [String]) -> UsageError {
        var message = "Unknown subcommand '\(typed)'"
        if let suggestion = NameSuggestion.closest(to: typed, among: candidates) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return UsageError(message, code: .unknownSubcommand)
    }

    /// `Missing value for '--format <format>'`, naming the option as it was typed.
    static func missingValue(for spelling: String, valueName: String) -> UsageError {
        UsageError("Missing value for '\(spelling) <\(valueName)>'", code: .missingValue)
    }

    /// `The option '--verbose' does not take any value, but 'yes' was specified.`
    static func unexpectedValue(_ value: String, for spelling: String) -> UsageError {
        UsageError(
            "The option '\(spelling)' does not take any value, but '\(value)' was specified.",
            code: .unexpectedValue
        )
    }

    /// `Unexpected argument 'b'`, or `2 unexpected arguments: 'b', 'c'`.
    static func unexpectedArguments(_ values: [String]) -> UsageError {
        let message =
            values.count == 1
            ? "Unexpected argument '\(values[0])'"
            : "\(values.count) unexpected arguments: '\(values.joined(separator: "', '"))'"
        return UsageError(message, code: .unexpectedArgument)
    }

    /// `Missing expected argument '<path>'` or `Missing expected argument '--name <name>'`.
    static func missingArgument(_ synopsis: String) -> UsageError {
        UsageError("Missing expected argument '\(synopsis)'", code: .missingArgument)
    }

    /// `The value 'png' is invalid for '--format <format>'. Please provide one of 'text' and 'json'.`
    ///
    /// Up to five allowed values are listed in the sentence; more become a bulleted list, as in
    /// swift-argument-parser.
    static func invalidValue(_ value: String, for synopsis: String, allowedValues: [String]) -> UsageError {
        var message = "The value '\(value)' is invalid for '\(synopsis)'"
        let quoted = allowedValues.map { "'\($0)'" }
        switch quoted.count {
        case 0:
            break
        case 1, 2:
            message += ". Please provide one of \(quoted.joined(separator: " and "))."
        case 3...5:
            message +=
                ". Please provide one of \(quoted.dropLast().joined(separator: ", ")) or \(quoted[quoted.count - 1])."
        default:
            message +=
                ". Please provide one of the following:\n"
                + allowedValues.map { "  - \($0)" }.joined(separator: "\n")
        }
        return UsageError(message, code: .invalidValue)
    }
}
