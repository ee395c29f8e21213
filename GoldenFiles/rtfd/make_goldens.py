#!/usr/bin/env python3
"""Writes the RTF and RTFD golden inputs and the hand-written expected outputs.

Independent of docmigrate: the RTF sources are hand-written in the shapes Cocoa writes, 8-bit
text is encoded with Python's own `cp1252`/`mac_roman` codecs, the PNG is built with `zlib`, and
the flat-RTFD containers are laid out with `struct` from the reference's description of the format
(`FileWrapper.serializedRepresentation`). Expected conversion outputs are literal strings below,
written by hand and reviewed; the script only asserts facts about them (for example that the
8-bit bytes decode to the characters the expected text shows).

Run from the repository root: python3 GoldenFiles/rtfd/make_goldens.py
"""
import os
import shutil
import struct
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
RTF = os.path.join(ROOT, "rtf")
RTFD = os.path.join(ROOT, "rtfd")


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(path, "wb") as handle:
        handle.write(data)


def folder(path, members):
    if os.path.exists(path):
        shutil.rmtree(path)
    for name, data in members.items():
        write(os.path.join(path, name), data)


def rtf(text, encoding="cp1252"):
    """Hand-written RTF: ASCII source; '\\x..' placeholders stand for raw 8-bit bytes of `encoding`."""
    return text.encode("latin-1")


# ---------------------------------------------------------------- RTF corpus

TEXTEDIT = r"""{\rtf1\ansi\ansicpg1252\cocoartf2822
\cocoatextscaling0\cocoaplatform0{\fonttbl\f0\fswiss\fcharset0 Helvetica;\f1\fswiss\fcharset0 Helvetica-Bold;\f2\fswiss\fcharset0 Helvetica-Oblique;
\f3\fswiss\fcharset0 Helvetica-BoldOblique;}
{\colortbl;\red255\green255\blue255;\red0\green0\blue233;}
{\*\expandedcolortbl;;\cssrgb\c0\c0\c93333;}
{\*\listtable{\list\listtemplateid1\listhybrid{\listlevel\levelnfc23\levelnfcn23\leveljc0\leveljcn0\levelfollow0\levelstartat1\levelspace360\levelindent0{\*\levelmarker \{disc\}}{\leveltext\leveltemplateid1\'01\uc0\u8226 ;}{\levelnumbers;}\fi-360\li720\lin720 }{\listlevel\levelnfc23\levelnfcn23\leveljc0\leveljcn0\levelfollow0\levelstartat1\levelspace360\levelindent0{\*\levelmarker \{hyphen\}}{\leveltext\leveltemplateid2\'01\uc0\u8259 ;}{\levelnumbers;}\fi-360\li1440\lin1440 }{\listname ;}\listid1}
{\list\listtemplateid2\listhybrid{\listlevel\levelnfc0\levelnfcn0\leveljc0\leveljcn0\levelfollow0\levelstartat1\levelspace360\levelindent0{\*\levelmarker \{decimal\}.}{\leveltext\leveltemplateid101\'02\'00.;}{\levelnumbers\'01;}\fi-360\li720\lin720 }{\listname ;}\listid2}}
{\*\listoverridetable{\listoverride\listid1\listoverridecount0\ls1}{\listoverride\listid2\listoverridecount0\ls2}}
\paperw11900\paperh16840\margl1440\margr1440\vieww11520\viewh8400\viewkind0
\pard\tx566\tx1133\tx1700\tx2267\tx2834\tx3401\tx3968\tx4535\tx5102\tx5669\tx6236\tx6803\pardirnatural\partightenfactor0

\f1\b\fs36 \cf0 Trip notes
\f0\b0\fs24 \
\
We leave on 
\f1\b Friday
\f0\b0  at 8:00 \'96 bring the 
\f2\i good
\f0\i0  boots and 
\f3\i\b both
\f0\i0\b0 . Caf\'e9 stop at km 12*.\
Booking: {\field{\*\fldinst{HYPERLINK "https://example.com/booking?id=42&lang=en"}}{\fldrslt \cf2 \ul \ulc2 example.com/booking}}.\
\
\pard\tx220\tx720\tx1133\tx1700\tx2267\tx2834\tx3401\tx3968\tx4535\tx5102\tx5669\tx6236\tx6803\li720\fi-720\pardirnatural\partightenfactor0
\ls1\ilvl0\cf0 {\listtext	\uc0\u8226 	}Tent\
{\listtext	\uc0\u8226 	}Stove \'97 check the 
\f1\b gas
\f0\b0 \
\pard\tx940\tx1440\tx1700\tx2267\tx2834\tx3401\tx3968\tx4535\tx5102\tx5669\tx6236\tx6803\li1440\fi-1440\pardirnatural\partightenfactor0
\ls1\ilvl1\cf0 {\listtext	\uc0\u8259 	}spare cartridge\
\pard\tx220\tx720\tx1133\tx1700\tx2267\tx2834\tx3401\tx3968\tx4535\tx5102\tx5669\tx6236\tx6803\li720\fi-720\pardirnatural\partightenfactor0
\ls2\ilvl0\cf0 {\listtext	1.	}Pack\
{\listtext	2.	}Drive\
\pard\tx566\tx1133\tx1700\tx2267\tx2834\tx3401\tx3968\tx4535\tx5102\tx5669\tx6236\tx6803\pardirnatural\partightenfactor0
\cf0 \
See you there \uc0\u55357 \u56832 }"""

