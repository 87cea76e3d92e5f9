#!/usr/bin/env python3
"""`tour schema` and `tour check` agree on the shape of a tour file (issue 49, item 1).

- The schema is a valid JSON Schema 2020-12, and its regular expressions are ones an
  editor's ECMA-262 engine takes (no inline flags).
- Every tour file among the fixtures, the examples and the built-in tour that `tour
  check` takes validates against it.
- Every file that `tour check` refuses for its shape (an unknown key, a wrong type, a
  missing required key, a value outside its list, a key on the wrong kind of page) is
  refused by the schema too: the fixtures in Tests/Fixtures/schema/bad-*.json, one
  mistake each, and any other fixture whose errors are of those kinds.

Usage: schema-test.py TOUR_BINARY
"""
import glob, json, os, re, subprocess, sys

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOUR = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "tour")

# What `tour check` says of a file whose shape is wrong; other errors (a missing art
# file, a duplicate key, invalid UTF-8, a version that goes back) are its own to find.
SHAPE_ERRORS = [r"^unknown key", r"must be (a|an) (string|array|object|number|boolean)", r" has no \"", r"belongs on a page with",
                r"^\"kind\" must be", r"^\"whatsNew\" is", r"must be a color name", r"^\"indicator\" must be one of",
                r"is empty; a tour needs", r"must be dotted numbers", r"a question has 2 to 6 options", r"is a short plain word",
                r"^the checklist has \d+ items",
                r"^\"gradient\" ", r"^the tips file has no"]

failures = []
checked = 0


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


def tour_check(path):
    result = subprocess.run([TOUR, "check", "--format", "json", path], capture_output=True, text=True)
    try:
        return [entry for entry in json.loads(result.stdout) if entry["severity"] == "error"]
    except json.JSONDecodeError:
        return [{"message": "tour check printed no JSON: " + result.stderr.strip()}]


def is_tour_file(path, document):
    name = os.path.basename(path)
    if name == "package.json" or re.search(r"\.[a-z]{2,3}(_[A-Za-z]{2})?\.json$", name):
        return False  # an npm manifest; a translation, which is laid over its base
    return isinstance(document, dict) and not ("tips" in document and "pages" not in document)


schema_text = subprocess.run([TOUR, "schema"], capture_output=True, text=True, check=True).stdout
schema = json.loads(schema_text)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
for pattern in re.findall(r'"pattern": "((?:[^"\\]|\\.)*)"', schema_text):
    if "(?" in json.loads('"' + pattern + '"'):
        fail(f"a pattern an editor cannot run: {pattern}")
if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
    fail("not a 2020-12 schema")

paths = sorted(set(glob.glob(os.path.join(ROOT, "Tests/Fixtures/**/*.json"), recursive=True)
                   + glob.glob(os.path.join(ROOT, "Examples/*/*.json")) + glob.glob(os.path.join(ROOT, "Examples/*/*/*.json"))
                   + glob.glob(os.path.join(ROOT, "Examples/mytool/Sources/mytool/*.json")) + [os.path.join(ROOT, "Resources/welcome.json")]))
for path in paths:
    if "node_modules" in path:
        continue
    relative = os.path.relpath(path, ROOT)
    try:
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        continue  # not JSON at all: no schema can say more than the parser
    if not is_tour_file(path, document):
        continue
    checked += 1
    errors = tour_check(path)
    schema_errors = list(validator.iter_errors(document))
    shape = [e["message"] for e in errors if any(re.search(p, e["message"]) for p in SHAPE_ERRORS)]
    if os.path.basename(path).startswith("bad-") and not shape:
        fail(f"{relative}: tour check gives no shape error: {[e['message'] for e in errors]}")
    if not errors and schema_errors:
        fail(f"{relative}: tour check takes it, the schema refuses it: {schema_errors[0].message} at {list(schema_errors[0].absolute_path)}")
    if shape and not schema_errors:
        fail(f"{relative}: tour check refuses its shape ({shape[0]}), the schema takes it")

bad = len(glob.glob(os.path.join(ROOT, "Tests/Fixtures/schema/bad-*.json")))
if bad < 20:
    fail(f"only {bad} misshapen fixtures")
print(f"schema: {checked} tour files checked against tour check, {bad} of them misshapen on purpose; {len(failures)} failed")
sys.exit(1 if failures else 0)
