import DocumentPlatform

// Modes for DocumentHost tests: another application changing a document's file on disk.
extension TestHelperModes {
    static let documentHost: [String: Mode] = [
        "document-coordinated-write": { arguments in try DocumentHostModes.coordinatedWrite(arguments) }
    ]
}

enum DocumentHostModes {
    /// `document-coordinated-write PATH TEXT`: replaces the file at PATH with TEXT inside a coordinated write.
    static func coordinatedWrite(_ arguments: [String]) throws -> Int32 {
        guard arguments.count == 2 else {
            printError("usage: document-coordinated-write PATH TEXT")
            return 64
        }
        let url = URL(fileURLWithPath: arguments[0])
        try NSFileCoordinator(filePresenter: nil).coordinateWriting(at: url) { claimed in
            try Data(arguments[1].utf8).write(to: claimed, options: .atomic)
        }
        return 0
    }
}