TEXTEDIT_TXT = (
    "Trip notes\n"
    "\n"
    "We leave on Friday at 8:00 \u2013 bring the good boots and both. Caf\u00e9 stop at km 12*.\n"
    "Booking: example.com/booking.\n"
    "\n"
    "\t\u2022\tTent\n"
    "\t\u2022\tStove \u2014 check the gas\n"
    "\t\u2043\tspare cartridge\n"
    "\t1.\tPack\n"
    "\t2.\tDrive\n"
    "\n"
    "See you there \U0001F600"
)

TEXTEDIT_MD = (
    "**Trip notes**\n"
    "\n"
    "We leave on **Friday** at 8:00 \u2013 bring the *good* boots and ***both***. Caf\u00e9 stop at km 12\\*.\n"
    "\n"
    "Booking: [example.com/booking](https://example.com/booking?id=42&lang=en).\n"
    "\n"
    "- Tent\n"
    "- Stove \u2014 check the **gas**\n"
    "    - spare cartridge\n"
    "1. Pack\n"
    "2. Drive\n"
    "\n"
    "See you there \U0001F600\n"
)

TIGER = r"""{\rtf1\mac\ansicpg10000\cocoartf824\cocoasubrtf480
{\fonttbl\f0\fswiss\fcharset77 Helvetica;\f1\fswiss\fcharset77 Helvetica-Bold;}
{\colortbl;\red255\green255\blue255;}
\margl1440\margr1440\vieww9000\viewh8400\viewkind0
\pard\tx720\tx1440\tx2160\tx2880\tx3600\tx4320\tx5040\tx5760\tx6480\tx7200\tx7920\tx8640\ql\qnatural\pardirnatural

\f0\fs24 \cf0 Na\'95ve caf\'8e \'d2quoted\'d3 \'d1 50 \'db\
\

\f1\b Bold
\f0\b0  and {\field{\*\fldinst{HYPERLINK "http://www.apple.com/"}}{\fldrslt http://www.apple.com/}}}"""

assert bytes([0x95, 0x8E, 0xD2, 0xD3, 0xD1, 0xDB]).decode("mac_roman") == "\u00ef\u00e9\u201c\u201d\u2014\u20ac"
assert bytes([0x96, 0x97, 0xE9]).decode("cp1252") == "\u2013\u2014\u00e9"

TIGER_TXT = "Na\u00efve caf\u00e9 \u201cquoted\u201d \u2014 50 \u20ac\n\nBold and http://www.apple.com/"
TIGER_MD = "Na\u00efve caf\u00e9 \u201cquoted\u201d \u2014 50 \u20ac\n\n**Bold** and [http://www.apple.com/](http://www.apple.com/)\n"

# pandoc test/rtf/unicode.rtf, the five lines its unicode.native covers (the later surrogate lines are
# tested in RTFReaderTests, where the unpaired one is refused).
PANDOC = "{\\rtf1\\ansi\n\\pard\n\\'93hi\\'94\n\\u8216\\'93hi\\u8217\\'94\n\\u-3913?\n\\u945a\n{\\uc2\\u228\\'E8a}\n\\par\n}\n"
PANDOC_TXT = "\u201chi\u201d\u2018hi\u2019\uf0b7\u03b1\u00e4\n"
PANDOC_MD = PANDOC_TXT

