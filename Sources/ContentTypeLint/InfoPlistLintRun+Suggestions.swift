import DocumentCodecs
import Formats

extension InfoPlistLintRun {
    /// Misspellings seen in real Info.plists, each with the identifier that was meant.
    static let knownAliases: [String: String] = [
        "com.public.data": "public.data",
        "com.public.content": "public.content",
        "public.package": "com.apple.package",
        "public.bundle": "com.apple.bundle",
        "com.apple.json": "public.json",
        "public.jpg": "public.jpeg",
        "public.txt": "public.plain-text",
        "public.pdf": "com.adobe.pdf",
        "public.zip": "public.zip-archive",
        "public.csv": "public.comma-separated-values-text",
        "public.plist": "com.apple.property-list",
        "public.property-list": "com.apple.property-list",
        "public.markdown": "net.daringfireball.markdown",
    ]

    /// The system types a declaration most often names, the candidates of a near-miss suggestion.
    static let commonSystemIdentifiers = [
        "public.item", "public.content", "public.composite-content", "public.data", "public.directory", "public.folder",
        "com.apple.package", "com.apple.bundle", "public.text", "public.plain-text", "public.utf8-plain-text",
        "public.json", "public.xml", "public.yaml", "public.html", "public.rtf", "com.apple.rtfd",
        "com.apple.flat-rtfd",
        "com.apple.property-list", "com.apple.xml-property-list", "com.apple.binary-property-list",
        "public.image", "public.png", "public.jpeg", "public.tiff", "public.svg-image", "com.adobe.pdf",
        "public.archive", "public.zip-archive", "public.delimited-values-text", "public.comma-separated-values-text",
        "public.tab-separated-values-text", "public.source-code", "public.script", "public.audiovisual-content",
        "public.movie", "public.audio", "public.presentation", "net.daringfireball.markdown",
    ]

    /// The known identifier an unknown one most likely meant: a known alias, a domain mix-up
    /// (`com.public.` for `public.`, `public.` for `com.apple.`), or the closest by edit distance.
    func nearestKnownIdentifier(to identifier: String) -> String? {
        let key = identifier.lowercased()
        var guesses: [String] = []
        if let alias = Self.knownAliases[key] { guesses.append(alias) }
        if key.hasPrefix("com.public.") { guesses.append("public." + key.dropFirst("com.public.".count)) }
        if key.hasPrefix("public.") { guesses.append("com.apple." + key.dropFirst("public.".count)) }
        if key.hasPrefix("com.apple.") { guesses.append("public." + key.dropFirst("com.apple.".count)) }
        if let guess = guesses.first(where: isKnown) { return guess }

        let candidates = Self.commonSystemIdentifiers.filter(isKnown) + declarations.map(\.identifier.value)
        let limit = max(1, min(3, key.count / 5))
        var best: (identifier: String, distance: Int)?
        for candidate in candidates {
            let distance = Self.editDistance(key, candidate.lowercased())
            if distance <= limit, distance < best?.distance ?? Int.max { best = (candidate, distance) }
        }
        return best?.identifier
    }

    /// The Levenshtein distance between two strings, counted in Unicode scalars.
    static func editDistance(_ left: String, _ right: String) -> Int {
        let left = Array(left.unicodeScalars), right = Array(right.unicodeScalars)
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var previous = Array(0...right.count)
        var current = Array(repeating: 0, count: right.count + 1)
        for leftIndex in 1...left.count {
            current[0] = leftIndex
            for rightIndex in 1...right.count {
                let substitution = previous[rightIndex - 1] + (left[leftIndex - 1] == right[rightIndex - 1] ? 0 : 1)
                current[rightIndex] = min(substitution, previous[rightIndex] + 1, current[rightIndex - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
