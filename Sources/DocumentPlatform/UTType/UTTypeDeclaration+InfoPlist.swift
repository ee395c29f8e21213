// The portable UTType family compiles only where the system lacks it: on Apple systems the system
// reads Info.plist declarations itself, and nothing here is compiled.
#if !canImport(Darwin)

import Foundation

extension UTTypeDeclaration {
    /// The Info.plist keys of the two declaration lists, exported first: that is the result's order.
    private static let listKeys: [(key: String, kind: Kind)] = [
        ("UTExportedTypeDeclarations", .exported), ("UTImportedTypeDeclarations", .imported),
    ]

    /// Reads and validates the type declarations of an Info.plist file.
    ///
    /// - Throws: ``UTTypeDeclarationError`` when the file cannot be read or parsed, or a declaration
    ///   is malformed; the error names the file (its path) and the key path of the bad value.
    public static func declarations(fromInfoPlistAt url: URL) throws(UTTypeDeclarationError) -> [UTTypeDeclaration] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw UTTypeDeclarationError(
                file: url.path, keyPath: nil, code: .infoPlistUnreadable,
                message: "the Info.plist cannot be read: \(error.localizedDescription)"
            )
        }
        return try declarations(fromInfoPlist: data, file: url.path)
    }

    /// Parses and validates the type declarations of Info.plist contents (XML, binary or OpenStep).
    ///
    /// A missing list is no error; every present value is checked, and one bad declaration fails the
    /// whole file, so that a registry never holds half an app's types. Tag values may be a string or an
    /// array of strings; nonstandard tag classes are ignored, as Apple ignores them.
    public static func declarations(
        fromInfoPlist data: Data, file: String? = nil
    ) throws(UTTypeDeclarationError) -> [UTTypeDeclaration] {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw UTTypeDeclarationError(
                file: file, keyPath: nil, code: .infoPlistMalformed,
                message: "the Info.plist is not a property list: \(error.localizedDescription)"
            )
        }
        guard let dictionary = root as? [String: Any] else {
            throw UTTypeDeclarationError(
                file: file, keyPath: nil, code: .infoPlistNotADictionary,
                message: "the Info.plist's top level is \(describe(root)), not a dictionary"
            )
        }
        var declarations: [UTTypeDeclaration] = []
        for (listKey, kind) in listKeys {
            guard let listValue = dictionary[listKey] else { continue }
            guard let list = listValue as? [Any] else {
                throw UTTypeDeclarationError(
                    file: file, keyPath: listKey, code: .declarationsNotAnArray,
                    message: "\(listKey) is \(describe(listValue)), not an array of type declarations"
                )
            }
            for (index, entry) in list.enumerated() {
                let parser = EntryParser(file: file, keyPath: "\(listKey)[\(index)]")
                declarations.append(try parser.declaration(from: entry, kind: kind))
            }
        }
        return declarations
    }

    /// How a property list value is named in messages.
    fileprivate static func describe(_ value: Any) -> String {
        switch value {
        case is String: "a string"
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        case is Data: "data"
        case is Date: "a date"
        default: "a number or boolean"
        }
    }
}

/// Validates one declaration dictionary, naming the key path of whatever is wrong.
private struct EntryParser {
    let file: String?
    /// The key path of the declaration, such as `UTExportedTypeDeclarations[2]`.
    let keyPath: String

    func declaration(from entry: Any, kind: UTTypeDeclaration.Kind) throws(UTTypeDeclarationError) -> UTTypeDeclaration
    {
        guard let dictionary = entry as? [String: Any] else {
            throw error(
                nil, .declarationNotADictionary,
                "a type declaration must be a dictionary, not \(UTTypeDeclaration.describe(entry))")
        }
        guard let identifierValue = dictionary["UTTypeIdentifier"] else {
            throw error(
                "UTTypeIdentifier", .declarationMissingIdentifier,
                "the type declaration has no UTTypeIdentifier, so the type has no name")
        }
        let identifier = try string(identifierValue, key: "UTTypeIdentifier")
        guard UTType.isValidIdentifier(identifier) else {
            throw error(
                "UTTypeIdentifier", .declarationInvalidIdentifier,
                "\"\(identifier)\" is not a type identifier: use letters, digits, '-' and '.'")
        }
        guard !UTType.key(for: identifier).hasPrefix("dyn.") else {
            throw error(
                "UTTypeIdentifier", .declarationReservedIdentifier,
                "\"\(identifier)\" is in the dyn. domain, which is reserved for dynamic types")
        }
        return UTTypeDeclaration(
            kind: kind, identifier: identifier,
            conformsTo: try conformsTo(dictionary["UTTypeConformsTo"]),
            tags: try tags(dictionary["UTTypeTagSpecification"]),
            typeDescription: try dictionary["UTTypeDescription"].map { value throws(UTTypeDeclarationError) in
                try string(value, key: "UTTypeDescription")
            },
            referenceURL: try referenceURL(dictionary["UTTypeReferenceURL"])
        )
    }

