#!/usr/bin/env python3
"""Checks `specs format` and `specs lint` on real projects' feature files.

    Scripts/check-real-features.py FOLDER [--specs PATH] [--samples N] [--indent tab|N]

FOLDER holds one folder per project (its feature files anywhere below it). The files are
copied to a scratch folder and formatted there; the originals are never changed. Prints:

- files and projects; files that do not parse (left alone by the formatter);
- meaning changes: files whose AST or pickles (`specs gherkin`, locations aside) differ
  after formatting;
- text changes beyond layout: files whose text without layout whitespace (as the README's
  "What `format` changes" defines it) differs after formatting;
- non-idempotent files: files a second `specs format --check` would change again;
- lint findings per rule and severity, with up to N sample errors per rule to judge.

Exit status 0 when there is no meaning change, no text change beyond layout and no
non-idempotent file; 1 otherwise.
"""

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENCODING_LINE = re.compile(r"^\s*#\s*encoding\s*:\s*(\S+)", re.IGNORECASE)


def is_space(char):
    """Whitespace as the parser strips it: ASCII blanks and Unicode White_Space."""
    return char in " \t\n\v\f\r" or (ord(char) >= 0x80 and char.isspace())


def decode(data):
    """A feature file's text as specs reads it: UTF-8 (a byte order mark dropped), a UTF-16
    byte order mark, or the encoding its `# encoding:` line names."""
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        return data.decode("utf-16")
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8")
    for line in data[:4096].decode("latin-1").split("\n"):
        if not line.strip():
            continue
        if not line.lstrip().startswith("#"):
            break
        match = ENCODING_LINE.match(line)
        if match:
            return data.decode(match.group(1))
    return data.decode("utf-8")


def trim(text):
    start, end = 0, len(text)
    while start < end and is_space(text[start]):
        start += 1
    while end > start and is_space(text[end - 1]):
        end -= 1
    return text[start:end]


def row_parts(line):
    """A table row's cells as written (whitespace around each dropped) and the text after
    its last unescaped `|`."""
    cells, index = [], 0
    line = trim(line)
    start, index = 1, 1
    while index < len(line):
        if line[index] == "\\":
            index += 2
            continue
        if line[index] == "|":
            cells.append(trim(line[start:index]))
            start = index + 1
        index += 1
    return cells, trim(line[start:])


def skeleton(text):
    """The text without layout whitespace: non-blank lines trimmed, whitespace next to a
    table row's bars dropped, every other run of whitespace one space."""
    result = []
    for line in text.split("\n"):
        trimmed = trim(line)
        if not trimmed:
            continue
        if trimmed.startswith("|"):
            cells, tail = row_parts(trimmed)
            trimmed = "|" + "".join(cell + "|" for cell in cells) + tail
        collapsed, in_run = [], False
        for char in trimmed:
            if is_space(char):
                if not in_run:
                    collapsed.append(" ")
                in_run = True
            else:
                collapsed.append(char)
                in_run = False
        result.append("".join(collapsed))
    return result


def without_locations(value):
    if isinstance(value, dict):
        return {key: without_locations(item) for key, item in value.items() if key != "location"}
    if isinstance(value, list):
        return [without_locations(item) for item in value]
    return value