write(os.path.join(RTF, "cases", "TextEdit.rtf"), rtf(TEXTEDIT))
write(os.path.join(RTF, "cases", "Tiger Mac Roman.rtf"), rtf(TIGER))
write(os.path.join(RTF, "cases", "pandoc unicode.rtf"), rtf(PANDOC))
write(os.path.join(RTF, "expected", "TextEdit.txt"), TEXTEDIT_TXT)
write(os.path.join(RTF, "expected", "TextEdit.md"), TEXTEDIT_MD)
write(os.path.join(RTF, "expected", "Tiger Mac Roman.txt"), TIGER_TXT)
write(os.path.join(RTF, "expected", "Tiger Mac Roman.md"), TIGER_MD)
write(os.path.join(RTF, "expected", "pandoc unicode.txt"), PANDOC_TXT)
write(os.path.join(RTF, "expected", "pandoc unicode.md"), PANDOC_MD)

write(os.path.join(RTF, "cases", "bad", "Not RTF.rtf"), "Hello, this is plain text, not RTF.\n")
write(os.path.join(RTF, "cases", "bad", "Unbalanced.rtf"), rtf("{\\rtf1\\ansi{\\b bold} and {\\i still open}\n"))
write(os.path.join(RTF, "cases", "bad", "Truncated bin.rtf"), rtf("{\\rtf1\\ansi {\\*\\blob\\bin500 abc}}\n"))
write(os.path.join(RTF, "cases", "bad", "Bad hex.rtf"), rtf("{\\rtf1\\ansi Caf\\'eX}\n"))
write(os.path.join(RTF, "cases", "bad", "Central European.rtf"), rtf("{\\rtf1\\ansi\\ansicpg1250 \\'8akoda}\n"))
write(os.path.join(RTF, "cases", "bad", "Too deep.rtf"), rtf("{\\rtf1 " + "{" * 20000 + "x" + "}" * 20000 + "}"))

# ---------------------------------------------------------------- RTFD corpora


def png_1x1():
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00\xff\x80\x00")
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def tiff_1x1():
    entries = [(256, 3, 1, 1), (257, 3, 1, 1), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1), (273, 4, 1, 0), (277, 3, 1, 1), (279, 4, 1, 1)]
    offset_of_data = 8 + 2 + 12 * len(entries) + 4
    body = b""
    for tag, kind, count, value in entries:
        if tag == 273:
            value = offset_of_data
        body += struct.pack("<HHI", tag, kind, count) + (struct.pack("<HH", value, 0) if kind == 3 else struct.pack("<I", value))
    return b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", len(entries)) + body + struct.pack("<I", 0) + b"\x7f"


PNG = png_1x1()
TIFF = tiff_1x1()
PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"

TRIP_TXT = rtf(r"""{\rtf1\ansi\ansicpg1252\cocoartf2822
\cocoatextscaling0\cocoaplatform0{\fonttbl\f0\fswiss\fcharset0 Helvetica;\f1\fswiss\fcharset0 Helvetica-Bold;}
{\colortbl;\red255\green255\blue255;}
{\*\expandedcolortbl;;}
\paperw11900\paperh16840\margl1440\margr1440\vieww11520\viewh8400\viewkind0
\pard\tx566\tx1133\tx1700\tx2267\tx2834\tx3401\tx3968\tx4535\tx5102\tx5669\tx6236\tx6803\pardirnatural\partightenfactor0

\f0\fs24 \cf0 Trip photos from the caf\'e9:\
{{\NeXTGraphic Pasted Graphic 1.png \width1280 \height960 \appleattachmentpadding0 \appleembedtype0 \appleaqc
}""") + b"\xac" + rtf(r"""}\
\

\f1\b Map
\f0\b0  {{\NeXTGraphic map.pdf \width400 \height300 \appleattachmentpadding0 \appleembedtype0 \appleaqc
}""") + b"\xac" + rtf("}}")
assert b"\xac".decode("cp1252") == "\u00ac"

TRIP_MD = (
    "Trip photos from the caf\u00e9:\n"
    "\n"
    "![Pasted Graphic 1.png](attachments/Pasted%20Graphic%201.png)\n"
    "\n"
    "**Map** ![map.pdf](attachments/map.pdf)\n"
)

