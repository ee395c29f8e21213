# Regenerates GoldenFiles/plist/xml and GoldenFiles/plist/openstep: python3 GoldenFiles/plist/xml/.make-cases.py GoldenFiles/plist
import plistlib, datetime, os, sys
from test import test_plistlib
root = sys.argv[1]
xml = os.path.join(root, 'xml'); ops = os.path.join(root, 'openstep')
for d in [xml + '/cases', ops + '/cases', ops + '/expected']:
    os.makedirs(d, exist_ok=True)
def put(path, data):
    with open(path, 'wb') as f: f.write(data)
# --- XML good cases
put(xml + '/cases/cpython-apple-vector.plist', test_plistlib.TESTDATA[plistlib.FMT_XML])
blob = bytes((i * 37) % 256 for i in range(300))
values = {
    'strings': ['plain', '<Tom & "Jerry">', "it's", 'Mässig, Maß', 'tab\tand\nnewline', '😀 emoji', '', '\u2028\u00a0'],
    'integers': [0, -1, 728, -9223372036854775808, 9223372036854775807, 18446744073709551615],
    'booleans': [True, False],
    'dates': [datetime.datetime(2004, 10, 26, 10, 33, 33), datetime.datetime(1, 1, 1), datetime.datetime(9999, 12, 31, 23, 59, 59), datetime.datetime(2000, 12, 31, 23, 59, 59)],
    'reals': [0.5, -1.25, 32.5, 1024.125],
    'data': [b'', b'\x00', blob, [blob, [blob, [blob]]]],
    'empty array': [],
    'empty dict': {},
    'nested': {'a': {'b': {'c': [1, 'two', {'d': b'<binary gunk>'}]}}},
}
put(xml + '/cases/plistlib-values.plist', plistlib.dumps(values, fmt=plistlib.FMT_XML))
deep = blob
for _ in range(7): deep = [deep]
put(xml + '/cases/plistlib-data-depth-7.plist', plistlib.dumps(deep, fmt=plistlib.FMT_XML))
put(xml + '/cases/plistlib-empty-dict.plist', plistlib.dumps({}, fmt=plistlib.FMT_XML))
put(xml + '/cases/plistlib-string-root.plist', plistlib.dumps('just a string', fmt=plistlib.FMT_XML))
# --- XML bad cases (hand-written)
H = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n'
bad = {
    'bad-date.plist': H + '<date>2004-10-26T10:33:33</date>\n</plist>\n',
    'fractional-date.plist': H + '<date>2004-10-26T10:33:33.5Z</date>\n</plist>\n',
    'internal-dtd-subset.plist': '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist [<!ENTITY lol "lollollollol">]>\n<plist version="1.0">\n<string>&lol;</string>\n</plist>\n',
    'unknown-entity.plist': H + '<string>caf&eacute;</string>\n</plist>\n',
    'unterminated.plist': H + '<dict>\n\t<key>a</key>\n\t<string>b</string>\n',
    'uid-element.plist': H + '<uid>7</uid>\n</plist>\n',
    'integer-out-of-range.plist': H + '<integer>18446744073709551616</integer>\n</plist>\n',
    'mismatched-tag.plist': H + '<array>\n\t<true/>\n</dict>\n</plist>\n',
    'duplicate-key.plist': H + '<dict>\n\t<key>a</key>\n\t<true/>\n\t<key>a</key>\n\t<false/>\n</dict>\n</plist>\n',
    'bad-base64.plist': H + '<data>\n\tAAE*\n</data>\n</plist>\n',
}
for name, text in bad.items(): put(xml + '/cases/' + name, text.encode())
put(xml + '/cases/invalid-utf8.plist', (H + '<string>caf').encode() + b'\xe9' + b'</string>\n</plist>\n')
# --- OpenStep good cases with expected XML written by plistlib from the known values
project = '''// !$*UTF8*$!
{
\tarchiveVersion = 1;
\tclasses = {
\t};
\tobjectVersion = 46;
\tobjects = {

/* Begin PBXFileReference section */
\t\t1D6058910D05DD3D006BFB54 /* Foundation.framework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; name = Foundation.framework; path = System/Library/Frameworks/Foundation.framework; sourceTree = SDKROOT; };
/* End PBXFileReference section */

/* Begin PBXGroup section */
\t\t29B97314FDCFA39411CA2CEA /* CustomTemplate */ = {
\t\t\tisa = PBXGroup;
\t\t\tchildren = (
\t\t\t\t1D6058910D05DD3D006BFB54 /* Foundation.framework */,
\t\t\t);
\t\t\tname = "Other Frameworks";
\t\t\tsourceTree = "<group>";
\t\t};
/* End PBXGroup section */
\t};
\trootObject = 29B97313FDCFA39411CA2CEA /* Project object */;
}
'''
project_value = {
    'archiveVersion': '1', 'classes': {}, 'objectVersion': '46',
    'objects': {
        '1D6058910D05DD3D006BFB54': {'isa': 'PBXFileReference', 'lastKnownFileType': 'wrapper.framework', 'name': 'Foundation.framework', 'path': 'System/Library/Frameworks/Foundation.framework', 'sourceTree': 'SDKROOT'},
        '29B97314FDCFA39411CA2CEA': {'isa': 'PBXGroup', 'children': ['1D6058910D05DD3D006BFB54'], 'name': 'Other Frameworks', 'sourceTree': '<group>'},
    },
    'rootObject': '29B97313FDCFA39411CA2CEA',
}
strings = '''/* Window title */
"window.title" = "R\u00e9glages";

/* Button: the key alone stands for itself */
"OK";
'single' = 'it\\'s';
// an unquoted key and value
greeting = Hello;
"multi" = "line one\\nline two";
'''
strings_value = {'window.title': 'R\u00e9glages', 'OK': 'OK', 'single': "it's", 'greeting': 'Hello', 'multi': 'line one\nline two'}
escapes = r'''{
    octal = "\101\102\103";
    nextstep = "\341\200\244\321";
    unicode = "\U00e9\UD83D\UDE00";
    controls = "\t\n";
    quotes = "\"double\" 'single'";
    'single quoted' = 'a \'b\' "c"';
    backslash = "\\ and \q";
}
'''
escapes_value = {'octal': 'ABC', 'nextstep': '\u00c6\u00a0\u2044\u00b1', 'unicode': '\u00e9\U0001F600', 'controls': '\t\n', 'quotes': '"double" \'single\'', 'single quoted': 'a \'b\' "c"', 'backslash': '\\ and q'}
data_arrays = '''(
    <0fbd 77 00>,
    <>,
    ( a, "b", ( c, ), ),
    (),
    { list = ( 1, 2, 3, ); empty = {}; hex = < 48 65 6c 6c 6f >; },
)
'''
data_arrays_value = [b'\x0f\xbd\x77\x00', b'', ['a', 'b', ['c']], [], {'list': ['1', '2', '3'], 'empty': {}, 'hex': b'Hello'}]
good = [
    ('xcode-project.plist', project.encode('utf-8'), project_value),
    ('Localizable-utf16.strings', b'\xff\xfe' + strings.encode('utf-16-le'), strings_value),
    ('escapes.plist', escapes.encode('utf-8'), escapes_value),
    ('data-and-arrays.plist', data_arrays.encode('utf-8'), data_arrays_value),
    ('empty.strings', b'', {}),
]
for name, data, value in good:
    put(ops + '/cases/' + name, data)
    put(ops + '/expected/' + os.path.splitext(name)[0] + '.plist', plistlib.dumps(value, fmt=plistlib.FMT_XML))
