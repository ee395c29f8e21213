import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Kills a helper process that saves a `GenerationPackage` in a loop with SIGKILL at seeded random moments,
/// and checks after every kill that the package on disk is one whole save.
///
/// The helper mode (`host-save-loop`, `wrapper-write-loop`, or `wrapper-member-write-loop` for saves that
/// change one or two members) prints `opened G`, then `saving N`
/// and `saved N` around every save. After a kill, the package must hold exactly the last saved
/// generation or the one whose save was under way: the state before that save or after it.
/// Temporary save folders may remain only from processes killed since the last completed save: a save
/// removes them before it makes its own.
public struct SaveKillHarness {
    /// What the kills found.
    public struct Report {
        /// How many helper processes were killed while still running.
        public var kills = 0
        /// How many kills landed while a save was under way (`saving N` printed, `saved N` not).
        public var killsDuringSave = 0
        /// How many kills found the new generation already on disk though `saved` was not printed yet.
        public var killsAfterReplacement = 0
        /// Every violation found, one sentence each; empty when the saves were crash-safe.
        public var failures: [String] = []
    }

    /// How many kills a test makes: 50 in `swift test`, more when `DOCMIGRATE_KILL_ITERATIONS` says so
    /// (`Tests/run-long-reliability-tests` sets it).
    public static let iterations =
        ProcessInfo.processInfo.environment["DOCMIGRATE_KILL_ITERATIONS"].flatMap { Int($0) } ?? 50

    public let mode: String
    public let package: URL
    public let environment: [String: String]
    /// The longest pause between the helper's `opened` line and the kill, in seconds.
    public let maximumDelay: Double
    /// How many of `GenerationPackage.changingMembers` each save changes (see
    /// `GenerationPackage.members(of:changing:)`).
    public let changing: Int

    public init(
        mode: String, package: URL, environment: [String: String], maximumDelay: Double,
        changing: Int = GenerationPackage.changingMembers.count
    ) {
        self.mode = mode
        self.package = package
        self.environment = environment
        self.maximumDelay = maximumDelay
        self.changing = changing
    }

    /// Runs `iterations` kills with delays drawn from `generator`.
    public func run(iterations: Int, generator: inout SeededGenerator) throws -> Report {
        var report = Report()
        // Processes killed since the last save that completed: their folders may still be there.
        var killedBeforeACompletedSave: [Int32] = []
        for iteration in 0..<iterations {
            let before = GenerationPackage.state(at: package, changing: changing)
            // A save that changes fewer members than all is told how many (the helper modes for it take a third
            // argument).
            let count = changing == GenerationPackage.changingMembers.count ? [] : [String(changing)]
            let (process, output, _) = try HelperProcess.start(
                mode, [package.path, "0"] + count, environment: environment)
            var text = ""
            let handle = output.fileHandleForReading
            while !text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().contains(where: {
                $0.hasPrefix("opened ")
            }) {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            Thread.sleep(forTimeInterval: Double.random(in: 0...maximumDelay, using: &generator))
            if process.isRunning, kill(process.processIdentifier, SIGKILL) == 0 { report.kills += 1 }
            text += String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let lines = text.split(separator: "\n")
            guard let opened = lines.first(where: { $0.hasPrefix("opened ") }).flatMap({ Int($0.dropFirst(7)) }) else {
                report.failures.append(
                    "iteration \(iteration): the helper did not open the package (\(before)): \(text)")
                break
            }
            if before != .whole(generation: opened) {
                report.failures.append(
                    "iteration \(iteration): the helper opened generation \(opened) but the test read \(before)")
            }
            let saved = lines.compactMap { $0.hasPrefix("saved ") ? Int($0.dropFirst(6)) : nil }.last ?? opened
            let started = lines.compactMap { $0.hasPrefix("saving ") ? Int($0.dropFirst(7)) : nil }.last ?? opened
            let after = GenerationPackage.state(at: package, changing: changing)
            if started > saved { report.killsDuringSave += 1 }
            if after == .whole(generation: started) && started > saved { report.killsAfterReplacement += 1 }
            if after != .whole(generation: saved) && after != .whole(generation: started) {
                report.failures.append(
                    "iteration \(iteration): killed between generation \(saved) and \(started), the package is \(after)"
                )
                break
            }
            // A completed save made its temporary folder after removing those of earlier killed processes.
            if saved > opened { killedBeforeACompletedSave.removeAll() }
            killedBeforeACompletedSave.append(process.processIdentifier)
            report.failures += strayFailures(iteration: iteration, allowedOwners: killedBeforeACompletedSave)
        }
        return report
    }

    /// Items beside the package other than the temporary save folders of `allowedOwners`.
    public func strayFailures(iteration: Int, allowedOwners: [Int32]) -> [String] {
        let parent = package.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        let allowedPrefixes = allowedOwners.map { ".docmigrate-save-\($0)-" }
        return names.filter { name in
            name != package.lastPathComponent && !allowedPrefixes.contains { name.hasPrefix($0) }
        }.map { "iteration \(iteration): stray item \($0) beside the package" }
    }
}
