import DocumentPlatform
import Foundation

extension TestHelperModes {
    /// Modes that exercise FileWrapper from a second process.
    static let fileWrapper: [String: Mode] = [
        "read-package-loop": readPackageLoop
    ]

    /// `read-package-loop PACKAGE SECONDS`: reads PACKAGE with `.immediate` again and again for SECONDS.
    ///
    /// Every member of the package holds the same generation text, so a read that returns members of
    /// different generations saw a mix. Prints `reads=N mixes=M failures=F generations=G` and exits 0.
    static let readPackageLoop: Mode = { arguments in
        guard arguments.count == 2, let seconds = Double(arguments[1]) else {
            throw HelperUsageError(text: "read-package-loop PACKAGE SECONDS")
        }
        let url = URL(fileURLWithPath: arguments[0])
        let deadline = Date().addingTimeInterval(seconds)
        var reads = 0, mixes = 0, failures = 0
        var generations = Set<String>()
        var lastFailure = ""
        while Date() < deadline {
            do {
                let wrapper = try FileWrapper(url: url, options: .immediate)
                let texts = Set(
                    (wrapper.fileWrappers ?? [:]).values.compactMap { child in
                        child.regularFileContents.map { String(decoding: $0, as: UTF8.self) }
                    })
                reads += 1
                if texts.count != 1 { mixes += 1 }
                generations.formUnion(texts)
            } catch {
                failures += 1
                lastFailure = "\(error)"
            }
        }
        print("reads=\(reads) mixes=\(mixes) failures=\(failures) generations=\(generations.count)")
        if failures > 0 { print("last failure: \(lastFailure)") }
        return 0
    }

    struct HelperUsageError: Error, CustomStringConvertible {
        var text: String
        var description: String { "usage: docmigrate-test-helper " + text }
    }
}
