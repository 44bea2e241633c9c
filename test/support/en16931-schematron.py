# Runs the EN 16931 CII validation (the schematron compiled to XSLT) with Saxon (saxonche) over the
# XML files given, compiling the stylesheet once, and prints each file's failed asserts as JSON:
# {file: [{id, flag, location, text}]}. Used by test/support/e-invoice-validation.ts.
import json
import re
import sys

from saxonche import PySaxonProcessor

xslt, *files = sys.argv[1:]
FAILED = re.compile(r'<svrl:failed-assert\b([^>]*)>(.*?)</svrl:failed-assert>', re.S)
ATTR = re.compile(r'(\w+)="([^"]*)"')
TEXT = re.compile(r'<svrl:text>(.*?)</svrl:text>', re.S)

with PySaxonProcessor(license=False) as proc:
    executable = proc.new_xslt30_processor().compile_stylesheet(stylesheet_file=xslt)
    results = {}
    for name in files:
        svrl = executable.transform_to_string(source_file=name)
        if svrl is None:
            raise SystemExit(f'Saxon produced no report for {name}')
        failed = []
        for attrs, body in FAILED.findall(svrl):
            fields = dict(ATTR.findall(attrs))
            text = TEXT.search(body)
            failed.append({'id': fields.get('id', ''), 'flag': fields.get('flag', ''), 'location': fields.get('location', ''), 'text': (text.group(1) if text else body).strip()})
        results[name] = failed
    print(json.dumps(results))
