import Conversion
import ConversionTestCodecs
import DocumentCodecs
import DocumentPlatform
import Foundation
import SystemSeam
import TestSupport
import Testing

/// A conversion job of legacy 8-bit text, as `docmigrate convert` makes it, through the streaming route against
/// the whole-document route.
///
/// Each run converts one folder of generated inputs in this process; the streaming runs use tiny
/// blocks (so that every CR, LF and undefined byte meets a block boundary somewhere) and stream files
/// of every size, the reference run forces the whole-document route (``StreamingOptions/Mode/never``).
/// Exit status, the text and JSON reports (items, error codes and locations, warnings, totals), the
/// output tree (bytes, permissions, modification times) and the journal (sizes, digests) must be identical.
@Suite struct ItemPreparerStreamingTests {
    struct Setup: Sendable, CustomTestStringConvertible {
        var encoding: String
        /// `--encoding` rather than `--fallback-encoding`.
        var forced: Bool
        var verifies: Bool
        var replaces: Bool

        var arguments: [String] {
            [forced ? "--encoding" : "--fallback-encoding", encoding] + (replaces ? ["--replace-invalid"] : [])
                + (verifies ? [] : ["--no-verify"])
        }

        var testDescription: String { arguments.joined(separator: " ") }

        /// The codec options `arguments` give the text codecs.
        var codecOptions: CodecOptions {
            var options: CodecOptions = [forced ? "encoding" : "fallback-encoding": encoding]
            if replaces { options.set("replace-invalid", to: "true") }
            return options
        }

        /// Python's name for the encoding.
        var pythonCodec: String {
            ["macintosh": "mac_roman", "windows-1252": "cp1252", "iso-8859-1": "latin-1"][encoding] ?? encoding
        }
    }

    static let setups: [Setup] = ["macintosh", "windows-1252", "iso-8859-1"].flatMap { encoding in
        [(false, true), (true, false), (true, true)].flatMap { forced, verifies in
            [false, true].map { Setup(encoding: encoding, forced: forced, verifies: verifies, replaces: $0) }
        }
    }

    /// One generated input, and whether the streaming route must take it when the encoding is a fallback.
    struct Input {
        var name: String
        var bytes: [UInt8]
        var streamsWithFallback: Bool
    }

    /// Fixed inputs at the edges of detection, and seeded random ones of every byte value with runs of CR and LF.
    static func inputs(seed: UInt64) -> [Input] {
        let text: [UInt8] = Array("caf".utf8) + [0x8E, 0x0D] + Array("line".utf8) + [0x0D, 0x0A, 0xA5, 0x0A]
        var inputs = [
            Input(name: "empty.txt", bytes: [], streamsWithFallback: false),
            Input(name: "ascii.txt", bytes: Array("plain\r\nascii\rtext\n".utf8), streamsWithFallback: false),
            Input(name: "utf8.txt", bytes: Array("café\r\n€\r".utf8), streamsWithFallback: false),
            Input(name: "utf8-cut.txt", bytes: Array("caf".utf8) + [0xC3], streamsWithFallback: true),
            Input(name: "bom-utf8.txt", bytes: [0xEF, 0xBB, 0xBF] + text, streamsWithFallback: false),
            Input(name: "bom-utf8-partial.txt", bytes: [0xEF, 0xBB] + text, streamsWithFallback: true),
            Input(name: "bom-utf16le.txt", bytes: [0xFF, 0xFE] + text, streamsWithFallback: false),
            Input(name: "bom-utf16be.txt", bytes: [0xFE, 0xFF] + text, streamsWithFallback: false),
            Input(name: "bom-utf32be.txt", bytes: [0x00, 0x00, 0xFE, 0xFF] + text, streamsWithFallback: false),
            Input(name: "bom-utf32le.txt", bytes: [0xFF, 0xFE, 0x00, 0x00] + text, streamsWithFallback: false),
            Input(name: "nul-first-odd.txt", bytes: [0x00] + text + [0x41], streamsWithFallback: true),
            Input(name: "nul-first-even.txt", bytes: [0x00] + text, streamsWithFallback: false),
            Input(name: "undefined-first.txt", bytes: [0x81] + text, streamsWithFallback: true),
            Input(name: "undefined-middle.txt", bytes: text + [0x8D] + text, streamsWithFallback: true),
            Input(name: "undefined-last.txt", bytes: text + [0x9D], streamsWithFallback: true),
            Input(name: "undefined-after-cr.txt", bytes: text + [0x0D, 0x90, 0x0A], streamsWithFallback: true),
            Input(name: "cr-last.txt", bytes: text + [0x0D], streamsWithFallback: true),
            Input(
                name: "crlf-runs.txt", bytes: [0xD2] + [0x0D, 0x0D, 0x0A, 0x0A, 0x0D, 0x0A, 0x0D, 0x0D, 0x0D, 0x0A],
                streamsWithFallback: true),
        ]
        var generator = SeededGenerator(seed: seed)
        for index in 0..<40 {
            // A letter first, so that no random file looks like a byte-order mark or UTF-16.
            var bytes: [UInt8] = [UInt8.random(in: 0x61...0x7A, using: &generator)]
            for _ in 0..<Int.random(in: 0...90, using: &generator) {
                switch UInt8.random(in: 0...9, using: &generator) {
                case 0...3: bytes.append([0x0D, 0x0A][Int.random(in: 0...1, using: &generator)])
                case 4...5: bytes.append(UInt8.random(in: 0x80...0xFF, using: &generator))
                default: bytes.append(UInt8.random(in: 0...0xFF, using: &generator))
                }
            }
            inputs.append(
                Input(
                    name: "random-\(index).txt", bytes: bytes,
                    streamsWithFallback: String(validating: bytes, as: UTF8.self) == nil))
        }
        return inputs
    }

