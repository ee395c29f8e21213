/// The escaping of GitHub Actions workflow commands (`::name key=value,…::data`), shared by every
/// report that annotates a pull request (verify, audit, lint-plist).
public enum GitHubWorkflowCommand {
    /// Escapes the data part, after the last `::`.
    public static func data(_ text: String) -> String {
        escape(text, inProperty: false)
    }

    /// Escapes a property value, where `:` would end the properties and `,` would start the next one.
    public static func property(_ text: String) -> String {
        escape(text, inProperty: true)
    }

    // Scalar by scalar, because a CR LF pair is one Character to String and must become `%0D%0A`.
    private static func escape(_ text: String, inProperty: Bool) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            case ":" where inProperty: escaped += "%3A"
            case "," where inProperty: escaped += "%2C"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
