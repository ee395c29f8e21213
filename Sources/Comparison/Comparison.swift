// The comparators take and return FileWrapper, UTType, AnyDocumentCodec and LocatedError values, so a
// caller that imports Comparison alone finds them.
@_exported import DocumentCodecs
