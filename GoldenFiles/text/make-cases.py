#!/usr/bin/env python3
"""Writes the text golden corpora (cases, expected conversion outputs and manifests) with Python's codecs.

Every byte here comes from Python's `codecs` (`str.encode` / `bytes.decode`), never from docmigrate's
own writer, so the corpora check our codecs against an independent implementation. Run it from any
folder; it rewrites the corpus folders beside it and is deterministic (no randomness, no dates).
"""

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

PROSE = "Café crème — “quoted” • bullet, ﬁne ligature, 10 € and Ω ∆ ≠ π"
UNICODE = "café cafe\u0301 — 😀 שלום"


def write(corpus, relative, data):
    path = os.path.join(HERE, corpus, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as file:
        file.write(data)


def manifest(corpus, codec, content_type, cases, options=None):
    value = {"manifestVersion": 1, "codec": codec, "contentType": content_type}
    if options:
        value["codecOptions"] = options
    value["compare"] = {"members": [], "fallback": "bytes"}
    value["cases"] = cases
    write(corpus, "manifest.json", (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def lines(text, ending):
    return text.replace("\n", ending)


def round_trip(name):
    return {"input": "cases/" + name}


def rejected(name, code):
    return {"input": "cases/" + name, "expect": {"rejected": code}}


def converts(name, codec, golden):
    return {"input": "cases/" + name, "expect": {"converts": {"codec": codec, "golden": golden}}}


def normalised(text):
    """What the normalisation to UTF-8 with LF writes, computed independently of docmigrate."""
    return text.replace("\r\n", "\n").replace("\r", "\n").encode("utf-8")


def plain_text():
    corpus = "plain-text"
    cases = []
    # The UTF-8 cases of the former GoldenFiles/plain-text corpus, byte for byte.
    utf8 = {
        "byte-order-mark.txt": b"\xef\xbb\xbfstarts with a BOM\n",
        "classic-mac.txt": b"written on a Mac before OS X\rsecond line\r",
        "crlf.txt": b"first line\r\nsecond line\r\n",
        "empty.txt": b"",
        "hello.txt": b"Hello, world.\n",
        "mixed-endings.txt": b"lf\ncrlf\r\ncr\rend",
        "no-trailing-newline.txt": b"last line has no newline",
        "unicode.txt": (UNICODE + "\n").encode("utf-8"),
    }
    text = PROSE + "\nsecond line\n"
    encoded = {
        "utf-8-bom-crlf.txt": codecs_bom("utf-8-sig", lines(text, "\r\n")),
        "utf-16le-bom.txt": b"\xff\xfe" + text.encode("utf-16-le"),
        "utf-16be-bom.txt": b"\xfe\xff" + text.encode("utf-16-be"),
        "utf-16le-bom-crlf.txt": b"\xff\xfe" + lines(text, "\r\n").encode("utf-16-le"),
        "utf-16be-bom-cr.txt": b"\xfe\xff" + lines(text, "\r").encode("utf-16-be"),
        "utf-16le.txt": text.encode("utf-16-le"),
        "utf-16be.txt": text.encode("utf-16-be"),
        "utf-16le-mixed.txt": ("mixed\r\nendings\rin UTF-16\n😀 no newline").encode("utf-16-le"),
        "utf-32le-bom.txt": b"\xff\xfe\x00\x00" + (UNICODE + "\n").encode("utf-32-le"),
        "utf-32be-bom.txt": b"\x00\x00\xfe\xff" + (UNICODE + "\r\n").encode("utf-32-be"),
    }
    for name, data in sorted({**utf8, **encoded}.items()):
        write(corpus, "cases/" + name, data)
        cases.append(round_trip(name))
    bad = {
        "invalid-utf8.txt": (b"valid start \xff then an invalid byte\n", "text.undetectable-encoding"),
        "latin-1.txt": ("café in Latin-1\n".encode("latin-1"), "text.undetectable-encoding"),
        "utf-8-bom-invalid.txt": (b"\xef\xbb\xbfa BOM, then \xc3\x28 a bad sequence\n", "text.invalid-bytes"),
        "utf-16le-bom-lone-surrogate.txt": (b"\xff\xfe" + "ab".encode("utf-16-le") + b"\x00\xd8" + "c".encode("utf-16-le"), "text.invalid-bytes"),
        "utf-16be-bom-odd-length.txt": (b"\xfe\xff" + "abc".encode("utf-16-be") + b"\x00", "text.invalid-bytes"),
        "utf-32be-bom-not-a-scalar.txt": (b"\x00\x00\xfe\xff" + "a".encode("utf-32-be") + b"\x00\x11\x00\x00", "text.invalid-bytes"),
    }
    for name, (data, code) in sorted(bad.items()):
        write(corpus, "cases/" + name, data)
        cases.append(rejected(name, code))
    for name in ["utf-16le-bom-crlf.txt", "utf-16be-bom-cr.txt", "utf-32be-bom.txt", "mixed-endings.txt", "byte-order-mark.txt", "hello.txt"]:
        data = {**utf8, **encoded}[name]
        write(corpus, "expected/" + name, normalised(decode_any(name, data)))
        cases.append(converts(name, "plain-text", "expected/" + name))
    manifest(corpus, "plain-text", "public.plain-text", cases)


def codecs_bom(codec, text):
    return text.encode(codec)


def decode_any(name, data):
    if name.startswith("utf-32be"):
        return data.decode("utf-32-be")[1:] if data.startswith(b"\x00\x00\xfe\xff") else data.decode("utf-32-be")
    if name.startswith("utf-16le"):
        return data[2:].decode("utf-16-le") if data.startswith(b"\xff\xfe") else data.decode("utf-16-le")
    if name.startswith("utf-16be"):
        return data[2:].decode("utf-16-be") if data.startswith(b"\xfe\xff") else data.decode("utf-16-be")
    return data.decode("utf-8-sig")


def eight_bit(corpus, codec_name, options, text, extra_round_trips, bad, replacing=False):
    cases = []
    files = {f"{corpus}-cr.txt": lines(text, "\r").encode(codec_name), f"{corpus}-lf.txt": text.encode(codec_name)}
    files.update(extra_round_trips)
    for name, data in sorted(files.items()):
        write(corpus, "cases/" + name, data)
        if not replacing:
            cases.append(round_trip(name))
    for name, (data, code) in sorted(bad.items()):
        write(corpus, "cases/" + name, data)
        cases.append(rejected(name, code))
    for name, data in sorted(files.items()):
        expected = normalised(data.decode("utf-8") if name.startswith("utf-8") else data.decode(codec_name, "replace"))
        write(corpus, "expected/" + name, expected)
        cases.append(converts(name, "plain-text", "expected/" + name))
    manifest(corpus, "plain-text", "public.plain-text", cases, options)


def all_high_bytes():
    """Every byte 0x80...0xFF, 16 to a line, LF endings: the whole upper half of an 8-bit table."""
    return b"".join(bytes(range(start, start + 16)) + b"\n" for start in range(0x80, 0x100, 16))


def main():
    plain_text()
    mac_text = PROSE.replace("ﬁne", "ﬁne ﬂat") + "\n\uf8ff Apple logo, “curly” ‘quotes’ …\nlast line\n"
    eight_bit("macintosh", "mac_roman", {"fallback-encoding": "macintosh"}, mac_text, {
        "all-bytes.txt": all_high_bytes(),
        # UTF-8 is detected before the fallback applies: its conversion golden is the file itself.
        "utf-8-wins.txt": "UTF-8 stays UTF-8: café “quoted”\n".encode("utf-8"),
    }, {})
    cp_text = "Windows text: “smart quotes”, 10 €, naïve café – dash… ‰ Œ œ Ÿ\nsecond line\n"
    defined = bytes(b for b in range(0x80, 0x100) if b not in (0x81, 0x8D, 0x8F, 0x90, 0x9D))
    eight_bit("windows-1252", "cp1252", {"fallback-encoding": "windows-1252"}, cp_text, {
        "all-defined-bytes.txt": defined + b"\r\n",
    }, {"undefined-0x81.txt": (b"undefined byte \x81 here\n", "text.invalid-bytes")})
    latin_text = "Latin-1: café, naïve, ½ ¼ ¾, ÿ and ÷\n"
    eight_bit("iso-8859-1", "latin-1", {"fallback-encoding": "iso-8859-1"}, latin_text, {
        "latin-1.txt": "café in Latin-1\n".encode("latin-1"),
        "all-bytes.txt": all_high_bytes(),
    }, {})
    # With replacement asked for, an undefined byte reads as U+FFFD, which Windows-1252 cannot store.
    eight_bit("windows-1252-replacing", "cp1252", {"fallback-encoding": "windows-1252", "replace-invalid": "true"}, cp_text, {
        "undefined-bytes.txt": b"undefined \x81 and \x9d bytes\r\n",
    }, {"undefined-bytes-saved.txt": (b"undefined \x81 and \x9d bytes\r\n", "text.unencodable-character")}, replacing=True)
    ascii_cases()
    utf32_forced()
    utf8_replacing()
    markdown()


def ascii_cases():
    corpus = "us-ascii"
    cases = []
    files = {"ascii-crlf.txt": b"plain ASCII\r\nsecond line\r\n", "ascii-lf.txt": b"plain ASCII\nno trailing newline"}
    for name, data in sorted(files.items()):
        write(corpus, "cases/" + name, data)
        cases.append(round_trip(name))
    write(corpus, "cases/eight-bit.txt", "caf\u00e9\n".encode("latin-1"))
    cases.append(rejected("eight-bit.txt", "text.invalid-bytes"))
    write(corpus, "cases/utf-8.txt", "caf\u00e9\n".encode("utf-8"))
    cases.append(rejected("utf-8.txt", "text.invalid-bytes"))
    manifest(corpus, "plain-text", "public.plain-text", cases, {"encoding": "us-ascii"})


def utf32_forced():
    corpus = "utf-32le"
    cases = []
    files = {
        "no-bom.txt": (UNICODE + "\n").encode("utf-32-le"),
        "bom-kept.txt": b"\xff\xfe\x00\x00" + (UNICODE + "\r").encode("utf-32-le"),
    }
    for name, data in sorted(files.items()):
        write(corpus, "cases/" + name, data)
        cases.append(round_trip(name))
    write(corpus, "cases/truncated.txt", "ab".encode("utf-32-le") + b"\x63\x00")
    cases.append(rejected("truncated.txt", "text.invalid-bytes"))
    write(corpus, "expected/no-bom.txt", normalised(files["no-bom.txt"].decode("utf-32-le")))
    cases.append(converts("no-bom.txt", "plain-text", "expected/no-bom.txt"))
    manifest(corpus, "plain-text", "public.plain-text", cases, {"encoding": "utf-32le"})


def kuhn_malformed():
    """Malformed UTF-8 in the manner of Markus Kuhn's UTF-8-test.txt, section by section."""
    samples = [
        b"unexpected continuation bytes: \x80 \xbf \x80\xbf \x80\xbf\x80",
        b"lonely start bytes: \xc0 \xdf \xe0 \xef \xf0 \xf7 \xf8 \xfb \xfc \xfd",
        b"sequences missing their last byte: \xc0 \xe0\x80 \xf0\x80\x80 \xdf \xef\xbf \xf7\xbf\xbf",
        b"impossible bytes: \xfe \xff \xfe\xfe\xff\xff",
        b"overlong ASCII: \xc0\xaf \xe0\x80\xaf \xf0\x80\x80\xaf \xf8\x80\x80\x80\xaf",
        b"maximum overlong: \xc1\xbf \xe0\x9f\xbf \xf0\x8f\xbf\xbf",
        b"overlong NUL: \xc0\x80 \xe0\x80\x80",
        b"UTF-16 surrogates: \xed\xa0\x80 \xed\xbf\xbf \xed\xa0\x80\xed\xb0\x80",
        b"beyond U+10FFFF: \xf4\x90\x80\x80 \xf5\x80\x80\x80",
        b"valid after all that: \xce\xba\xe1\xbd\xb9\xcf\x83\xce\xbc\xce\xb5",
    ]
    return b"\n".join(samples) + b"\n"


def utf8_replacing():
    corpus = "utf-8-replacing"
    data = kuhn_malformed()
    write(corpus, "cases/kuhn-malformed.txt", data)
    # The expected text is Python's own replacement, the reference the codec must match.
    write(corpus, "expected/kuhn-malformed.txt", data.decode("utf-8", "replace").encode("utf-8"))
    cases = [converts("kuhn-malformed.txt", "plain-text", "expected/kuhn-malformed.txt")]
    manifest(corpus, "plain-text", "public.plain-text", cases, {"encoding": "utf-8", "replace-invalid": "true"})


def markdown():
    corpus = "markdown"
    cases = []
    source = "# Title\n\nSome *emphasis*, a [link](https://example.com) and `code` — “quoted”.\n\n- item one\n- item two\n"
    files = {
        "readme.md": source.encode("utf-8"),
        "windows.md": lines(source, "\r\n").encode("utf-8-sig"),
        "classic-mac.markdown": lines(source, "\r").encode("utf-8"),
        "utf-16le-bom.md": b"\xff\xfe" + lines(source, "\r\n").encode("utf-16-le"),
        "utf-16be.md": source.encode("utf-16-be"),
        "no-trailing-newline.md": source.rstrip("\n").encode("utf-8"),
    }
    for name, data in sorted(files.items()):
        write(corpus, "cases/" + name, data)
        cases.append(round_trip(name))
    write(corpus, "cases/latin-1.md", "# Caf\u00e9\n".encode("latin-1"))
    cases.append(rejected("latin-1.md", "text.undetectable-encoding"))
    for name in ["windows.md", "utf-16le-bom.md", "classic-mac.markdown"]:
        text = decode_any(name, files[name])
        write(corpus, "expected/normalised-" + name, normalised(text))
        cases.append(converts(name, "markdown", "expected/normalised-" + name))
    # Markdown kept as plain text: the same bytes, stored the same way.
    write(corpus, "expected/windows.txt", files["windows.md"])
    cases.append(converts("windows.md", "plain-text", "expected/windows.txt"))
    manifest(corpus, "markdown", "net.daringfireball.markdown", cases)


if __name__ == "__main__":
    main()
