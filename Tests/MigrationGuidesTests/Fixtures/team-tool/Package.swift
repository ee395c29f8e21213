// swift-tools-version: 6.0
// snippet: team-package
import PackageDescription

let package = Package(
    name: "tasks-migrate",
    platforms: [.macOS(.v15)],
    dependencies: [
        // A checkout of docmigrate next to the app (or a git URL and a version).
        .package(path: "../docmigrate"),
    ],
    targets: [
        .executableTarget(
            name: "tasks-migrate",
            dependencies: [
                .product(name: "DocMigrateCommands", package: "docmigrate"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
// end snippet
