// swift-tools-version: 6.0
import PackageDescription

/// One settings list for every Swift target, so that no target drifts into a laxer mode.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "docmigrate",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "DocumentPlatform", targets: ["DocumentPlatform"]),
        .library(name: "DocMigrateCommands", targets: ["DocMigrateCommands"]),
        .executable(name: "docmigrate", targets: ["docmigrate"]),
    ],
    targets: [
        // The few Linux calls that Glibc does not export to Swift (renameat2, syncfs).
        .target(name: "CDocumentPlatform"),
        // Portable stand-ins for the Apple types Foundation on Linux lacks.
        .target(
            name: "DocumentPlatform",
            dependencies: ["CDocumentPlatform"],
            swiftSettings: swiftSettings
        ),
        // On Linux only: lets `import UniformTypeIdentifiers` compile unchanged.
        .target(
            name: "UniformTypeIdentifiers",
            dependencies: ["DocumentPlatform"],
            swiftSettings: swiftSettings
        ),
        // The command-line verbs, callable in-process by tests and by a team's own tool.
        .target(
            name: "DocMigrateCommands",
            dependencies: ["DocumentPlatform"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "docmigrate",
            dependencies: ["DocMigrateCommands"],
            swiftSettings: swiftSettings
        ),
        // A child process for tests that need a second process (concurrent readers and writers).
        .executableTarget(
            name: "docmigrate-test-helper",
            dependencies: ["DocumentPlatform"],
            path: "Tests/TestHelper",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DocumentPlatformTests",
            dependencies: [
                "DocumentPlatform",
                .target(name: "UniformTypeIdentifiers", condition: .when(platforms: [.linux])),
                "docmigrate-test-helper",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DocMigrateCommandsTests",
            dependencies: ["DocMigrateCommands", "docmigrate"],
            swiftSettings: swiftSettings
        ),
    ]
)
