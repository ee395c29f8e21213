import DocumentCodecs

/// A flat RTFD file (`com.apple.flat-rtfd`): an RTFD's members in one container, as read.
///
/// `source` is the container as stored, so an unchanged document re-encodes byte for byte; `package`
/// is what it holds. When `source` is nil, or no longer holds `package`, encoding lays the container
/// out afresh (see `FlatRTFDCodec`).
public struct FlatRTFDDocument: Sendable, Hashable {
    /// The container bytes as stored, or nil for a document made by a conversion.
    public var source: Data?
    /// The RTFD the container holds.
    public var package: RTFDDocument

    /// A flat RTFD holding `package`, with the container bytes it was read from, if any.
    public init(package: RTFDDocument, source: Data? = nil) {
        self.package = package
        self.source = source
    }

    /// Names of container entries that describe the wrapper rather than hold a member.
    static let metadataNames: Set<String> = [".", "__@PreferredName@__", "__@UTF8PreferredName@__"]

    /// Reads a container; every length is checked against the bytes that remain.
    public init(source: Data) throws {
        let items: [FlatRTFDContainer.Item]
        do {
            items = try FlatRTFDContainer.decode(source)
        } catch let error as FlatRTFDContainer.DecodingError {
            throw CodecError(code: .init(error.kind), message: error.message, location: error.location)
        }
        var members: [(name: String, contents: Data)] = []
        for item in items {
            guard let name = String(validating: item.name, as: UTF8.self) else {
                throw CodecError(
                    code: .flatRTFD(.badMemberName), message: "a member name is not valid UTF-8",
                    location: .keyPath("entries"))
            }
            if Self.metadataNames.contains(name) { continue }
            if name == ".." {
                throw CodecError(
                    code: .flatRTFD(.notAPackage),
                    message: "the container holds a single plain file, not an RTFD package", location: .member(name))
            }
            guard RTFDDocument.isSafeMemberName(name) else {
                throw CodecError(
                    code: .flatRTFD(.badMemberName), message: "'\(name)' cannot be a member name of a package",
                    location: .member(name))
            }
            guard case .data(let contents) = item.entry else {
                throw CodecError(
                    code: .flatRTFD(.unsupportedMember),
                    message: "the member is a folder; RTFD attachments must be single files",
                    location: .member(name))
            }
            members.append((name, contents))
        }
        self.init(package: try RTFDDocument(members: members), source: source)
    }

    /// The container of `package` laid out as `FileWrapper.serializedRepresentation` lays out a folder.
    ///
    /// Members sorted by the bytes of their names, then the attribute table `.`: for each member four
    /// words 0, permissions 0o666, flags 0, 1 (the defaults of a wrapper made in memory). Apple's exact
    /// table for an RTFD written by AppKit is unconfirmed; every reader only needs the members.
    var canonicalContainer: Data {
        let members = package.members
        var items = members.map { FlatRTFDContainer.Item(name: Array($0.name.utf8), entry: .data($0.contents)) }
        var table = Self.word(UInt32(members.count))
        for member in members {
            table += Self.word(UInt32(member.name.utf8.count)) + Data(member.name.utf8)
            table += Self.word(16)
            for value in [0, 0o666, 0, 1] as [UInt32] { table += Self.word(value) }
        }
        items.append(FlatRTFDContainer.Item(".", .data(table)))
        return FlatRTFDContainer.encode(items)
    }

    private static func word(_ value: UInt32) -> Data {
        withUnsafeBytes(of: value.littleEndian) { Data($0) }
    }
}
