#!/usr/bin/python3
"""Checks dotbench export output against the schema of its format (results/schema/export/FORMAT.schema.json).

usage: validate.py FORMAT FILE...   FORMAT: bencher | github-action-benchmark | jmh
Before the files, the schema must reject a planted bad document of that format (a control: a
schema that accepts anything would pass every file). Exits 1 on any failure.
"""
import json
import pathlib
import sys

import jsonschema

HERE = pathlib.Path(__file__).parent
# one document per format that is wrong in a way an importer would trip over
PLANTED = {
    "bencher": {"gmpbench/dot-vs-stock/total": {"speed-ratio": {"value": "0.93"}}},
    "github-action-benchmark": [{"name": "gmpbench/dot-vs-stock/total", "value": 0.93}],
    "jmh": [{"benchmark": "dotbench.gmpbench.multiply", "mode": "thrpt", "primaryMetric": {"score": 1.0}}],
}


def main(args):
    if len(args) < 2 or args[0] not in PLANTED:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    fmt, paths = args[0], args[1:]
    validator = jsonschema.Draft202012Validator(json.loads((HERE / f"{fmt}.schema.json").read_text()))
    if validator.is_valid(PLANTED[fmt]):
        print(f"  FAIL the {fmt} schema accepts the planted bad document", file=sys.stderr)
        return 1
    print(f"  ok   control: the {fmt} schema rejects the planted bad document")
    failed = 0
    for path in paths:
        try:
            errors = sorted(validator.iter_errors(json.loads(pathlib.Path(path).read_text())), key=str)
        except (OSError, json.JSONDecodeError) as e:
            errors = [e]
        if errors:
            failed += 1
            first = errors[0]
            where = "/".join(map(str, getattr(first, "absolute_path", [])))
            print(f"  FAIL {path} ({fmt}): {getattr(first, 'message', first)} at /{where}")
        else:
            print(f"  ok   {path} ({fmt})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
