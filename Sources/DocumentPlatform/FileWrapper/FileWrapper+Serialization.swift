#if !canImport(Darwin)
import Foundation

/// How a wrapper maps onto the flat-RTFD container, as Apple's `serializedRepresentation` lays it out.
///
/// A regular file is wrapped as `[.., __@PreferredName@__, __@UTF8PreferredName@__, .]`: `..` holds
/// its bytes and `.` an attribute table. A directory holds one entry per child key (nested folders as
/// directory records), the two name entries at the top level only, and a `.` table with one record per
/// child. An attribute record is four words: 0, the POSIX permissions, flags (1 folder, 2 the wrapped
/// file of a plain-file container, 4 symbolic link) and 1. The record layout of a plain file matches
/// what Apple's writer produces; the tables of directories and the entry order (byte-wise, `.` last)
/// are this implementation's choice, since Apple's are unconfirmed.
enum FileWrapperSerialization {
    static let plainFileKey = ".."
    static let attributesKey = "."
    static let preferredNameKey = "__@PreferredName@__"
    static let utf8PreferredNameKey = "__@UTF8PreferredName@__"
    static let uniqueNameMarker = "__#$!@%!#__"

    struct AttributeRecord {
        static let directoryFlag: UInt32 = 1
        static let wrappedFileFlag: UInt32 = 2
        static let symbolicLinkFlag: UInt32 = 4
        var permissions: UInt32
        var flags: UInt32

        var bytes: Data {
            var output = Data()
            for word in [0, permissions, flags, 1] as [UInt32] {
                withUnsafeBytes(of: word.littleEndian) { output.append(contentsOf: $0) }
            }
            return output
        }
    }

    static func word(_ value: UInt32) -> Data {
        withUnsafeBytes(of: value.littleEndian) { Data($0) }
    }

    /// `count`, then per entry: name length, name, record length, record.
    static func encodeAttributeTable(_ records: [(String, AttributeRecord)]) -> Data {
        var output = word(UInt32(records.count))
        for (name, record) in records {
            output += word(UInt32(name.utf8.count)) + Data(name.utf8)
            let bytes = record.bytes
            output += word(UInt32(bytes.count)) + bytes
        }
        return output
    }

    /// Reads an attribute table leniently: a table that does not parse is ignored, as it only refines defaults.
    static func decodeAttributeTable(_ data: Data) -> [String: AttributeRecord] {
        let bytes = [UInt8](data)
        var offset = 0
        func word() -> UInt32? {
            guard bytes.count - offset >= 4 else { return nil }
            defer { offset += 4 }
            return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(
                bytes[offset + 3]) << 24
        }
        guard let count = word(), Int(count) <= bytes.count / 8 else { return [:] }
        var result: [String: AttributeRecord] = [:]
        for _ in 0..<count {
            guard let nameLength = word().map(Int.init), bytes.count - offset >= nameLength else { return result }
            let name = String(decoding: bytes[offset..<(offset + nameLength)], as: UTF8.self)
            offset += nameLength
            guard let recordLength = word().map(Int.init), bytes.count - offset >= recordLength else { return result }
            let recordStart = offset
            offset += recordLength
            guard recordLength >= 12 else { continue }
            var inner = recordStart + 4
            func innerWord() -> UInt32 {
                defer { inner += 4 }
                return UInt32(bytes[inner]) | UInt32(bytes[inner + 1]) << 8 | UInt32(bytes[inner + 2]) << 16 | UInt32(
                    bytes[inner + 3]) << 24
            }
            let permissions = innerWord()
            let flags = innerWord()
            result[name] = AttributeRecord(permissions: permissions & 0o7777, flags: flags)
        }
        return result
    }