def meanings(specs, folder, paths):
    """Each file's AST and pickles (locations aside), by path, from `specs gherkin`."""
    result = collections.defaultdict(list)
    for start in range(0, len(paths), 400):
        chunk = paths[start:start + 400]
        run = subprocess.run(
            [specs, "gherkin", "--no-source", "--predictable-ids", *chunk], cwd=folder, capture_output=True)
        for line in run.stdout.decode("utf-8", "replace").splitlines():
            if not line.strip():
                continue
            message = json.loads(line)
            if "gherkinDocument" in message:
                result[message["gherkinDocument"]["uri"]].append(without_locations(message))
            elif "pickle" in message:
                result[message["pickle"]["uri"]].append(without_locations(message))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder")
    parser.add_argument("--specs", default=os.path.join(ROOT, ".build", "debug", "specs"))
    parser.add_argument("--samples", type=int, default=10, help="sample errors printed per lint rule")
    parser.add_argument("--indent", help="format with this indentation (`tab` or a number), through .editorconfig")
    arguments = parser.parse_args()
    folder = os.path.abspath(arguments.folder)
    specs = os.path.abspath(arguments.specs)
    if not os.access(specs, os.X_OK):
        sys.exit(f"no specs executable at {specs}: build it (swift build --product specs) or pass --specs")

    paths = []
    for directory, _, names in os.walk(folder):
        paths += [os.path.relpath(os.path.join(directory, name), folder) for name in names if name.endswith(".feature")]
    paths.sort()
    projects = {path.split(os.sep)[0] for path in paths}

    scratch = tempfile.mkdtemp(prefix="specs-real-features-")
    try:
        copy = os.path.join(scratch, "formatted")
        for path in paths:
            os.makedirs(os.path.dirname(os.path.join(copy, path)), exist_ok=True)
            shutil.copyfile(os.path.join(folder, path), os.path.join(copy, path))
            os.chmod(os.path.join(copy, path), 0o644)

        if arguments.indent:
            style = "indent_style = tab" if arguments.indent == "tab" else f"indent_size = {int(arguments.indent)}"
            with open(os.path.join(copy, ".editorconfig"), "w") as config:
                config.write(f"root = true\n[*.feature]\n{style}\n")

        before = meanings(specs, folder, paths)
        parsed = [path for path in paths if path in before]
        for start in range(0, len(parsed), 400):
            subprocess.run([specs, "format", *parsed[start:start + 400]], cwd=copy, capture_output=True)
        after = meanings(specs, copy, parsed)

        changed = meaning = text = unreadable = 0
        examples = collections.defaultdict(list)
        for path in parsed:
            with open(os.path.join(folder, path), "rb") as original, open(os.path.join(copy, path), "rb") as formatted:
                old, new = original.read(), formatted.read()
            if old != new:
                changed += 1
            if before[path] != after.get(path):
                meaning += 1
                examples["meaning"].append(path)
            try:
                old_text, new_text = decode(old), decode(new)
            except (UnicodeDecodeError, LookupError):
                unreadable += 1
                continue
            if skeleton(old_text) != skeleton(new_text):
                text += 1
                first = next(
                    (pair for pair in zip(skeleton(old_text), skeleton(new_text)) if pair[0] != pair[1]), ("?", "?"))
                examples["text"].append(f"{path}: {first[0]!r} became {first[1]!r}")

        recheck = []
        for start in range(0, len(parsed), 400):
            run = subprocess.run(
                [specs, "format", "--check", *parsed[start:start + 400]], cwd=copy, capture_output=True)
            recheck += [line for line in run.stdout.decode("utf-8", "replace").splitlines() if line.strip()]

        lint = subprocess.run([specs, "lint", *paths], cwd=folder, capture_output=True)
        findings = collections.Counter()
        samples = collections.defaultdict(list)
        pattern = re.compile(r"^(.+?):(\d+):(\d+): (error|warning): (.*) \[([a-z-]+)\]$")
        for line in lint.stdout.decode("utf-8", "replace").splitlines():
            match = pattern.match(line)
            if not match:
                continue
            severity, rule = match.group(4), match.group(6)
            findings[(rule, severity)] += 1
            if severity == "error":
                samples[rule].append(line)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    print(f"files: {len(paths)} in {len(projects)} projects")
    print(f"files that do not parse (left alone): {len(paths) - len(parsed)}")
    print(f"files the formatter changed: {changed}")
    print(f"meaning changes (AST or pickles): {meaning}")
    print(f"text changes beyond layout whitespace: {text}")
    print(f"files not read back for the text check: {unreadable}")
    print(f"non-idempotent files: {len(recheck)}")
    print("lint findings per rule:")
    for (rule, severity), count in sorted(findings.items()):
        print(f"  {rule} ({severity}): {count}")
    for kind in ("meaning", "text"):
        for example in examples[kind][:10]:
            print(f"{kind} change: {example}")
    for path in recheck[:10]:
        print(f"not idempotent: {path}")
    for rule, lines in sorted(samples.items()):
        print(f"sample errors of {rule}:")
        for line in lines[:arguments.samples]:
            print(f"  {line}")
    return 0 if meaning == 0 and text == 0 and not recheck else 1


if __name__ == "__main__":
    sys.exit(main())
