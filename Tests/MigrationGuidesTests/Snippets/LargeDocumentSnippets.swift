// swift-format-ignore-file
// The snippet regions are the guides' text, laid out for a reader of the guide; the formatter leaves them alone.
// The code of MigrationGuides/09-large-documents.md. Each `// snippet:` region is copied verbatim into
// the guide (GuideSnippetTests checks it), and the tests below run it.
import DocMigrateCommands
import DocumentCodecs
import Foundation
import TestSupport
import Testing

// snippet: album-model
extension UTType {
    static let album = UTType(exportedAs: "com.example.album", conformingTo: .package)
}

/// One photo: its file name in the package and its bytes.
struct Photo: Equatable, Sendable {
    var name: String
    var data: Data
}

/// What the album holds: a title and its photos, in order.
struct Album: Equatable, Sendable {
    var title: String
    var photos: [Photo]
}
// end snippet

// snippet: album-codec
/// `Title.album/` holds `album.json` (the title and the photo order) and `photos/<name>`.
struct AlbumCodec: DocumentCodec {
    static let identifier = "album"
    static var readableContentTypes: [UTType] { [.album] }

    struct Index: Codable {
        var title: String
        var order: [String]
    }

    func decode(_ file: FileWrapper, contentType: UTType) throws -> Album {
        guard file.isDirectory, let members = file.fileWrappers,
              let indexData = members["album.json"]?.regularFileContents,
              let index = try? JSONDecoder().decode(Index.self, from: indexData)
        else {
            throw CodecError(code: "album.no-index", message: "the package has no readable album.json", location: .member("album.json"))
        }
        let files = members["photos"]?.fileWrappers ?? [:]
        let photos = try index.order.map { name in
            // Members load on demand: a photo removed since the package was listed is an error, not a gap.
            guard let data = files[name]?.regularFileContents else {
                throw CodecError(code: "album.photo-missing", message: "the photo is listed but cannot be read", location: .member("photos/" + name))
            }
            return Photo(name: name, data: data)
        }
        return Album(title: index.title, photos: photos)
    }

    func encode(_ album: Album, previous: FileWrapper?, contentType: UTType) throws -> FileWrapper {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let index = try encoder.encode(Index(title: album.title, order: album.photos.map(\.name)))
        let previousFolder = previous?.fileWrappers?["photos"]
        let previousPhotos = previousFolder?.fileWrappers ?? [:]
        let photos = FileWrapper(directoryWithFileWrappers: [:])
        // The folder is new, but it stands where the old one was: its filename lets the save find
        // the originals of the reused photos and hard-link them instead of copying.
        photos.filename = previousFolder?.filename
        for photo in album.photos {
            // Reuse the wrapper of an unchanged photo, so the save does not write it again.
            if let old = previousPhotos[photo.name], old.regularFileContents == photo.data {
                photos.addFileWrapper(old)
            } else {
                photos.addRegularFile(withContents: photo.data, preferredFilename: photo.name)
            }
        }
        return FileWrapper(directoryWithFileWrappers: [
            "album.json": FileWrapper(regularFileWithContents: index),
            "photos": photos,
        ])
    }
}
// end snippet

// snippet: album-document
@Observable
final class AlbumDocument: Document {
    static let readableContentTypes: [UTType] = [.album]
    var album = Album(title: "Untitled", photos: [])

    func reader(configuration: sending ReadConfiguration) -> sending FileWrapperDocumentReader<Album> {
        let contentType = configuration.contentType
        return FileWrapperDocumentReader(configuration) { file in
            try AlbumCodec().decode(file, contentType: contentType)
        }
    }

    @MainActor
    func apply(snapshot: sending Album, previous: sending Album?) async throws {
        album = snapshot
    }

    func writer(configuration: sending WriteConfiguration) -> sending FileWrapperDocumentWriter<Album> {
        let contentType = configuration.contentType
        return FileWrapperDocumentWriter(configuration) { album, previous in
            try AlbumCodec().encode(album, previous: previous, contentType: contentType)
        }
    }

    @MainActor
    func snapshot(contentType: UTType) async throws -> sending Album {
        album
    }

    @MainActor
    func replacePhoto(at index: Int, with data: Data, undoManager: UndoManager) {
        let old = album.photos[index].data
        album.photos[index].data = data
        undoManager.registerUndo(withTarget: self) { document in
            document.replacePhoto(at: index, with: old, undoManager: undoManager)
        }
    }
}
// end snippet

