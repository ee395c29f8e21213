import Foundation

/// A page of an app's notebook, as an NSCoding class of the FileDocument era would archive it.
final class ArchivedPage: NSObject, NSCoding {
    let text: String
    let created: Date
    let pageNumber: Int
    let pinned: Bool
    /// Archived unconditionally, so the archive holds a cycle through app classes, as many apps' do.
    weak var book: ArchivedBook?

    init(text: String, created: Date, pageNumber: Int, pinned: Bool) {
        self.text = text
        self.created = created
        self.pageNumber = pageNumber
        self.pinned = pinned
    }

    func encode(with coder: NSCoder) {
        coder.encode(text as NSString, forKey: "text")
        coder.encode(created as NSDate, forKey: "created")
        coder.encode(book, forKey: "book")
        coder.encode(pageNumber, forKey: "pageNumber")
        coder.encode(pinned, forKey: "pinned")
    }

    required init?(coder: NSCoder) { nil }
}

/// The book that owns `ArchivedPage`s.
final class ArchivedBook: NSObject, NSCoding {
    let title: String
    var pages: [ArchivedPage] = []

    init(title: String) { self.title = title }

    func encode(with coder: NSCoder) {
        coder.encode(title as NSString, forKey: "title")
        coder.encode(pages as NSArray, forKey: "pages")
    }

    required init?(coder: NSCoder) { nil }
}