    /// The preferred name from the name entries, preferring UTF-8; nil when absent, undecodable or unsafe.
    static func preferredName(utf8: Data?, legacy: Data?) -> (name: String?, valid: Bool) {
        var name: String?
        if let utf8 {
            name = String(validating: [UInt8](utf8), as: UTF8.self)
        } else if let legacy {
            // NeXTSTEP encoding agrees with ASCII below 0x80; other bytes are not guessed at.
            let bytes = [UInt8](legacy)
            name = bytes.allSatisfy { $0 < 0x80 } ? String(decoding: bytes, as: UTF8.self) : nil
        } else {
            return (nil, true)
        }
        guard let name else { return (nil, false) }
        return (name, isSafeName(name))
    }

    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.utf8.contains(0)
    }

    /// A child's preferred name from its key: the part after a uniquing prefix `N__#$!@%!#__`, if any.
    static func preferredName(fromKey key: String) -> String {
        guard let range = key.range(of: uniqueNameMarker) else { return key }
        let prefix = key[..<range.lowerBound]
        guard !prefix.isEmpty, prefix.allSatisfy(\.isASCII), prefix.allSatisfy(\.isNumber) else { return key }
        let rest = String(key[range.upperBound...])
        return rest.isEmpty ? key : rest
    }
}

extension FileWrapper {
    /// The container entry for this wrapper as a child: its data, or its directory record.
    func serializedEntry() -> FlatRTFDContainer.Entry? {
        switch contents {
        case .regular:
            return regularFileContents.map { .data($0) }
        case .symbolicLink(let url):
            return .data(Data(url.relativePath.utf8))
        case .directory:
            guard let children = loadedChildren() else { return nil }
            var items: [FlatRTFDContainer.Item] = []
            var records: [(String, FileWrapperSerialization.AttributeRecord)] = []
            for key in children.keys.sorted() {
                guard let child = children[key], let entry = child.serializedEntry() else { return nil }
                items.append(FlatRTFDContainer.Item(key.name, entry))
                let flags: UInt32 =
                    child.isDirectory
                    ? FileWrapperSerialization.AttributeRecord.directoryFlag
                    : child.isSymbolicLink ? FileWrapperSerialization.AttributeRecord.symbolicLinkFlag : 0
                let defaultPermissions: UInt16 = child.isDirectory ? 0o777 : 0o666
                records.append(
                    (key.name, .init(permissions: UInt32(child.permissions(default: defaultPermissions)), flags: flags))
                )
            }
            if !records.isEmpty {
                items.append(
                    FlatRTFDContainer.Item(
                        FileWrapperSerialization.attributesKey,
                        .data(FileWrapperSerialization.encodeAttributeTable(records))))
            }
            return .directory(items)
        }
    }

    /// The flat-RTFD representation of the whole tree; nil when some contents could not be read.
    func makeSerializedRepresentation() -> Data? {
        var items: [FlatRTFDContainer.Item]
        switch contents {
        case .directory:
            guard case .directory(let children)? = serializedEntry() else { return nil }
            items = children.filter { $0.name != Array(FileWrapperSerialization.attributesKey.utf8) }
            let table = children.filter { $0.name == Array(FileWrapperSerialization.attributesKey.utf8) }
            items += table
        case .regular, .symbolicLink:
            guard let entry = serializedEntry() else { return nil }
            var flags = FileWrapperSerialization.AttributeRecord.wrappedFileFlag
            if isSymbolicLink { flags |= FileWrapperSerialization.AttributeRecord.symbolicLinkFlag }
            let record = FileWrapperSerialization.AttributeRecord(
                permissions: UInt32(permissions(default: 0o666)), flags: flags)
            items = [
                FlatRTFDContainer.Item(FileWrapperSerialization.plainFileKey, entry),
                FlatRTFDContainer.Item(
                    FileWrapperSerialization.attributesKey,
                    .data(
                        FileWrapperSerialization.encodeAttributeTable([(FileWrapperSerialization.plainFileKey, record)])
                    )),
            ]
        }
        if let name = preferredFilename {
            let legacy = Data(name.unicodeScalars.map { $0.isASCII ? UInt8($0.value) : UInt8(ascii: "?") })
            items.append(FlatRTFDContainer.Item(FileWrapperSerialization.preferredNameKey, .data(legacy)))
            items.append(FlatRTFDContainer.Item(FileWrapperSerialization.utf8PreferredNameKey, .data(Data(name.utf8))))
        }
        // Byte-wise order with the attribute table last: the order seen in Apple's output for a plain file.
        let dot = Array(FileWrapperSerialization.attributesKey.utf8)
        items.sort { left, right in
            if left.name == dot { return false }
            if right.name == dot { return true }
            return left.name.lexicographicallyPrecedes(right.name)
        }
        return FlatRTFDContainer.encode(items)
    }

