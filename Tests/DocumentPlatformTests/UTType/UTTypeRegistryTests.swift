import DocumentPlatform
import Foundation
import TestSupport
import Testing

/// The registry is shared by the whole process and tests run in parallel, so every test declares
/// identifiers and tags of its own, made unique with a UUID.
@Suite struct UTTypeRegistryTests {
    /// A name no other test (and no system type) uses, such as `t1a2b3c4d5e6`.
    static func uniqueName() -> String {
        "t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
    }

    /// An XML Info.plist whose top-level dictionary holds `body`.
    static func infoPlist(_ body: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>\(body)</dict></plist>
            """.utf8)
    }

    @Test func customTypesFromAnInfoPlistResolveByIdentifierExtensionAndMIMEType() throws {
        let name = Self.uniqueName()
        let exportedIdentifier = "com.example.docmigrate.\(name).Note"
        let importedIdentifier = "org.example.docmigrate.\(name).sheet"
        let folder = try TemporaryDirectory("uttype")
        let url = folder.appending("Info.plist")
        try Self.infoPlist(
            """
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>UTExportedTypeDeclarations</key><array><dict>
              <key>UTTypeIdentifier</key><string>\(exportedIdentifier)</string>
              <key>UTTypeConformsTo</key><array><string>public.json</string></array>
              <key>UTTypeDescription</key><string>Docmigrate Note</string>
              <key>UTTypeReferenceURL</key><string>https://example.com/note</string>
              <key>UTTypeTagSpecification</key><dict>
                <key>public.filename-extension</key><array><string>\(name)n</string><string>\(name)note</string></array>
                <key>public.mime-type</key><array><string>application/x-\(name)-note</string></array>
              </dict>
            </dict></array>
            <key>UTImportedTypeDeclarations</key><array><dict>
              <key>UTTypeIdentifier</key><string>\(importedIdentifier)</string>
              <key>UTTypeConformsTo</key><string>public.comma-separated-values-text</string>
              <key>UTTypeTagSpecification</key><dict>
                <key>public.filename-extension</key><string>\(name)s</string>
                <key>com.apple.ostype</key><string>SHEE</string>
              </dict>
            </dict></array>
            """
        ).write(to: url)

        // Created before the declarations exist: undeclared, with only the parent guessed in code.
        let early = UTType(exportedAs: exportedIdentifier, conformingTo: .data)
        #expect(!early.isDeclared)
        #expect(UTType(exportedIdentifier) == nil)
        #expect(try #require(UTType(filenameExtension: "\(name)n")).isDynamic)

        let loaded = try UTTypeRegistry.shared.loadDeclarations(fromInfoPlistAt: url)
        #expect(loaded.map(\.identifier) == [exportedIdentifier, importedIdentifier])
        #expect(loaded.map(\.kind) == [.exported, .imported])

        let note = try #require(UTType(exportedIdentifier.uppercased()))
        #expect(note.identifier == exportedIdentifier)
        #expect(note.isDeclared && !note.isDynamic && !note.isPublic)
        #expect(note.conforms(to: .json) && note.conforms(to: .text) && note.conforms(to: .data))
        #expect(!note.conforms(to: .image))
        #expect(try #require(UTType(filenameExtension: "\(name)N")) == note)
        #expect(try #require(UTType(filenameExtension: "\(name)note")) == note)
        #expect(try #require(UTType(mimeType: "application/x-\(name)-note")) == note)
        #expect(note.preferredFilenameExtension == "\(name)n")
        #expect(note.localizedDescription == "Docmigrate Note")
        #expect(note.referenceURL == URL(string: "https://example.com/note"))
        // The value made before loading now answers from the declaration.
        #expect(early.isDeclared && early.conforms(to: .json))

        let sheet = try #require(UTType(filenameExtension: "\(name)s"))
        #expect(sheet.identifier == importedIdentifier)
        #expect(sheet.tags == [.filenameExtension: ["\(name)s"]], "a single string becomes an array; ostype is dropped")
        #expect(sheet.conforms(to: .plainText) && sheet.conforms(to: .delimitedText))
        // No description of its own: the search reaches a system type whose description we know.
        #expect(sheet.localizedDescription == "comma-separated values")
        #expect(UTTypeRegistry.shared.loadedDeclaration(for: importedIdentifier)?.kind == .imported)
        #expect(UTTypeRegistry.shared.loadedDeclaration(for: "public.json") == nil)
    }

    @Test func exportedDeclarationsWinOverImportedOnes() throws {
        let name = Self.uniqueName()
        let identifier = "com.example.docmigrate.\(name).shared"
        // Imported first, in a file of its own, so that the winner does not depend on load order.
        try UTTypeRegistry.shared.loadDeclarations(
            fromInfoPlist: Self.infoPlist(
                """
                <key>UTImportedTypeDeclarations</key><array><dict>
                  <key>UTTypeIdentifier</key><string>\(identifier)</string>
                  <key>UTTypeConformsTo</key><string>public.image</string>
                  <key>UTTypeDescription</key><string>imported</string>
                  <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><string>\(name)i</string></dict>
                </dict></array>
                """), file: "Imported.plist")
        #expect(UTType(identifier)?.localizedDescription == "imported")
        try UTTypeRegistry.shared.loadDeclarations(
            fromInfoPlist: Self.infoPlist(
                """
                <key>UTExportedTypeDeclarations</key><array><dict>
                  <key>UTTypeIdentifier</key><string>\(identifier)</string>
                  <key>UTTypeConformsTo</key><string>public.text</string>
                  <key>UTTypeDescription</key><string>exported</string>
                  <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><string>\(name)e</string></dict>
                </dict></array>
                """), file: "Exported.plist")
        let type = try #require(UTType(identifier))
        #expect(type.localizedDescription == "exported")
        #expect(type.conforms(to: .text) && !type.conforms(to: .image))
        #expect(UTType(filenameExtension: "\(name)e") == type)
        #expect(
            try #require(UTType(filenameExtension: "\(name)i", conformingTo: .item)).isDynamic,
            "the shadowed imported declaration's tags no longer resolve")
        // A later imported declaration does not take the identifier back.
        UTTypeRegistry.shared.register([
            UTTypeDeclaration(kind: .imported, identifier: identifier, conformsTo: ["public.audio"])
        ])
        #expect(UTType(identifier)?.conforms(to: .text) == true)
    }

    @Test func systemTypesCannotBeRedefined() throws {
        let name = Self.uniqueName()
        try UTTypeRegistry.shared.loadDeclarations(
            fromInfoPlist: Self.infoPlist(
                """
                <key>UTExportedTypeDeclarations</key><array><dict>
                  <key>UTTypeIdentifier</key><string>net.daringfireball.markdown</string>
                  <key>UTTypeConformsTo</key><string>public.image</string>
                  <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><string>\(name)</string></dict>
                </dict></array>
                """))
        #expect(UTType.markdown.tags[.filenameExtension] == ["md", "markdown"])
        #expect(!UTType.markdown.conforms(to: .image))
        #expect(try #require(UTType(filenameExtension: name, conformingTo: .item)).isDynamic)
    }

    /// A bad declaration, the error code it must raise, and the key path it must name.
    static let badDeclarations: [(body: String, code: String, keyPath: String?)] = [
        (
            "<key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeDescription</key><string>x</string></dict></array>",
            "uttype.declaration.missing-identifier", "UTExportedTypeDeclarations[0].UTTypeIdentifier"
        ),
        (
            "<key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><integer>7</integer></dict></array>",
            "uttype.declaration.not-a-string", "UTExportedTypeDeclarations[0].UTTypeIdentifier"
        ),
        (
            "<key>UTImportedTypeDeclarations</key><array>"
                + "<dict><key>UTTypeIdentifier</key><string>com.example.ok</string></dict>"
                + "<dict><key>UTTypeIdentifier</key><string>com.example.bad</string>"
                + "<key>UTTypeConformsTo</key><true/></dict></array>",
            "uttype.declaration.bad-conforms-to", "UTImportedTypeDeclarations[1].UTTypeConformsTo"
        ),
        (
            "<key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><string>com.example.bad</string>"
                + "<key>UTTypeConformsTo</key><array><string>public.data</string><dict/></array></dict></array>",
            "uttype.declaration.bad-conforms-to", "UTExportedTypeDeclarations[0].UTTypeConformsTo[1]"
        ),
        (
            "<key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><string>com.example.bad</string>"
                + "<key>UTTypeConformsTo</key><string>public data</string></dict></array>",
            "uttype.declaration.bad-conforms-to", "UTExportedTypeDeclarations[0].UTTypeConformsTo"
        ),
        (
            "<key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><string>com.example.bad</string>"
                + "<key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><integer>1</integer></dict>"
                + "</dict></array>",
            "uttype.declaration.bad-tag-specification",
            "UTExportedTypeDeclarations[0].UTTypeTagSpecification.public.filename-extension"
        ),
        (
            "<key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><string>com.example.bad</string>"
                + "<key>UTTypeDescription</key><array/></dict></array>",
            "uttype.declaration.not-a-string", "UTExportedTypeDeclarations[0].UTTypeDescription"
        ),
        (
            "<key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><string>has space</string></dict></array>",
            "uttype.declaration.invalid-identifier", "UTExportedTypeDeclarations[0].UTTypeIdentifier"
        ),
        (
            "<key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><string>dyn.ah62d4rv4ge8043a</string></dict></array>",
            "uttype.declaration.reserved-identifier", "UTExportedTypeDeclarations[0].UTTypeIdentifier"
        ),
        (
            "<key>UTExportedTypeDeclarations</key><array><string>com.example.bad</string></array>",
            "uttype.declaration.not-a-dictionary", "UTExportedTypeDeclarations[0]"
        ),
        (
            "<key>UTExportedTypeDeclarations</key><dict/>", "uttype.declarations.not-an-array",
            "UTExportedTypeDeclarations"
        ),
    ]

    @Test(arguments: badDeclarations)
    func badDeclarationsNameTheFileAndKeyPath(body: String, code: String, keyPath: String?) {
        #expect {
            try UTTypeDeclaration.declarations(fromInfoPlist: Self.infoPlist(body), file: "App/Info.plist")
        } throws: { error in
            guard let error = error as? UTTypeDeclarationError else { return false }
            return error.code == code && error.file == "App/Info.plist"
                && error.location == keyPath.map(ErrorLocation.keyPath)
        }
    }

    @Test func errorsPrintInTheSharedShape() throws {
        let error = try #require(throws: UTTypeDeclarationError.self) {
            try UTTypeDeclaration.declarations(
                fromInfoPlist: Self.infoPlist(
                    "<key>UTExportedTypeDeclarations</key><array><dict/></array>"
                ), file: "App/Info.plist")
        }
        #expect(
            error.description == "App/Info.plist: key path UTExportedTypeDeclarations[0].UTTypeIdentifier: "
                + "the type declaration has no UTTypeIdentifier, so the type has no name [uttype.declaration.missing-identifier]"
        )
    }

    @Test func malformedFilesAreErrorsNamingTheFile() throws {
        let folder = try TemporaryDirectory("uttype")
        let missing = folder.appending("Missing.plist")
        let unreadable = try #require(throws: UTTypeDeclarationError.self) {
            try UTTypeRegistry.shared.loadDeclarations(fromInfoPlistAt: missing)
        }
        #expect(unreadable.code == "uttype.infoplist.unreadable" && unreadable.file == missing.path)
        let garbage = folder.appending("Garbage.plist")
        try Data([0x00, 0xFF, 0x13, 0x37]).write(to: garbage)
        let malformed = try #require(throws: UTTypeDeclarationError.self) {
            try UTTypeRegistry.shared.loadDeclarations(fromInfoPlistAt: garbage)
        }
        #expect(malformed.code == "uttype.infoplist.malformed" && malformed.file == garbage.path)
        let array = Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array/></plist>"#.utf8)
        let notDictionary = try #require(throws: UTTypeDeclarationError.self) {
            try UTTypeDeclaration.declarations(fromInfoPlist: array)
        }
        #expect(notDictionary.code == "uttype.infoplist.not-a-dictionary" && notDictionary.file == nil)
    }

    @Test func oneBadDeclarationLoadsNone() throws {
        let name = Self.uniqueName()
        let good = "com.example.docmigrate.\(name).good"
        #expect(throws: UTTypeDeclarationError.self) {
            try UTTypeRegistry.shared.loadDeclarations(
                fromInfoPlist: Self.infoPlist(
                    """
                    <key>UTExportedTypeDeclarations</key><array>
                      <dict><key>UTTypeIdentifier</key><string>\(good)</string></dict>
                      <dict><key>UTTypeConformsTo</key><string>public.data</string></dict>
                    </array>
                    """))
        }
        #expect(UTType(good) == nil)
    }

    @Test func aPlistWithoutDeclarationsDeclaresNothing() throws {
        #expect(
            try UTTypeDeclaration.declarations(
                fromInfoPlist: Self.infoPlist(
                    "<key>CFBundleName</key><string>App</string>"
                )
            ).isEmpty)
    }
}
