import DocumentModels
import Synchronization
import Testing

@MainActor
@Suite struct DocumentCreationTests {
    @Test func sourcesAreEqualByIdentifier() {
        #expect(DocumentCreationSource(id: "a") == DocumentCreationSource(id: "a"))
        #expect(DocumentCreationSource(id: "a") != DocumentCreationSource(id: "b"))
        #expect(Set([DocumentCreationSource(id: "a"), DocumentCreationSource(id: "a")]).count == 1)
    }

    @Test func contextDescribesItsSource() {
        #expect(
            DocumentCreationContext(creationSource: .template).description
                == "DocumentCreationContext(creationSource: \"document-from-template\")")
        #expect(DocumentCreationContext().creationSource == nil)
    }

    @Test func makeFileCoordinatorReturnsANewCoordinatorEachTime() {
        let configuration = URLDocumentConfiguration()
        let first = configuration.makeFileCoordinator()
        let second = configuration.makeFileCoordinator()
        #expect(first !== second)
    }

    @Test func configurationIsObservable() async {
        let configuration = URLDocumentConfiguration()
        let changed = Mutex(false)
        withObservationTracking {
            _ = configuration.fileURL
        } onChange: {
            changed.withLock { $0 = true }
        }
        configuration.fileURL = URL(fileURLWithPath: "/tmp/x.txt")
        #expect(changed.withLock { $0 })
    }
}
