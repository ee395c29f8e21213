import Foundation

/// Why the audit could not read its input.
public struct SourceAuditError: LocatedError, Sendable {
    public let file: String?
    public let location: ErrorLocation? = nil
    public let code: String
    public let message: String

    init(file: String?, code: SourceAuditErrorCode, message: String) {
        self.file = file
        self.code = code.rawValue
        self.message = message
    }
}

extension SourceFile {
    /// The Swift files at `paths`: each file as given, and every `.swift` file under each folder, in
    /// byte-wise path order; hidden folders, `.build` and `Packages` are skipped and links are not followed.
    public static func load(paths: [String]) throws -> [SourceFile] {
        var files: [SourceFile] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw SourceAuditError(file: path, code: .missing, message: "there is no file or folder here")
            }
            let found = isFolder.boolValue ? try swiftFiles(under: path) : [path]
            for file in found {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw SourceAuditError(file: file, code: .unreadable, message: "the file could not be read")
                }
                // Swift sources are UTF-8; a stray invalid byte is replaced rather than hiding the whole file.
                files.append(SourceFile(path: file, source: String(decoding: data, as: UTF8.self)))
            }
        }
        return files
    }

    static func swiftFiles(under folder: String) throws -> [String] {
        var result: [String] = []
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted {
            $0.utf8.lexicographicallyPrecedes($1.utf8)
        }
        for name in names where !name.hasPrefix(".") && name != "Packages" {
            let path = (folder as NSString).appendingPathComponent(name)
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let type = attributes?[.type] as? FileAttributeType
            if type == .typeDirectory {
                result += try swiftFiles(under: path)
            } else if type == .typeRegular && name.hasSuffix(".swift") {
                result.append(path)
            }
        }
        return result
    }
}
