import DocumentPlatform
import Foundation
import TestSupport

extension TestHelperModes {
    /// Modes that save and read a `GenerationPackage` at the same time, from two processes.
    ///
    /// - `coordinated-save-loop PACKAGE STOPFILE coordinated|uncoordinated`: saves the next
    ///   generation with `FileWrapper.write(to:options: .atomic, originalContentsURL:)` inside a
    ///   coordinated write (or without coordination), again and again (5 ms apart) until STOPFILE exists; prints
    ///   `saves=N`.
    /// - `coordinated-read-loop PACKAGE READS coordinated|uncoordinated`: reads the package's members
    ///   one by one, by path, inside one coordinated read (or without), READS times; prints
    ///   `reads=R mixes=M generations=G` (G: how many different whole generations it saw) and exits 0.
    static let coordinatedSaves: [String: Mode] = [
        "coordinated-save-loop": { arguments in try CoordinatedSaveModes.saveLoop(arguments) },
        "coordinated-read-loop": { arguments in try CoordinatedSaveModes.readLoop(arguments) },
    ]
}

private enum CoordinatedSaveModes {
    static func parse(_ arguments: [String]) throws -> (URL, String, Bool) {
        guard arguments.count == 3, ["coordinated", "uncoordinated"].contains(arguments[2]) else {
            throw TestHelperModes.HelperUsageError(text: "MODE PACKAGE STOPFILE|READS coordinated|uncoordinated")
        }
        return (URL(fileURLWithPath: arguments[0]), arguments[1], arguments[2] == "coordinated")
    }

    static func saveLoop(_ arguments: [String]) throws -> Int32 {
        let (package, stopFile, coordinated) = try parse(arguments)
        guard case .whole(var generation) = GenerationPackage.state(at: package) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var saves = 0
        while !FileManager.default.fileExists(atPath: stopFile) {
            var children: [String: FileWrapper] = [:]
            for (name, data) in GenerationPackage.members(of: generation + 1) {
                children[name] = FileWrapper(regularFileWithContents: data)
            }
            let wrapper = FileWrapper(directoryWithFileWrappers: children)
            let save: (URL) throws -> Void = { url in
                try wrapper.write(to: url, options: .atomic, originalContentsURL: nil)
            }
            if coordinated {
                try NSFileCoordinator().coordinateWriting(at: package, options: .forReplacing, save)
            } else {
                try save(package)
            }
            generation += 1
            saves += 1
            // A pause between saves, as an editing user leaves: a reader polling for the lock gets its turn.
            Thread.sleep(forTimeInterval: 0.005)
        }
        print("saves=\(saves)")
        return 0
    }

    static func readLoop(_ arguments: [String]) throws -> Int32 {
        let (package, readsText, coordinated) = try parse(arguments)
        guard let reads = Int(readsText), reads > 0 else {
            throw TestHelperModes.HelperUsageError(text: "READS must be a positive number")
        }
        let names = GenerationPackage.changingMembers + [GenerationPackage.fixedMember]
        var mixes = 0
        var generations: Set<Int> = []
        for _ in 0..<reads {
            let read: (URL) throws -> GenerationPackage.State = { url in
                var members: [String: Data] = [:]
                for name in names {
                    members[name] = try Data(contentsOf: url.appendingPathComponent(name))
                    // A reader that does some work per member, as a real one does: the save gets its chance.
                    Thread.sleep(forTimeInterval: 0.000_1)
                }
                return GenerationPackage.state(of: members)
            }
            let state = coordinated ? try NSFileCoordinator().coordinateReading(at: package, read) : try read(package)
            switch state {
            case .whole(let generation): generations.insert(generation)
            case .damaged: mixes += 1
            }
        }
        print("reads=\(reads) mixes=\(mixes) generations=\(generations.count)")
        return 0
    }
}
