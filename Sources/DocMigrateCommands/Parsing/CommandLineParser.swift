/// Reads a verb's words from the command line, as its ``VerbDescription`` says, into ``ParsedArguments``.
///
/// The conventions are swift-argument-parser's:
/// - `--name value` and `--name=value`; `-n value`; flags combine (`-vq`).
/// - `--` ends the options: every word after it is positional, even `-x`.
/// - A word after an option that takes a value is its value unless it looks like an option;
///   then the value is missing (`--offset --force` is an error, not `--force` as an offset).
///   A negative number (`-3`, `-0.5`) never looks like an option, so `--offset -3` works, and
///   `--offset=-x` passes any value.
/// - `-` alone and the empty word are ordinary values.
/// - A non-repeatable option given twice keeps its last value.
/// - `-h`/`--help` anywhere before `--` asks for help instead (see ``isHelpRequest(_:)``).
/// - An unknown `-word` is reported whole, with a suggestion, when it is close to a long name
///   (`-verbose` → `--verbose`); otherwise a cluster reports its first unknown letter (`-vx` → `-x`).
package struct CommandLineParser: Sendable {
    /// The help flag every verb has, which descriptions may not declare themselves.
    package static let helpOption = OptionDescription.flag(
        VerbDescription.helpOptionName, short: VerbDescription.helpShortName, abstract: "Show help information."
    )

    /// The description words are read against.
    package let description: VerbDescription

    /// A parser for one verb.
    package init(_ description: VerbDescription) {
        self.description = description
    }

    /// Whether the words ask for help: `-h` or `--help` before any `--`.
    ///
    /// This is checked before parsing, as swift-argument-parser does, so that help is shown even
    /// for a command line that has other mistakes.
    package static func isHelpRequest(_ arguments: [String]) -> Bool {
        arguments.prefix(while: { $0 != "--" }).contains { $0 == "--help" || $0 == "-h" }
    }

    /// Whether a word is read as an option (or as `--`) rather than as a value.
    package static func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word.count > 1 && !looksLikeNegativeNumber(word)
    }

    /// `-3`, `-0.5`, `-.5`: a minus sign, decimal digits and at most one point.
    static func looksLikeNegativeNumber(_ word: String) -> Bool {
        let body = word.utf8.dropFirst()
        guard word.utf8.first == UInt8(ascii: "-"), !body.isEmpty else { return false }
        let digits = body.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
        let points = body.filter { $0 == UInt8(ascii: ".") }.count
        return digits > 0 && points <= 1 && digits + points == body.count
    }

    /// Parses the words that follow the verb's name.
    package func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var words: [String] = []
        var index = arguments.startIndex
        var optionsEnded = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !Self.looksLikeOption(argument) {
                words.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = body.prefix(while: { $0 != "=" })
                let inlineValue =
                    name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil
                let spelling = "--" + name
                guard let option = longOption(named: String(name)) else {
                    throw .unknownOption(name.isEmpty ? argument : spelling, candidates: longSpellings)
                }
                switch option.kind {
                case .flag:
                    if let inlineValue { throw .unexpectedValue(inlineValue, for: spelling) }
                    flags.insert(option.name)
                case .value(let valueName):
                    let value: String
                    if let inlineValue {
                        value = inlineValue
                    } else if index < arguments.endIndex, !Self.looksLikeOption(arguments[index]) {
                        value = arguments[index]
                        index += 1
                    } else {
                        throw .missingValue(for: spelling, valueName: valueName)
                    }
                    try record(value, for: option, spelling: spelling, in: &values)
                }
            } else {
                let letters = Array(argument.dropFirst())
                let options = letters.map(shortOption(named:))
                if let unknown = options.firstIndex(where: { $0 == nil }) {
                    // `-verbose` is a long name typed with one dash: say so, even though `-v` exists.
                    // Otherwise `-vx` with a known `-v` is a cluster with one bad letter, as in swift-argument-parser.
                    let isMistypedLongName = NameSuggestion.closest(to: argument, among: longSpellings) != nil
                    let reported = options[0] != nil && !isMistypedLongName ? "-\(letters[unknown])" : argument
                    throw .unknownOption(reported, candidates: longSpellings)
                }
                for (position, option) in options.enumerated() {
                    guard let option else { continue }
                    let spelling = "-\(letters[position])"
                    switch option.kind {
                    case .flag:
                        flags.insert(option.name)
                    case .value(let valueName):
                        // Only the last letter of a cluster can take the next word as its value.
                        guard position == letters.count - 1, index < arguments.endIndex,
                            !Self.looksLikeOption(arguments[index])
                        else {
                            throw .missingValue(for: spelling, valueName: valueName)
                        }
                        try record(arguments[index], for: option, spelling: spelling, in: &values)
                        index += 1
                    }
                }
            }
        }
        try assignPositional(words, to: &values)
        for option in description.options where option.isRequired && values[option.name] == nil {
            throw .missingArgument(HelpText.synopsis(of: option, includingRepetition: false))
        }
        return ParsedArguments(description: description, values: values, flags: flags)
    }

    private var longSpellings: [String] {
        description.options.map(\.longSpelling) + [Self.helpOption.longSpelling]
    }

    private func longOption(named name: String) -> OptionDescription? {
        if name == Self.helpOption.name { return Self.helpOption }
        return description.options.first { $0.name == name }
    }

    private func shortOption(named letter: Character) -> OptionDescription? {
        if letter == Self.helpOption.shortName { return Self.helpOption }
        return description.options.first { $0.shortName == letter }
    }

    private func record(
        _ value: String, for option: OptionDescription, spelling: String, in values: inout [String: [String]]
    ) throws(UsageError) {
        if !option.allowedValues.isEmpty, !option.allowedValues.contains(value) {
            throw .invalidValue(
                value, for: "\(spelling) <\(option.valueName ?? option.name)>", allowedValues: option.allowedValues)
        }
        if option.isRepeatable {
            values[option.name, default: []].append(value)
        } else {
            values[option.name] = [value]
        }
    }

    private func assignPositional(_ words: [String], to values: inout [String: [String]]) throws(UsageError) {
        var remaining = words[...]
        for argument in description.arguments {
            let taken: [String]
            if argument.isRepeatable {
                taken = Array(remaining)
                remaining = []
            } else if let word = remaining.popFirst() {
                taken = [word]
            } else {
                taken = []
            }
            guard !taken.isEmpty else {
                if argument.isOptional { continue }
                throw .missingArgument(HelpText.synopsis(of: argument, bracketingOptional: false))
            }
            if !argument.allowedValues.isEmpty,
                let invalid = taken.first(where: { !argument.allowedValues.contains($0) })
            {
                throw .invalidValue(invalid, for: "<\(argument.name)>", allowedValues: argument.allowedValues)
            }
            values[argument.name] = taken
        }
        if !remaining.isEmpty {
            throw .unexpectedArguments(Array(remaining))
        }
    }
}
