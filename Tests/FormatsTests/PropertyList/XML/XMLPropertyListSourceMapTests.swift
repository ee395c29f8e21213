import DocumentCodecs
import Formats
import Foundation
import TestSupport
import Testing

@Suite struct XMLPropertyListSourceMapTests {
    /// Every key and value position of `document`, by key path, as `K path` / `V path` → `line:column`.
    static func positions(of document: XMLPropertyList.LocatedDocument) -> [String: String] {
        var result: [String: String] = [:]
        func walk(_ value: PropertyListValue, _ path: PropertyListPath) {
            if let position = document.sourceMap.valuePosition(at: path) {
                result["V " + path.description] = position.description
            }
            if let position = document.sourceMap.keyPosition(at: path) {
                result["K " + path.description] = position.description
            }
            switch value {
            case .dictionary(let entries): for entry in entries { walk(entry.value, path.appending(key: entry.key)) }
            case .array(let elements):
                for (index, element) in elements.enumerated() { walk(element, path.appending(index: index)) }
            default: break
            }
        }
        walk(document.value, .root)
        return result
    }

    /// Python's expat reports where each start tag begins; this program turns that into the same key paths.
    static let expatProgram = #"""
        import sys, xml.parsers.expat
        parser = xml.parsers.expat.ParserCreate()
        stack, out, key = [], [], None
        def fmt(path):
            text = ""
            for part in path:
                text += "[%d]" % part if isinstance(part, int) else (("." + part) if text else part)
            return text or "(root)"
        def child():
            if not stack or stack[-1][0] == "plist": return []
            top = stack[-1]
            return top[1] + [top[2] if top[0] == "array" else top[3]]
        def start(name, attributes):
            global key
            where = "%d:%d" % (parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
            if name == "plist": stack.append(["plist", [], 0, None]); return
            if name == "key": key = ["", where]; return
            path = child()
            out.append("V %s\t%s" % (fmt(path), where))
            stack.append([name, path, 0, None])
        def end(name):
            global key
            if name == "key":
                stack[-1][3] = key[0]
                out.append("K %s\t%s" % (fmt(stack[-1][1] + [key[0]]), key[1]))
                key = None
                return
            stack.pop()
            if stack and stack[-1][0] == "array": stack[-1][2] += 1
        def text(data):
            if key is not None: key[0] += data
        parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = start, end, text
        parser.Parse(sys.stdin.buffer.read(), True)
        print("\n".join(out))
        """#

    static let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDocumentTypes</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>LSItemContentTypes</key> <array><string>com.acme.deck</string><string>public.json</string></array>
        \t\t\t<!-- a comment <key>ignored</key> -->
        \t\t\t<key>empty</key><dict/>
        \t\t\t<key>flag</key>
        \t\t\t<true/>
        \t\t</dict>
        \t\t<array><integer>1</integer><array/><real>2.5</real></array>
        \t</array>
        \t<key>name</key><string>x &lt; y</string>
        </dict>
        </plist>

        """

    @Test(arguments: ["\n", "\r\n", "\r"])
    func positionsMatchExpatForEveryKeyAndValue(lineEnding: String) throws {
        let text = Self.sample.replacingOccurrences(of: "\n", with: lineEnding)
        let document = try XMLPropertyList.readLocated(Data(text.utf8))
        var expected: [String: String] = [:]
        for line in try PythonOracle.run(Self.expatProgram, input: Data(text.utf8)).split(separator: "\n") {
            let parts = line.split(separator: "\t")
            try #require(parts.count == 2)
            expected[String(parts[0])] = String(parts[1])
        }
        #expect(expected.count == 18)
        #expect(Self.positions(of: document) == expected)
    }

    @Test func readsTheSameValueAsThePlainReader() throws {
        let data = Data(Self.sample.utf8)
        #expect(try XMLPropertyList.readLocated(data).value == XMLPropertyList.read(data))
    }

    @Test func columnsCountUnicodeScalarsNotBytes() throws {
        // "Größe" and "🙂" take 2 and 4 bytes per character in UTF-8; the columns must not count them as more.
        let line = "<dict><key>Größe🙂</key><string>ä</string><key>b</key><true/></dict>"
        let document = try XMLPropertyList.readLocated(Data("<plist version=\"1.0\">\n\(line)\n</plist>\n".utf8))
        func column(of needle: String) throws -> Int {
            let range = try #require(line.range(of: needle))
            return line[..<range.lowerBound].unicodeScalars.count + 1
        }
        let size = PropertyListPath.root.appending(key: "Größe🙂")
        #expect(document.sourceMap.keyPosition(at: size) == .init(line: 2, column: 7))
        #expect(document.sourceMap.valuePosition(at: size) == .init(line: 2, column: try column(of: "<string>")))
        #expect(
            document.sourceMap.valuePosition(at: .root.appending(key: "b"))
                == .init(line: 2, column: try column(of: "<true/>")))
        #expect(try column(of: "<true/>") == 54)
    }

    @Test func aUTF16FileCountsAsItsUTF8Twin() throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist version=\"1.0\">\n<dict><key>é</key>\n  <string>x</string></dict>\n</plist>\n"
        var utf16 = Data([0xFF, 0xFE])
        for unit in text.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        let document = try XMLPropertyList.readLocated(utf16)
        #expect(document.sourceMap.valuePosition(at: .root.appending(key: "é")) == .init(line: 4, column: 3))
    }

    @Test func duplicateKeysReadLastWinsPointAtTheKeptValue() throws {
        let text = "<plist version=\"1.0\"><dict>\n<key>a</key><true/>\n<key>a</key><false/>\n</dict></plist>"
        let document = try XMLPropertyList.readLocated(Data(text.utf8), options: .coreFoundationCompatible)
        #expect(document.value == .dictionary([PropertyListEntry(key: "a", value: .boolean(false))]))
        #expect(document.sourceMap.keyPosition(at: .root.appending(key: "a")) == .init(line: 3, column: 1))
        #expect(document.sourceMap.valuePosition(at: .root.appending(key: "a")) == .init(line: 3, column: 13))
    }

    @Test func errorsAreThoseOfThePlainReader() {
        let data = Data("<plist version=\"1.0\"><dict><key>a</key></dict></plist>".utf8)
        #expect(throws: CodecError.self) { try XMLPropertyList.readLocated(data) }
        do {
            _ = try XMLPropertyList.readLocated(data)
        } catch let error as CodecError {
            #expect(error.code == "plist.xml.missing-value")
            #expect(error.location == .line(1, column: 40))
        } catch {
            Issue.record("not a CodecError: \(error)")
        }
    }

    @Test func pathsPrintAsKeyPaths() {
        #expect(PropertyListPath.root.description == "(root)")
        #expect(
            PropertyListPath.root.appending(key: "UTExportedTypeDeclarations").appending(index: 0).appending(
                key: "UTTypeConformsTo"
            ).description
                == "UTExportedTypeDeclarations[0].UTTypeConformsTo")
    }
}
