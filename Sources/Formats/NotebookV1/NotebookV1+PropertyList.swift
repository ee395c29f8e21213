import DocumentCodecs

extension NotebookV1 {
    /// Reads a notebook from the property list of a notebook v1 file, in either storage.
    ///
    /// Error codes: `notebook-v1.not-a-notebook` (the root is not a `Notebook`), `.missing-field`,
    /// `.unexpected-field` (a field this version does not know, which a conversion would lose),
    /// `.bad-field` (a field of the wrong type), `.bad-date` (NaN or infinite), `.mixed-page-classes`,
    /// and the `keyed-archive.*` codes of the archive itself; each names a key path.
    public init(propertyList document: PropertyListDocument) throws {
        if case .dictionary(let entries) = document.value, entries.contains(where: { $0.key == "$archiver" }) {
            let archive = try KeyedArchive(propertyList: document.value)
            self = try Self.read(archive, format: document.format)
        } else {
            self = try Self.readPlain(document.value, format: document.format)
        }
        source = Source(document: document, title: title, pages: pages, storage: storage)
    }

    /// The property list to write: the one read if nothing changed, else the notebook laid out afresh.
    public func propertyList() throws -> PropertyListDocument {
        if let source, source.title == title, source.pages == pages, source.storage == storage {
            return source.document
        }
        switch storage {
        case .keyedArchive(let format, let notebookClass, let pageClass):
            return PropertyListDocument(
                value: try archive(notebookClass: notebookClass, pageClass: pageClass).propertyList(), format: format)
        case .propertyList(let format):
            return PropertyListDocument(value: plain(), format: format)
        }
    }

    // MARK: - Keyed archive

    /// The archive `NSKeyedArchiver` writes for the app's classes: equal dates share one object, as
    /// Foundation on Linux writes them (it uniques equal `NSDate`s; Apple's archiver would not, and
    /// either reads back the same).
    func archive(notebookClass: KeyedArchiveClass, pageClass: KeyedArchiveClass) -> KeyedArchive {
        var number = 2  // the notebook is object 0, the page array object 1
        var dateNumbers: [UInt64: Int] = [:]
        func date(_ date: Date) -> KeyedArchiveValue {
            let seconds = date.timeIntervalSinceReferenceDate
            if let earlier = dateNumbers[seconds.bitPattern] { return .reference(earlier) }
            dateNumbers[seconds.bitPattern] = number
            number += 1
            return .date(secondsSinceReferenceDate: seconds, .date)
        }
        var pageObjects: [KeyedArchiveValue] = []
        for page in pages {
            number += 1
            let created = date(page.created)
            let modified = date(page.modified)
            pageObjects.append(
                .object(
                    pageClass,
                    fields: [
                        KeyedArchiveField(key: "text", value: .object(.string(page.text))),
                        KeyedArchiveField(key: "created", value: .object(created)),
                        KeyedArchiveField(key: "modified", value: .object(modified)),
                    ]))
        }
        return KeyedArchive(
            root: .object(
                notebookClass,
                fields: [
                    KeyedArchiveField(key: "title", value: .object(.string(title))),
                    KeyedArchiveField(key: "pages", value: .object(.array(pageObjects, .array))),
                ]))
    }

    static func read(_ archive: KeyedArchive, format: PropertyListDocument.Format) throws -> NotebookV1 {
        let objects = archive.objectsByNumber()
        func resolve(_ value: KeyedArchiveValue) -> KeyedArchiveValue {
            if case .reference(let number) = value, number >= 0, number < objects.count { return objects[number] }
            return value
        }
        guard let root = archive.root, case .object(let notebookClass, let fields) = root,
            isClass(notebookClass, named: "Notebook")
        else {
            throw error(.notANotebook, "the archive's root is not a Notebook object", at: "root")
        }
        let notebookFields = try Self.fields(fields, expected: ["title", "pages"], path: "root")
        guard case .string(let title) = notebookFields["title"] else {
            throw error(.badField, "the title must be a string", at: "root.title")
        }
        guard case .array(let elements, _) = notebookFields["pages"] else {
            throw error(.badField, "pages must be an array of Page objects", at: "root.pages")
        }
        var pageClass: KeyedArchiveClass?
        var pages: [Page] = []
        for (index, element) in elements.enumerated() {
            let path = "root.pages[\(index)]"
            guard case .object(let type, let fields) = element, isClass(type, named: "Page") else {
                throw error(.badField, "each page must be a Page object", at: path)
            }
            if let pageClass, pageClass != type {
                throw error(
                    .mixedPageClasses,
                    "pages of two classes (\(pageClass.name), \(type.name)) cannot be written back as one", at: path)
            }
            pageClass = type
            let pageFields = try Self.fields(fields, expected: ["text", "created", "modified"], path: path)
            guard case .string(let text) = pageFields["text"] else {
                throw error(.badField, "a page's text must be a string", at: path + ".text")
            }
            func date(_ key: String) throws -> Date {
                guard case .date(let seconds, let type)? = pageFields[key].map(resolve), type == .date else {
                    throw error(.badField, "a page's \(key) must be a date", at: path + "." + key)
                }
                guard seconds.isFinite else {
                    throw error(.badDate, "a page's \(key) date is not a finite time", at: path + "." + key)
                }
                return Date(timeIntervalSinceReferenceDate: seconds)
            }
            pages.append(Page(text: text, created: try date("created"), modified: try date("modified")))
        }
        return NotebookV1(
            title: title, pages: pages,
            storage: .keyedArchive(
                format: format, notebookClass: notebookClass,
                pageClass: pageClass ?? KeyedArchiveClass(rootClass: "Page")))
    }

