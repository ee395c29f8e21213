import DocumentPlatform
import Testing

@Suite struct DynamicTypeIdentifierTests {
    @Test func encodesTheReferenceVector() {
        #expect(DynamicTypeIdentifier.encode(payload: "?0=6:1=md") == "dyn.ah62d4rv4ge8043a")
    }

    @Test func encodesAVectorDerivedByHand() {
        // "?" is 0x3F = 0011 1111. Taken five bits at a time, most significant first, and padded with
        // zeros: 00111 = 7 and 11100 = 28. The alphabet abcdefghkmnpqrstuvwxyz0123456789 has 22 letters
        // (0–21), then the digits (22–31): 7 is 'h', 28 is '6'. A least-significant-first reading
        // would start with 11111 = 31 ('9'), so this vector pins the bit order and the padding.
        #expect(DynamicTypeIdentifier.encode(payload: "?") == "dyn.ah6")
        // "?0" adds 0x30 = 0011 0000: 00111111 00110000 → 00111 11100 11000 0+0000 → 7 28 24 0 → h 6 2 a.
        // It is also the start of the reference vector ("?0=6:1=md" → ah62d…), as it must be.
        #expect(DynamicTypeIdentifier.encode(payload: "?0") == "dyn.ah62a")
    }

    /// Identifiers for unknown extensions and MIME types, with the default parent `.data` (`0=6`).
    ///
    /// Derived with an independent implementation of the scheme (a few lines of Python over the
    /// documented alphabet, bits most significant first). They also coincide with dynamic identifiers
    /// that macOS is publicly seen to produce — `.dat` files listed as `dyn.ah62d4rv4ge80k2py`, `.kdbx`
    /// as `dyn.ah62d4rv4ge8003dcta`, an `mdimport` log naming `dyn.ah62d4rv4gq81k3p2su11uppqrf31appxr741e25f`
    /// for `text/x-lisp-source` — which makes them more than a restatement of our own encoder.
    static let vectors: [(tag: String, tagClass: UTTagClass, identifier: String)] = [
        ("dat", .filenameExtension, "dyn.ah62d4rv4ge80k2py"),
        ("kdbx", .filenameExtension, "dyn.ah62d4rv4ge8003dcta"),
        ("cif", .filenameExtension, "dyn.ah62d4rv4ge80g4pg"),
        ("gitignore", .filenameExtension, "dyn.ah62d4rv4ge80s4pyrfx0655wqy"),
        ("text/x-lisp-source", .mimeType, "dyn.ah62d4rv4gq81k3p2su11uppqrf31appxr741e25f"),
    ]

    @Test(arguments: vectors)
    func unknownTagsGetTheirDynamicIdentifier(tag: String, tagClass: UTTagClass, identifier: String) throws {
        let type = try #require(UTType(tag: tag, tagClass: tagClass, conformingTo: .data))
        #expect(type.identifier == identifier)
        #expect(type.isDynamic && !type.isDeclared && !type.isPublic)
        #expect(type.tags == [tagClass: [tag]])
        #expect(type.conforms(to: .data) && type.conforms(to: .item))
        #expect(!type.conforms(to: .text))
        #expect(type.localizedDescription == nil)
    }

    @Test func dynamicIdentifiersDecodeBackIntoTypes() throws {
        let decoded = try #require(UTType("dyn.ah62d4rv4ge8043a"))
        #expect(decoded.isDynamic)
        #expect(decoded.preferredFilenameExtension == "md")
        #expect(decoded.preferredMIMEType == nil)
        #expect(decoded.supertypes == [.data, .item])
        // Only the payload counts: this is not markdown, though markdown declares `md`.
        #expect(decoded != .markdown && !decoded.conforms(to: .plainText))
        #expect(try #require(UTType("DYN.AH62D4RV4GE8043A")) == decoded)
    }

