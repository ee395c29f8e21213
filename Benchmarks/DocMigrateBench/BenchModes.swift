/// The benchmark modes by name; each family adds its own in `BenchModes+<Family>.swift`.
enum BenchModes {
    typealias Mode = ([String]) throws -> Void

    static var all: [String: Mode] {
        propertyListModes.merging(textModes) { first, _ in first }.merging(notebookModes) { first, _ in first }
            .merging(hashingModes) { first, _ in first }
    }
}
