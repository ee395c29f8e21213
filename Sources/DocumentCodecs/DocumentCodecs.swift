// A codec author imports DocumentCodecs alone and finds FileWrapper, UTType and the document protocols.
@_exported import DocumentModels
