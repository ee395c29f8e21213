import DocumentCodecs
import DocumentPlatform
import Foundation
import SystemSeam

extension ConversionPlan {
    /// Decides, for one walk, which folders are documents, each kind of folder once.
    ///
    /// Whether a folder is one document depends only on its filename extension and on whether it holds
    /// a `TXT.rtf` member (the evidence `ContentTypeDetector.detect(at:)` uses for a folder), and a walk
    /// meets thousands of folders with a handful of extensions: the detection and its type conformances
    /// are worked out once per pair, and each folder costs one stat of its marker. The answer is
    /// `ConversionPlan.isDocumentFolder(_:registry:)`'s for every folder.
    struct DocumentFolderCache {
        private struct Evidence: Hashable {
            var filenameExtension: String
            var holdsMarker: Bool
        }

        /// What `URL.pathExtension` reads from a folder's name: the bytes after its last dot, and where the dots are.
        ///
        /// The extension is a function of the last component alone, and of only these parts of it: a
        /// `URL` is made (and its extension read) once per shape rather than once per folder, which was
        /// most of the cache's cost on a walk that meets thousands of folders.
        private struct NameShape: Hashable {
            var afterLastDot: [UInt8]
            var hasDot: Bool
            var startsWithDot: Bool
            var startsWithTwoDots: Bool
            var lastDotStarts: Bool

            init(_ name: ArraySlice<UInt8>) {
                let lastDot = name.lastIndex(of: 0x2E)
                afterLastDot = lastDot.map { Array(name[($0 + 1)...]) } ?? Array(name)
                hasDot = lastDot != nil
                startsWithDot = name.first == 0x2E
                startsWithTwoDots = name.starts(with: [0x2E, 0x2E])
                lastDotStarts = lastDot == name.startIndex
            }
        }

        private var known: [Evidence: Bool] = [:]
        private var extensions: [NameShape: String] = [:]
        /// The most name shapes remembered: a walk meets a handful; past this, a folder costs a `URL` again.
        static let shapeLimit = 4_096

        /// The member whose presence makes a folder RTFD (see `ContentTypeDetector.sniffFolder(at:)`).
        static let marker = Array("TXT.rtf".utf8)

        /// Whether the folder at `path` (which the walk found to be a folder) is one document.
        mutating func isDocumentFolder(_ path: ItemPath, registry: CodecRegistry) -> Bool {
            // As `path.fileURL` is nil for a path that is not UTF-8.
            guard Self.isUTF8(path.bytes) else { return false }
            guard let filenameExtension = filenameExtension(of: path) else { return false }
            let markerStatus = (try? ByteNamedFiles.statusFollowingLinks(path.appending(Self.marker).bytes)) ?? nil
            let evidence = Evidence(
                filenameExtension: filenameExtension, holdsMarker: markerStatus.map { $0.kind != .directory } ?? false)
            if let answer = known[evidence] { return answer }
            let sniffed =
                evidence.holdsMarker ? ContentTypeDetector.Sniffed(contentType: .rtfd, isSignature: true) : nil
            let detection = ContentTypeDetector(codecs: registry, order: .contentFirst)
                .detect(filenameExtension: evidence.filenameExtension, isFolder: true, sniffed: sniffed)
            let answer = ConversionPlan.isDocumentFolder(detection)
            known[evidence] = answer
            return answer
        }

        /// `path.fileURL?.pathExtension`, made once per shape of the last component.
        ///
        /// A path whose last component is not a plain name (empty after a trailing slash, `.` or `..`,
        /// which a root named on the command line may be) is asked of a `URL` every time.
        private mutating func filenameExtension(of path: ItemPath) -> String? {
            let nameStart = path.bytes.lastIndex(of: 0x2F).map { $0 + 1 } ?? 0
            let name = path.bytes[nameStart...]
            let isPlainName = !name.isEmpty && !name.elementsEqual([0x2E]) && !name.elementsEqual([0x2E, 0x2E])
            guard isPlainName else { return path.fileURL?.pathExtension }
            let shape = NameShape(name)
            if let known = extensions[shape] { return known }
            guard let url = path.fileURL else { return nil }
            let filenameExtension = url.pathExtension
            if extensions.count < Self.shapeLimit { extensions[shape] = filenameExtension }
            return filenameExtension
        }

        /// Whether `bytes` are valid UTF-8, checked without making a `String`.
        static func isUTF8(_ bytes: [UInt8]) -> Bool {
            var iterator = bytes.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid: continue
                case .emptyInput: return true
                case .error: return false
                }
            }
        }
    }
}
