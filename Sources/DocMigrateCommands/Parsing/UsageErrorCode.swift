/// The stable codes of `UsageError`: the ways a command line can fail to fit its verb (exit code 64).
package enum UsageErrorCode: String, CataloguedErrorCode {
    case convertBackupSuffix = "usage.convert.backup-suffix"
    case convertCodecOptions = "usage.convert.codec-options"
    case convertInputs = "usage.convert.inputs"
    case convertOutput = "usage.convert.output"
    case convertShard = "usage.convert.shard"
    case convertTarget = "usage.convert.target"
    case invalid = "usage.invalid"
    case invalidValue = "usage.invalid-value"
    case missingArgument = "usage.missing-argument"
    case missingValue = "usage.missing-value"
    case orphansDeleteOnCI = "usage.orphans-delete-on-ci"
    case orphansFiltered = "usage.orphans-filtered"
    case unexpectedArgument = "usage.unexpected-argument"
    case unexpectedValue = "usage.unexpected-value"
    case unknownOption = "usage.unknown-option"
    case unknownSubcommand = "usage.unknown-subcommand"
    case unsupported = "usage.unsupported"

    package var summary: String {
        switch self {
        case .convertBackupSuffix:
            "`--backup-suffix` is empty or holds `/`; give a plain name suffix such as `.orig`."
        case .convertCodecOptions:
            "A codec option given on the command line is taken by no registered codec; check its name."
        case .convertInputs:
            "`convert` needs input paths or `--files-from`, not both and not neither."
        case .convertOutput:
            "`convert` needs exactly one of `--output FOLDER` and `--in-place`."
        case .convertShard:
            "`--shard` takes K/N with 1 ≤ K ≤ N, such as `2/8`."
        case .convertTarget:
            "The conversion target names no registered codec or content type; the message lists the targets."
        case .invalid:
            "The command line breaks a rule of the verb; the message says which."
        case .invalidValue:
            "An option's value is not one it takes; the message says what it takes."
        case .missingArgument:
            "A required argument is missing; see the verb's `--help`."
        case .missingValue:
            "An option that takes a value was given none."
        case .orphansDeleteOnCI:
            "`--orphans delete` is refused when `CI` is set; delete orphans locally and commit that."
        case .orphansFiltered:
            "`--orphans` needs a run of every case, so it cannot be combined with `--format` or `--case`."
        case .unexpectedArgument:
            "An argument the verb does not take was given; see the verb's `--help`."
        case .unexpectedValue:
            "A flag that takes no value was given one (`--flag=value`)."
        case .unknownOption:
            "The option is not one of the verb's; the message suggests the closest one."
        case .unknownSubcommand:
            "The verb is not one of docmigrate's; the message suggests the closest one."
        case .unsupported:
            "The option is not available on this platform; the message names the alternative."
        }
    }
}
