#!/usr/bin/env python3
"""Lists the public symbols without a doc comment in the modules a team can import.

The importable modules are the targets of the package's library products and every target
they depend on (a client can import any of them), read from `swift package dump-package`.
The symbols are read from the symbol graphs `swift package dump-symbol-graph` writes (the
module's own graph and its extension graphs, `Module@Other.symbols.json`). A symbol counts
when it is public or open and has a place in the sources; the compiler's own (synthesized
conformances, inherited members) have none. A member that implements a documented protocol
requirement inherits its comment, as its documentation page does.

Usage: Scripts/check-public-docs.py GRAPHS_DIR [MODULE ...]
  Without modules, the importable modules of the package in the current directory.
  Prints `path:line: error: ...` per undocumented symbol, then a table of counts per
  module; exits 1 if any symbol lacks a doc comment, 2 on a missing graph.
"""
import glob
import json
import os
import subprocess
import sys


def importable_modules():
    """The targets of the library products and their target dependencies, transitively."""
    manifest = json.loads(subprocess.run(
        ["swift", "package", "dump-package"], check=True, capture_output=True, text=True).stdout)
    targets = {target["name"]: target for target in manifest["targets"]}
    pending = [name for product in manifest["products"] if "library" in product["type"]
               for name in product["targets"]]
    found = []
    while pending:
        name = pending.pop()
        if name in found or name not in targets or targets[name]["type"] != "regular":
            continue
        found.append(name)
        for dependency in targets[name].get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dependency:
                    pending.append(dependency[kind][0])
    return sorted(found)


def graph_files(graphs, module):
    own = os.path.join(graphs, module + ".symbols.json")
    if not os.path.exists(own):
        print("no symbol graph for %s in %s: extract them first (Scripts/build-docs.sh does)" % (module, graphs),
              file=sys.stderr)
        sys.exit(2)
    return [own] + sorted(glob.glob(os.path.join(graphs, module + "@*.symbols.json")))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    graphs, modules = sys.argv[1], sys.argv[2:] or importable_modules()
    counts, missing = [], []
    for module in modules:
        seen, public, undocumented = set(), 0, 0
        for path in graph_files(graphs, module):
            for symbol in json.load(open(path))["symbols"]:
                identifier = symbol["identifier"]["precise"]
                if identifier in seen or symbol.get("accessLevel") not in ("public", "open"):
                    continue
                place = symbol.get("location")
                if not place or "/Sources/" not in place["uri"]:
                    continue
                seen.add(identifier)
                public += 1
                if symbol.get("docComment", {}).get("lines"):
                    continue
                undocumented += 1
                source = "Sources/" + place["uri"].split("/Sources/", 1)[1]
                missing.append("%s:%d: error: public symbol without a doc comment: %s.%s" % (
                    source, place["position"]["line"] + 1, module, ".".join(symbol["pathComponents"])))
        counts.append((module, public, undocumented))
    for line in sorted(missing):
        print(line)
    print("%-24s %7s %13s" % ("module", "public", "undocumented"))
    for module, public, undocumented in counts:
        print("%-24s %7d %13d" % (module, public, undocumented))
    print("%-24s %7d %13d" % ("total", sum(c[1] for c in counts), len(missing)))
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
