/// The exact texts `docmigrate` must print, shared by the in-process and the binary tests.
enum ExpectedText {
    static let docmigrateHelp = """
        OVERVIEW: Carry document formats safely from SwiftUI's legacy document models to
        the Document API.

        USAGE: docmigrate <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          verify                  Check golden documents through every route and the
                                  compatibility matrix.
          review                  Review pending outputs: accept, reject or skip each.
          accept                  Replace goldens with their pending outputs.
          reject                  Discard pending outputs; goldens stay as they are.
          diff                    Compare two files, packages or folders of documents
                                  and explain every difference.
          inspect                 Decode one document with its codec and print the
                                  snapshot as a stable tree.
          anonymize               Rewrite a document into a case whose text is filler.
          convert                 Convert a corpus of documents to one content type,
                                  safely, in parallel and resumably.
          merge-reports           Merge the JSON reports of a sharded conversion into
                                  one report.
          audit                   Check Swift sources for document types and the traps
                                  of migrating them.
          lint-plist              Check an Info.plist's type declarations and document
                                  types for the mistakes that break document apps.
          types                   Look up content types: an identifier, conformance, an
                                  extension or a MIME type.
          help                    Show subcommand help information.

          See 'docmigrate help <subcommand>' for detailed help.

        """

    static let helpVerbHelp = """
        OVERVIEW: Show subcommand help information.

        USAGE: docmigrate help [<subcommand>]

        ARGUMENTS:
          <subcommand>            The subcommand to show help for.

        OPTIONS:
          -h, --help              Show help information.


        """

    static let unknownVerbHlep = """
        Error: Unknown subcommand 'hlep'. Did you mean 'help'?
        Usage: docmigrate <subcommand>
        See 'docmigrate --help'.

        """

    static let unknownOptionOfHelp = """
        Error: Unknown option '--fo'
        Usage: docmigrate help [<subcommand>]
        See 'docmigrate help --help'.

        """
}
