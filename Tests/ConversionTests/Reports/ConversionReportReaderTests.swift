import DocumentCodecs
import Foundation
import TestSupport
import Testing

@testable import Conversion

@Suite struct ConversionReportReaderTests {
    /// Items whose strings need every kind of JSON escape, or none: quotes, backslashes, control characters,
    /// non-ASCII and emoji, names that are not UTF-8 (Base64 in JSON), text that looks like escapes, warnings,
    /// and errors with every kind of location.
    static func oddItems() -> [ConversionReport.Item] {
        let names: [[UInt8]] = [
            Array("plain/a.txt".utf8), Array("quote\"d/\"x\".txt".utf8), Array("back\\slash\\u0041.txt".utf8),
            Array("tab\there\nline\r.txt".utf8),
            Array("control\u{01}\u{1F}\u{7F}.txt".utf8), Array("café/naïve/Ærø.txt".utf8), Array("emoji😀/🎉👩‍👩‍👧.txt".utf8),
            Array("nul\u{0}byte".utf8),
            Array("base64:looks-like-base64".utf8), Array("\u{2028}line separator\u{FEFF}".utf8),
            [0x61, 0xFF, 0xFE, 0x0A], [0xED, 0xA0, 0x80],
            Array("slash/and//double".utf8), Array("not \\ud83d an escape".utf8),
        ]
        var items: [ConversionReport.Item] = []
        for (index, name) in names.enumerated() {
            let input = ItemPath(bytes: name)
            let text = String(decoding: name, as: UTF8.self)
            switch index % 6 {
            case 0:
                items.append(
                    ConversionReport.Item(
                        input: input, output: ItemPath(bytes: Array("out/".utf8) + name), status: .converted,
                        sourceType: "public.plain-text", route: ["plain-text"]))
            case 1:
                items.append(
                    ConversionReport.Item(
                        input: input, status: .failed, sourceType: "com.example.\(text)",
                        error: ConversionError(
                            code: "text.invalid", message: "bad \"\(text)\"\n", file: text,
                            location: .inMember("pages/\(text)", .inMember("x", .byte(index))))))
            case 2:
                items.append(
                    ConversionReport.Item(
                        input: input, output: ItemPath("out/\(index)"), status: .warning, route: ["a", text, "c"],
                        warnings: [
                            ConversionWarning(code: "w.one", path: text, message: "lost \(text)"),
                            ConversionWarning(code: "w.two", message: "ß"),
                        ]))
            case 3:
                items.append(
                    ConversionReport.Item(
                        input: input, status: .skipped,
                        error: ConversionError(
                            code: "convert.skipped.symbolic-link", message: "a link", location: .line(3, column: 7))))
            case 4:
                items.append(
                    ConversionReport.Item(
                        input: input, status: .failed,
                        error: ConversionError(code: "x.y", message: text, location: .keyPath("a.b[\(index)]"))))
            default:
                items.append(
                    ConversionReport.Item(
                        input: input, output: ItemPath(bytes: name + [0xFE]),
                        status: index % 2 == 0 ? .planned : .resumed, sourceType: nil, route: []))
            }
        }
        items.append(
            ConversionReport.Item(
                input: ItemPath("member-error"), status: .failed,
                error: ConversionError(code: "m", message: "m", location: .member("x/y"))))
        items.append(
            ConversionReport.Item(
                input: ItemPath("no-location"), status: .failed, error: ConversionError(code: "n", message: "")))
        return items
    }

    static func report(
        _ items: [ConversionReport.Item], target: String = "plain-text", shard: String? = "1/2"
    ) -> ConversionReport {
        var report = ConversionReport(target: target, shard: shard)
        for (index, item) in items.enumerated() { report.add(item, inputBytes: Int64(index * 10)) }
        report.sort()
        return report
    }

