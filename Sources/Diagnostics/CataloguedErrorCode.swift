/// A domain's catalogue of stable error codes: an enum whose raw values are the dotted codes.
///
/// The raw values are a public contract (printed in reports and matched by users' scripts), so a case
/// may be added or its summary improved, but its raw value never changes. Every catalogue is listed in
/// `Documentation/error-codes.md`, which a test renders from the catalogues and compares.
package protocol CataloguedErrorCode: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// What the code means and what the user can do about it, in one sentence.
    var summary: String { get }
}