    @Test func parentCodesAndLiteralParentsRoundTrip() throws {
        let image = try #require(UTType(filenameExtension: "docmigrate-raw", conformingTo: .image))
        #expect(image.identifier == DynamicTypeIdentifier.encode(payload: "?0=B:1=docmigrate-raw"))
        #expect(try #require(UTType(image.identifier)).conforms(to: .image))
        let json = try #require(UTType(filenameExtension: "docmigrate-cfg", conformingTo: .json))
        #expect(json.identifier == DynamicTypeIdentifier.encode(payload: "?0=public.json:1=docmigrate-cfg"))
        #expect(try #require(UTType(json.identifier)).conforms(to: .text))
        let folder = try #require(UTType(filenameExtension: "docmigrate-dir", conformingTo: .folder))
        #expect(DynamicTypeIdentifier.decodePayload(folder.identifier) == "?0=F:1=docmigrate-dir")
    }

    @Test func separatorsInsideValuesSurvive() throws {
        let odd = try #require(UTType(filenameExtension: #"a:b=c\d"#))
        #expect(DynamicTypeIdentifier.decodePayload(odd.identifier) == #"?0=6:1=a\:b\=c\\d"#)
        let decoded = try #require(UTType(odd.identifier))
        #expect(decoded.preferredFilenameExtension == #"a:b=c\d"#)
        #expect(decoded.supertypes == [.data, .item])
    }

    @Test func extensionsAreCaseFoldedBeforeEncoding() throws {
        #expect(UTType(filenameExtension: "DAT") == UTType(filenameExtension: "dat"))
        #expect(UTType(filenameExtension: "DAT")?.identifier == "dyn.ah62d4rv4ge80k2py")
    }

    static let undecodable = [
        "dyn.", "dyn.a", "dyn.b62d4rv4ge8043a", "dyn.ah", "dyn.aiiii", "dyn.a~~", "dyn.aé", "dyn.a h62",
        "dyn.ah62d4rv4ge8043b",  // the padding bits of the reference vector set to non-zero
        "dyn.ah62d4rv4ge8043aaa",  // two characters too many: five bits left over cannot be padding
        "dyn.a94",  // the single byte 0xFF, which is not UTF-8
    ]

    @Test(arguments: undecodable)
    func undecodableIdentifiersGiveNoType(identifier: String) {
        #expect(UTType(identifier) == nil)
    }

    @Test func decodingIsTotalAndCanonical() {
        // A fixed linear congruential generator, so the run is the same every time.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("abcdefghkmnpqrstuvwxyz0123456789")
        let payloadCharacters = Array("?0123456:=\\/.-abcXYZé😀")
        var decodedMutations = 0
        for _ in 0..<2_000 {
            // Arbitrary payloads survive encoding and decoding.
            let payload = String((0..<(1 + next(30))).map { _ in payloadCharacters[next(payloadCharacters.count)] })
            let encoded = DynamicTypeIdentifier.encode(payload: payload)
            #expect(DynamicTypeIdentifier.decodePayload(encoded) == payload)
            // A one-character change, a lost or an extra character: decoding never traps, and whatever
            // still decodes re-encodes to exactly the same identifier (one identifier per payload).
            var characters = Array(encoded)
            let position =
                DynamicTypeIdentifier.prefix.count + next(characters.count - DynamicTypeIdentifier.prefix.count)
            switch next(3) {
            case 0: characters[position] = alphabet[next(alphabet.count)]
            case 1: characters.remove(at: position)
            default: characters.insert(alphabet[next(alphabet.count)], at: position)
            }
            let mutated = String(characters)
            if let decoded = DynamicTypeIdentifier.decodePayload(mutated) {
                decodedMutations += 1
                #expect(DynamicTypeIdentifier.encode(payload: decoded) == mutated)
            }
            _ = UTType(mutated)?.supertypes
            // Strings that are not identifiers of this scheme at all.
            let noise = "dyn." + String((0..<next(12)).map { _ in payloadCharacters[next(payloadCharacters.count)] })
            _ = UTType(noise)?.tags
        }
        #expect(decodedMutations > 100, "the mutations should also produce decodable identifiers")
    }
}
