import Foundation
import FuzzEntryPoints
import Testing

/// Replays every input the fuzzers ever crashed on, and the golden files they are seeded with,
/// through the entry points the fuzzers call.
///
/// A decoder that traps on one of them kills the test process, which is what fails this suite;
/// a thrown error is the decoder's proper answer and passes.
@Suite struct FuzzRegressionTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The golden folders whose files seed each target (the `run` script picks the same kinds, and a few more).
    static let seedFolders: [FuzzTarget: [String]] = [
        .json: ["json"],
        .binaryPropertyList: ["plist/binary"],
        .xmlPropertyList: ["plist/xml"],
        .openStepPropertyList: ["plist/openstep"],
        .keyedArchive: ["keyed-archive", "notebook-v1"],
        .textDetection: ["text"],
        .csv: ["csv"],
        .rtf: ["rtf"],
        .flatRTFD: ["rtfd/flat"],
        .package: ["notebook", "rtfd/package"],
    ]

    static func files(under folder: URL) throws -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else {
            return []
        }
        return try enumerator.compactMap { item in
            guard let url = item as? URL, try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true
            else { return nil }
            return url
        }.sorted { $0.path < $1.path }
    }

    @Test(arguments: FuzzTarget.allCases)
    func replaysEveryKeptCrash(target: FuzzTarget) throws {
        let folder = Self.repository.appendingPathComponent("Fuzzing/Regressions/\(target.rawValue)")
        let kept = try Self.files(under: folder)
        // A folder holds the crashes found or a README saying none were; an empty or missing one means lost inputs.
        #expect(!kept.isEmpty, "Fuzzing/Regressions/\(target.rawValue) is empty or missing")
        for url in kept where url.lastPathComponent != "README.md" {
            target.run(try Data(contentsOf: url))
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func replaysTheGoldenSeeds(target: FuzzTarget) throws {
        let golden = Self.repository.appendingPathComponent("GoldenFiles")
        var replayed = 0
        for folder in try #require(Self.seedFolders[target]) {
            let root = golden.appendingPathComponent(folder)
            if target == .package {
                let packages = try Self.packageFolders(under: root)
                for package in packages {
                    target.run(try PackageTreeDescription.describing(folderAt: package).encoded())
                }
                replayed += packages.count
            } else {
                for url in try Self.files(under: root) {
                    target.run(try Data(contentsOf: url))
                    replayed += 1
                }
            }
        }
        #expect(replayed > 0, "no golden file seeds \(target.rawValue)")
    }

    static func packageFolders(under root: URL) throws -> [URL] {
        let extensions: Set<String> = ["notebook", "rtfd", "mdbundle"]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
        else {
            return []
        }
        return try enumerator.compactMap { item in
            guard let url = item as? URL, extensions.contains(url.pathExtension),
                try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true
            else { return nil }
            return url
        }.sorted { $0.path < $1.path }
    }
}
