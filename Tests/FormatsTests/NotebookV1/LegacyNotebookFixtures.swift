import Foundation

/// A FileDocument-era app's notebook class, as NSCoding archives it (title, then pages).
///
/// Foundation on Linux ignores `setClassName(_:for:)` and cannot name nested classes, so it archives
/// this as `FormatsTests.LegacyNotebook`, a name ending in `Notebook` as notebook v1 expects.
final class LegacyNotebook: NSObject, NSCoding {
    let title: String
    let pages: [LegacyPage]

    init(title: String, pages: [LegacyPage]) {
        self.title = title
        self.pages = pages
    }

    func encode(with coder: NSCoder) {
        coder.encode(title as NSString, forKey: "title")
        coder.encode(pages as NSArray, forKey: "pages")
    }

    required init?(coder: NSCoder) {
        guard let title = coder.decodeObject(forKey: "title") as? String,
            let pages = coder.decodeObject(forKey: "pages") as? [LegacyPage]
        else { return nil }
        self.title = title
        self.pages = pages
    }
}

/// One page: text, created and modified dates.
final class LegacyPage: NSObject, NSCoding {
    let text: String
    let created: Date
    let modified: Date

    init(text: String, created: Date, modified: Date) {
        self.text = text
        self.created = created
        self.modified = modified
    }

    func encode(with coder: NSCoder) {
        coder.encode(text as NSString, forKey: "text")
        coder.encode(created as NSDate, forKey: "created")
        coder.encode(modified as NSDate, forKey: "modified")
    }

    required init?(coder: NSCoder) {
        guard let text = coder.decodeObject(forKey: "text") as? String,
            let created = coder.decodeObject(forKey: "created") as? Date,
            let modified = coder.decodeObject(forKey: "modified") as? Date
        else { return nil }
        self.text = text
        self.created = created
        self.modified = modified
    }
}