// snippet: album-reader
/// Reads an album straight from its URL, reporting one unit of progress per photo.
struct AlbumReader: DocumentReader {
    @concurrent
    func read(from source: URL, progress: consuming Subprogress) async throws -> sending Album {
        let indexData = try Data(contentsOf: source.appendingPathComponent("album.json"))
        let index = try JSONDecoder().decode(AlbumCodec.Index.self, from: indexData)
        let manager = progress.start(totalCount: max(1, index.order.count))
        var photos: [Photo] = []
        for name in index.order {
            try Task.checkCancellation()
            let data = try Data(contentsOf: source.appendingPathComponent("photos").appendingPathComponent(name))
            photos.append(Photo(name: name, data: data))
            manager.complete(count: 1)
        }
        return Album(title: index.title, photos: photos)
    }
}
// end snippet

@MainActor
@Suite struct LargeDocumentSnippets {
    static func makeAlbum(photos count: Int) -> Album {
        Album(title: "Summer", photos: (0..<count).map { Photo(name: "IMG_\(1000 + $0).raw", data: Data(repeating: UInt8($0 % 251), count: 2048)) })
    }

    /// The inode of every regular file under `url`, by relative path.
    static func inodes(under url: URL) throws -> [String: UInt64] {
        var result: [String: UInt64] = [:]
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        while let path = enumerator?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(path).path)
            if attributes[.type] as? FileAttributeType == .typeRegular {
                result[path] = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
            }
        }
        return result
    }

    @Test func changingOnePhotoOfTwoHundredWritesOnePhoto() async throws {
        let folder = try TemporaryDirectory("guide-album")
        let url = folder.appending("Summer.album")
        try AlbumCodec().encode(Self.makeAlbum(photos: 200), previous: nil, contentType: .album)
            .write(to: url, options: .atomic, originalContentsURL: nil)
        let before = try Self.inodes(under: url)

        // snippet: album-incremental-save
        let host = DocumentHost { _, _ in AlbumDocument() }
        let document = try await host.open(url, contentType: .album)
        document.replacePhoto(at: 7, with: Data("retouched".utf8), undoManager: host.undoManager)
        try await host.save()
        // end snippet

        let after = try Self.inodes(under: url)
        let rewritten = after.keys.filter { after[$0] != before[$0] }.sorted()
        // The changed photo and the small index are new files; the other 199 photos are the same files, linked.
        #expect(rewritten == ["album.json", "photos/IMG_1007.raw"])
        let reopened = try AlbumCodec().decode(FileWrapper(url: url, options: .immediate), contentType: .album)
        #expect(reopened.photos[7].data == Data("retouched".utf8))
        #expect(reopened.photos.count == 200)
    }

    @Test func theReaderReportsOneUnitPerPhoto() async throws {
        let folder = try TemporaryDirectory("guide-album-progress")
        let url = folder.appending("Summer.album")
        try AlbumCodec().encode(Self.makeAlbum(photos: 12), previous: nil, contentType: .album)
            .write(to: url, options: .atomic, originalContentsURL: nil)
        // snippet: album-progress
        let overall = ProgressManager(totalCount: 1)
        let album = try await AlbumReader().read(from: url, progress: overall.subprogress(assigningCount: 1))
        #expect(overall.fractionCompleted == 1)
        // end snippet
        #expect(album == Self.makeAlbum(photos: 12))
    }

    @Test func aMissingPhotoIsAnErrorNamingTheMember() throws {
        let folder = try TemporaryDirectory("guide-album-missing")
        let url = folder.appending("Summer.album")
        try AlbumCodec().encode(Self.makeAlbum(photos: 3), previous: nil, contentType: .album)
            .write(to: url, options: .atomic, originalContentsURL: nil)
        let lazy = try FileWrapper(url: url)
        _ = lazy.fileWrappers?["photos"]?.fileWrappers
        try FileManager.default.removeItem(at: url.appendingPathComponent("photos/IMG_1001.raw"))
        let error = #expect(throws: CodecError.self) { try AlbumCodec().decode(lazy, contentType: .album) }
        #expect(error?.code == "album.photo-missing")
        #expect(error?.location == .member("photos/IMG_1001.raw"))
    }

    @Test func anExportOutsideTheWriterIsCoordinated() async throws {
        let folder = try TemporaryDirectory("guide-album-export")
        let url = folder.appending("Summer.album")
        try AlbumCodec().encode(Self.makeAlbum(photos: 2), previous: nil, contentType: .album)
            .write(to: url, options: .atomic, originalContentsURL: nil)
        let host = DocumentHost { _, _ in AlbumDocument() }
        _ = try await host.open(url, contentType: .album)
        let destination = folder.appending("IMG_1001.raw")
        // snippet: album-coordinated-export
        let coordinator = host.configuration.makeFileCoordinator()
        let photo = try coordinator.coordinateReading(at: url.appendingPathComponent("photos/IMG_1001.raw")) { photoURL in
            try Data(contentsOf: photoURL)
        }
        try photo.write(to: destination)
        // end snippet
        #expect(try Data(contentsOf: destination) == Self.makeAlbum(photos: 2).photos[1].data)
    }
}