    /// What the reader gives for the report bytes `data`: the report (items included) or the error's code.
    static func streamed(
        _ data: Data, blockSize: Int, in folder: TemporaryDirectory, name: String = "report.json"
    ) throws -> Result<ConversionReport, ConversionError> {
        let path = folder.appending(name).path
        try data.write(to: URL(fileURLWithPath: path))
        var items: [ConversionReport.Item] = []
        do {
            var header = try ConversionReportReader.read(path: path, blockSize: blockSize) { items.append($0) }
            header = ConversionReport(target: header.target, shard: header.shard, totals: header.totals, items: items)
            return .success(header)
        } catch let error as ConversionError {
            return .failure(error)
        }
    }

    /// What `merge-reports` got before the reader: `JSONDecoder` on the whole file, its errors mapped to codes as the
    /// verb mapped them.
    static func decodedWhole(_ data: Data) -> Result<ConversionReport, Refusal> {
        do {
            return .success(try ConversionReport.decode(json: data))
        } catch let error as ConversionError {
            return .failure(Refusal(code: error.code))
        } catch {
            return .failure(Refusal(code: "merge.not-a-report"))
        }
    }

    /// The code of an error of the whole-file decoder.
    struct Refusal: Error {
        var code: String
    }

    /// Checks that the reader agrees with the whole-file decoder on `data`: the same items and fields, or the same
    /// error code.
    static func expectAgreement(
        _ data: Data, blockSize: Int, in folder: TemporaryDirectory, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let streamed = try streamed(data, blockSize: blockSize, in: folder)
        switch (decodedWhole(data), streamed) {
        case (.success(let whole), .success(let read)):
            #expect(read == whole, "\(label)", sourceLocation: sourceLocation)
        case (.failure(let refusal), .failure(let error)):
            #expect(error.code == refusal.code, "\(label): \(error)", sourceLocation: sourceLocation)
            #expect(error.file == folder.appending("report.json").path, "\(label)", sourceLocation: sourceLocation)
        case (.success, .failure(let error)):
            Issue.record(
                "\(label): the decoder reads it, the reader refuses it: \(error)", sourceLocation: sourceLocation)
        case (.failure(let refusal), .success):
            Issue.record(
                "\(label): the decoder refuses it (\(refusal.code)), the reader reads it",
                sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [4, 5, 7, 64, 1 << 17])
    func readsOurOwnReportsAsTheDecoderDoes(_ blockSize: Int) throws {
        let folder = try TemporaryDirectory("report-reader-own")
        let odd = Self.report(Self.oddItems())
        let many = Self.report(ItemSpillTests.items(count: 300), target: "json", shard: nil)
        for (label, report) in [("odd", odd), ("many", many), ("empty", Self.report([]))] {
            let data = try report.json()
            let read = try Self.streamed(data, blockSize: blockSize, in: folder).get()
            // Compared with the report itself, not only with the decoder, so that a reader dropping a field cannot
            // agree with it.
            #expect(read == report, "\(label)")
            #expect(read.items.count == report.items.count)
            try Self.expectAgreement(data, blockSize: blockSize, in: folder, label)
        }
    }

    /// Reports pretty-printed with sorted keys, with every non-ASCII character escaped (emoji as surrogate
    /// pairs), compact, with keys in reverse order and with CRLF line breaks, all by Python's `json`.
    @Test func readsReportsReformattedByPython() throws {
        let folder = try TemporaryDirectory("report-reader-python")
        let report = Self.report(Self.oddItems())
        let data = try report.json()
        let program = """
            import json, sys
            report = json.load(sys.stdin)
            def reverse(value):
                if isinstance(value, dict): return {key: reverse(value[key]) for key in sorted(value, reverse=True)}
                if isinstance(value, list): return [reverse(element) for element in value]
                return value
            forms = [
                json.dumps(report, indent=3, sort_keys=True),
                json.dumps(report, indent=1, sort_keys=True, ensure_ascii=False),
                json.dumps(report, separators=(",", ":")),
                json.dumps(reverse(report), indent="\\t", ensure_ascii=False),
                json.dumps(report, indent=2).replace("\\n", "\\r\\n") + "\\r\\n \\t",
            ]
            print(json.dumps(forms))
            """
        let output = try PythonOracle.run(program, input: data)
        let forms = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String])
        #expect(forms.count == 5)
        for (index, form) in forms.enumerated() {
            for blockSize in [5, 1 << 17] {
                let read = try Self.streamed(Data(form.utf8), blockSize: blockSize, in: folder).get()
                #expect(read == report, "form \(index), block size \(blockSize)")
            }
        }
        // The escaped form really escapes: emoji became surrogate pairs, so the reader decoded them.
        #expect(forms[0].contains("\\ud83d\\ude00"))
    }

