import Comparison
import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

/// Differential tests against Python's `csv` module on generated tables whose fields hold quotes,
/// delimiters, CR, LF, spaces, non-ASCII text and empty strings, in both dialects (`excel`, `excel-tab`).
@Suite struct CSVPythonDifferentialTests {
    static let tablesPerDialect = 600

    /// Python writes the tables (seeded, CRLF or LF terminators); we read each one to Python's own rows
    /// and write it back to the same bytes.
    @Test(arguments: ["excel", "excel-tab"])
    func weReadWhatPythonWritesAndWriteItBackByteForByte(dialect: String) throws {
        let program = """
            import base64, csv, io, json, random, sys
            dialect = sys.argv[1] if len(sys.argv) > 1 else '\(dialect)'
            rng = random.Random(20261129 + len(dialect))
            alphabet = ['a', 'b', 'Z', '1', ' ', ',', '\\t', ';', '"', '\\r', '\\n', '\\r\\n', 'é', '😀', '""', '']
            # Python 3.11's QUOTE_MINIMAL quotes only the characters of the line terminator, so under '\\n' it
            # leaves a lone CR bare and its own reader then splits the record: LF tables get no lone CR.
            lf_alphabet = [piece for piece in alphabet if piece != '\\r']
            def field(pieces):
                if rng.random() < 0.15: return ''
                return ''.join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
            tables = []
            for _ in range(\(Self.tablesPerDialect)):
                width = rng.randint(1, 5)
                terminator = rng.choice(['\\r\\n', '\\n'])
                pieces = alphabet if terminator == '\\r\\n' else lf_alphabet
                rows = []
                for _ in range(rng.randint(1, 6)):
                    w = width if rng.random() < 0.8 else rng.randint(1, 6)
                    rows.append([field(pieces) for _ in range(w)])
                buffer = io.StringIO(newline='')
                writer = csv.writer(buffer, dialect=dialect, lineterminator=terminator)
                writer.writerows(rows)
                data = buffer.getvalue().encode('utf-8')
                parsed = list(csv.reader(io.StringIO(data.decode('utf-8'), newline=''), dialect=dialect, strict=True))
                assert parsed == rows, (rows, parsed)
                tables.append({'data': base64.b64encode(data).decode('ascii'), 'rows': rows})
            print(json.dumps(tables))
            """
        let output = try PythonOracle.run(program)
        let tables = try JSONDecoder().decode([GeneratedTable].self, from: Data(output.utf8))
        #expect(tables.count == Self.tablesPerDialect)
        var agreed = 0
        for (index, generated) in tables.enumerated() {
            let data = try #require(Data(base64Encoded: generated.data))
            let file = FileWrapper(regularFileWithContents: data)
            let table: CSVTable
            let again: Data?
            if dialect == "excel" {
                // Fields may hold semicolons, so the comparison pins the comma as Python's excel dialect does.
                table = try CSVTable(decoding: data, delimiterCandidates: [.comma])
                again = try CSVCodec().encode(table, previous: nil, contentType: .commaSeparatedText)
                    .regularFileContents
            } else {
                table = try TSVCodec().decode(file, contentType: .tabSeparatedText)
                again = try TSVCodec().encode(table, previous: nil, contentType: .tabSeparatedText).regularFileContents
            }
            #expect(table.records.map(\.cells) == generated.rows, "table \(index)")
            #expect(again == data, "table \(index) did not write back byte for byte")
            if table.records.map(\.cells) == generated.rows && again == data { agreed += 1 }
        }
        #expect(agreed == Self.tablesPerDialect)
    }

