// swift-tools-version: 6.0
import Foundation
import PackageDescription

// One libFuzzer executable per decoder, each handing libFuzzer's driver a callback into the main package's
// FuzzEntryPoints. A package of its own, so that the main package's builds and tests never link the
// fuzzer runtime. Build with `swift build -c release -Xswiftc -sanitize=fuzzer` (the `run` script beside
// this file does it).

// A path dependency's identity is its folder's name, which differs between checkouts (a worktree, CI's clone).
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let mainPackageIdentity = mainPackage.lastPathComponent.lowercased()

/// The fuzz targets, as named by `FuzzTarget`'s raw values; each is the executable `fuzz-<name>`.
let targetNames = [
    "json", "plist-binary", "plist-xml", "plist-openstep", "keyed-archive",
    "text", "csv", "rtf", "flat-rtfd", "package",
]

let package = Package(
    name: "docmigrate-fuzzing",
    platforms: [.macOS(.v15)],
    products: targetNames.map { .executable(name: "fuzz-\($0)", targets: ["fuzz-\($0)"]) },
    dependencies: [.package(path: "..")],
    targets: [.target(name: "CFuzzerDriver")] + targetNames.map { name in
        .executableTarget(
            name: "fuzz-\(name)",
            dependencies: ["CFuzzerDriver", .product(name: "FuzzEntryPoints", package: mainPackageIdentity)],
            path: "Sources/fuzz-\(name)",
            swiftSettings: [.swiftLanguageMode(.v6)],
            // GNU gold fails with an internal error on these links (Debian's binutils 2.40); the
            // toolchain's lld links them.
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
        )
    }
)
