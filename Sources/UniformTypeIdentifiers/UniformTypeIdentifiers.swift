// Placeholder replaced by the UTType work (issue 3): re-exports DocumentPlatform's UTType on Linux.
@_exported import DocumentPlatform