    /// We write seeded tables (CRLF or LF); Python reads our bytes to the same rows, and its own writer
    /// writes for those rows the same bytes as ours with CRLF endings (so our minimal quoting is Python's
    /// `QUOTE_MINIMAL` under its default terminator; see `aLoneCarriageReturnIsQuotedWhateverTheLineEnding`).
    @Test(arguments: ["excel", "excel-tab"])
    func pythonReadsWhatWeWriteAndWritesTheSameBytes(dialect: String) throws {
        var generator = SeededGenerator(seed: dialect == "excel" ? 11 : 12)
        let pieces = ["a", "b", "Z", "1", " ", ",", "\t", ";", "\"", "\r", "\n", "\r\n", "é", "😀", "\"\"", ""]
        var tables: [GeneratedTable] = []
        var written: [Data] = []
        for _ in 0..<Self.tablesPerDialect {
            let width = Int.random(in: 1...5, using: &generator)
            var rows: [[String]] = []
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let count =
                    Int.random(in: 0..<5, using: &generator) == 0 ? Int.random(in: 1...6, using: &generator) : width
                rows.append(
                    (0..<count).map { _ in
                        Int.random(in: 0..<7, using: &generator) == 0
                            ? ""
                            : (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                                pieces.randomElement(using: &generator) ?? ""
                            }.joined()
                    })
            }
            let lineEnding: CSVLineEnding = Bool.random(using: &generator) ? .carriageReturnLineFeed : .lineFeed
            let table = CSVTable(
                rows: rows, dialect: dialect == "excel" ? .comma : .tab, hasHeader: false, lineEnding: lineEnding)
            let data = try table.encoded()
            var crlf = table
            for index in crlf.records.indices { crlf.records[index].lineEnding = .carriageReturnLineFeed }
            written.append(try crlf.encoded())
            tables.append(GeneratedTable(data: data.base64EncodedString(), rows: rows))
        }
        let input = try JSONEncoder().encode(tables)
        let program = """
            import base64, csv, io, json, sys
            dialect = '\(dialect)'
            answers = []
            for table in json.load(sys.stdin):
                data = base64.b64decode(table['data'])
                rows = list(csv.reader(io.StringIO(data.decode('utf-8'), newline=''), dialect=dialect, strict=True))
                buffer = io.StringIO(newline='')
                csv.writer(buffer, dialect=dialect).writerows(table['rows'])
                answers.append({'rows': rows, 'data': base64.b64encode(buffer.getvalue().encode('utf-8')).decode('ascii')})
            print(json.dumps(answers))
            """
        let answers = try JSONDecoder().decode(
            [PythonAnswer].self, from: Data(try PythonOracle.run(program, input: input).utf8))
        #expect(answers.count == tables.count)
        for (index, answer) in answers.enumerated() where index < tables.count {
            #expect(answer.rows == tables[index].rows, "table \(index): Python read other rows")
            #expect(
                Data(base64Encoded: answer.data) == written[index], "table \(index): Python's writer wrote other bytes")
        }
    }

    /// Python 3.11 with `lineterminator='\n'` writes a lone CR bare, and then reads its own output as two
    /// records; we quote CR and LF whatever the line ending, so Python reads our bytes as the one record.
    @Test func aLoneCarriageReturnIsQuotedWhateverTheLineEnding() throws {
        let ours = try CSVTable(rows: [["a\rb", "c"]], hasHeader: false, lineEnding: .lineFeed).encoded()
        #expect(ours == Data("\"a\rb\",c\n".utf8))
        let program = """
            import csv, io, sys
            buffer = io.StringIO(newline='')
            csv.writer(buffer, lineterminator='\\n').writerow(['a\\rb', 'c'])
            theirs = list(csv.reader(io.StringIO(buffer.getvalue(), newline='')))
            ours = list(csv.reader(io.StringIO(sys.stdin.buffer.read().decode('utf-8'), newline='')))
            print(len(theirs), len(ours), ours == [['a\\rb', 'c']])
            """
        #expect(
            try PythonOracle.run(program, input: ours).trimmingCharacters(in: .whitespacesAndNewlines) == "2 1 True")
    }

    struct GeneratedTable: Codable {
        var data: String
        var rows: [[String]]
    }

    struct PythonAnswer: Codable {
        var rows: [[String]]
        var data: String
    }
}
