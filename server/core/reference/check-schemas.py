"""Checks the OpenAPI document's JSON Schemas as another language's validator does: each schema
against the JSON Schema 2020-12 meta-schema, and each pattern compiled by Python's own regular
expressions (as Python's OpenAPI validators and code generators do). Reads the document on stdin;
prints each problem on a line of its own and exits 1 when there is one."""
import json
import re
import sys

from jsonschema import Draft202012Validator

document = json.load(sys.stdin)
problems = []


def walk(node, path):
    if isinstance(node, dict):
        if isinstance(node.get("pattern"), str):
            try:
                re.compile(node["pattern"])
            except re.error as error:
                problems.append(f"{path}: pattern {node['pattern']!r}: {error}")
        for key, value in node.items():
            walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            walk(value, f"{path}/{index}")


schemas = []
for route, operations in document.get("paths", {}).items():
    for method, operation in operations.items():
        for parameter in operation.get("parameters", []):
            schemas.append((f"{method} {route} {parameter.get('name')}", parameter.get("schema", {})))
        for media, content in operation.get("requestBody", {}).get("content", {}).items():
            schemas.append((f"{method} {route} body {media}", content.get("schema", {})))
        for status, answer in operation.get("responses", {}).items():
            for media, content in answer.get("content", {}).items():
                schemas.append((f"{method} {route} {status} {media}", content.get("schema", {})))
for name, schema in document.get("components", {}).get("schemas", {}).items():
    schemas.append((f"components {name}", schema))

for where, schema in schemas:
    try:
        Draft202012Validator.check_schema(schema)
    except Exception as error:  # the meta-schema's refusal, whatever its kind
        problems.append(f"{where}: {str(error).splitlines()[0]}")
    walk(schema, where)

print(f"checked {len(schemas)} schemas", file=sys.stderr)
for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
