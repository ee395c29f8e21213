import DocumentModels
import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

extension TestHelperModes {
    /// Modes that save a `GenerationPackage` so that a test can kill the process mid-save or make the save fail.
    ///
    /// The loops print `opened G` once they read the package (at generation G), then for every
    /// save `saving N` before it starts and `saved N` once it returned, each line written straight
    /// to standard output, so a test that kills the process knows which save was under way.
    ///
    /// - `host-save-loop PACKAGE COUNT`: opens PACKAGE in a `DocumentHost` and saves the next
    ///   generation COUNT times (0: until killed).
    /// - `wrapper-write-loop PACKAGE COUNT`: the same through `FileWrapper.write(to:options: .atomic,
    ///   originalContentsURL:)`, reusing `fixed.txt` from the package on disk.
    /// - `wrapper-member-write-loop PACKAGE COUNT CHANGING`: the same, changing only the first CHANGING
    ///   (1 or 2) changing members of a package made with `GenerationPackage.create(at:generation:changing:)`
    ///   and keeping every other member, so that a save of one member writes that member in place.
    /// - `host-save-limited PACKAGE BYTES as-is|as-nobody` and `wrapper-write-limited … [CHANGING]`: save the
    ///   next generation once, with files limited to BYTES (RLIMIT_FSIZE, SIGXFSZ ignored, so a
    ///   write past it fails with EFBIG as on a full volume; 0: no limit) and, with `as-nobody`,
    ///   after dropping root's privileges to user and group 65534 so permission bits apply.
    ///   Print `failed: ERROR` and exit 1 when the save throws, `saved N` and exit 0 otherwise.
    static let crashSafety: [String: Mode] = [
        "host-save-loop": { arguments in try CrashSafetyModes.hostSaveLoop(arguments) },
        "wrapper-write-loop": { arguments in try CrashSafetyModes.wrapperWriteLoop(arguments) },
        "wrapper-member-write-loop": { arguments in try CrashSafetyModes.wrapperMemberWriteLoop(arguments) },
        "host-save-limited": { arguments in try CrashSafetyModes.hostSaveLimited(arguments) },
        "wrapper-write-limited": { arguments in try CrashSafetyModes.wrapperWriteLimited(arguments) },
    ]
}

extension UTType {
    /// The content type of the crash-safety tests' package.
    static let generationPackage = UTType(exportedAs: "com.example.generation-package", conformingTo: .package)
}

/// A package document whose state is one generation number, written as Apple documents incremental package saves.
@Observable
final class GenerationDocument: Document {
    static let readableContentTypes: [UTType] = [.generationPackage]

    private(set) var generation = 0

    @MainActor
    func setGeneration(_ newValue: Int, undoManager: UndoManager?) {
        let oldValue = generation
        generation = newValue
        undoManager?.registerUndo(withTarget: self) { document in
            document.setGeneration(oldValue, undoManager: undoManager)
        }
    }

    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<Int> {
        FileWrapperDocumentReader(configuration) { package in
            var members: [String: Data] = [:]
            guard package.isDirectory else { throw CocoaError(.fileReadCorruptFile) }
            for (name, child) in package.fileWrappers ?? [:] {
                members[name] = child.isRegularFile ? child.regularFileContents ?? Data() : Data()
            }
            guard case .whole(let generation) = GenerationPackage.state(of: members) else {
                throw CocoaError(.fileReadCorruptFile)
            }
            return generation
        }
    }

    @MainActor
    func apply(snapshot: Int, previous: Int?) async throws {
        generation = snapshot
    }

    @MainActor
    func snapshot(contentType: UTType) async throws -> sending Int {
        generation
    }

    func writer(configuration: sending WriteConfiguration) -> sending FileWrapperDocumentWriter<Int> {
        FileWrapperDocumentWriter(configuration) { generation, previous in
            // The previous wrapper keeps `fixed.txt`, which the save then hard-links from the old package.
            let package = previous ?? FileWrapper(directoryWithFileWrappers: [:])
            if package.fileWrappers?[GenerationPackage.fixedMember] == nil {
                package.addRegularFile(
                    withContents: GenerationPackage.fixedContents, preferredFilename: GenerationPackage.fixedMember)
            }
            for name in GenerationPackage.changingMembers {
                if let old = package.fileWrappers?[name] { package.removeFileWrapper(old) }
                package.addRegularFile(
                    withContents: GenerationPackage.contents(of: generation), preferredFilename: name)
            }
            return package
        }
    }
}

