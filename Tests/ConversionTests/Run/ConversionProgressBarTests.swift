import Synchronization
import Testing

@testable import Conversion

@Suite struct ConversionProgressBarTests {
    @Test func drawsItemsBytesRateAndTheEnd() {
        let frames = Mutex<[String]>([])
        let bar = ConversionProgressBar(totalCount: 4) { text in frames.withLock { $0.append(text) } }
        bar.receive(.itemFinished(input: ItemPath("a"), status: .converted, done: 1, bytes: 1000))
        bar.receive(.itemFinished(input: ItemPath("b"), status: .converted, done: 2, bytes: 2500))
        let line = bar.line(now: .now)
        #expect(line.hasPrefix("[############            ] 2/4 items, 2.5 KB, "))
        #expect(line.contains("/s, ETA "))
        var totals = ConversionReport.Totals()
        totals.items = 2
        bar.receive(.finished(totals))
        let last = frames.withLock { $0.last }
        #expect(last?.hasPrefix("\r[") == true)
        #expect(last?.hasSuffix("\n") == true)
        #expect(ConversionProgressBar.bytesText(999) == "999 B")
        #expect(ConversionProgressBar.bytesText(1_234_567) == "1.2 MB")
    }
}
