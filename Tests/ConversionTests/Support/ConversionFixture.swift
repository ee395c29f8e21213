import Conversion
import ConversionTestCodecs
import DocumentCodecs
import DocumentPlatform
import Formats
import Foundation
import SystemSeam
import TestSupport

/// A temporary folder with an `in` tree and an `out` folder, and helpers that reach files by their name bytes.
final class ConversionFixture {
    let directory: TemporaryDirectory
    let input: ItemPath
    let output: ItemPath

    init(_ label: String) throws {
        directory = try TemporaryDirectory(label)
        input = ItemPath(directory.url.path).appending(Array("in".utf8))
        output = ItemPath(directory.url.path).appending(Array("out".utf8))
        try ByteNamedFiles.makeFolders(input.bytes)
    }

    /// Writes a file below `in` (creating folders), by relative path bytes.
    @discardableResult
    func write(_ relative: [UInt8], _ contents: String, in root: ItemPath? = nil) throws -> ItemPath {
        try write(relative, data: Data(contents.utf8), in: root)
    }

    @discardableResult
    func write(_ relative: [UInt8], data: Data, in root: ItemPath? = nil) throws -> ItemPath {
        let path = (root ?? input).appending(relative)
        try ByteNamedFiles.makeFolders(path.parent.bytes)
        try? ByteNamedFiles.removeTree(path.bytes)
        try ByteNamedFiles.createFile(path.bytes, contents: data, permissions: 0o644)
        return path
    }

    @discardableResult
    func write(_ relative: String, data: Data) throws -> ItemPath {
        try write(Array(relative.utf8), data: data)
    }

    @discardableResult
    func write(_ relative: String, _ contents: String) throws -> ItemPath {
        try write(Array(relative.utf8), contents)
    }

    /// Writes a notebook package below `in`.
    @discardableResult
    func writeNotebook(_ relative: String, title: String, pages: [String]) throws -> ItemPath {
        let notebook = Notebook(title: title, pages: pages.map { Notebook.Page(text: $0) })
        let wrapper = try NotebookCodec().encode(notebook, previous: nil, contentType: NotebookCodec.contentType)
        let path = input.appending(Array(relative.utf8))
        try ByteNamedFiles.makeFolders(path.parent.bytes)
        try wrapper.write(to: URL(fileURLWithPath: path.description), options: [], originalContentsURL: nil)
        return path
    }

    func contents(_ path: ItemPath) -> String? {
        (try? ByteNamedFiles.contents(path.bytes).data).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Relative path → (kind, bytes, permissions, modification time) of every item below `root`, skipping the journal.
    static func tree(_ root: ItemPath) throws -> [ItemPath: String] {
        var result: [ItemPath: String] = [:]
        var folders: [(ItemPath, ItemPath)] = [(root, ItemPath(bytes: []))]
        while let (folder, relative) = folders.popLast() {
            for name in try ByteNamedFiles.names(inFolder: folder.bytes)
            where !name.starts(with: Array(".docmigrate-journal".utf8)) {
                let path = folder.appending(name)
                let relativePath = relative.appending(name)
                guard let status = try ByteNamedFiles.status(path.bytes) else { continue }
                let metadata =
                    "mode \(String(status.permissions, radix: 8)) mtime \(status.modificationSeconds).\(status.modificationNanoseconds)"
                if status.kind == .directory {
                    // A folder of the output tree is the job's own (made when its first item is written): no metadata.
                    result[relativePath] = "folder"
                    folders.append((path, relativePath))
                } else if status.kind == .regular {
                    let data = try ByteNamedFiles.contents(path.bytes).data
                    result[relativePath] = "file \(data.base64EncodedString()) " + metadata
                } else {
                    result[relativePath] = "other"
                }
            }
        }
        return result
    }

    /// A job from `in` to `out` converting to `target` with the test registry, in process.
    func job(to target: String, paths: [ItemPath]? = nil) throws -> ConversionJob {
        let registry = CodecRegistry.conversionTests
        var job = ConversionJob(
            registry: registry, target: try ConversionTarget(target, registry: registry),
            plan: ConversionPlan(source: .paths(paths ?? [input]), registry: registry), outputFolder: output)
        job.jobs = 2
        return job
    }
}

/// The paths whose entries differ between two trees, for a short failure message.
func differingPaths(_ left: [ItemPath: String], _ right: [ItemPath: String]) -> [ItemPath] {
    Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }.sorted()
}

extension ConversionReport {
    /// The item whose input ends with `suffix`.
    func item(endingWith suffix: String) -> Item? {
        items.first { $0.input.bytes.reversed().starts(with: Array(suffix.utf8).reversed()) }
    }
}
