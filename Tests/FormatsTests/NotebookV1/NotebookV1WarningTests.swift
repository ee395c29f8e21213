import DocumentCodecs
import Formats
import Foundation
import Testing

@Suite struct NotebookV1WarningTests {
    @Test func droppedDatesAreAWarningTheRegistryCarries() throws {
        let page = NotebookV1.Page(
            text: "Day one", created: Date(timeIntervalSinceReferenceDate: 0),
            modified: Date(timeIntervalSinceReferenceDate: 60))
        let notebook = NotebookV1(title: "Trip", pages: [page, page])
        let converted = try NotebookV1ToNotebook().convert(notebook)
        #expect(
            NotebookV1ToNotebook().warnings(converting: notebook, into: converted).map(\.description) == [
                "pages: the 2 pages' created and modified dates are not carried: the notebook package has no place for them [notebook-v1.conversion.dates-dropped]"
            ])
        #expect(
            NotebookV1ToNotebook().warnings(
                converting: NotebookV1(title: "Empty", pages: []), into: Notebook(title: "Empty")
            ).isEmpty)
        // Through the registry's type-erased conversion, as the verifier and the converter call it.
        let erased = try #require(CodecRegistry.builtIn.conversion(from: "notebook-v1", to: "notebook"))
        let source = AnySnapshot(notebook, codecIdentifier: "notebook-v1")
        let target = try erased.convert(source)
        #expect(
            erased.warnings(converting: source, into: target).map(\.code) == ["notebook-v1.conversion.dates-dropped"])
        // A conversion that reports nothing has no warnings.
        let plain = try #require(CodecRegistry.builtIn.conversion(from: "notebook", to: "plain-text"))
        #expect(plain.warnings(converting: target, into: try plain.convert(target)).isEmpty)
    }
}
