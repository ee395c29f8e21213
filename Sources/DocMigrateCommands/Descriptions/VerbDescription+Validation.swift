extension VerbDescription {
    /// The long name every verb answers to with its help; verbs may not declare it.
    static let helpOptionName = "help"
    /// The short name of the help flag.
    static let helpShortName: Character = "h"

    /// Stops the program if the description contradicts itself.
    ///
    /// A bad description is a programming error in a verb, not bad input, so it is a precondition
    /// failure (checked when a ``CommandLineTool`` is built, so any test of the tool catches it).
    func checkConsistency() {
        precondition(
            Self.isValidWord(name), "verb name '\(name)' must be a non-empty word that does not start with '-'")
        var keys: Set<String> = []
        var shortNames: Set<Character> = []
        for option in options {
            let context = "verb '\(name)', option '--\(option.name)'"
            precondition(
                Self.isValidWord(option.name),
                "\(context): the name must be a non-empty word without '-' in front or '='")
            precondition(option.name != Self.helpOptionName, "\(context): '--help' is reserved for help")
            precondition(keys.insert(option.name).inserted, "\(context): the name is used twice")
            if let short = option.shortName {
                precondition(short != Self.helpShortName, "\(context): '-h' is reserved for help")
                precondition(
                    short != "-" && short != "=" && !short.isWhitespace,
                    "\(context): '-\(short)' is not a usable short name")
                // Digits stay free so that `-3` is always read as a negative number.
                precondition(!short.isNumber, "\(context): a short name may not be a digit")
                precondition(shortNames.insert(short).inserted, "\(context): '-\(short)' is used twice")
            }
            if case .flag = option.kind {
                precondition(
                    !option.isRequired && !option.isRepeatable, "\(context): a flag is neither required nor repeatable")
            }
            if let valueName = option.valueName {
                precondition(!valueName.isEmpty, "\(context): the value name is empty")
            }
            precondition(
                !(option.isRequired && option.defaultValue != nil), "\(context): a required option has no default")
            if let defaultValue = option.defaultValue, !option.allowedValues.isEmpty {
                precondition(
                    option.allowedValues.contains(defaultValue), "\(context): the default is not an allowed value")
            }
        }
        var seenOptional = false
        for (index, argument) in arguments.enumerated() {
            let context = "verb '\(name)', argument '<\(argument.name)>'"
            precondition(!argument.name.isEmpty, "\(context): the name is empty")
            precondition(
                keys.insert(argument.name).inserted, "\(context): the name is already used by an option or argument")
            // Words are assigned in order, so a required argument after an optional one could never be told apart.
            precondition(
                !(seenOptional && !argument.isOptional), "\(context): a required argument cannot follow an optional one"
            )
            precondition(
                !argument.isRepeatable || index == arguments.count - 1, "\(context): only the last argument may repeat")
            if let defaultValue = argument.defaultValue, !argument.allowedValues.isEmpty {
                precondition(
                    argument.allowedValues.contains(defaultValue), "\(context): the default is not an allowed value")
            }
            seenOptional = seenOptional || argument.isOptional
        }
    }

    private static func isValidWord(_ word: String) -> Bool {
        !word.isEmpty && !word.hasPrefix("-") && !word.contains("=") && !word.contains(where: \.isWhitespace)
    }
}
