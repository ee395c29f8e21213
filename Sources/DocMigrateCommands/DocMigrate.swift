#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The entry point of the `docmigrate` command.
public enum DocMigrate {
    /// Runs the command line of this process and exits with the verb's exit code.
    public static func main() async {
        exit(0)
    }
}