private enum CrashSafetyModes {
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func parseLoop(_ arguments: [String]) throws -> (URL, Int) {
        guard arguments.count == 2, let count = Int(arguments[1]), count >= 0 else {
            throw TestHelperModes.HelperUsageError(text: "MODE PACKAGE COUNT")
        }
        return (URL(fileURLWithPath: arguments[0]), count)
    }

    static func parseLimited(_ arguments: [String]) throws -> (URL, UInt64, Bool) {
        guard arguments.count == 3, let limit = UInt64(arguments[1]), ["as-is", "as-nobody"].contains(arguments[2])
        else {
            throw TestHelperModes.HelperUsageError(text: "MODE PACKAGE BYTES as-is|as-nobody")
        }
        return (URL(fileURLWithPath: arguments[0]), limit, arguments[2] == "as-nobody")
    }

    /// Runs `body` on the main actor and exits with its result; the main thread then serves the main actor.
    static func runOnMainActor(_ body: @escaping @MainActor () async throws -> Int32) -> Never {
        Task { @MainActor in
            do {
                exit(try await body())
            } catch {
                printError("docmigrate-test-helper: \(error)")
                exit(2)
            }
        }
        dispatchMain()
    }

    @MainActor
    static func openHost(_ package: URL) async throws -> (DocumentHost<GenerationDocument>, GenerationDocument) {
        let host = DocumentHost { _, _ in GenerationDocument() }
        let document = try await host.open(package, contentType: .generationPackage)
        say("opened \(document.generation)")
        return (host, document)
    }

    static func hostSaveLoop(_ arguments: [String]) throws -> Int32 {
        let (package, count) = try parseLoop(arguments)
        runOnMainActor {
            let (host, document) = try await openHost(package)
            var saves = 0
            while count == 0 || saves < count {
                let next = document.generation + 1
                say("saving \(next)")
                document.setGeneration(next, undoManager: host.undoManager)
                try await host.save()
                say("saved \(next)")
                saves += 1
            }
            return 0
        }
    }

    /// The package at the next generation, with `fixed.txt` read lazily from disk so the write can link it.
    static func nextWrapper(of package: URL, after generation: Int) throws -> FileWrapper {
        let old = try FileWrapper(url: package)
        guard let fixed = old.fileWrappers?[GenerationPackage.fixedMember] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        old.removeFileWrapper(fixed)
        var children = [GenerationPackage.fixedMember: fixed]
        for name in GenerationPackage.changingMembers {
            children[name] = FileWrapper(regularFileWithContents: GenerationPackage.contents(of: generation + 1))
        }
        return FileWrapper(directoryWithFileWrappers: children)
    }

    static func currentGeneration(of package: URL) throws -> Int {
        guard case .whole(let generation) = GenerationPackage.state(at: package) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return generation
    }

    static func wrapperWriteLoop(_ arguments: [String]) throws -> Int32 {
        let (package, count) = try parseLoop(arguments)
        return try saveLoop(package, count: count, from: try currentGeneration(of: package)) { generation in
            try nextWrapper(of: package, after: generation)
        }
    }

    static func wrapperMemberWriteLoop(_ arguments: [String]) throws -> Int32 {
        guard arguments.count == 3, let changing = Int(arguments[2]),
            (1..<GenerationPackage.changingMembers.count).contains(changing)
        else {
            throw TestHelperModes.HelperUsageError(text: "wrapper-member-write-loop PACKAGE COUNT CHANGING")
        }
        let (package, count) = try parseLoop(Array(arguments.prefix(2)))
        guard case .whole(let generation) = GenerationPackage.state(at: package, changing: changing) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return try saveLoop(package, count: count, from: generation) { generation in
            // Read lazily, as a document is opened: only the replaced members are new wrappers.
            let wrapper = try FileWrapper(url: package)
            for name in GenerationPackage.changingMembers.prefix(changing) {
                if let old = wrapper.fileWrappers?[name] { wrapper.removeFileWrapper(old) }
                wrapper.addRegularFile(
                    withContents: GenerationPackage.contents(of: generation + 1), preferredFilename: name)
            }
            return wrapper
        }
    }