    /// Every prefix of a small report (a converted item and a failed one with a nested location): each is
    /// refused as the decoder refuses it, none crashes.
    @Test func truncatedReportsAreRefusedAtEveryOffset() throws {
        let folder = try TemporaryDirectory("report-reader-truncated")
        let data = try Self.report(Array(Self.oddItems().prefix(2))).json()
        #expect(data.count > 1000)
        for length in stride(from: 0, to: data.count, by: 1) {
            try Self.expectAgreement(data.prefix(length), blockSize: 5, in: folder, "first \(length) bytes")
        }
    }

    /// Edits of a report, each judged by the whole-file decoder too: wrong types, missing fields, trailing
    /// garbage, the decoder's leniencies (a trailing comma, values no field reads), its limits, and its choices
    /// (the first of two equal keys counts; `1.0` is an integer).
    @Test(arguments: Self.edits)
    func editedReportsAreReadOrRefusedAsTheDecoderDoes(_ edit: Edit) throws {
        let folder = try TemporaryDirectory("report-reader-edit")
        let edited = edit.apply(try Self.report(Array(Self.oddItems().prefix(3))).json())
        let data = try #require(edited, "the edit found nothing to change")
        for blockSize in [4, 9, 1 << 17] {
            try Self.expectAgreement(data, blockSize: blockSize, in: folder, "\(edit.label), block size \(blockSize)")
        }
    }

    struct Edit: Sendable, CustomTestStringConvertible {
        var label: String
        /// The edited report, or nil when the report has nothing the edit changes.
        var apply: @Sendable (Data) -> Data?
        var testDescription: String { label }

        /// Replaces the first occurrence of `old` with `new`.
        static func replacing(_ label: String, _ old: String, _ new: String) -> Edit {
            Edit(label: label) { data in
                let text = String(decoding: data, as: UTF8.self)
                guard let range = text.range(of: old) else { return nil }
                return Data(text.replacingCharacters(in: range, with: new).utf8)
            }
        }

        static func whole(_ label: String, _ text: String) -> Edit {
            Edit(label: label) { _ in Data(text.utf8) }
        }

        static func bytes(_ label: String, _ change: @escaping @Sendable ([UInt8]) -> [UInt8]) -> Edit {
            Edit(label: label) { Data(change(Array($0))) }
        }
    }

