#!/usr/bin/env python3
"""Writes the CSV and TSV golden cases with Python's csv module, an independent writer.

Run from this folder: `python3 make-goldens.py`. Inputs of good cases and the expected outputs of the
CSV <-> TSV conversions all come from `csv.writer`; the rejected inputs are literal bytes. The
CSV -> JSON goldens are Python's json.dumps in the layout of JSONEncoder's pretty printing.
"""
import csv
import io
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def write(path, rows, encoding="utf-8", strip_last_line_break=False, **options):
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, **options)
    for row in rows:
        writer.writerow(row)
    text = buffer.getvalue()
    if strip_last_line_break:
        terminator = options.get("lineterminator", "\r\n")
        assert text.endswith(terminator)
        text = text[: -len(terminator)]
    full = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as file:
        file.write(text.encode(encoding))


def write_bytes(path, data):
    full = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as file:
        file.write(data)


# Quotes, delimiters and line breaks inside fields, empty fields, non-ASCII text, a header.
TRICKY = [
    ["id", "name", "note", "price"],
    ["1", "Widget", 'She said "hi", then left', "4.50"],
    ["2", "Gadget, large", "line one\nline two", ""],
    ["3", "", "tab\there; semicolon", "12"],
    ["4", "Crème brûlée 🍮", '"', "0.5"],
    ["5", "CRLF inside", "first\r\nsecond", "7"],
]

comma = "comma"
write(f"{comma}/cases/crlf-header.csv", TRICKY)
write(f"{comma}/cases/lf-header.csv", TRICKY, lineterminator="\n")
write(f"{comma}/cases/no-trailing-newline.csv", TRICKY, strip_last_line_break=True)
write(f"{comma}/cases/excel-utf8-bom.csv", TRICKY, encoding="utf-8-sig")
write(f"{comma}/cases/cr-line-endings.csv", [["a", "b"], ["1", "2"], [], ["3", "4"]], lineterminator="\r")
write(f"{comma}/cases/all-quoted.csv", [["a", "b", "c"], ["1", "", "x y"]], quoting=csv.QUOTE_ALL)
write(f"{comma}/cases/no-header.csv", [["1", "2.5", "3"], ["4", "5", "6"]])
write(f"{comma}/cases/ragged.csv", [["a", "b", "c"], ["1", "2"], ["3", "4", "5", "6"], [""]])
write(
    f"{comma}/cases/european-semicolon.csv",
    [["Artikel", "Preis", "Menge"], ["Äpfel", "4,50", "3"], ["Birnen; reif", "0,99", "10"]],
    delimiter=";",
)
# Conversions: the same rows as Python's excel-tab writer writes them, with the same line terminators.
write(f"{comma}/expected/crlf-header.tsv", TRICKY, dialect="excel-tab")
write(f"{comma}/expected/lf-header.tsv", TRICKY, dialect="excel-tab", lineterminator="\n")

# CSV -> JSON rows: what JSONEncoder writes with [.prettyPrinted, .withoutEscapingSlashes] (two-space
# indent, " : " after keys, no final newline), spelled by Python's json module.
def write_json(path, value):
    write_bytes(path, json.dumps(value, indent=2, separators=(",", " : "), ensure_ascii=False).encode("utf-8"))


write_json(f"{comma}/expected/crlf-header.json", [dict(zip(TRICKY[0], row)) for row in TRICKY[1:]])
write_json(f"{comma}/expected/no-header.json", [["1", "2.5", "3"], ["4", "5", "6"]])

write_bytes(f"{comma}/cases/unterminated-quote.csv", b'a,b\r\n1,"never closed\r\n2,3\r\n')
# A quote inside an unquoted field: text for the lenient `csv` codec (as for Python's reader), an
# error for `csv-strict`. Written by hand, since Python's writer would quote the field.
write_bytes(f"{comma}/cases/bare-quote.csv", b'size,screen\r\n15,5" wide\r\n')
write_bytes("strict/cases/bare-quote.csv", b'size,screen\r\n15,5" wide\r\n')
write("strict/cases/rfc4180.csv", TRICKY)
write_bytes(f"{comma}/cases/text-after-quote.csv", b'a,b\r\n1,"quoted" then more\r\n')
write_bytes(f"{comma}/cases/invalid-utf8.csv", "a,b\r\n1,caf\u00e9\r\n".encode("latin-1"))

tab = "tab"
write(f"{tab}/cases/excel-tab.tsv", TRICKY, dialect="excel-tab")
write(f"{tab}/cases/plain-lf.tsv", [["x", "y"], ["1", "a,b"], ["2", "c"]], dialect="excel-tab", lineterminator="\n")
write(f"{tab}/cases/bom-no-trailing-newline.tsv", [["k", "v"], ["é", "ü"]], dialect="excel-tab", encoding="utf-8-sig",
      strip_last_line_break=True)
write(f"{tab}/expected/excel-tab.csv", TRICKY)
write(f"{tab}/expected/plain-lf.csv", [["x", "y"], ["1", "a,b"], ["2", "c"]], lineterminator="\n")
write_bytes(f"{tab}/cases/unterminated-quote.tsv", b'a\tb\r\n1\t"open\r\n')
