import DocumentCodecs

extension XMLPropertyList {
    /// A 1-based line and column in the text of an XML property list.
    ///
    /// Columns count Unicode scalars, as every line and column in docmigrate does (DESIGN.md), so a
    /// key after `<string>Größe</string>` on the same line is where an editor shows it, and a UTF-16
    /// file counts the same as its UTF-8 twin. A CR LF pair, a lone LF and a lone CR each end a line.
    public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The 1-based line.
        public var line: Int
        /// The 1-based column, in Unicode scalars.
        public var column: Int

        /// A position at `line` and `column`, both 1-based.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
            (lhs.line, lhs.column) < (rhs.line, rhs.column)
        }

        /// `line:column`.
        public var description: String { "\(line):\(column)" }
    }

    /// Where each dictionary key and each value of an XML property list starts.
    ///
    /// A key's position is the `<` of its `<key>` tag; a value's is the `<` of its start tag
    /// (`<string>`, `<dict>`, `<true/>`…). Duplicate keys read with ``DuplicateKeyPolicy/lastWins``
    /// map to the last occurrence, the one whose value was kept.
    public struct SourceMap: Sendable, Hashable {
        let keys: [PropertyListPath: SourcePosition]
        let values: [PropertyListPath: SourcePosition]

        /// Where the key of the entry at `path` starts; nil for the root, array elements and unknown paths.
        public func keyPosition(at path: PropertyListPath) -> SourcePosition? {
            keys[path]
        }

        /// Where the value at `path` starts; nil for a path the document does not hold.
        public func valuePosition(at path: PropertyListPath) -> SourcePosition? {
            values[path]
        }
    }

    /// A value read from XML together with where its keys and values are in the text.
    public struct LocatedDocument: Sendable, Hashable {
        /// The value, exactly as ``XMLPropertyList/read(_:options:)`` reads it.
        public var value: PropertyListValue
        /// The position of every key and value.
        public var sourceMap: SourceMap
    }

    /// Reads an XML property list and records the line and column of every key and value.
    ///
    /// For tools that point at a place in the file (a linter, an editor); the plain ``read(_:options:)``
    /// records nothing, so its speed does not depend on this. Errors are those of ``read(_:options:)``.
    public static func readLocated(_ data: Data, options: ReadingOptions = ReadingOptions()) throws -> LocatedDocument {
        let text = try XMLPropertyListText.decode(data)
        var reader = XMLPropertyListReader(text: text, options: options, recordsPositions: true)
        let value = try reader.readDocument()
        let recorder = reader.recorder ?? XMLPropertyListPositionRecorder()
        let positions = Self.positions(
            of: Array(recorder.keyOffsets.values) + Array(recorder.valueOffsets.values), in: text)
        func located(_ offsets: [PropertyListPath: Int]) -> [PropertyListPath: SourcePosition] {
            offsets.compactMapValues { positions[$0] }
        }
        return LocatedDocument(
            value: value,
            sourceMap: SourceMap(keys: located(recorder.keyOffsets), values: located(recorder.valueOffsets)))
    }

    /// Lines and columns of byte offsets into UTF-8 `text`, found in one pass over the text.
    static func positions(of offsets: [Int], in text: [UInt8]) -> [Int: SourcePosition] {
        let targets = Set(offsets).sorted()
        var result: [Int: SourcePosition] = [:]
        result.reserveCapacity(targets.count)
        var line = 1, column = 1, position = 0
        for target in targets {
            while position < min(target, text.count) {
                let current = text[position]
                if current == 0x0A || (current == 0x0D && (position + 1 >= text.count || text[position + 1] != 0x0A)) {
                    line += 1
                    column = 1
                } else if current & 0xC0 != 0x80 && current != 0x0D {
                    column += 1
                }
                position += 1
            }
            result[target] = SourcePosition(line: line, column: column)
        }
        return result
    }
}

/// The byte offsets of keys and values that ``XMLPropertyListReader`` records when asked to.
struct XMLPropertyListPositionRecorder {
    /// The path of each open container, innermost last, in step with the reader's stack of frames.
    private var containerPaths: [PropertyListPath] = []
    /// Where each open container's start tag begins.
    private var containerStarts: [Int] = []
    private(set) var keyOffsets: [PropertyListPath: Int] = [:]
    private(set) var valueOffsets: [PropertyListPath: Int] = [:]

    /// The path of the innermost open container; the root when none is open.
    var currentPath: PropertyListPath { containerPaths.last ?? .root }

    mutating func openContainer(at path: PropertyListPath, start: Int) {
        containerPaths.append(path)
        containerStarts.append(start)
    }

    /// Closes the innermost container and returns where its start tag began.
    mutating func closeContainer() -> Int? {
        _ = containerPaths.popLast()
        return containerStarts.popLast()
    }

    mutating func recordKey(at path: PropertyListPath, offset: Int) {
        keyOffsets[path] = offset
    }

    mutating func recordValue(at path: PropertyListPath, offset: Int) {
        valueOffsets[path] = offset
    }
}
