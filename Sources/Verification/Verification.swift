// The verifier works on codecs, documents and comparisons; its users import Verification alone.
@_exported import Comparison
@_exported import DocumentCodecs
