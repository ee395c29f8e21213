/// The values a command line gave a verb, looked up by the names its description declares.
///
/// Lookups apply the description's defaults. Asking for a name the description does not
/// declare is a programming error in the verb and stops the program.
public struct ParsedArguments: Sendable, Hashable {
    /// The description the values were parsed against.
    public let description: VerbDescription
    private var givenValues: [String: [String]]
    private var givenFlags: Set<String>

    /// Creates parsed arguments; the parser does this, tests of a run function may too.
    ///
    /// - Parameters:
    ///   - values: the values of options and positional arguments, by name, in command-line order.
    ///   - flags: the names of the flags that were given.
    public init(description: VerbDescription, values: [String: [String]] = [:], flags: Set<String> = []) {
        self.description = description
        self.givenValues = values
        self.givenFlags = flags
    }

    /// The value of an option or positional argument: the last one given, else its default, else nil.
    public func value(_ name: String) -> String? {
        values(name).last
    }

    /// Every value given for an option or positional argument, in command-line order, else its default.
    public func values(_ name: String) -> [String] {
        if let given = givenValues[name], !given.isEmpty { return given }
        if let option = description.options.first(where: { $0.name == name }) {
            precondition(
                option.kind != .flag, "'--\(name)' of verb '\(description.name)' is a flag: read it with flag(_:)")
            return option.defaultValue.map { [$0] } ?? []
        }
        guard let argument = description.arguments.first(where: { $0.name == name }) else {
            preconditionFailure("verb '\(description.name)' declares no option or argument named '\(name)'")
        }
        return argument.defaultValue.map { [$0] } ?? []
    }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool {
        if name != VerbDescription.helpOptionName {
            guard let option = description.options.first(where: { $0.name == name }) else {
                preconditionFailure("verb '\(description.name)' declares no flag named '\(name)'")
            }
            precondition(
                option.kind == .flag, "'--\(name)' of verb '\(description.name)' takes a value: read it with value(_:)")
        }
        return givenFlags.contains(name)
    }
}
