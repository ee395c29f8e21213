import Foundation

/// Hand-written documents in the shapes Cocoa writes (see GoldenFiles/rtf/README.md for the header shapes).
enum RTFDSamples {
    /// A TextEdit RTFD's `TXT.rtf`: two attachments, one whose name has spaces, placeholders as raw 0xAC bytes.
    static let text: Data = {
        var bytes = [UInt8](
            """
            {\\rtf1\\ansi\\ansicpg1252\\cocoartf2822
            \\cocoatextscaling0\\cocoaplatform0{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;\\f1\\fswiss\\fcharset0 Helvetica-Bold;}
            {\\colortbl;\\red255\\green255\\blue255;}
            {\\*\\expandedcolortbl;;}
            \\paperw11900\\paperh16840\\margl1440\\margr1440\\vieww11520\\viewh8400\\viewkind0
            \\pard\\tx566\\tx1133\\tx1700\\tx2267\\tx2834\\tx3401\\tx3968\\tx4535\\tx5102\\tx5669\\tx6236\\tx6803\\pardirnatural\\partightenfactor0

            \\f0\\fs24 \\cf0 Trip photos:\\
            {{\\NeXTGraphic Pasted Graphic 1.png \\width1280 \\height960 \\appleattachmentpadding0 \\appleembedtype0 \\appleaqc
            }
            """.utf8)
        bytes += [0xAC]
        bytes += [UInt8](
            """
            }\\

            \\f1\\b Map
            \\f0\\b0  {{\\NeXTGraphic map.pdf \\width400 \\height300 \\appleattachmentpadding0 \\appleembedtype0 \\appleaqc
            }
            """.utf8)
        bytes += [0xAC]
        bytes += [UInt8]("}}".utf8)
        return Data(bytes)
    }()

    static let photo = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0xFF, 0x00, 0x7B, 0x7D])
    static let map = Data("%PDF-1.4\n%\u{E2}\u{E3}\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n".utf8)

    static var members: [String: Data] {
        ["TXT.rtf": text, "Pasted Graphic 1.png": photo, "map.pdf": map]
    }
}