bad_ops = {
    'unterminated-string.strings': '"key" = "value;\n',
    'missing-semicolon.strings': '"a" = "b"\n"c" = "d";\n',
    'odd-hex-digits.plist': '( <0fb> )\n',
    'junk-after-value.plist': '{ a = b; } extra\n',
    'undefined-nextstep-byte.strings': '"a" = "\\376";\n',
    'unterminated-comment.plist': '{ a = b; } /* never closed\n',
    'too-deep.plist': '(' * 600 + ')' * 600 + '\n',
    'lone-surrogate.strings': '"a" = "\\UD800";\n',
    'duplicate-key.strings': '"a" = "b";\n"a" = "c";\n',
}
for name, text in bad_ops.items(): put(ops + '/cases/' + name, text.encode())
# --- manifests
import json
def manifest(codec_type, cases):
    return json.dumps({"manifestVersion": 1, "codec": "property-list", "contentType": codec_type,
                       "compare": {"members": [], "fallback": "bytes"}, "cases": cases}, indent=2, ensure_ascii=False) + "\n"
xml_codes = {
    'bad-date.plist': 'plist.xml.bad-date', 'fractional-date.plist': 'plist.xml.bad-date',
    'internal-dtd-subset.plist': 'plist.xml.dtd', 'unknown-entity.plist': 'plist.xml.entity',
    'unterminated.plist': 'plist.xml.unterminated', 'uid-element.plist': 'plist.xml.unexpected-element',
    'integer-out-of-range.plist': 'plist.xml.integer-out-of-range', 'mismatched-tag.plist': 'plist.xml.mismatched-tag',
    'duplicate-key.plist': 'plist.xml.duplicate-key', 'bad-base64.plist': 'plist.xml.bad-data',
    'invalid-utf8.plist': 'plist.xml.encoding',
}
xml_good = ['cpython-apple-vector.plist', 'plistlib-values.plist', 'plistlib-data-depth-7.plist', 'plistlib-empty-dict.plist', 'plistlib-string-root.plist']
cases = [{"input": "cases/" + n} for n in xml_good] + [{"input": "cases/" + n, "expect": {"rejected": c}} for n, c in sorted(xml_codes.items())]
put(xml + '/manifest.json', manifest("com.apple.xml-property-list", cases).encode())
ops_codes = {
    'unterminated-string.strings': 'plist.openstep.unterminated-string', 'missing-semicolon.strings': 'plist.openstep.missing-semicolon',
    'odd-hex-digits.plist': 'plist.openstep.bad-data', 'junk-after-value.plist': 'plist.openstep.junk-after-value',
    'undefined-nextstep-byte.strings': 'plist.openstep.bad-escape', 'unterminated-comment.plist': 'plist.openstep.unterminated-comment',
    'too-deep.plist': 'plist.openstep.too-deep', 'lone-surrogate.strings': 'plist.openstep.lone-surrogate',
    'duplicate-key.strings': 'plist.openstep.duplicate-key',
}
cases = [{"input": "cases/" + n, "expect": {"converts": {"codec": "property-list", "golden": "expected/" + os.path.splitext(n)[0] + ".plist"}}} for n, _, _ in good]
cases += [{"input": "cases/" + n, "expect": {"rejected": c}} for n, c in sorted(ops_codes.items())]
put(ops + '/manifest.json', manifest("com.apple.property-list", cases).encode())
