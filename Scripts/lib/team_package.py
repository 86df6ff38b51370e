#!/usr/bin/env python3
"""A team's package for the language-server benchmarks: a copy of Examples/Cart outside the
repository, depending on this checkout by path, whose step definitions also cover the
../shared/bench corpus (its 30 patterns and never-matching extras), and whose Features/
folder holds a generated corpus. Nothing it writes is inside the repository.

    team_package.py ROOT DIR build debug|release     the package in DIR (kept), its runner built
    team_package.py ROOT DIR corpus one|spread|undefined
                                                     Features/: cart.feature and either one
                                                     5,000-scenario file (Features/large.feature),
                                                     20,000 scenarios in 2,000 files, or one
                                                     5,000-scenario file whose steps no definition
                                                     matches (features written before their steps)

The runner is DIR/.build/CONFIGURATION/cart-specs, as the README's editor setups start it.
Scenario counts are pickles (an Examples row is a scenario), as the generator counts them."""
import json
import re
import os
import shutil
import subprocess
import sys
import tempfile

TYPES = {"string": "String", "int": "Int", "float": "Double", "word": "String"}
EXTRA_STEPS = 200
LAYOUTS = {
    # name: (files, scenarios per file, the file the editor types in, relative to Features/)
    "one": (1, 5000, "large.feature"),
    "spread": (2000, 10, None),
    "undefined": (1, 5000, "large.feature"),
}
# A step line's keyword, after which "undefined" writes words no definition expects.
STEP_LINE = re.compile(r"^(\s*(?:Given|When|Then|And|But) )", re.MULTILINE)


def generate(out, files, scenarios, no_features=False):
    arguments = [sys.executable, os.path.join(ROOT, "..", "shared", "bench", "gen_corpus.py"), "--out", out,
                 "--files", str(files), "--scenarios", str(scenarios), "--steps", "6",
                 "--extra-steps", str(EXTRA_STEPS)]
    if no_features:
        arguments.append("--no-features")
    subprocess.run(arguments, check=True, stdout=subprocess.DEVNULL)


def steps_source(patterns):
    lines = ["import SpecsRunner", "",
             "/// The definitions of the benchmark corpus's steps: its patterns and the extras that never match.",
             "enum CorpusSteps {", "    static func register(_ steps: inout StepRegistry<CartWorld>) {"]
    for pattern in patterns:
        names = [f"p{i}: {TYPES[p]}" for i, p in enumerate(pattern["params"])]
        if pattern["argument"] == "table":
            names.append("table: DataTable")
        elif pattern["argument"] == "doc":
            names.append("doc: DocString")
        closure = "(world" + "".join(", " + n for n in names) + ")" if names else "world"
        expression = json.dumps(pattern["expression"], ensure_ascii=False)
        lines.append(f"        steps.{pattern['keyword']}({expression}) {{ {closure} in _ = world }}")
    lines += ["    }", "}", ""]
    return "\n".join(lines)


def make_package(directory):
    """Copies Examples/Cart into DIRECTORY once; later calls keep it (and its .build)."""
    if os.path.exists(os.path.join(directory, "Sources", "CartSteps", "CorpusSteps.swift")):
        return
    os.makedirs(directory, exist_ok=True)
    source = os.path.join(ROOT, "Examples", "Cart")
    for entry in ("Package.swift", "Sources", "Features"):
        path = os.path.join(source, entry)
        if os.path.isdir(path):
            shutil.copytree(path, os.path.join(directory, entry), dirs_exist_ok=True)
        else:
            shutil.copy(path, directory)
    manifest = os.path.join(directory, "Package.swift")
    text = open(manifest).read()
    folder = "let specsFolder = URL(fileURLWithPath: #filePath)\n" \
             "    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()"
    assert folder in text, "Examples/Cart/Package.swift no longer finds specs as the benchmark expects"
    text = text.replace(folder, f"let specsFolder = URL(fileURLWithPath: {json.dumps(ROOT)})")
    # The tests are not the benchmark's concern: the runner alone is built.
    text = text.replace('        .testTarget(\n', '        /* .testTarget(\n', 1)
    text = text.replace('plugins: [.plugin(name: "ScenarioTests", package: specs)]),',
                        'plugins: [.plugin(name: "ScenarioTests", package: specs)]), */', 1)
    open(manifest, "w").write(text)
    with tempfile.TemporaryDirectory() as scratch:
        generate(scratch, 1, 1, no_features=True)
        patterns = json.load(open(os.path.join(scratch, "step_patterns.json")))
    steps = os.path.join(directory, "Sources", "CartSteps")
    open(os.path.join(steps, "CorpusSteps.swift"), "w").write(steps_source(patterns))
    cart = os.path.join(steps, "CartSteps.swift")
    text = open(cart).read()
    assert "        return steps\n" in text
    open(cart, "w").write(text.replace("        return steps\n",
                                       "        CorpusSteps.register(&steps)\n        return steps\n", 1))


def build(directory, configuration):
    make_package(directory)
    subprocess.run(["swift", "build", "-c", configuration, "--product", "cart-specs"], cwd=directory, check=True)
    print(os.path.join(directory, ".build", configuration, "cart-specs"))


def corpus(directory, layout):
    """Replaces Features/ with cart.feature and LAYOUT's corpus; prints the file to type in."""
    make_package(directory)
    files, scenarios, typed = LAYOUTS[layout]
    features = os.path.join(directory, "Features")
    stamp = os.path.join(features, ".layout")
    if not (os.path.exists(stamp) and open(stamp).read() == layout):
        shutil.rmtree(features, ignore_errors=True)
        os.makedirs(features)
        shutil.copy(os.path.join(ROOT, "Examples", "Cart", "Features", "cart.feature"), features)
        with tempfile.TemporaryDirectory() as scratch:
            generate(scratch, files, scenarios)
            generated = os.path.join(scratch, "features")
            for area in sorted(os.listdir(generated)):
                if not area.startswith("area_"):
                    continue
                if layout in ("one", "undefined"):
                    (name,) = os.listdir(os.path.join(generated, area))
                    shutil.copy(os.path.join(generated, area, name), os.path.join(features, typed))
                    if layout == "undefined":
                        path = os.path.join(features, typed)
                        text = open(path, encoding="utf-8").read()
                        open(path, "w", encoding="utf-8").write(STEP_LINE.sub(r"\1as planned, ", text))
                else:
                    shutil.copytree(os.path.join(generated, area), os.path.join(features, area))
        open(stamp, "w").write(layout)
    if typed is None:
        area = sorted(d for d in os.listdir(features) if d.startswith("area_"))[0]
        typed = os.path.join(area, sorted(os.listdir(os.path.join(features, area)))[0])
    print(os.path.join(features, typed))


if __name__ == "__main__":
    ROOT = os.path.abspath(sys.argv[1])
    directory, command, argument = os.path.abspath(sys.argv[2]), sys.argv[3], sys.argv[4]
    {"build": build, "corpus": corpus}[command](directory, argument)