    /// What one run of `convert` left: its exit status and outputs, with its output folder's name replaced by `OUT`.
    struct Outcome: Equatable {
        var status: Int32
        var standardOutput: String
        var report: String
        var journal: [String]
        var tree: [ItemPath: String]

        /// The JSON report's failed items: input name → (code, byte offset).
        func errors() throws -> [String: (code: String, byte: Int?)] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
            var errors: [String: (code: String, byte: Int?)] = [:]
            for item in try #require(object["items"] as? [[String: Any]]) {
                guard let error = item["error"] as? [String: Any], let input = item["input"] as? String else {
                    continue
                }
                let location = error["location"] as? [String: Any]
                errors[String(input.split(separator: "/").last ?? "")] = (
                    error["code"] as? String ?? "", location?["byte"] as? Int
                )
            }
            return errors
        }
    }

    /// Runs the job `docmigrate convert --to plain-text -o OUTPUT --report json:…` (with `setup`'s options) makes
    /// over `in` into `outputName`, in this process, with `streaming` and the streaming route's outputs
    /// created by `outputFiles`; what it prints is the text report, its exit status 1 when an item failed.
    static func convert(
        _ setup: Setup, in folder: URL, outputName: String, streaming: StreamingOptions,
        outputFiles: any OutputFileCreating = SystemOutputFiles()
    ) async throws -> Outcome {
        let registry = try CodecRegistry.builtIn(configuredWith: setup.codecOptions)
        let outputFolder = folder.appendingPathComponent(outputName)
        let input = ItemPath(folder.appendingPathComponent("in").path)
        let plan = ConversionPlan(source: .paths([input]), registry: registry)
        var job = ConversionJob(
            registry: registry, target: try ConversionTarget("plain-text", registry: registry), plan: plan,
            outputFolder: ItemPath(outputFolder.path))
        job.verifies = setup.verifies
        job.jobs = AvailableProcessors.count
        job.streaming = streaming
        job.outputFiles = outputFiles
        let report = try await ConversionRunner(job: job).run()
        func anonymous(_ text: String) -> String { text.replacingOccurrences(of: outputName, with: "OUT") }
        let journal =
            (try? String(contentsOf: outputFolder.appendingPathComponent(".docmigrate-journal.jsonl"), encoding: .utf8))
            ?? ""
        return Outcome(
            status: report.totals.failed > 0 ? 1 : 0,
            standardOutput: anonymous(String(decoding: try report.render(format: "text"), as: UTF8.self)),
            report: anonymous(String(decoding: try report.render(format: "json"), as: UTF8.self)),
            journal: journal.split(separator: "\n").map { anonymous(String($0)) }.sorted(),
            tree: try ConversionFixture.tree(ItemPath(outputFolder.path)))
    }

    static func writeInputs(_ inputs: [Input], to folder: URL) throws {
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for file in inputs {
            try Data(file.bytes).write(to: input.appendingPathComponent(file.name))
        }
    }

    /// Files of every size streamed, where the route can take them.
    static let streamingEverything = StreamingOptions(minimumSize: 0)

    /// Every encoding with a fallback, and forced without verification, strict and replacing; a forced
    /// encoding with verification for one encoding.
    static let differentialSetups = setups.filter { !($0.forced && $0.verifies) || $0.encoding == "macintosh" }

    @Test(arguments: differentialSetups)
    func theStreamingRouteGivesTheWholeDocumentRoutesResult(_ setup: Setup) async throws {
        let folder = try TemporaryDirectory("convert-streaming")
        let inputs = Self.inputs(seed: UInt64(setup.testDescription.utf8.count) &* 7919 &+ (setup.replaces ? 1 : 0))
        try Self.writeInputs(inputs, to: folder.url)
        let whole = try await Self.convert(
            setup, in: folder.url, outputName: "out-whole", streaming: StreamingOptions(mode: .never))
        // Most items convert (a forced 8-bit encoding with verification too: the output is read back as
        // the UTF-8 it is, not in the encoding forced on the inputs).
        #expect(whole.tree.count > 10, "the reference run")
        // Blocks of one byte put a boundary everywhere; blocks of seven, boundaries at every phase of a CR LF.
        for blockSize in [setup.replaces ? 7 : 1] {
            var streaming = Self.streamingEverything
            streaming.blockSize = blockSize
            let streamed = try await Self.convert(
                setup, in: folder.url, outputName: "out-b\(blockSize)-xx", streaming: streaming)
            #expect(streamed.status == whole.status, "\(setup.testDescription), blocks of \(blockSize)")
            #expect(streamed.standardOutput == whole.standardOutput)
            #expect(streamed.report == whole.report)
            #expect(streamed.journal == whole.journal)
            #expect(streamed.tree == whole.tree)
            for (path, entry) in streamed.tree where whole.tree[path] != entry {
                Issue.record("\(setup.testDescription), blocks of \(blockSize): \(path) differs")
            }
        }
    }

    @Test(arguments: setups.filter { !$0.forced || (!$0.verifies && $0.replaces) })
    func theStreamingRouteTakesEveryLegacyTextFileAndNothingElse(_ setup: Setup) async throws {
        let folder = try TemporaryDirectory("convert-streaming-only")
        let inputs = Self.inputs(seed: 41)
        try Self.writeInputs(inputs, to: folder.url)
        var streaming = Self.streamingEverything
        streaming.mode = .required
        let outcome = try await Self.convert(setup, in: folder.url, outputName: "out", streaming: streaming)
        let declined = Set(try outcome.errors().filter { $0.value.code == "convert.streaming.declined" }.keys)
        let expected = Set(inputs.filter { !setup.forced && !$0.streamsWithFallback }.map(\.name))
        #expect(declined == expected, "\(setup.testDescription)")
    }

    @Test func aForcedEncodingWithVerificationStreamsEveryFile() async throws {
        let folder = try TemporaryDirectory("convert-streaming-forced")
        let inputs = Self.inputs(seed: 5)
        try Self.writeInputs(inputs, to: folder.url)
        var streaming = Self.streamingEverything
        streaming.mode = .required
        let setup = Setup(encoding: "macintosh", forced: true, verifies: true, replaces: false)
        let outcome = try await Self.convert(setup, in: folder.url, outputName: "out", streaming: streaming)
        let errors = try outcome.errors()
        #expect(errors.isEmpty, "\(errors)")
        #expect(outcome.tree.count >= inputs.count, "\(outcome.tree.keys.sorted())")
    }

    @Test(arguments: setups.filter { !$0.forced })
    func streamedOutputsAndErrorsAreWhatPythonsCodecsMake(_ setup: Setup) async throws {
        let folder = try TemporaryDirectory("convert-streaming-python")
        let inputs = Self.inputs(seed: 1_234)
        try Self.writeInputs(inputs, to: folder.url)
        var streaming = Self.streamingEverything
        streaming.blockSize = 3
        let outcome = try await Self.convert(setup, in: folder.url, outputName: "out", streaming: streaming)
        let streamed = inputs.filter(\.streamsWithFallback)
        let request = streamed.map { "\($0.name) \($0.bytes.map { String(format: "%02x", $0) }.joined())" }.joined(
            separator: "\n")
        let printed = try PythonOracle.run(
            """
            import sys
            for line in sys.stdin.read().splitlines():
                name, _, data = line.partition(" ")
                try:
                    text = bytes.fromhex(data).decode("\(setup.pythonCodec)", "\(setup.replaces ? "replace" : "strict")")
                except UnicodeDecodeError as error:
                    print(name, "error", error.start)
                    continue
                text = text.replace("\\r\\n", "\\n").replace("\\r", "\\n")
                print(name, "text", text.encode("utf-8").hex())
            """, input: Data(request.utf8))
        let errors = try outcome.errors()
        var checked = 0
        for line in printed.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else { continue }
            let name = parts[0]
            if parts[1] == "error" {
                #expect(errors[name]?.code == "text.invalid-bytes", "\(name)")
                #expect(errors[name]?.byte == Int(parts[2]), "\(name)")
            } else {
                let written = outcome.tree[ItemPath(name)].flatMap { $0.split(separator: " ").dropFirst().first }
                    .flatMap { Data(base64Encoded: String($0)) }
                #expect(written.map { $0.map { String(format: "%02x", $0) }.joined() } == parts[2], "\(name)")
            }
            checked += 1
        }
        #expect(checked == streamed.count)
    }

    /// The peak resident memory (KiB) of `command` and its children, measured by Python's `getrusage`; the
    /// command must exit 0.
    static func peakMemory(of command: [String]) throws -> Int {
        let commandJSON = String(decoding: try JSONSerialization.data(withJSONObject: command), as: UTF8.self)
        let printed = try PythonOracle.run(
            """
            import json, os, resource, subprocess
            environment = dict(os.environ)
            environment.pop("CI", None)
            status = subprocess.run(json.loads('\(commandJSON)'), env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
            print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """)
        let fields = printed.split(whereSeparator: \.isWhitespace)
        #expect(fields.first == "0", "convert succeeded")
        return try #require(fields.last.flatMap { Int($0) })
    }

    /// `docmigrate convert --fallback-encoding macintosh` of `file` into `output`, with its worker.
    static func binaryConversion(of file: URL, into output: URL) throws -> [String] {
        [
            try BuiltProduct.url(named: "docmigrate").path, "convert", "--fallback-encoding", "macintosh",
            "--to", "plain-text", "-o", output.path, file.path,
        ]
    }

    /// The same conversion in one process of its own, through `route` (`streaming` or `whole`; see the test
    /// worker's `InProcessConversion`).
    static func inProcessConversion(of file: URL, into output: URL, route: String) throws -> [String] {
        [
            try BuiltProduct.url(named: "docmigrate-conversion-test-worker").path, "convert-in-process", route,
            "macintosh", file.path, output.path,
        ]
    }

    @Test func theStreamingRoutesMemoryDoesNotGrowWithTheFile() throws {
        let folder = try TemporaryDirectory("convert-streaming-memory")
        // Mac OS Roman text: words, upper-half letters, CR line endings.
        var generator = SeededGenerator(seed: 2_026)
        let line =
            (0..<4_096).map { _ in
                UInt8.random(in: 0...9, using: &generator) == 0
                    ? UInt8.random(in: 0x80...0xFF, using: &generator)
                    : UInt8.random(in: 0x61...0x7A, using: &generator)
            } + [0x0D]
        var peaks: [String: Int] = [:]
        for (name, megabytes) in [("small.txt", 2), ("large.txt", 16)] {
            let file = folder.appending(name)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(megabytes << 20)
            while bytes.count < megabytes << 20 { bytes += line }
            try Data(bytes).write(to: file)
            let output = folder.appending("out-\(name)")
            peaks[name] = try Self.peakMemory(of: Self.binaryConversion(of: file, into: output))
        }
        // The two routes compared in processes of the same shape: one process each, the route chosen in it.
        let large = folder.appending("large.txt")
        let streamedAlone = try Self.peakMemory(
            of: Self.inProcessConversion(of: large, into: folder.appending("out-streamed"), route: "streaming"))
        let whole = try Self.peakMemory(
            of: Self.inProcessConversion(of: large, into: folder.appending("out-whole"), route: "whole"))
        let small = try #require(peaks["small.txt"]), largePeak = try #require(peaks["large.txt"])
        // Eight times the input, the same memory (within the allocator's noise); the whole-document route holds the
        // file several times over.
        #expect(largePeak - small < 6 * 1_024, "streaming: 2 MiB input \(small) KiB, 16 MiB input \(largePeak) KiB")
        #expect(
            whole - streamedAlone > 32 * 1_024,
            "16 MiB input: whole-document route \(whole) KiB, streaming \(streamedAlone) KiB")
        #expect(
            try Data(contentsOf: folder.appending("out-large.txt/large.txt"))
                == Data(contentsOf: folder.appending("out-whole/large.txt")))
        #expect(
            try Data(contentsOf: folder.appending("out-streamed/large.txt"))
                == Data(contentsOf: folder.appending("out-whole/large.txt")))
    }
}
