// A tool that uses the built-in codecs imports Formats alone and finds the codec layer beneath it.
@_exported import DocumentCodecs
