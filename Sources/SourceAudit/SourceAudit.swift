// The source audit reads Swift files as text, with its own tokenizer: the machines that run it have
// no Swift syntax library, and the audit only needs declarations, member bodies and a few patterns.
@_exported import DocumentPlatform
