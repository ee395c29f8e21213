import DocumentCodecs

extension XMLPropertyList {
    /// Which of Apple's XML writers a layout reproduces.
    ///
    /// A codec that wants unchanged documents written back byte for byte stores the style that
    /// ``XMLPropertyList/readDocument(_:options:)`` found with its snapshot and passes it back to
    /// ``XMLPropertyList/write(_:options:)``.
    public enum Style: String, Sendable, Hashable, CaseIterable, Codable {
        /// CoreFoundation's `_CFAppendXML0` (`PropertyListSerialization`, `plutil`): reals as `%.17g`
        /// (`0.0` for both zeros), keys sorted by UTF-16 code unit (`CFStringCompare` without options).
        case coreFoundation
        /// swift-foundation's `PropertyListEncoder`: reals in their shortest form without a trailing
        /// `.0`, keys sorted by Swift `String` order.
        case propertyListEncoder
    }

    /// The order in which a dictionary's keys are written.
    public enum KeyOrder: String, Sendable, Hashable, CaseIterable {
        /// Sorted as the style's Apple writer sorts them (what Apple's tools write).
        case sortedAsStyle
        /// In the dictionary's own order (what `plistlib.dumps(…, sort_keys=False)` writes).
        case preserved
    }

    /// How a duplicate dictionary key is treated when reading.
    public enum DuplicateKeyPolicy: String, Sendable, Hashable, CaseIterable {
        /// Refused with `plist.xml.duplicate-key`: an entry silently dropped would be lost data.
        case reject
        /// The last value wins at the first key's position, as CoreFoundation reads it.
        case lastWins
    }

    /// Options for reading; the default is strict.
    ///
    /// Strict means: exactly the grammar of Apple's DTD (a `<plist>` root holding one value, only
    /// the DTD's elements, `version` as the only attribute) plus what every XML reader must accept
    /// (comments, processing instructions, CDATA sections, the five predefined entities and
    /// character references). An internal DTD subset is always refused (`plist.xml.dtd`): it is
    /// the door to entity-expansion attacks and Apple's reader refuses it too. Dates must be
    /// `YYYY-MM-DDTHH:MM:SSZ` in both modes, as CoreFoundation requires. ``coreFoundationCompatible``
    /// also accepts what Linux CoreFoundation reads: hexadecimal and `+` integers, spaces around
    /// numbers, unpadded base64, a missing `<plist>` root, other attributes, duplicate keys.
    public struct ReadingOptions: Sendable, Hashable {
        /// Containers nested deeper than this are refused with `plist.xml.too-deep`.
        public var maximumDepth: Int
        /// What a repeated dictionary key does.
        public var duplicateKeys: DuplicateKeyPolicy
        /// Whether `0x10`, `+5` and spaces around numbers are accepted in `<integer>` and `<real>`.
        public var allowsLooseNumbers: Bool
        /// Whether a document whose root is a value instead of `<plist>` is accepted.
        public var allowsMissingRoot: Bool
        /// Whether attributes other than `<plist version=…>` are ignored instead of refused.
        public var ignoresUnknownAttributes: Bool
        /// Whether base64 without its `=` padding is accepted.
        public var allowsUnpaddedData: Bool

        /// Strict reading with a depth limit of 512 (CoreFoundation's own limit for OpenStep).
        public init(
            maximumDepth: Int = 512, duplicateKeys: DuplicateKeyPolicy = .reject, allowsLooseNumbers: Bool = false,
            allowsMissingRoot: Bool = false, ignoresUnknownAttributes: Bool = false, allowsUnpaddedData: Bool = false
        ) {
            self.maximumDepth = maximumDepth
            self.duplicateKeys = duplicateKeys
            self.allowsLooseNumbers = allowsLooseNumbers
            self.allowsMissingRoot = allowsMissingRoot
            self.ignoresUnknownAttributes = ignoresUnknownAttributes
            self.allowsUnpaddedData = allowsUnpaddedData
        }

        /// The default: strict.
        public static let strict = ReadingOptions()

        /// Accepts what Linux CoreFoundation's reader accepts (see the type's documentation).
        public static let coreFoundationCompatible = ReadingOptions(
            duplicateKeys: .lastWins, allowsLooseNumbers: true, allowsMissingRoot: true,
            ignoresUnknownAttributes: true, allowsUnpaddedData: true)
    }

    /// Options for writing; the default is CoreFoundation's layout.
    public struct WritingOptions: Sendable, Hashable {
        /// Which Apple writer's layout to reproduce.
        public var style: Style
        /// Whether dictionary keys are sorted as Apple sorts them or kept in order.
        public var keyOrder: KeyOrder
        /// Whether a date with a fractional second is written truncated (as Apple does) instead of refused.
        ///
        /// Apple's writers drop the fraction silently, which loses data; here it takes a request.
        public var truncatesFractionalSeconds: Bool

        /// Options for `style`, keys sorted as that style sorts them, fractional seconds refused.
        public init(
            style: Style = .coreFoundation, keyOrder: KeyOrder = .sortedAsStyle,
            truncatesFractionalSeconds: Bool = false
        ) {
            self.style = style
            self.keyOrder = keyOrder
            self.truncatesFractionalSeconds = truncatesFractionalSeconds
        }
    }

    /// A value read from XML and the Apple writer whose layout its bytes are in.
    public struct Document: Sendable, Hashable {
        /// The value.
        public var value: PropertyListValue
        /// The writer that reproduces the bytes exactly, or nil for a layout of another tool or hand.
        public var style: Style?

        /// Pairs a value with the writer whose layout its bytes were in.
        public init(value: PropertyListValue, style: Style?) {
            self.value = value
            self.style = style
        }
    }
}