    /// Builds a wrapper from a decoded container; nil for anything Apple's decoder would refuse.
    static func fromSerialized(_ items: [FlatRTFDContainer.Item]) -> FileWrapper? {
        var byName: [String: FlatRTFDContainer.Entry] = [:]
        for item in items {
            guard let name = String(validating: item.name, as: UTF8.self) else { return nil }
            byName[name] = item.entry
        }
        func data(_ key: String) -> Data? {
            if case .data(let data)? = byName[key] { return data }
            return nil
        }
        let (name, valid) = FileWrapperSerialization.preferredName(
            utf8: data(FileWrapperSerialization.utf8PreferredNameKey),
            legacy: data(FileWrapperSerialization.preferredNameKey))
        guard valid else { return nil }
        byName[FileWrapperSerialization.utf8PreferredNameKey] = nil
        byName[FileWrapperSerialization.preferredNameKey] = nil
        let wrapper: FileWrapper?
        if let plain = byName[FileWrapperSerialization.plainFileKey] {
            let table =
                data(FileWrapperSerialization.attributesKey).map(FileWrapperSerialization.decodeAttributeTable) ?? [:]
            wrapper = makeWrapper(from: plain, record: table[FileWrapperSerialization.plainFileKey], depth: 0)
        } else {
            wrapper = makeDirectory(from: byName, depth: 0)
        }
        guard let wrapper else { return nil }
        wrapper.storedPreferredFilename = name
        return wrapper
    }

    private static func makeWrapper(
        from entry: FlatRTFDContainer.Entry, record: FileWrapperSerialization.AttributeRecord?, depth: Int
    ) -> FileWrapper? {
        switch entry {
        case .data(let data):
            if let record, record.flags & FileWrapperSerialization.AttributeRecord.symbolicLinkFlag != 0 {
                let link = FileWrapper(symbolicLinkWithDestinationURL: linkURL([UInt8](data)))
                link.storedAttributes[FileAttributeKey.posixPermissions.rawValue] = NSNumber(value: record.permissions)
                return link
            }
            let file = FileWrapper(regularFileWithContents: data)
            file.storedAttributes[FileAttributeKey.modificationDate.rawValue] = nil
            if let record {
                file.storedAttributes[FileAttributeKey.posixPermissions.rawValue] = NSNumber(value: record.permissions)
            }
            return file
        case .directory(let items):
            var byName: [String: FlatRTFDContainer.Entry] = [:]
            for item in items {
                guard let name = String(validating: item.name, as: UTF8.self) else { return nil }
                byName[name] = item.entry
            }
            guard let folder = makeDirectory(from: byName, depth: depth + 1) else { return nil }
            if let record {
                folder.storedAttributes[FileAttributeKey.posixPermissions.rawValue] = NSNumber(
                    value: record.permissions)
            }
            return folder
        }
    }

    private static func makeDirectory(from byName: [String: FlatRTFDContainer.Entry], depth: Int) -> FileWrapper? {
        var byName = byName
        var table: [String: FileWrapperSerialization.AttributeRecord] = [:]
        if case .data(let data)? = byName[FileWrapperSerialization.attributesKey] {
            table = FileWrapperSerialization.decodeAttributeTable(data)
            byName[FileWrapperSerialization.attributesKey] = nil
        }
        let folder = FileWrapper(directoryWithFileWrappers: [:])
        var children: [ChildKey: FileWrapper] = [:]
        for key in byName.keys.sorted(by: { ChildKey($0) < ChildKey($1) }) {
            guard FileWrapperSerialization.isSafeName(key), let entry = byName[key] else { return nil }
            // Apple's decoder treats `X.tiff` beside `X` as X's icon, not as a member.
            if key.hasSuffix(".tiff"), key.count > 5, byName[String(key.dropLast(5))] != nil { continue }
            guard let child = makeWrapper(from: entry, record: table[key], depth: depth) else { return nil }
            child.storedPreferredFilename = FileWrapperSerialization.preferredName(fromKey: key)
            child.filename = key
            children[ChildKey(key)] = child
        }
        folder.contents = .directory(.loaded(children))
        folder.adoptChildren()
        return folder
    }
}
#endif
