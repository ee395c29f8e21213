/// The escaping of GitHub Actions workflow commands (`::name key=value,…::data`), shared by every
/// report that annotates a pull request (verify, audit, lint-plist).
///
/// The rules are the runner's (actions/toolkit `command.ts`): in the data `%`, CR and LF become `%25`,
/// `%0D` and `%0A`; in a property value `:` and `,` also become `%3A` and `%2C`. Every other character,
/// control characters included, is passed on as it is: the runner reads the line up to its LF only.
public enum GitHubWorkflowCommand {
    /// `::name key=value,…::data` with the property values and the data escaped, the properties in the
    /// order given and without a line feed at the end.
    public static func line(_ name: String, properties: [(name: String, value: String)] = [], data: String) -> String {
        let list = properties.map { $0.name + "=" + property($0.value) }.joined(separator: ",")
        return "::" + name + (list.isEmpty ? "" : " " + list) + "::" + self.data(data)
    }

    /// Escapes the data part, after the last `::`.
    public static func data(_ text: String) -> String {
        escape(text, inProperty: false)
    }

    /// Escapes a property value, where `:` would end the properties and `,` would start the next one.
    public static func property(_ text: String) -> String {
        escape(text, inProperty: true)
    }

    private static func escape(_ text: String, inProperty: Bool) -> String {
        text.escapingScalars { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            case ":" where inProperty: "%3A"
            case "," where inProperty: "%2C"
            default: nil
            }
        }
    }
}
