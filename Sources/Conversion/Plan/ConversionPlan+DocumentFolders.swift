import DocumentCodecs
import DocumentPlatform
import Foundation

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

        private var known: [Evidence: Bool] = [:]

        /// The member whose presence makes a folder RTFD (see `ContentTypeDetector.sniffFolder(at:)`).
        static let marker = Array("TXT.rtf".utf8)

        /// Whether the folder at `path` (which the walk found to be a folder) is one document.
        mutating func isDocumentFolder(_ path: ItemPath, registry: CodecRegistry) -> Bool {
            guard let url = path.fileURL else { return false }
            let markerStatus = (try? ByteNamedFiles.statusFollowingLinks(path.appending(Self.marker).bytes)) ?? nil
            let evidence = Evidence(filenameExtension: url.pathExtension, holdsMarker: markerStatus.map { $0.kind != .directory } ?? false)
            if let answer = known[evidence] { return answer }
            let sniffed = evidence.holdsMarker ? ContentTypeDetector.Sniffed(contentType: .rtfd, isSignature: true) : nil
            let detection = ContentTypeDetector(codecs: registry, order: .contentFirst)
                .detect(filenameExtension: evidence.filenameExtension, isFolder: true, sniffed: sniffed)
            let answer = ConversionPlan.isDocumentFolder(detection)
            known[evidence] = answer
            return answer
        }
    }
}
