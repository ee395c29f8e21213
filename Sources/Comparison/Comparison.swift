// The comparators take and return FileWrapper, UTType, AnyDocumentCodec and LocatedError values, and
// their rules name the formats' own comparisons (JSON variations, CSV dialects and key columns), so a
// caller that imports Comparison alone finds them.
@_exported import Formats
