#!/usr/bin/env bash
# Builds the DocC documentation offline with the toolchain's own `docc` (no plugin package):
# one archive per product module in .build/docs/: SpecsRunner (with the articles),
# SpecsReporting, SpecsCommand, SpecsTesting and Gherkin. Fails on any docc warning (an
# unresolved symbol or article link, a malformed page) and on any public symbol without a
# doc comment in a module a team can import (Scripts/check-public-docs.py: every target of
# a library product and every target those depend on). The articles' Swift blocks are
# compiled code: DocumentationSnippetTests compares them with the package's files. It
# builds what it needs first (`swift build --build-tests`: the symbol graphs are read from
# the build, test targets and the sources the scenario-test plugin generates included), so
# it works on a fresh clone.
# Usage: Scripts/build-docs.sh [--static]   (--static: archives a web server can serve as they are)
set -euo pipefail
cd "$(dirname "$0")/.."
docc="$(command -v docc || true)"
[ -n "$docc" ] || docc="$(dirname "$(command -v swift)")/docc"
[ -x "$docc" ] || { echo "docc not found beside swift: the toolchain ships it" >&2; exit 2; }
static=()
[ "${1:-}" = "--static" ] && static=(--transform-for-static-hosting)
modules=(SpecsRunner SpecsReporting SpecsCommand SpecsTesting Gherkin)

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
undocumented=0
python3 Scripts/check-public-docs.py "$graphs" || undocumented=1

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
if [ "$undocumented" = 1 ]; then
  echo "FAILED: public symbols without a doc comment (listed above)" >&2
  exit 1
fi
echo "documentation: ${modules[*]} built in $out with no warnings"
