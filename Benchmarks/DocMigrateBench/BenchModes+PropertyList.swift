import Formats
import Foundation
import SystemSeam

extension BenchModes {
    /// The property-list modes.
    static var propertyListModes: [String: Mode] { ["plist-to-xml": plistToXML] }

    /// `plist-to-xml FOLDER [--output OUTPUT]`: reads every file of FOLDER (sorted by name), decodes it as a
    /// binary property list and encodes its value as XML; prints `files=N input-bytes=N output-bytes=N seconds=S`.
    ///
    /// The time covers what `bench/plist-to-xml` times on the Python side: listing the folder, reading
    /// each file, decoding and encoding, and with `--output` (the script's `--write`) writing each XML
    /// to OUTPUT under the input's name plus `.xml`, a plain write as Python's is. Without it the
    /// outputs stay in memory, so the disk is measured by neither side.
    static func plistToXML(_ arguments: [String]) throws {
        let usage = "usage: docmigrate-bench plist-to-xml FOLDER [--output OUTPUT]"
        guard let folder = arguments.first else { throw PropertyListBenchUsageError(description: usage) }
        var output: URL?
        switch arguments.count {
        case 1: break
        case 3 where arguments[1] == "--output": output = URL(fileURLWithPath: arguments[2], isDirectory: true)
        default: throw PropertyListBenchUsageError(description: usage)
        }
        let clock = ContinuousClock()
        var inputBytes = 0, outputBytes = 0, files = 0
        let elapsed = try clock.measure {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
            for name in names {
                let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name))
                let value = try BinaryPropertyList.read(data)
                let xml = try XMLPropertyList.write(value)
                if let output { try writePlainly(xml, to: output.appendingPathComponent(name + ".xml")) }
                inputBytes += data.count
                outputBytes += xml.count
                files += 1
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("files=\(files) input-bytes=\(inputBytes) output-bytes=\(outputBytes) seconds=\(seconds)")
    }

    /// Writes `data` to `url` as Python's `open(…, "wb").write(…)` does: no `fsync`, no temporary file.
    ///
    /// Foundation's `Data.write(to:)` syncs every file to disk on Linux, a durability Python's side
    /// does not pay for (and a batch job pays once per batch, not per file).
    static func writePlainly(_ data: Data, to url: URL) throws {
        #if canImport(Darwin)
        try data.write(to: url)
        #else
        try FileDescriptor.openForOverwriting(atPath: url.path, permissions: 0o666).writeAll(data)
        #endif
    }

    /// A mode was called with the wrong arguments.
    struct PropertyListBenchUsageError: Error, CustomStringConvertible {
        let description: String
    }
}
