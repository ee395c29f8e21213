import DocumentCodecs

extension CodecOptions {
    /// The options of `verify` and `inspect` that configure a codec at run time (the text codecs take them).
    static let verbOptions: [OptionDescription] = [
        .option(
            "encoding", valueName: "name",
            abstract:
                "Read and write text in this encoding: utf-8, utf-16le, utf-16be, utf-32le, utf-32be, us-ascii, "
                + "macintosh, windows-1252, iso-8859-1."
        ),
        .option(
            "fallback-encoding", valueName: "name",
            abstract:
                "The 8-bit encoding (macintosh, windows-1252, iso-8859-1) for text with no byte-order mark that is "
                + "not UTF-8 or UTF-16."
        ),
        .flag(
            "replace-invalid",
            abstract:
                "Replace invalid bytes with U+FFFD instead of refusing the document (lossy: the file changes on save)."),
    ]

    /// The codec options the command line gives (`--encoding`, `--fallback-encoding`, `--replace-invalid`).
    init(_ arguments: ParsedArguments) {
        self.init()
        if let name = arguments.value("encoding") { set("encoding", to: name) }
        if let name = arguments.value("fallback-encoding") { set("fallback-encoding", to: name) }
        if arguments.flag("replace-invalid") { set("replace-invalid", to: "true") }
    }

    /// The command-line words that give these options back (`--fallback-encoding macintosh`, …), for a child process.
    var commandLineWords: [String] {
        entries.flatMap { option in
            option.name == "replace-invalid"
                ? (option.value == "true" ? ["--replace-invalid"] : []) : ["--" + option.name, option.value]
        }
    }

    /// The codecs of `codecs` configured with these options, for a run over a corpus that mixes formats.
    ///
    /// Options go to every codec that takes them (see ``CodecRegistry/configured(forMixedCorpus:)``);
    /// options that no registered codec takes, or a bad value, are a usage error naming the option.
    func registry(configuring codecs: CodecRegistry) throws -> CodecRegistry {
        try Self.asUsage {
            guard let configured = try codecs.configured(forMixedCorpus: self) else {
                throw UsageError("no registered codec takes \(summary)", code: .convertCodecOptions)
            }
            return configured
        }
    }

    /// Runs `body`, turning a bad option value from the command line into a usage error naming the option.
    ///
    /// A codec that takes no options at all (`codec.options.unsupported`) stays the codec's error, naming it.
    static func asUsage<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as CodecError where error.kind != .codecs(.optionsUnsupported) {
            guard case .keyPath(let name)? = error.location, verbOptions.contains(where: { $0.name == name }) else {
                throw error
            }
            throw UsageError("--\(name): \(error.message)", code: error.code)
        }
    }
}
