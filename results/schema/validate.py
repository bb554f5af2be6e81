#!/usr/bin/python3
"""Checks result files against the documented schema (results/schema/dotbench-result-1.schema.json).

usage: validate.py FILE_OR_DIR...   (directories: every *.json in them but paper-reference.json)
Prints one line per file and "N passed, N failed"; exits 1 on any failure, and when there was no
file to check (an empty directory or a wrong path must not pass). A file that is not UTF-8 or not
JSON is reported as a failure and the rest are still checked.
"""
import json
import pathlib
import sys

import jsonschema

SCHEMA = pathlib.Path(__file__).with_name("dotbench-result-1.schema.json")


def files(args):
    for arg in args:
        path = pathlib.Path(arg)
        if path.is_dir():
            yield from sorted(p for p in path.glob("*.json") if p.name != "paper-reference.json")
        else:
            yield path


def main(args):
    schema = json.loads(SCHEMA.read_text())
    validator = jsonschema.Draft202012Validator(schema)
    passed = failed = 0
    for path in files(args):
        try:
            errors = sorted(validator.iter_errors(json.loads(path.read_text())), key=str)
        except UnicodeDecodeError as e:
            errors = [f"not UTF-8 (byte {e.start}: {e.reason})"]
        except (OSError, json.JSONDecodeError) as e:
            errors = [e]
        if errors:
            failed += 1
            first = errors[0]
            where = "/".join(map(str, getattr(first, "absolute_path", [])))
            print(f"  FAIL {path}: {getattr(first, 'message', first)} at /{where}")
        else:
            passed += 1
            print(f"  ok   {path}")
    print(f"{passed} passed, {failed} failed")
    if passed + failed == 0:
        print(f"  FAIL no result files in {' '.join(args) or '(no arguments)'}")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
