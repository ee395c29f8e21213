/// A snapshot the host keeps after handing it over, so it can pass it again as `previous`.
///
/// SwiftUI hands a writer the last written snapshot and `apply` the last applied one, both as
/// `sending` parameters, although it kept them after the previous operation; region checking
/// cannot prove that safe, because it does not know the host's rule. The rule: the host runs one
/// operation per document at a time, so a snapshot is used by one reader, writer or `apply` call
/// at a time, and the host itself never reads or changes it in between. That makes the unchecked
/// conformance and the `sending` result of `take()` safe.
struct UncheckedTransfer<Value>: @unchecked Sendable {
    private let value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// The kept value, to be passed on as a `sending` argument.
    func take() -> sending Value {
        nonisolated(unsafe) let handedOver = value
        return handedOver
    }

    /// The kept value as `Value?` of another type, or nil when it is not one (a reader's snapshot
    /// type may differ from the writer's).
    func cast<Other>(to type: Other.Type) -> UncheckedTransfer<Other>? {
        (value as? Other).map { UncheckedTransfer<Other>($0) }
    }
}

/// One operation at a time per document, in the order they were asked for.
///
/// The host's methods are main-actor isolated but suspend while a reader or writer runs; a second
/// save that started meanwhile must wait, or it would hand the writer a `previous` snapshot that
/// the first save is still writing.
@MainActor
final class OperationLock {
    private var isHeld = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        if !isHeld {
            isHeld = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            isHeld = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
