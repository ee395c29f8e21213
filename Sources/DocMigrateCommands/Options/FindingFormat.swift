/// How a checking verb (`audit`, `lint-plist`) prints its findings: for people, as JSON, or as GitHub annotations.
enum FindingFormat: String, CaseIterable, CommandLineValue {
    case text
    case json
    case github
}