    /// Saves `count` generations after `start` (0: until killed) over `package`, each wrapper made by
    /// `nextWrapper` from the generation on disk, announcing "opened", "saving" and "saved" as the harness reads them.
    private static func saveLoop(
        _ package: URL, count: Int, from start: Int, nextWrapper: (Int) throws -> FileWrapper
    ) throws -> Int32 {
        var generation = start
        say("opened \(generation)")
        var saves = 0
        while count == 0 || saves < count {
            let wrapper = try nextWrapper(generation)
            say("saving \(generation + 1)")
            try wrapper.write(to: package, options: .atomic, originalContentsURL: package)
            generation += 1
            say("saved \(generation)")
            saves += 1
        }
        return 0
    }

    /// Limits the size of files this process may write, and drops root's privileges if asked.
    static func restrict(fileSizeLimit: UInt64, asNobody: Bool) throws {
        if fileSizeLimit > 0 {
            // Ignored, so that a write past the limit fails with EFBIG instead of killing the process.
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit(rlim_cur: rlim_t(fileSizeLimit), rlim_max: rlim_t(fileSizeLimit))
            guard setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0 else { throw POSIXError(.EPERM) }
        }
        if asNobody && getuid() == 0 {
            guard setgroups(0, nil) == 0, setgid(65534) == 0, setuid(65534) == 0 else { throw POSIXError(.EPERM) }
        }
    }

    static func hostSaveLimited(_ arguments: [String]) throws -> Int32 {
        let (package, limit, asNobody) = try parseLimited(arguments)
        runOnMainActor {
            // Before the open, so that the coordination lock files it makes belong to the restricted user.
            try restrict(fileSizeLimit: 0, asNobody: asNobody)
            let (host, document) = try await openHost(package)
            let next = document.generation + 1
            document.setGeneration(next, undoManager: host.undoManager)
            try restrict(fileSizeLimit: limit, asNobody: false)
            do {
                try await host.save()
            } catch {
                say("failed: \(error)")
                return 1
            }
            say("saved \(next)")
            return 0
        }
    }

    static func wrapperWriteLimited(_ arguments: [String]) throws -> Int32 {
        // An optional fourth argument CHANGING: the save changes only that many members, read lazily (as in
        // `wrapper-member-write-loop`).
        var changing = GenerationPackage.changingMembers.count
        if arguments.count == 4 {
            guard let count = Int(arguments[3]), (1..<changing).contains(count) else {
                throw TestHelperModes.HelperUsageError(
                    text: "wrapper-write-limited PACKAGE BYTES as-is|as-nobody [CHANGING]")
            }
            changing = count
        }
        let (package, limit, asNobody) = try parseLimited(Array(arguments.prefix(3)))
        guard case .whole(let generation) = GenerationPackage.state(at: package, changing: changing) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let wrapper: FileWrapper
        if changing == GenerationPackage.changingMembers.count {
            wrapper = try nextWrapper(of: package, after: generation)
        } else {
            wrapper = try FileWrapper(url: package)
            for name in GenerationPackage.changingMembers.prefix(changing) {
                if let old = wrapper.fileWrappers?[name] { wrapper.removeFileWrapper(old) }
                wrapper.addRegularFile(
                    withContents: GenerationPackage.contents(of: generation + 1), preferredFilename: name)
            }
        }
        try restrict(fileSizeLimit: limit, asNobody: asNobody)
        do {
            try wrapper.write(to: package, options: .atomic, originalContentsURL: package)
        } catch {
            say("failed: \(error)")
            return 1
        }
        say("saved \(generation + 1)")
        return 0
    }
}
