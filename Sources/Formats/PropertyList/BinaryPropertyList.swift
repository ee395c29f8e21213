import DocumentCodecs

/// The binary property-list form, `bplist00`: a strict reader and Apple's writer.
///
/// The reader makes every check CoreFoundation makes (trailer, offset-table bounds, reference and
/// offset sizes, object count, cycles, collection keys) and refuses, each with its own code, what
/// the value model cannot hold or what no Apple writer produces. Every error is a `CodecError`
/// located at a byte offset. Codes:
/// - `plist.binary.bad-magic`: the file does not start with `bplist`.
/// - `plist.binary.unsupported-version`: `bplist` followed by another version than `0?`
///   (CF reads `bplist0?` with any seventh byte; so do we).
/// - `plist.binary.truncated-trailer`: shorter than the header, one object and the 32-byte trailer.
/// - `plist.binary.bad-offset-size`, `plist.binary.bad-reference-size`: a size outside 1…8 bytes.
/// - `plist.binary.no-objects`, `plist.binary.top-object-out-of-range`.
/// - `plist.binary.offset-table-out-of-range`: the table starts before byte 9 or inside the trailer.
/// - `plist.binary.offset-table-size`: the table does not end exactly where the trailer starts.
/// - `plist.binary.reference-size-too-small`, `plist.binary.offset-size-too-small`: a size that
///   cannot hold the object count or the offset-table offset (CF's check).
/// - `plist.binary.offset-out-of-range`: an object offset in the header or past the object area.
/// - `plist.binary.reference-out-of-range`: an object reference at or past the object count.
/// - `plist.binary.truncated-object`: an object, or a count it declares, runs past the object area
///   (checked before anything is allocated for it).
/// - `plist.binary.bad-count`: an extended count that is not an integer of 1, 2, 4 or 8 bytes.
/// - `plist.binary.bad-integer-size` (more than 16 bytes), `plist.binary.integer-out-of-range`
///   (a 16-byte integer outside −2^63 … 2^64 − 1), `plist.binary.bad-real-size` (not 4 or 8 bytes).
/// - `plist.binary.invalid-date`: NaN, infinite, or outside years 1…9999. CF accepts such dates,
///   but printing a NaN `Date` traps Foundation on Linux and plistlib refuses them; so do we.
/// - `plist.binary.invalid-ascii` (a byte ≥ 0x80 in an ASCII string; CF accepts it),
///   `plist.binary.invalid-utf16` (an unpaired surrogate; CF turns it into U+FFFD, which would
///   change the file on the next save).
/// - `plist.binary.uid-out-of-range`: a UID above 2^32 − 1 (CF's limit).
/// - `plist.binary.non-string-key` (CF refuses only collection keys; the model has string keys),
///   `plist.binary.duplicate-key` (CF keeps the last; refusing loses nothing silently).
/// - `plist.binary.cycle`: a container that contains one of its ancestors.
/// - `plist.binary.null-marker` (0x00), `plist.binary.set-marker` (0xCn): CF reads them, but the
///   model has neither a null nor a set; `plist.binary.version-1-marker`: a URL, UUID, UTF-8 string
///   or ordered set, which belong to `bplist1?`; `plist.binary.unknown-marker`: anything else,
///   fill (0x0F) included.
/// - `plist.binary.too-deep`, `plist.binary.too-large`: the limits of ``Limits``.
public enum BinaryPropertyList {
    /// How far the reader goes before it refuses a file.
    public struct Limits: Sendable, Hashable {
        /// The deepest nesting of objects accepted; deeper files are refused with `plist.binary.too-deep`.
        public var maximumDepth: Int
        /// The most objects the value may hold once shared objects are counted at each place they
        /// appear; a larger value is refused with `plist.binary.too-large`.
        ///
        /// A binary file shares objects by reference, so 40 nested arrays of two references to the
        /// same array make a 400-byte file whose tree has 2^40 nodes; whoever walks that tree next
        /// (a comparison, a conversion, the XML writer) would never finish.
        public var maximumExpandedCount: Int

        /// Limits of 512 levels (CF's limit for OpenStep text) and 2^24 expanded objects.
        public init(maximumDepth: Int = 512, maximumExpandedCount: Int = 1 << 24) {
            self.maximumDepth = maximumDepth
            self.maximumExpandedCount = maximumExpandedCount
        }
    }

    /// The dates a binary property list may hold, in seconds since 2001: years 1 through 9999, as
    /// plistlib's `datetime` and the XML form's four-digit years can hold them.
    static let representableDates: Range<Double> = -63_113_904_000..<252_423_993_600

    /// Reads a binary property list; throws a `CodecError` naming the byte offset on any defect.
    public static func read(_ data: Data) throws -> PropertyListValue {
        try read(data, limits: Limits())
    }

    /// Reads a binary property list within `limits`.
    public static func read(_ data: Data, limits: Limits) throws -> PropertyListValue {
        var reader = BinaryPropertyListReader(data, limits: limits)
        return try reader.read()
    }

    /// Reads a binary property list and records its layout, so that an unchanged value is written back byte for byte.
    public static func readDocument(_ data: Data, limits: Limits = Limits()) throws -> PropertyListDocument {
        var reader = BinaryPropertyListReader(data, limits: limits)
        let value = try reader.read()
        let trailer = reader.checkedTrailer
        let layout = BinaryPropertyListLayout(
            source: data, value: value, objectCount: trailer.objectCount, objectReferenceSize: trailer.referenceSize,
            offsetSize: trailer.offsetSize, topObject: trailer.topObject,
            sharedReferenceCount: reader.sharedReferenceCount)
        var document = PropertyListDocument(value: value, format: .binary)
        document.binaryLayout = layout
        return document
    }

    /// Writes `value` as Apple's writer lays it out (pre-order, uniqued scalars, smallest sizes).
    ///
    /// The bytes equal what Python's `plistlib.dumps(value, fmt=FMT_BINARY, sort_keys=False)` writes
    /// for the same value and key order, which are Apple's bytes. Throws `plist.binary.integer-out-of-range`
    /// for an integer outside −2^63 … 2^64 − 1, the only value the model can hold and the form cannot.
    public static func write(_ value: PropertyListValue) throws -> Data {
        try BinaryPropertyListWriter.write(value)
    }

    /// Writes a document in the binary form: the bytes it was read from when its value is unchanged, else fresh in
    /// Apple's layout.
    public static func write(_ document: PropertyListDocument) throws -> Data {
        if let layout = document.binaryLayout, layout.isLayout(of: document.value) { return layout.source }
        return try write(document.value)
    }
}