    /// `UTTypeConformsTo`: one identifier or an array of them.
    private func conformsTo(_ value: Any?) throws(UTTypeDeclarationError) -> [String] {
        guard let value else { return [] }
        let key = "UTTypeConformsTo"
        let identifiers: [(String, keyPath: String)]
        if let single = value as? String {
            identifiers = [(single, key)]
        } else if let array = value as? [Any] {
            var strings: [(String, keyPath: String)] = []
            for (index, element) in array.enumerated() {
                guard let string = element as? String else {
                    throw error(
                        "\(key)[\(index)]", .declarationBadConformsTo,
                        "a parent identifier must be a string, not \(UTTypeDeclaration.describe(element))")
                }
                strings.append((string, "\(key)[\(index)]"))
            }
            identifiers = strings
        } else {
            throw error(
                key, .declarationBadConformsTo,
                "\(key) must be a string or an array of strings, not \(UTTypeDeclaration.describe(value))")
        }
        for (identifier, keyPath) in identifiers where !UTType.isValidIdentifier(identifier) {
            throw error(
                keyPath, .declarationBadConformsTo,
                "\"\(identifier)\" is not a type identifier, so nothing can conform to it")
        }
        return identifiers.map(\.0)
    }

    /// `UTTypeTagSpecification`: tag class to a string or an array of strings.
    private func tags(_ value: Any?) throws(UTTypeDeclarationError) -> [UTTagClass: [String]] {
        guard let value else { return [:] }
        let key = "UTTypeTagSpecification"
        guard let specification = value as? [String: Any] else {
            throw error(
                key, .declarationBadTagSpecification,
                "\(key) must be a dictionary, not \(UTTypeDeclaration.describe(value))")
        }
        var tags: [UTTagClass: [String]] = [:]
        for (rawClass, tagValue) in specification {
            let tagClass = UTTagClass(rawValue: rawClass)
            guard tagClass.isStandard else { continue }
            let classPath = "\(key).\(rawClass)"
            if let single = tagValue as? String {
                tags[tagClass] = [single]
            } else if let array = tagValue as? [Any] {
                var strings: [String] = []
                for (index, element) in array.enumerated() {
                    guard let string = element as? String else {
                        throw error(
                            "\(classPath)[\(index)]", .declarationBadTagSpecification,
                            "a tag must be a string, not \(UTTypeDeclaration.describe(element))")
                    }
                    strings.append(string)
                }
                tags[tagClass] = strings
            } else {
                throw error(
                    classPath, .declarationBadTagSpecification,
                    "\(rawClass) must be a string or an array of strings, not \(UTTypeDeclaration.describe(tagValue))")
            }
        }
        return tags
    }

    /// `UTTypeReferenceURL`: a string holding a URL.
    private func referenceURL(_ value: Any?) throws(UTTypeDeclarationError) -> URL? {
        guard let value else { return nil }
        let text = try string(value, key: "UTTypeReferenceURL")
        guard let url = URL(string: text) else {
            throw error("UTTypeReferenceURL", .declarationBadReferenceURL, "\"\(text)\" is not a URL")
        }
        return url
    }

    private func string(_ value: Any, key: String) throws(UTTypeDeclarationError) -> String {
        guard let string = value as? String else {
            throw error(
                key, .declarationNotAString,
                "\(key) must be a string, not \(UTTypeDeclaration.describe(value))")
        }
        return string
    }

    /// An error at a key of this declaration, or at the declaration itself when `key` is nil.
    private func error(_ key: String?, _ code: UTTypeDeclarationErrorCode, _ message: String) -> UTTypeDeclarationError
    {
        UTTypeDeclarationError(
            file: file, keyPath: key.map { "\(keyPath).\($0)" } ?? keyPath, code: code, message: message)
    }
}

#endif
