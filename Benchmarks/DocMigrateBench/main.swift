import Foundation

// `docmigrate-bench MODE ARGUMENTS…`: the Swift side of the scripts in `bench/`, built in release
// mode. Each format family registers its modes in its own `BenchModes+<Family>.swift`; a mode does
// one measured job and prints nothing but what its script parses.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let mode = BenchModes.all[name] else {
    let names = BenchModes.all.keys.sorted().joined(separator: ", ")
    FileHandle.standardError.write(Data("usage: docmigrate-bench MODE ARGUMENTS… (modes: \(names))\n".utf8))
    exit(64)
}
do {
    try mode(Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("docmigrate-bench \(name): \(error)\n".utf8))
    exit(1)
}
