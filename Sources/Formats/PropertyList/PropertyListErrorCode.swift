/// The stable codes of property lists (XML, binary, OpenStep): the readers', writers' and codec's `CodecError`s.
package enum PropertyListErrorCode: String, CataloguedErrorCode {
    case binaryBadCount = "plist.binary.bad-count"
    case binaryBadIntegerSize = "plist.binary.bad-integer-size"
    case binaryBadMagic = "plist.binary.bad-magic"
    case binaryBadOffsetSize = "plist.binary.bad-offset-size"
    case binaryBadRealSize = "plist.binary.bad-real-size"
    case binaryBadReferenceSize = "plist.binary.bad-reference-size"
    case binaryCycle = "plist.binary.cycle"
    case binaryDuplicateKey = "plist.binary.duplicate-key"
    case binaryIntegerOutOfRange = "plist.binary.integer-out-of-range"
    case binaryInvalidASCII = "plist.binary.invalid-ascii"
    case binaryInvalidDate = "plist.binary.invalid-date"
    case binaryInvalidUTF16 = "plist.binary.invalid-utf16"
    case binaryNoObjects = "plist.binary.no-objects"
    case binaryNonStringKey = "plist.binary.non-string-key"
    case binaryNullMarker = "plist.binary.null-marker"
    case binaryOffsetOutOfRange = "plist.binary.offset-out-of-range"
    case binaryOffsetSizeTooSmall = "plist.binary.offset-size-too-small"
    case binaryOffsetTableOutOfRange = "plist.binary.offset-table-out-of-range"
    case binaryOffsetTableSize = "plist.binary.offset-table-size"
    case binaryReferenceOutOfRange = "plist.binary.reference-out-of-range"
    case binaryReferenceSizeTooSmall = "plist.binary.reference-size-too-small"
    case binarySetMarker = "plist.binary.set-marker"
    case binaryTooDeep = "plist.binary.too-deep"
    case binaryTooLarge = "plist.binary.too-large"
    case binaryTopObjectOutOfRange = "plist.binary.top-object-out-of-range"
    case binaryTruncatedObject = "plist.binary.truncated-object"
    case binaryTruncatedTrailer = "plist.binary.truncated-trailer"
    case binaryUIDOutOfRange = "plist.binary.uid-out-of-range"
    case binaryUnknownMarker = "plist.binary.unknown-marker"
    case binaryUnsupportedVersion = "plist.binary.unsupported-version"
    case binaryVersion1Marker = "plist.binary.version-1-marker"
    case notAFile = "plist.not-a-file"
    case openStepBadData = "plist.openstep.bad-data"
    case openStepBadEscape = "plist.openstep.bad-escape"
    case openStepDuplicateKey = "plist.openstep.duplicate-key"
    case openStepEncoding = "plist.openstep.encoding"
    case openStepJunkAfterValue = "plist.openstep.junk-after-value"
    case openStepLoneSurrogate = "plist.openstep.lone-surrogate"
    case openStepMissingEquals = "plist.openstep.missing-equals"
    case openStepMissingSemicolon = "plist.openstep.missing-semicolon"
    case openStepTooDeep = "plist.openstep.too-deep"
    case openStepUnexpectedCharacter = "plist.openstep.unexpected-character"
    case openStepUnexpectedEnd = "plist.openstep.unexpected-end"
    case openStepUnterminatedArray = "plist.openstep.unterminated-array"
    case openStepUnterminatedComment = "plist.openstep.unterminated-comment"
    case openStepUnterminatedData = "plist.openstep.unterminated-data"
    case openStepUnterminatedDictionary = "plist.openstep.unterminated-dictionary"
    case openStepUnterminatedString = "plist.openstep.unterminated-string"
    case openStepWriteUnsupported = "plist.openstep.write-unsupported"
    case unreadable = "plist.unreadable"
    case xmlBadData = "plist.xml.bad-data"
    case xmlBadDate = "plist.xml.bad-date"
    case xmlBadInteger = "plist.xml.bad-integer"
    case xmlBadReal = "plist.xml.bad-real"
    case xmlDateNotWholeSeconds = "plist.xml.date-not-whole-seconds"
    case xmlDateOutOfRange = "plist.xml.date-out-of-range"
    case xmlDTD = "plist.xml.dtd"
    case xmlDuplicateKey = "plist.xml.duplicate-key"
    case xmlEmpty = "plist.xml.empty"
    case xmlEncoding = "plist.xml.encoding"
    case xmlEntity = "plist.xml.entity"
    case xmlExtraContent = "plist.xml.extra-content"
    case xmlIntegerOutOfRange = "plist.xml.integer-out-of-range"
    case xmlInvalidCharacter = "plist.xml.invalid-character"
    case xmlMalformed = "plist.xml.malformed"
    case xmlMismatchedTag = "plist.xml.mismatched-tag"
    case xmlMissingKey = "plist.xml.missing-key"
    case xmlMissingRoot = "plist.xml.missing-root"
    case xmlMissingValue = "plist.xml.missing-value"
    case xmlTooDeep = "plist.xml.too-deep"
    case xmlUnexpectedAttribute = "plist.xml.unexpected-attribute"
    case xmlUnexpectedElement = "plist.xml.unexpected-element"
    case xmlUnexpectedText = "plist.xml.unexpected-text"
    case xmlUnterminated = "plist.xml.unterminated"

    package var summary: String {
        switch self {
        case .binaryBadCount:
            "A container's or string's count is not an integer of 1 to 8 bytes; the binary property list is "
                + "damaged."
        case .binaryBadIntegerSize:
            "An integer object is longer than the 16 bytes a property list allows; the file is damaged."
        case .binaryBadMagic:
            "The file does not start with `bplist00`, so it is not a binary property list; check its content "
                + "type."
        case .binaryBadOffsetSize:
            "The trailer gives offsets a size other than 1 to 8 bytes; the file is damaged."
        case .binaryBadRealSize:
            "A real is neither 4 nor 8 bytes long; the file is damaged."
        case .binaryBadReferenceSize:
            "The trailer gives object references a size other than 1 to 8 bytes; the file is damaged."
        case .binaryCycle:
            "A container refers to one of its own ancestors, which no property list can hold; the file is "
                + "damaged or hostile."
        case .binaryDuplicateKey:
            "A dictionary holds the same key twice; the file is damaged or was written by a faulty writer."
        case .binaryIntegerOutOfRange:
            "An integer lies outside −2^63 … 2^64 − 1, the range a property list holds."
        case .binaryInvalidASCII:
            "An ASCII string object holds a byte above 0x7F; the file is damaged."
        case .binaryInvalidDate:
            "A date is NaN, infinite or outside the years 1 to 9999; the file is damaged."
        case .binaryInvalidUTF16:
            "A UTF-16 string object holds an unpaired surrogate; the file is damaged."
        case .binaryNoObjects:
            "The trailer declares no objects, but a property list has at least one; the file is damaged."
        case .binaryNonStringKey:
            "A dictionary key is not a string, which property lists do not allow; the file is damaged."
        case .binaryNullMarker:
            "The file holds a null object (marker 0x00), which has no property-list value."
        case .binaryOffsetOutOfRange:
            "An object's offset points outside the object area; the file is damaged or truncated."
        case .binaryOffsetSizeTooSmall:
            "The offsets are too narrow to reach the offset table; the file is damaged."
        case .binaryOffsetTableOutOfRange:
            "The offset table is said to start outside the object area; the file is damaged or truncated."
        case .binaryOffsetTableSize:
            "The offset table does not end where the trailer starts; the file is damaged or truncated."
        case .binaryReferenceOutOfRange:
            "An object reference is past the end of the object table; the file is damaged or truncated."
        case .binaryReferenceSizeTooSmall:
            "The object references are too narrow to name every object; the file is damaged."
        case .binarySetMarker:
            "The file holds a set (marker 0xCn), which has no property-list value."
        case .binaryTooDeep:
            "Containers are nested deeper than the reader's limit; raise the limit if the document really "
                + "needs it."
        case .binaryTooLarge:
            "Shared objects would expand past the reader's object limit, a sign of a hostile file; raise the "
                + "limit if genuine."
        case .binaryTopObjectOutOfRange:
            "The trailer's top object is past the end of the object table; the file is damaged."
        case .binaryTruncatedObject:
            "An object runs past the end of the object table; the file is damaged or truncated."
        case .binaryTruncatedTrailer:
            "The file is too short for a header, one object and the 32-byte trailer; it is truncated."
        case .binaryUIDOutOfRange:
            "A keyed-archive UID is larger than 2^32 − 1, which no archive uses; the file is damaged."
        case .binaryUnknownMarker:
            "An object's marker byte names no object type; the file is damaged or not a property list."
        case .binaryUnsupportedVersion:
            "The binary property list is not version 0; only version 0 holds values of this model."
        case .binaryVersion1Marker:
            "The file holds an object of binary property lists version 1 (a URL, UUID or UTF-8 string), not "
                + "of 0."
        case .notAFile:
            "A property list must be a single file, but the item is a folder or a link."
        case .openStepBadData:
            "A data value `<…>` holds a character that is not a hex digit, or an odd number of digits."
        case .openStepBadEscape:
            "An escape in a string names a byte the NeXTSTEP encoding does not define; fix the escape."
        case .openStepDuplicateKey:
            "A dictionary holds the same key twice; remove one of the entries."
        case .openStepEncoding:
            "The text is not valid in the encoding it is read in (UTF-8, UTF-16 or NeXTSTEP); save it as "
                + "UTF-8."
        case .openStepJunkAfterValue:
            "Text follows the property list's value (or a strings file's last entry); remove it."
        case .openStepLoneSurrogate:
            "A string holds a lone UTF-16 surrogate escape, which is no character; fix the escape."
        case .openStepMissingEquals:
            "A dictionary key is not followed by `=`; add it between the key and its value."
        case .openStepMissingSemicolon:
            "A dictionary entry is not ended by `;`; add it after the value."
        case .openStepTooDeep:
            "Arrays and dictionaries are nested deeper than the reader's limit."
        case .openStepUnexpectedCharacter:
            "A character that cannot start a value stands where a value was expected."
        case .openStepUnexpectedEnd:
            "The file ends where a value was expected; the file is truncated."
        case .openStepUnterminatedArray:
            "An array `(` has no closing `)`; close it."
        case .openStepUnterminatedComment:
            "A comment `/*` has no closing `*/`; close it."
        case .openStepUnterminatedData:
            "A data value `<` has no closing `>`; close it."
        case .openStepUnterminatedDictionary:
            "A dictionary `{` has no closing `}`; close it."
        case .openStepUnterminatedString:
            "A quoted string has no closing quote; close it."
        case .openStepWriteUnsupported:
            "The OpenStep form is read only, as in Apple's tools; write the property list as XML or binary."
        case .unreadable:
            "The file's contents could not be read; check that it exists and is readable."
        case .xmlBadData:
            "A `<data>` element is not valid base64; re-encode its contents."
        case .xmlBadDate:
            "A `<date>` is not of the form `YYYY-MM-DDTHH:MM:SSZ` or names no calendar date."
        case .xmlBadInteger:
            "An `<integer>` is not a decimal integer."
        case .xmlBadReal:
            "A `<real>` is not a real number."
        case .xmlDateNotWholeSeconds:
            "A date has a fractional second, which the XML form cannot hold; ask for truncation to write it."
        case .xmlDateOutOfRange:
            "A date is not a point in time or lies outside the years 1 to 9999 that the XML form can write."
        case .xmlDTD:
            "The DOCTYPE has an internal subset, which could declare entities, so it is refused; remove the "
                + "subset."
        case .xmlDuplicateKey:
            "A `<dict>` holds the same `<key>` twice; remove one of the entries."
        case .xmlEmpty:
            "The `<plist>` element holds no value."
        case .xmlEncoding:
            "The document's bytes do not match its declared or detected encoding, or the encoding is "
                + "unsupported."
        case .xmlEntity:
            "An `&` does not start one of XML's five predefined entities or a valid character reference; "
                + "write `&amp;`."
        case .xmlExtraContent:
            "Content follows the property list's value or its root element; remove it."
        case .xmlIntegerOutOfRange:
            "An `<integer>` lies outside −2^63 … 2^64 − 1, the range a property list holds."
        case .xmlInvalidCharacter:
            "A control character appears that XML cannot carry; remove it or store the value as `<data>`."
        case .xmlMalformed:
            "A tag, attribute or declaration is not well-formed XML; fix the markup at the given place."
        case .xmlMismatchedTag:
            "An end tag does not close the element that is open."
        case .xmlMissingKey:
            "A value in a `<dict>` has no `<key>` before it."
        case .xmlMissingRoot:
            "The document holds no `<plist>` root element."
        case .xmlMissingValue:
            "A `<key>` in a `<dict>` has no value after it."
        case .xmlTooDeep:
            "Containers are nested deeper than the reader's or writer's limit."
        case .xmlUnexpectedAttribute:
            "An element has an attribute that Apple's property-list DTD does not declare; remove it."
        case .xmlUnexpectedElement:
            "An element appears where the property-list DTD does not allow it."
        case .xmlUnexpectedText:
            "Text appears where only elements are allowed (between elements, or in an empty element)."
        case .xmlUnterminated:
            "The document ends inside an element, a tag, a comment or a declaration; it is truncated."
        }
    }
}

extension CodecError.Code {
    /// A code of the PropertyList format.
    package static func plist(_ code: PropertyListErrorCode) -> Self { Self(code) }
}
