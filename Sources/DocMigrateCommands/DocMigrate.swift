// A team's own tool imports DocMigrateCommands alone and can register codecs: the codec layer comes along.
@_exported import Formats
@_exported import Verification

/// The entry point of the `docmigrate` command and the version it reports.
///
/// The executable is a few lines that call ``main(tool:)``. A team's own tool is one file that
/// builds a ``CommandLineTool`` (``CommandLineTool/docmigrate`` with its own name and its codecs
/// registered) and passes it here, so every verb works on the team's formats.
public enum DocMigrate {
    /// The version `docmigrate --version` prints; kept here and nowhere else.
    public static let version = "0.1.0"

    /// Runs `tool` on this process's arguments and environment, then exits with the verb's exit code.
    ///
    /// Output goes unbuffered to the standard streams, so nothing is lost when the process exits.
    public static func main(tool: CommandLineTool = .docmigrate) async -> Never {
        await tool.main()
    }
}