    /// Whether an archived class is the app's `name` class: the name after the last dot (a Swift class
    /// is archived module-qualified, `MyApp.Notebook`) ends with `name` (`Notebook`, `LegacyNotebook`).
    private static func isClass(_ type: KeyedArchiveClass, named name: String) -> Bool {
        (type.name.split(separator: ".").last ?? "").hasSuffix(name)
    }

    private static func fields(
        _ fields: [KeyedArchiveField], expected: [String], path: String
    ) throws -> [String: KeyedArchiveValue] {
        var values: [String: KeyedArchiveValue] = [:]
        for field in fields {
            guard expected.contains(field.key) else {
                throw error(
                    .unexpectedField, "\(field.key) is not a field of notebook v1, and would be lost",
                    at: path + "." + field.key)
            }
            guard case .object(let value) = field.value else {
                throw error(
                    .badField, "\(field.key) must be stored as an object, not in place", at: path + "." + field.key)
            }
            values[field.key] = value
        }
        if let missing = expected.first(where: { values[$0] == nil }) {
            throw error(.missingField, "the \(missing) field is missing", at: path + "." + missing)
        }
        return values
    }

    // MARK: - Plain property list

    func plain() -> PropertyListValue {
        .dictionary([
            PropertyListEntry(key: "title", value: .string(title)),
            PropertyListEntry(
                key: "pages",
                value: .array(
                    pages.map { page in
                        .dictionary([
                            PropertyListEntry(key: "text", value: .string(page.text)),
                            PropertyListEntry(
                                key: "created",
                                value: .date(secondsSinceReferenceDate: page.created.timeIntervalSinceReferenceDate)),
                            PropertyListEntry(
                                key: "modified",
                                value: .date(secondsSinceReferenceDate: page.modified.timeIntervalSinceReferenceDate)),
                        ])
                    })),
        ])
    }

    static func readPlain(_ value: PropertyListValue, format: PropertyListDocument.Format) throws -> NotebookV1 {
        func entries(_ value: PropertyListValue, expected: [String], path: String) throws -> [String: PropertyListValue]
        {
            guard case .dictionary(let entries) = value else {
                throw error(.notANotebook, "a notebook v1 property list is a dictionary", at: path)
            }
            var values: [String: PropertyListValue] = [:]
            for entry in entries {
                guard expected.contains(entry.key) else {
                    throw error(
                        .unexpectedField, "\(entry.key) is not a field of notebook v1, and would be lost",
                        at: path.isEmpty ? entry.key : path + "." + entry.key)
                }
                values[entry.key] = entry.value
            }
            if let missing = expected.first(where: { values[$0] == nil }) {
                throw error(
                    .missingField, "the \(missing) field is missing", at: path.isEmpty ? missing : path + "." + missing)
            }
            return values
        }
        let notebook = try entries(value, expected: ["title", "pages"], path: "")
        guard case .string(let title) = notebook["title"] else {
            throw error(.badField, "the title must be a string", at: "title")
        }
        guard case .array(let elements) = notebook["pages"] else {
            throw error(.badField, "pages must be an array", at: "pages")
        }
        var pages: [Page] = []
        for (index, element) in elements.enumerated() {
            let path = "pages[\(index)]"
            let page = try entries(element, expected: ["text", "created", "modified"], path: path)
            guard case .string(let text) = page["text"] else {
                throw error(.badField, "a page's text must be a string", at: path + ".text")
            }
            func date(_ key: String) throws -> Date {
                guard case .date(let seconds) = page[key] else {
                    throw error(.badField, "a page's \(key) must be a date", at: path + "." + key)
                }
                guard seconds.isFinite else {
                    throw error(.badDate, "a page's \(key) date is not a finite time", at: path + "." + key)
                }
                return Date(timeIntervalSinceReferenceDate: seconds)
            }
            pages.append(Page(text: text, created: try date("created"), modified: try date("modified")))
        }
        return NotebookV1(title: title, pages: pages, storage: .propertyList(format: format))
    }

    static func error(_ code: NotebookV1ErrorCode, _ message: String, at path: String) -> CodecError {
        CodecError(code: .notebookV1(code), message: message, location: .keyPath(path))
    }
}
