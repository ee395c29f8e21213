import ContentTypeLint
import Conversion
import Verification

/// A typed value an option takes on the command line, with the words it may be spelled as.
///
/// One declaration feeds both the parser and help:
/// ``OptionDescription/option(_:short:valueName:abstract:default:values:)``
/// lists ``allowedWords`` in help and refuses other words before a verb runs, and
/// ``ParsedArguments/value(_:as:)`` hands the verb the typed value, so no verb compares option strings.
public protocol CommandLineValue: Sendable {
    /// Every word the value may be spelled as, in the order help lists them.
    static var allowedWords: [String] { get }
    /// The value a word names; nil for a word not in ``allowedWords``.
    init?(commandLineWord: String)
}

extension CommandLineValue where Self: CaseIterable & RawRepresentable, RawValue == String {
    public static var allowedWords: [String] { allCases.map(\.rawValue) }

    public init?(commandLineWord: String) {
        self.init(rawValue: commandLineWord)
    }
}

extension RecordMode: CommandLineValue {}
extension OrphanAction: CommandLineValue {}
extension ConversionJob.CollisionPolicy: CommandLineValue {}
extension ProgressStyle: CommandLineValue {}
extension ItemIsolation.Mode: CommandLineValue {}
extension InfoPlistLinter.Platform: CommandLineValue {}

extension OptionDescription {
    /// An option whose value is one of a ``CommandLineValue`` type's words, listed in help and checked by the parser.
    public static func option<Value: CommandLineValue>(
        _ name: String, short: Character? = nil, valueName: String? = nil, abstract: String,
        default defaultValue: Value? = nil, values: Value.Type
    ) -> OptionDescription where Value: RawRepresentable, Value.RawValue == String {
        .option(
            name, short: short, valueName: valueName, abstract: abstract, default: defaultValue?.rawValue,
            allowedValues: Value.allowedWords)
    }
}

extension ParsedArguments {
    /// The typed value of an option declared with
    /// ``OptionDescription/option(_:short:valueName:abstract:default:values:)``.
    ///
    /// The parser has already refused words outside ``CommandLineValue/allowedWords``, so a word this
    /// cannot read means the option was declared with other values: a programming error in the verb.
    public func value<Value: CommandLineValue>(_ name: String, as type: Value.Type) -> Value? {
        guard let word = value(name) else { return nil }
        guard let value = Value(commandLineWord: word) else {
            preconditionFailure(
                "'--\(name)' of verb '\(description.name)' took '\(word)', which \(Value.self) does not read")
        }
        return value
    }
}
