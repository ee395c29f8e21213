import Foundation
import Testing

/// The README's table of modules against `Package.swift`: every target under `Sources/` has a row, and the
/// row's dependencies are the ones the manifest declares, so a dependency added without a word fails here.
@Suite struct ModuleTableDocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each `.target` / `.executableTarget` of the manifest whose sources sit in `Sources/`, with its dependencies.
    static func manifestTargets() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try Regex(
            #"\.(?:target|executableTarget)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?(?:,\s*path:\s*"([^"]+)")?"#
        )
        var targets: [String: Set<String>] = [:]
        for match in manifest.matches(of: pattern) {
            // `.target(name:condition:)` is also how a test target names a dependency: the declaration comes first.
            guard let name = match.output[1].substring.map(String.init), targets[name] == nil else { continue }
            if let path = match.output[3].substring, !path.hasPrefix("Sources/") { continue }
            let list = match.output[2].substring.map(String.init) ?? ""
            targets[name] = Set(
                list.split(separator: ",").compactMap { word in
                    let trimmed = word.trimmingCharacters(in: .whitespacesAndNewlines)
                    return trimmed.hasPrefix("\"") ? String(trimmed.dropFirst().dropLast()) : nil
                })
        }
        return targets
    }

    /// The README's `| target | what it owns | depends on |` rows, by target.
    static func documentedTargets() throws -> [String: Set<String>] {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "| target | what it owns | depends on |") else { return [:] }
        var targets: [String: Set<String>] = [:]
        for line in readme[start.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("| `") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3 else { continue }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let dependencies =
                cells[2] == "—"
                ? []
                : cells[2].split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
            targets[name] = Set(dependencies)
        }
        return targets
    }

    @Test func everySourceFolderIsATargetOfTheTable() throws {
        let sources = Self.repository.appendingPathComponent("Sources")
        let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path)
        let documented = try Self.documentedTargets()
        let missing = folders.filter { documented[$0] == nil && $0 != "FuzzEntryPoints" }.sorted()
        #expect(missing.isEmpty, "README's module table has no row for \(missing)")
        #expect(!documented.isEmpty)
    }

    @Test func theTableGivesTheManifestsDependencies() throws {
        let manifest = try Self.manifestTargets()
        let documented = try Self.documentedTargets()
        #expect(manifest.count >= 14, "the manifest's targets were not found: \(manifest.keys.sorted())")
        for (name, dependencies) in documented {
            let declared = try #require(manifest[name], "README names \(name), which Package.swift does not declare")
            #expect(
                dependencies == declared,
                "\(name): README says \(dependencies.sorted()), Package.swift \(declared.sorted())")
        }
    }
}
