/// How a single-document verb (`diff`, `inspect`) prints its result: for people, or as its versioned JSON schema.
enum PrintFormat: String, CaseIterable, CommandLineValue {
    case text
    case json
}
