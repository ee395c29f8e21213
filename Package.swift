// swift-tools-version: 6.0
import PackageDescription

/// One settings list for every Swift target, so that no target drifts into a laxer mode.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

// A module named `UniformTypeIdentifiers`, on Linux only: it re-exports DocumentPlatform's UTType so that
// sources written for Apple systems (`import UniformTypeIdentifiers`) compile unchanged.
// On Apple systems the target must not exist at all, not merely be empty: SwiftPM puts every built
// module into one search directory that the compiler consults before the SDK, so once `swift build`
// had built an (empty) module of that name, it would shadow Apple's framework for every target,
// DocumentPlatform's own `@_exported import UniformTypeIdentifiers` included. Hence the target is
// declared only when the manifest is evaluated on Linux; the dependency also carries the platform
// condition, and the sources are wrapped in `#if os(Linux)`. Cost: a Mac cross-compiling for Linux
// does not get the module.
#if os(Linux)
let uniformTypeIdentifiersTargets: [Target] = [
    .target(
        name: "UniformTypeIdentifiers",
        dependencies: ["DocumentPlatform"],
        swiftSettings: swiftSettings
    )
]
let uniformTypeIdentifiersProducts: [Product] = [
    .library(name: "UniformTypeIdentifiers", targets: ["UniformTypeIdentifiers"])
]
let uniformTypeIdentifiersDependency: [Target.Dependency] = [
    .target(name: "UniformTypeIdentifiers", condition: .when(platforms: [.linux]))
]
#else
let uniformTypeIdentifiersTargets: [Target] = []
let uniformTypeIdentifiersProducts: [Product] = []
let uniformTypeIdentifiersDependency: [Target.Dependency] = []
#endif

