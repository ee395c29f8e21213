import DocumentPlatform
import Foundation

extension TestHelperModes {
    /// Modes that exercise NSFileCoordinator from a second process.
    ///
    /// Members hold a generation number as six digits (`000000` before the first generation).
    ///
    /// - `coordinated-writer PACKAGE GENERATIONS coordinated|uncoordinated`: for each generation
    ///   1…GENERATIONS, rewrites every member of PACKAGE (in name order) with that number, one
    ///   member at a time with a short pause between members, inside one coordinated write
    ///   (or with no coordination at all), pausing 1 ms between generations.
    /// - `coordinated-reader PACKAGE GENERATIONS coordinated|uncoordinated`: reads all members
    ///   inside one coordinated read (or without coordination), over and over, until every
    ///   member holds GENERATIONS (the writer is done) or 60 s pass. Prints
    ///   `reads=R mixes=M generations=G` (G: how many different generations it saw whole).
    ///   Coordinated, it exits 1 at the first mix; uncoordinated, a mix is only counted.
    /// - `coordinated-hold-read ITEM MILLISECONDS`: holds a coordinated read of ITEM, prints
    ///   `holding` once it holds it, sleeps, prints `releasing`, and releases.
    /// - `coordinated-churn FOLDER ITEMS ITERATIONS`: on items `item-0`…`item-(ITEMS-1)` in FOLDER
    ///   (each holding `-` when no writer is inside), makes ITERATIONS claims, two writes for
    ///   every read, on items in turn, and after every claim deletes its idle lock files, so that
    ///   lock files are deleted while the other process has them open. A write checks the item
    ///   holds `-`, marks it with its process id, adds one to `item-K.count` (read, pause, write),
    ///   and puts `-` back; a read checks the item holds `-`. Prints `writes=W violations=V`
    ///   (V: times another process's writer was inside the same item).
    static let coordination: [String: Mode] = [
        "coordinated-writer": { arguments in try CoordinationModes.writer(arguments) },
        "coordinated-reader": { arguments in try CoordinationModes.reader(arguments) },
        "coordinated-hold-read": { arguments in try CoordinationModes.holdRead(arguments) },
        "coordinated-churn": { arguments in try CoordinationModes.churn(arguments) },
    ]
}

private enum CoordinationModes {
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ arguments: [String]) throws -> (package: URL, count: Int, coordinated: Bool) {
        guard arguments.count == 3, let count = Int(arguments[1]), count > 0,
            ["coordinated", "uncoordinated"].contains(arguments[2])
        else {
            throw UsageError(description: "expected PACKAGE GENERATIONS coordinated|uncoordinated")
        }
        return (URL(fileURLWithPath: arguments[0]), count, arguments[2] == "coordinated")
    }

    /// A generation as six digits, so that every rewrite has the same length.
    static func formatted(_ generation: Int) -> String {
        let digits = String(generation)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    static func members(of package: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: package.path).sorted().map {
            package.appendingPathComponent($0)
        }
    }

    static func writer(_ arguments: [String]) throws -> Int32 {
        let (package, generations, coordinated) = try parse(arguments)
        for generation in 1...generations {
            let write: (URL) throws -> Void = { package in
                for member in try members(of: package) {
                    // Overwritten in place, never truncated: on ext4 a truncating rewrite
                    // flushes on close and costs milliseconds.
                    let handle = try FileHandle(forWritingTo: member)
                    try handle.write(contentsOf: Data(formatted(generation).utf8))
                    try handle.close()
                    Thread.sleep(forTimeInterval: 0.000_3)
                }
            }
            if coordinated {
                try NSFileCoordinator().coordinateWriting(at: package, write)
            } else {
                try write(package)
            }
            // A pause between saves, as a real writer has: a reader polling for the lock gets its turn.
            Thread.sleep(forTimeInterval: 0.001)
        }
        return 0
    }

    static func reader(_ arguments: [String]) throws -> Int32 {
        let (package, finalGeneration, coordinated) = try parse(arguments)
        let deadline = Date().addingTimeInterval(60)
        var reads = 0
        var mixes = 0
        var generationsSeen: Set<String> = []
        while Date() < deadline {
            let read: (URL) throws -> [String] = { package in
                try members(of: package).map { String(decoding: try Data(contentsOf: $0), as: UTF8.self) }
            }
            let values = coordinated ? try NSFileCoordinator().coordinateReading(at: package, read) : try read(package)
            reads += 1
            if Set(values).count == 1, let value = values.first {
                generationsSeen.insert(value)
                if value == formatted(finalGeneration) { break }
            } else {
                mixes += 1
                if coordinated {
                    print("reads=\(reads) mixes=\(mixes) generations=\(generationsSeen.count) mix=\(values)")
                    return 1
                }
            }
            // A short pause, as a real reader has between reads: waiting writers poll for a free moment.
            Thread.sleep(forTimeInterval: 0.000_2)
        }
        print("reads=\(reads) mixes=\(mixes) generations=\(generationsSeen.count)")
        return Date() < deadline ? 0 : 3
    }

    static func churn(_ arguments: [String]) throws -> Int32 {
        guard arguments.count == 3, let items = Int(arguments[1]), items > 0, let iterations = Int(arguments[2]) else {
            throw UsageError(description: "expected FOLDER ITEMS ITERATIONS")
        }
        let folder = URL(fileURLWithPath: arguments[0])
        let marker = Data("W\(ProcessInfo.processInfo.processIdentifier)".utf8)
        var writes = 0
        var violations = 0
        for iteration in 0..<iterations {
            let item = folder.appendingPathComponent("item-\(iteration % items)")
            if iteration % 3 == 2 {
                try NSFileCoordinator().coordinateReading(at: item) { item in
                    if try Data(contentsOf: item) != Data("-".utf8) { violations += 1 }
                }
            } else {
                try NSFileCoordinator().coordinateWriting(at: item) { item in
                    if try Data(contentsOf: item) != Data("-".utf8) { violations += 1 }
                    try marker.write(to: item)
                    let counter = item.appendingPathExtension("count")
                    let count = Int(String(decoding: try Data(contentsOf: counter), as: UTF8.self)) ?? -1_000_000
                    Thread.sleep(forTimeInterval: 0.000_1)
                    try Data(String(count + 1).utf8).write(to: counter)
                    if try Data(contentsOf: item) != marker { violations += 1 }
                    try Data("-".utf8).write(to: item)
                }
                writes += 1
            }
            #if !canImport(Darwin)
            // Only the portable coordinator has lock files of its own.
            CoordinationLockFiles.removeIdle()
            #endif
        }
        print("writes=\(writes) violations=\(violations)")
        return 0
    }

    static func holdRead(_ arguments: [String]) throws -> Int32 {
        guard arguments.count == 2, let milliseconds = UInt32(arguments[1]) else {
            throw UsageError(description: "expected ITEM MILLISECONDS")
        }
        try NSFileCoordinator().coordinateReading(at: URL(fileURLWithPath: arguments[0])) { _ in
            FileHandle.standardOutput.write(Data("holding\n".utf8))
            Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
            FileHandle.standardOutput.write(Data("releasing\n".utf8))
        }
        return 0
    }
}
