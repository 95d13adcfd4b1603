#!/usr/bin/env python3
"""Validate JSON documents against plan's schemas (JSON Schema 2020-12).

Every *.schema.json under this folder is loaded into one registry by its
$id (urn:plan:schema:…), so $refs between files resolve without a network.

    python3 Schemas/validate.py SCHEMA_ID FILE.json...   # one schema, several files
    python3 Schemas/validate.py --jobs JOBS.json          # [{"schema": id, "doc": …}, …]
    python3 Schemas/validate.py --check                   # every schema is a valid 2020-12 schema

With --jobs it prints a JSON array with one string per job: "" when the
document is valid, else its errors joined by "; ". Otherwise it prints
"FILE: ok" or "FILE: PATH: message" lines and exits 1 on any error.
Exit status 3: the Python package jsonschema (4.18 or later) is missing.
The tests of plan call it with --jobs.
"""
import glob
import json
import os
import sys

try:
    import jsonschema
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012
except ImportError:
    print("python jsonschema not available (pip install 'jsonschema>=4.18')", file=sys.stderr)
    sys.exit(3)

HERE = os.path.dirname(os.path.abspath(__file__))


def registry(check=False):
    resources = []
    for path in sorted(glob.glob(os.path.join(HERE, "**", "*.schema.json"), recursive=True)):
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        if check:
            try:
                jsonschema.Draft202012Validator.check_schema(schema)
            except jsonschema.SchemaError as e:
                raise SystemExit(f"{os.path.relpath(path, HERE)}: not a valid schema: {e.message}")
        resources.append((schema["$id"], Resource.from_contents(schema, default_specification=DRAFT202012)))
    return Registry().with_resources(resources)


def errors(reg, schema_id, doc):
    uri, _, fragment = schema_id.partition("#")
    schema = reg.contents(uri) if not fragment else {"$ref": schema_id}
    validator = jsonschema.Draft202012Validator(schema, registry=reg)
    found = sorted(validator.iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path])
    return "; ".join("/" + "/".join(str(p) for p in e.absolute_path) + ": " + e.message[:400] for e in found)


def main(argv):
    if argv == ["--check"]:
        count = len(glob.glob(os.path.join(HERE, "**", "*.schema.json"), recursive=True))
        registry(check=True)
        print(f"{count} schemas, all valid")
        return 0
    reg = registry()
    if len(argv) == 2 and argv[0] == "--jobs":
        with open(argv[1], encoding="utf-8") as f:
            jobs = json.load(f)
        print(json.dumps([errors(reg, job["schema"], job["doc"]) for job in jobs]))
        return 0
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    status = 0
    for path in argv[1:]:
        with open(path, encoding="utf-8") as f:
            problem = errors(reg, argv[0], json.load(f))
        print(f"{path}: {problem or 'ok'}")
        status |= 1 if problem else 0
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