TIGER_RTFD_TXT = rtf(r"""{\rtf1\mac\ansicpg10000\cocoartf824\cocoasubrtf480
{\fonttbl\f0\fswiss\fcharset77 Helvetica;}
{\colortbl;\red255\green255\blue255;}
\margl1440\margr1440\vieww9000\viewh8400\viewkind0
\pard\tx720\tx1440\tx2160\tx2880\tx3600\tx4320\tx5040\tx5760\tx6480\tx7200\tx7920\tx8640\ql\qnatural\pardirnatural

\f0\fs24 \cf0 Before the picture 
{{\NeXTGraphic Pasted Graphic.tiff \width20 \height20
}\'c2}
 after it.}""")
assert b"\xc2".decode("mac_roman") == "\u00ac"
TIGER_RTFD_MD = "Before the picture ![Pasted Graphic.tiff](attachments/Pasted%20Graphic.tiff) after it.\n"

TRIP = {"TXT.rtf": TRIP_TXT, "Pasted Graphic 1.png": PNG, "map.pdf": PDF}
TIGER_RTFD = {"TXT.rtf": TIGER_RTFD_TXT, "Pasted Graphic.tiff": TIFF}


def flat(members):
    """The flat-RTFD container of a folder of files, laid out as FileWrapper.serializedRepresentation does."""
    def u32(value):
        return struct.pack("<I", value)
    names = sorted(members, key=lambda name: name.encode("utf-8"))
    table = u32(len(names))
    for name in names:
        encoded = name.encode("utf-8")
        table += u32(len(encoded)) + encoded + u32(16) + u32(0) + u32(0o666) + u32(0) + u32(1)
    items = [(name.encode("utf-8"), members[name]) for name in names] + [(b".", table)]
    bodies = [u32(1) + u32(len(data)) + data for _, data in items]
    record = u32(3) + u32(len(items))
    record += b"".join(u32(len(name)) + name for name, _ in items)
    record += b"".join(u32(len(body)) for body in bodies)
    record += b"".join(bodies)
    return b"rtfd" + u32(0) + record


package = os.path.join(RTFD, "package")
folder(os.path.join(package, "cases", "Trip.rtfd"), TRIP)
folder(os.path.join(package, "cases", "Tiger.rtfd"), TIGER_RTFD)
folder(os.path.join(package, "cases", "bad", "No text.rtfd"), {"Pasted Graphic 1.png": PNG})
folder(os.path.join(package, "cases", "bad", "Broken text.rtfd"), {"TXT.rtf": rtf("{\\rtf1\\ansi {\\b open\n"), "map.pdf": PDF})
folder(os.path.join(package, "expected", "Trip.mdbundle"), {
    "document.md": TRIP_MD, "attachments/Pasted Graphic 1.png": PNG, "attachments/map.pdf": PDF})
folder(os.path.join(package, "expected", "Tiger.mdbundle"), {
    "document.md": TIGER_RTFD_MD, "attachments/Pasted Graphic.tiff": TIFF})
write(os.path.join(package, "expected", "Trip.flat-rtfd"), flat(TRIP))

flat_corpus = os.path.join(RTFD, "flat")
trip_flat = flat(TRIP)
write(os.path.join(flat_corpus, "cases", "Trip.flat-rtfd"), trip_flat)
write(os.path.join(flat_corpus, "cases", "Tiger.flat-rtfd"), flat(TIGER_RTFD))
# The size word of the first entry ("Pasted Graphic 1.png") says far more bytes than remain.
names_end = 4 + 4 + 4 + 4 + sum(4 + len(name.encode()) for name in sorted(TRIP, key=lambda n: n.encode())) + 4 + 1
bad_length = bytearray(trip_flat)
bad_length[names_end:names_end + 4] = struct.pack("<I", 0x00FFFFFF)
write(os.path.join(flat_corpus, "cases", "bad", "Bad length.flat-rtfd"), bytes(bad_length))
write(os.path.join(flat_corpus, "cases", "bad", "Cut short.flat-rtfd"), trip_flat[: len(trip_flat) // 2])
write(os.path.join(flat_corpus, "cases", "bad", "No text.flat-rtfd"), flat({"Pasted Graphic 1.png": PNG}))
folder(os.path.join(flat_corpus, "expected", "Trip.rtfd"), TRIP)
folder(os.path.join(flat_corpus, "expected", "Trip.mdbundle"), {
    "document.md": TRIP_MD, "attachments/Pasted Graphic 1.png": PNG, "attachments/map.pdf": PDF})
print("wrote the RTF and RTFD goldens")