    static let edits: [Edit] = [
        .bytes("unchanged") { $0 },
        .replacing("target a number", "\"target\" : \"plain-text\"", "\"target\" : 5"),
        .replacing("target null", "\"target\" : \"plain-text\"", "\"target\" : null"),
        .replacing("target missing", "\"target\" : \"plain-text\",", ""),
        .replacing(
            "target duplicated, first wins", "\"target\" : \"plain-text\"",
            "\"target\" : \"json\", \"target\" : \"plain-text\""),
        .replacing(
            "target duplicated, first is bad", "\"target\" : \"plain-text\"",
            "\"target\" : 1, \"target\" : \"plain-text\""),
        .replacing("target with escapes", "\"target\" : \"plain-text\"", #""target" : "pl\u0061in\/text\ud83d\ude00""#),
        .replacing("key with escapes", "\"target\" :", #""t\u0061rget" :"#),
        .replacing("key with a bad escape", "\"target\" :", #""t\qrget" :"#),
        .replacing("key with a lone surrogate", "\"target\" :", #""target\ud800" :"#),
        .replacing("shard a number", "\"shard\" : \"1/2\"", "\"shard\" : 12"),
        .replacing("shard null", "\"shard\" : \"1/2\"", "\"shard\" : null"),
        .replacing("schema wrong", "\"docmigrate.convert-report\"", "\"docmigrate.verify-report\""),
        .replacing("schema a number", "\"docmigrate.convert-report\"", "7"),
        .replacing("schema null", "\"docmigrate.convert-report\"", "null"),
        .replacing("schemaVersion 2", "\"schemaVersion\" : 1", "\"schemaVersion\" : 2"),
        .replacing("schemaVersion 1.0", "\"schemaVersion\" : 1", "\"schemaVersion\" : 1.0"),
        .replacing("schemaVersion 1e0", "\"schemaVersion\" : 1", "\"schemaVersion\" : 10e-1"),
        .replacing("schemaVersion 1.5", "\"schemaVersion\" : 1", "\"schemaVersion\" : 1.5"),
        .replacing("schemaVersion 01", "\"schemaVersion\" : 1", "\"schemaVersion\" : 01"),
        .replacing("schemaVersion a string", "\"schemaVersion\" : 1", "\"schemaVersion\" : \"1\""),
        .replacing("totals missing a count", "\"converted\" : ", "\"convertedd\" : "),
        .replacing("totals a string", "\"totals\" : {", "\"totals\" : \"x\", \"other\" : {"),
        .replacing("inputBytes 3e2", "\"inputBytes\" : ", "\"inputBytes\" : 3e2, \"x\" : "),
        .replacing("items missing", "\"items\" :", "\"itemz\" :"),
        .replacing("items an object", "\"items\" : [", "\"items\" : {}, \"other\" : ["),
        .replacing("items null", "\"items\" : [", "\"items\" : null, \"other\" : ["),
        .replacing("items duplicated, the second empty", "\"items\" : [", "\"items\" : [], \"items\" : ["),
        .replacing("items duplicated, the first kept", "\"schema\" :", "\"items\" : [], \"schema\" :"),
        .replacing("item not an object", "\"items\" : [", "\"items\" : [ 5,"),
        .replacing("item empty", "\"items\" : [", "\"items\" : [ {},"),
        .replacing("item status unknown", "\"status\" : \"", "\"status\" : \"x"),
        .replacing("item status a number", "\"status\" : \"converted\"", "\"status\" : 3"),
        .replacing("item input null", "\"input\" : \"", "\"input\" : null, \"x\" : \""),
        .replacing("item input bad Base64", "\"input\" : \"", "\"input\" : \"base64:!!\", \"x\" : \""),
        .replacing("item input a lone surrogate", "\"input\" : \"", "\"input\" : \"\\udc00\", \"x\" : \""),
        .replacing("item input a surrogate pair", "\"input\" : \"", "\"input\" : \"\\ud83d\\ude00\", \"x\" : \""),
        .replacing("item route missing", "\"route\" :", "\"routes\" :"),
        .replacing("item route of numbers", "\"route\" : [", "\"route\" : [1], \"x\" : ["),
        .replacing("item route with a trailing comma", "\"plain-text\"\n      ]", "\"plain-text\",\n      ]"),
        .replacing(
            "item with an unknown key of odd content", "\"status\" :",
            "\"odd\" : [\"\\q\", 01, -, 1e, {\"\\x\" : \"\\ud800\"}], \"status\" :"),
        .replacing("item key duplicated", "\"status\" : \"", "\"status\" : \"failed\", \"status\" : \""),
        .replacing("item error a string", "\"error\" : {", "\"error\" : \"x\", \"y\" : {"),
        .replacing("item error location byte 1.0", "\"byte\" : ", "\"byte\" : 1.0, \"b\" : "),
        .replacing("item error location byte 1.5", "\"byte\" : ", "\"byte\" : 1.5, \"b\" : "),
        .replacing("item error location byte -0", "\"byte\" : ", "\"byte\" : -0, \"b\" : "),
        .replacing("item error location byte 01", "\"byte\" : ", "\"byte\" : 01, \"b\" : "),
        .replacing("item error location byte 1e2", "\"byte\" : ", "\"byte\" : 1e2, \"b\" : "),
        .replacing("item error location byte too large", "\"byte\" : ", "\"byte\" : 99999999999999999999, \"b\" : "),
        .replacing("item error location byte 19 digits", "\"byte\" : ", "\"byte\" : 1000000000000000000, \"b\" : "),
        .replacing("item error location byte a string", "\"byte\" : ", "\"byte\" : \"1\", \"b\" : "),
        .replacing("item error location byte null", "\"byte\" : ", "\"byte\" : null, \"line\" : 4, \"b\" : "),
        .replacing("item error location empty", "\"location\" : {", "\"location\" : {}, \"l\" : {"),
        .replacing("item error location null", "\"location\" : {", "\"location\" : null, \"l\" : {"),
        .replacing("item error location with an empty inner", "\"inner\" : {", "\"inner\" : {}, \"i\" : {"),
        .replacing("item error location with a null inner", "\"inner\" : {", "\"inner\" : null, \"i\" : {"),
        .replacing("item error location with an unknown key", "\"inner\" : {", "\"x\" : 1, \"inner\" : {"),
        .replacing("item error location line without a column", "\"byte\" : ", "\"line\" : 12, \"b\" : "),
        .replacing("item error byteOffset a string", "\"byteOffset\" : ", "\"byteOffset\" : \"x\", \"b\" : "),
        .replacing("item error byteOffset odd", "\"byteOffset\" : ", "\"byteOffset\" : 1.5e, \"b\" : "),
        .replacing("item error file null", "\"file\" : ", "\"file\" : null, \"f\" : "),
        .replacing("item error file a number", "\"file\" : ", "\"file\" : 5, \"f\" : "),
        .replacing("item error code missing", "\"code\" : \"text", "\"kode\" : \"text"),
        .replacing("item error code duplicated", "\"code\" : \"text", "\"code\" : \"first\", \"code\" : \"text"),
        .replacing("a warning message with escapes", "\"message\" : \"", "\"message\" : \"\\u00e9\\t"),
        .replacing("item warnings of strings", "\"warnings\" : [", "\"warnings\" : [\"a\"], \"x\" : ["),
        .replacing("item raw tab in a string", "\"status\" : \"", "\"status\" : \"\t"),
        .replacing("a raw tab in a skipped string", "\"items\" :", "\"odd\" : \"a\tb\", \"items\" :"),
        .replacing("a trailing comma in the report", "\n}", ",\n}"),
        .replacing("two trailing commas", "\n}", ",,\n}"),
        .replacing("a comma before the first key", "{", "{,"),
        .replacing("a missing colon", "\"target\" :", "\"target\""),
        .replacing("a bare word", "\"target\" :", "target :"),
        .replacing("a literal misspelt", "\"shard\" : \"1/2\"", "\"shard\" : nul"),
        .replacing("a form feed between tokens", "\"target\" :", "\"target\"\u{0C}:"),
        .replacing("a comment", "\"target\" :", "/* x */ \"target\" :"),
        .replacing("a \\u escape cut by a quote", "\"items\" :", "\"q\" : \"\\u12\"x\", \"items\" :"),
        .bytes("trailing garbage") { $0 + Array(" x".utf8) },
        .bytes("trailing white space") { $0 + Array(" \r\n\t ".utf8) },
        .bytes("a trailing NUL") { $0 + [0] },
        .bytes("a byte order mark") { [0xEF, 0xBB, 0xBF] + $0 },
        .bytes("a byte order mark after a space") { [0x20, 0xEF, 0xBB, 0xBF] + $0 },
        .bytes("invalid UTF-8 in an item's input") { bytes in
            let marker = Array("\"input\" : \"".utf8)
            guard let start = bytes.firstRange(of: marker) else { return bytes }
            return Array(bytes[..<start.upperBound]) + [0xFF] + Array(bytes[start.upperBound...])
        },
        .bytes("UTF-16 with a byte order mark") { bytes in
            [0xFF, 0xFE] + String(decoding: bytes, as: UTF8.self).utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        },
        .whole("empty", ""),
        .whole("white space only", " \n"),
        .whole("an array", "[]"),
        .whole("null", "null"),
        .whole("a string", "\"x\""),
        .whole("an empty object", "{}"),
        .whole(
            "no items but the required fields",
            #"{"target":"t","totals":{"items":0,"converted":0,"resumed":0,"skipped":0,"warning":0,"failed":0,"planned":0,"inputBytes":0},"items":[]}"#
        ),
        .whole(
            "nested 512 deep",
            #"{"x":"# + String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
                + #","target":"t","totals":{"items":0,"converted":0,"resumed":0,"skipped":0,"warning":0,"failed":0,"planned":0,"inputBytes":0},"items":[]}"#
        ),
        .whole(
            "nested 513 deep",
            #"{"x":"# + String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
                + #","target":"t","totals":{"items":0,"converted":0,"resumed":0,"skipped":0,"warning":0,"failed":0,"planned":0,"inputBytes":0},"items":[]}"#
        ),
        .whole(
            "an item nested 513 deep",
            #"{"target":"t","totals":{"items":0,"converted":0,"resumed":0,"skipped":0,"warning":0,"failed":0,"planned":0,"inputBytes":0},"items":[{"x":"#
                + String(repeating: "[", count: 510) + String(repeating: "]", count: 510) + "}]}"),
        .whole("a wrong schema after a bad item", #"{"items":[5],"schema":"other"}"#),
        .whole("a bad item before a syntax error", #"{"items":[5],"schema":"docmigrate.convert-report",}x"#),
    ]

    /// Seeded random edits (a byte replaced by one that matters to JSON, a byte removed, a piece repeated),
    /// each read or refused as the whole-file decoder reads or refuses it, and never a crash.
    @Test func randomlyEditedReportsAreReadOrRefusedAsTheDecoderDoes() throws {
        let folder = try TemporaryDirectory("report-reader-random")
        let original = Array(try Self.report(Array(Self.oddItems().prefix(3))).json())
        let interesting =
            Array("\"\\{}[],:0159-+.eEun /".utf8) + [0x00, 0x09, 0x0A, 0x1F, 0x7F, 0x80, 0xC3, 0xED, 0xFF]
        var generator = SplitMix(seed: 23)
        for round in 0..<200 {
            var bytes = original
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let place = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[place] = interesting[Int(generator.next() % UInt64(interesting.count))]
                case 1: bytes.remove(at: place)
                default:
                    bytes.insert(
                        contentsOf: bytes[place..<min(bytes.count, place + Int(generator.next() % 12))], at: place)
                }
            }
            try Self.expectAgreement(Data(bytes), blockSize: round % 2 == 0 ? 5 : 1 << 17, in: folder, "round \(round)")
        }
    }

    @Test func aSyntaxErrorNamesTheFileTheByteTheLineAndTheColumn() throws {
        let folder = try TemporaryDirectory("report-reader-place")
        let text = "{\n  \"items\" : [\n    {\"input\": \"é\", x}\n  ]\n}\n"
        let error = try #require(throws: ConversionError.self) {
            try Self.streamed(Data(text.utf8), blockSize: 4, in: folder).get()
        }
        #expect(error.code == "merge.not-a-report")
        #expect(error.file == folder.appending("report.json").path)
        // The x: line 3, column 20 in Unicode scalars (the é is two bytes), byte 35.
        let offset = Array(text.utf8).firstIndex(of: UInt8(ascii: "x"))
        #expect(error.location == .byte(offset ?? -1))
        #expect(error.message.contains("(line 3, column 20)"), "\(error.message)")
    }

    @Test func aBadItemIsNamedByItsIndexAndPlace() throws {
        let folder = try TemporaryDirectory("report-reader-item")
        // Sorted: back\slash (warning), plain (converted), quote (failed), tab (skipped).
        let data = try Self.report(Array(Self.oddItems().prefix(4))).json()
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(
            of: "\"status\" : \"skipped\"", with: "\"status\" : \"lost\"")
        #expect(text.contains("\"lost\""))
        let error = try #require(throws: ConversionError.self) {
            try Self.streamed(Data(text.utf8), blockSize: 16, in: folder).get()
        }
        #expect(error.code == "merge.not-a-report")
        #expect(error.message.contains("item 3 cannot be read"), "\(error.message)")
        guard case .byte(let offset)? = error.location else {
            Issue.record("no byte offset: \(error)")
            return
        }
        // The offset is where the fourth item's object starts: one input between it and the bad status.
        let bytes = Array(text.utf8)
        #expect(bytes[offset] == UInt8(ascii: "{"))
        let bad = try #require(bytes.firstRange(of: Array("\"lost\"".utf8)))
        #expect(bytes[offset..<bad.lowerBound].ranges(of: Array("\"input\"".utf8)).count == 1)
    }

    /// A named pipe (as a shell's `<(gunzip -c shard.json.gz)` gives) is refused as `merge-reports` refused it
    /// before (`Data(contentsOf:)` reads only regular files), not read as an empty or partial report.
    @Test func aReportFromAPipeIsRefusedAsBefore() throws {
        let folder = try TemporaryDirectory("report-reader-pipe")
        let path = folder.appending("pipe.json").path
        let makePipe = Process()
        makePipe.executableURL = URL(fileURLWithPath: "/usr/bin/mkfifo")
        makePipe.arguments = [path]
        try makePipe.run()
        makePipe.waitUntilExit()
        try #require(makePipe.terminationStatus == 0)
        let data = try Self.report(Array(Self.oddItems().prefix(3))).json()
        Thread {
            // Opening a pipe for writing waits for a reader; if none comes, this thread waits until the tests end.
            // The reader refuses the pipe and closes it, so the write may meet a broken pipe: the throwing
            // write reports that, where the older `write(_:)` would trap on it.
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            try? handle.write(contentsOf: data)
            try? handle.close()
        }.start()
        var items: [ConversionReport.Item] = []
        let error = try #require(throws: ConversionError.self) {
            try ConversionReportReader.read(path: path, blockSize: 5) { items.append($0) }
        }
        #expect(error.code == "merge.unreadable")
        #expect(error.file == path)
        #expect(items.isEmpty)
    }

    @Test func aFolderOrAMissingFileIsUnreadable() throws {
        let folder = try TemporaryDirectory("report-reader-unreadable")
        for path in [folder.url.path, folder.appending("missing.json").path] {
            let error = try #require(throws: ConversionError.self) {
                try ConversionReportReader.read(path: path) { _ in }
            }
            #expect(error.code == "merge.unreadable")
            #expect(error.file == path)
        }
    }
}

extension ConversionReport {
    /// A report with `items` in memory, to compare what a reader handed over with a decoded report.
    fileprivate init(target: String, shard: String?, totals: Totals, items: [Item]) {
        self.init(target: target, shard: shard)
        for item in items { add(item) }
        self.totals = totals
    }
}
