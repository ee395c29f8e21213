import Foundation
import Testing

/// Info.plist texts for the linter's tests: one that breaks no rule, and edits of it that break one each.
enum InfoPlistFixtures {
    /// An iOS document app that exports a JSON deck format and imports another app's slides; every rule stays silent.
    static let correct = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
          <key>CFBundleDocumentTypes</key>
          <array>
            <dict>
              <key>CFBundleTypeName</key>
              <string>Deck</string>
              <key>CFBundleTypeRole</key>
              <string>Editor</string>
              <key>LSHandlerRank</key>
              <string>Owner</string>
              <key>LSItemContentTypes</key>
              <array>
                <string>com.acme.deck</string>
              </array>
            </dict>
            <dict>
              <key>CFBundleTypeName</key>
              <string>Other documents</string>
              <key>CFBundleTypeRole</key>
              <string>Viewer</string>
              <key>LSHandlerRank</key>
              <string>Alternate</string>
              <key>LSItemContentTypes</key>
              <array>
                <string>public.plain-text</string>
                <string>com.other.slides</string>
              </array>
            </dict>
          </array>
          <key>LSRequiresIPhoneOS</key>
          <true/>
          <key>UISupportsDocumentBrowser</key>
          <true/>
          <key>UTExportedTypeDeclarations</key>
          <array>
            <dict>
              <key>UTTypeConformsTo</key>
              <array>
                <string>public.json</string>
                <string>public.content</string>
              </array>
              <key>UTTypeDescription</key>
              <string>Acme Deck</string>
              <key>UTTypeIdentifier</key>
              <string>com.acme.deck</string>
              <key>UTTypeTagSpecification</key>
              <dict>
                <key>public.filename-extension</key>
                <array>
                  <string>acmedeck</string>
                </array>
              </dict>
            </dict>
            <dict>
              <key>UTTypeConformsTo</key>
              <string>public.data</string>
              <key>UTTypeIdentifier</key>
              <string>com.acme.base</string>
            </dict>
            <dict>
              <key>UTTypeConformsTo</key>
              <array>
                <string>com.acme.base</string>
                <string>public.composite-content</string>
              </array>
              <key>UTTypeIdentifier</key>
              <string>com.acme.archive</string>
              <key>UTTypeTagSpecification</key>
              <dict>
                <key>public.filename-extension</key>
                <string>acmearchive</string>
              </dict>
            </dict>
          </array>
          <key>UTImportedTypeDeclarations</key>
          <array>
            <dict>
              <key>UTTypeConformsTo</key>
              <array>
                <string>public.data</string>
                <string>public.content</string>
              </array>
              <key>UTTypeIdentifier</key>
              <string>com.other.slides</string>
              <key>UTTypeTagSpecification</key>
              <dict>
                <key>public.filename-extension</key>
                <array>
                  <string>ppt</string>
                </array>
              </dict>
            </dict>
          </array>
        </dict>
        </plist>

        """

    /// `correct` with `target` (which must occur exactly `count` times) replaced by `replacement`.
    static func correct(replacing target: String, with replacement: String, count: Int = 1) throws -> String {
        let parts = correct.components(separatedBy: target)
        try #require(
            parts.count == count + 1, "'\(target)' occurs \(parts.count - 1) times in the fixture, not \(count)")
        return parts.joined(separator: replacement)
    }

    /// The line and column where the `occurrence`th `needle` starts, found by searching the text itself.
    static func position(of needle: String, occurrence: Int = 1, in text: String) throws -> (line: Int, column: Int) {
        var searchStart = text.startIndex
        var found: Range<String.Index>?
        for _ in 0..<occurrence {
            let range = try #require(
                text.range(of: needle, range: searchStart..<text.endIndex),
                "'\(needle)' occurs fewer than \(occurrence) times")
            found = range
            searchStart = range.upperBound
        }
        let start = try #require(found).lowerBound
        let before = text[..<start]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? text.startIndex
        return (line, text[lineStart..<start].unicodeScalars.count + 1)
    }
}
