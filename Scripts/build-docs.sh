#!/usr/bin/env bash
# Builds the DocC documentation offline with the toolchain's own `docc` (no plugin package):
# SpecsRunner (with the articles), SpecsCommand, SpecsTesting and Gherkin, one archive each in
# .build/docs/. Fails on any docc warning (an unresolved symbol or article link, a malformed
# page) and on any public symbol without a doc comment in those modules and in the others
# listed in `checked`. The articles' Swift blocks are compiled code: DocumentationSnippetTests
# compares them with the package's files. It builds what it needs first (`swift build
# --build-tests`: the symbol graphs are read from the build, test targets and the sources
# the scenario-test plugin generates included), so it works on a fresh clone.
# Usage: Scripts/build-docs.sh [--static]   (--static: archives a web server can serve as they are)
set -euo pipefail
cd "$(dirname "$0")/.."
docc="$(command -v docc || true)"
[ -n "$docc" ] || docc="$(dirname "$(command -v swift)")/docc"
[ -x "$docc" ] || { echo "docc not found beside swift: the toolchain ships it" >&2; exit 2; }
static=()
[ "${1:-}" = "--static" ] && static=(--transform-for-static-hosting)
modules=(SpecsRunner SpecsCommand SpecsTesting Gherkin)
# Modules whose public symbols must all be documented, beside those with a catalog.
checked=("${modules[@]}" CucumberExpressions)

# The public symbols of the built modules (the build is reused; only the graphs are extracted).
mkdir -p .build
echo "== swift build --build-tests (what the symbol graphs are extracted from)"
swift build --build-tests > .build/docs-build.log 2>&1 || {
  cat .build/docs-build.log >&2
  exit 1
}
swift package dump-symbol-graph --minimum-access-level public > .build/symbol-graph.log 2>&1 || {
  cat .build/symbol-graph.log >&2
  exit 1
}
graphs="$(find .build -path '*symbolgraph' -type d -newer Package.swift | head -1)"
[ -n "$graphs" ] || graphs="$(find .build -path '*symbolgraph' -type d | head -1)"
out=.build/docs
rm -rf "$out" && mkdir -p "$out"

echo "== every public symbol has a doc comment"
python3 - "$graphs" "${checked[@]}" <<'PY'
import json, os, sys
graphs, modules = sys.argv[1], sys.argv[2:]
missing = []
for module in modules:
    for symbol in json.load(open(os.path.join(graphs, module + ".symbols.json")))["symbols"]:
        # Symbols without a place are the compiler's (synthesized conformances, inherited members).
        if symbol.get("accessLevel") in ("public", "open") and not symbol.get("docComment") and symbol.get("location"):
            place = symbol["location"]
            path = place["uri"].split("/Sources/", 1)[-1]
            missing.append("Sources/%s:%d: %s.%s" % (path, place["position"]["line"] + 1, module, ".".join(symbol["pathComponents"])))
for line in missing: print(line + ": error: public symbol without a doc comment")
print("%d public symbol(s) without a doc comment" % len(missing))
sys.exit(1 if missing else 0)
PY

for module in "${modules[@]}"; do
  echo "== docc convert $module"
  symbols="$out/graphs/$module"
  mkdir -p "$symbols"
  cp "$graphs/$module.symbols.json" "$symbols/"
  for extension in "$graphs/$module"@*.symbols.json; do [ -f "$extension" ] && cp "$extension" "$symbols/"; done
  "$docc" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$symbols" \
    --fallback-display-name "$module" --fallback-bundle-identifier "specs.$module" \
    --output-path "$out/$module.doccarchive" --warnings-as-errors "${static[@]}" 2>&1 | tee "$out/$module.log"
  if grep -qE "(warning|error):" "$out/$module.log"; then
    echo "FAILED: docc reported problems in $module" >&2
    exit 1
  fi
done
echo "documentation: ${modules[*]} built in $out with no warnings"