let package = Package(
    name: "docmigrate",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Diagnostics", targets: ["Diagnostics"]),
        .library(name: "DocumentPlatform", targets: ["DocumentPlatform"]),
        .library(name: "DocumentModels", targets: ["DocumentModels"]),
        .library(name: "DocumentCodecs", targets: ["DocumentCodecs"]),
        .library(name: "Formats", targets: ["Formats"]),
        .library(name: "Comparison", targets: ["Comparison"]),
        .library(name: "Verification", targets: ["Verification"]),
        .library(name: "SourceAudit", targets: ["SourceAudit"]),
        .library(name: "ContentTypeLint", targets: ["ContentTypeLint"]),
        .library(name: "Conversion", targets: ["Conversion"]),
        .library(name: "DocMigrateCommands", targets: ["DocMigrateCommands"]),
        .executable(name: "docmigrate", targets: ["docmigrate"]),
    ] + uniformTypeIdentifiersProducts,
    targets: [
        // The C calls Swift cannot make itself (renameat2 swaps, syncfs, printf's %.17g, the SHA and AVX2
        // instructions); only SystemSeam calls them.
        .target(name: "CDocumentPlatform"),
        // What every layer reports with: the located-error protocol and its locations, and the one
        // writer per output format (JSON strings, XML, JUnit, GitHub workflow commands, Markdown, HTML).
        .target(
            name: "Diagnostics",
            swiftSettings: swiftSettings
        ),
        // The one seam to the operating system and the C library, and the only Swift target that imports
        // Glibc (or Darwin, Musl): file descriptors, byte-named paths, the directory walk, processes and
        // signals, locks, write-back and durability (syncfs, renameat2 swaps), the hashing and text kernels
        // that use CPU instructions Swift cannot emit, terminal queries. Its API is `package`, except
        // SHA256 and SHA256Digest, which Comparison's public API re-exports. Not a product.
        .target(
            name: "SystemSeam",
            dependencies: ["CDocumentPlatform", "Diagnostics"],
            swiftSettings: swiftSettings
        ),
        // Portable stand-ins for the Apple types Foundation on Linux lacks, built on the system seam.
        .target(
            name: "DocumentPlatform",
            dependencies: ["SystemSeam", "Diagnostics"],
            swiftSettings: swiftSettings
        ),
        // The SwiftUI document protocols (legacy and 27) and the headless DocumentHost.
        .target(
            name: "DocumentModels",
            dependencies: ["DocumentPlatform"],
            swiftSettings: swiftSettings
        ),
        // The codec protocol, the four generic adapters and the codec registry.
        .target(
            name: "DocumentCodecs",
            dependencies: ["DocumentModels", "SystemSeam"],
            swiftSettings: swiftSettings
        ),
        // The built-in codecs and every format rule: the strict JSON scanner and parser, CSV, text decoding,
        // property lists, keyed archives, RTF; each format's semantic comparison stays with its codec.
        .target(
            name: "Formats",
            dependencies: ["DocumentCodecs"],
            swiftSettings: swiftSettings
        ),
        // Format-agnostic comparison: rules per member glob, bytes, text normalisations, the folder walk
        // and rename pairing; a json, csv or semantic rule asks the format's own comparison in Formats.
        // Below the verifier and the batch converter (which must not import each other).
        .target(
            name: "Comparison",
            dependencies: ["Formats", "SystemSeam"],
            swiftSettings: swiftSettings
        ),
        // The verifier: golden corpora, routes, the compatibility matrix, reports.
        .target(
            name: "Verification",
            dependencies: ["Comparison"],
            swiftSettings: swiftSettings
        ),
        // The source audit: finds document types in Swift sources and checks the migration checklist.
        .target(
            name: "SourceAudit",
            dependencies: ["DocumentPlatform"],
            swiftSettings: swiftSettings
        ),
        // The content-type lint: checks an Info.plist's type declarations (it reads plists with Formats'
        // readers, which record where each key sits in XML sources).
        .target(
            name: "ContentTypeLint",
            dependencies: ["Formats"],
            swiftSettings: swiftSettings
        ),
        // The batch converter: plans, runs, resumes and shards jobs over any registered codec; beside
        // the verifier, never importing it.
        .target(
            name: "Conversion",
            dependencies: ["DocumentCodecs", "Comparison"],
            swiftSettings: swiftSettings
        ),
        // The command-line verbs, callable in-process by tests and by a team's own tool.
        .target(
            name: "DocMigrateCommands",
            dependencies: ["Formats", "Verification", "Conversion", "SourceAudit", "ContentTypeLint"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "docmigrate",
            dependencies: ["DocMigrateCommands"],
            swiftSettings: swiftSettings
        ),
        // The Swift side of the benchmark scripts in `bench/` (release builds only; not a product).
        .executableTarget(
            name: "docmigrate-bench",
            dependencies: ["Formats"],
            path: "Benchmarks/DocMigrateBench",
            swiftSettings: swiftSettings
        ),
        // A child process for tests that need a second process (concurrent readers and writers).
        .executableTarget(
            name: "docmigrate-test-helper",
            dependencies: ["DocumentPlatform", "DocumentModels", "TestSupport"],
            path: "Tests/TestHelper",
            swiftSettings: swiftSettings
        ),
        // What several test targets share: temporary folders, file-tree snapshots, the Python oracle.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport",
            // The JUnit schema the reports are validated against; read from its path, not bundled.
            exclude: ["Resources"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DiagnosticsTests",
            dependencies: ["Diagnostics", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SystemSeamTests",
            dependencies: ["SystemSeam", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DocumentPlatformTests",
            dependencies: [
                "DocumentPlatform",
                "docmigrate-test-helper",
                "TestSupport",
            ] + uniformTypeIdentifiersDependency,
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DocumentModelsTests",
            dependencies: ["DocumentModels", "TestSupport", "docmigrate-test-helper"]
                + uniformTypeIdentifiersDependency,
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DocumentCodecsTests",
            dependencies: ["DocumentCodecs", "Formats", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FormatsTests",
            dependencies: ["Formats", "Comparison", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VerificationTests",
            dependencies: ["Verification", "Formats", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ComparisonTests",
            dependencies: ["Comparison", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SourceAuditTests",
            dependencies: ["SourceAudit", "TestSupport"],
            // Swift files the audit reads in its tests; they are not compiled.
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ContentTypeLintTests",
            dependencies: ["ContentTypeLint", "Formats", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MigrationGuidesTests",
            dependencies: ["DocMigrateCommands", "docmigrate", "TestSupport"],
            // The folders the guides' shell blocks run in, copied by GuideDocumentTests; not sources.
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        // Test-only codecs for the converter's tests (an uppercase text codec, codecs that trap or hang on a
        // magic input), shared by the tests and by the child worker that proves a trap cannot end a job.
        .target(
            name: "ConversionTestCodecs",
            dependencies: ["Conversion", "Formats"],
            path: "Tests/ConversionTests/TestCodecs",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "docmigrate-conversion-test-worker",
            dependencies: ["ConversionTestCodecs", "Conversion", "Formats"],
            path: "Tests/ConversionTests/Worker",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ConversionTests",
            dependencies: [
                "Conversion", "Formats", "SystemSeam", "TestSupport", "ConversionTestCodecs",
                "docmigrate-conversion-test-worker", "docmigrate",
            ],
            exclude: ["TestCodecs", "Worker"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DocMigrateCommandsTests",
            dependencies: ["DocMigrateCommands", "docmigrate", "TestSupport"],
            swiftSettings: swiftSettings
        ),
    ] + uniformTypeIdentifiersTargets
)

// The fuzzing harness: one entry point per decoder, built here so that the regression
// replay runs in `swift test`; the libFuzzer executables live in the separate package `Fuzzing/`,
// so this package never needs the fuzzer runtime.
package.products.append(.library(name: "FuzzEntryPoints", targets: ["FuzzEntryPoints"]))
package.targets += [
    .target(
        name: "FuzzEntryPoints",
        dependencies: ["Formats", "Comparison"],
        swiftSettings: swiftSettings
    ),
    .testTarget(
        name: "FuzzEntryPointsTests",
        dependencies: ["FuzzEntryPoints"],
        swiftSettings: swiftSettings
    ),
]
