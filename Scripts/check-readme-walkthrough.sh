#!/usr/bin/env bash
# The README's walk-through as a new team meets it, in a fresh package whose folder is not
# named after it, beside a copy of this checkout in a folder not named `specs` (as an
# unpacked archive is): the README's Package.swift snippet with its one line pointed at the
# checkout, the README's sources (Examples/Cart is that package), the runner, an undefined
# step's "Did you mean", `swift test list`, and each `swift test --filter` the README shows,
# run and shown to select what it says. Then this checkout's own tests without the shared
# conformance data: quiet, one line saying why, and failing under SPECS_REQUIRE_CONFORMANCE=1
# (with an existing debug build of the tests; CI has one).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }

echo "== a copy of the checkout in specs-main/, a package of its own in garage-billing/"
mkdir -p "$work/specs-main" "$work/garage-billing"
tar -C "$repo" --exclude=./.build --exclude=./Examples/Cart/.build --exclude=./reports -cf - . \
  | tar -C "$work/specs-main" -xf -
app="$work/garage-billing"

# Package.swift: the README's snippet, with the line a team edits pointed at its checkout.
awk '/<!-- walkthrough: Package.swift/ { marked = 1; next }
     marked && /^```swift/ { inside = 1; next }
     inside && /^```/ { exit }
     inside { print }' "$repo/README.md" > "$app/Package.swift"
grep -q 'let specsPath = "../specs"' "$app/Package.swift" || fail "the README's Package.swift has no specsPath line"
sed -i.orig 's#let specsPath = "../specs"#let specsPath = "../specs-main"#' "$app/Package.swift"
rm -f "$app/Package.swift.orig"

# The sources the README shows, and the link it tells to make.
cp -R "$repo/Examples/Cart/Sources" "$repo/Examples/Cart/Features" "$app/"
mkdir -p "$app/Tests/CartTests"
cp "$repo/Examples/Cart/Tests/CartTests/ScenarioRegistry.swift" "$app/Tests/CartTests/"
(cd "$app/Tests/CartTests" && ln -s ../../Features Features)
cd "$app"

echo "== swift run cart-specs"
swift build --product cart-specs 2>&1 | tail -3
out="$(swift run cart-specs --format summary 2>&1)" || fail "swift run cart-specs failed: $out"
grep -q "^PASSED" <<<"$out" || fail "the run did not pass: $out"
echo "$out" | tail -2

echo "== a mistyped step: the step meant is named, with its place"
mkdir -p typo
printf 'Feature: Typo\n  Scenario: in a hurry\n    When the customer checks ou\n' > typo/typo.feature
set +e
typo="$(swift run cart-specs typo 2>&1)"
code=$?
set -e
[ "$code" = 1 ] || fail "a run with an undefined step exited $code"
grep -q "Did you mean:" <<<"$typo" && grep -q "'the customer checks out' at Sources/CartSteps/CartSteps.swift:" <<<"$typo" \
  || fail "no suggestion for the mistyped step: $typo"
rm -rf typo

echo "== swift test list and the README's filters"
list="$(swift test list 2>/dev/null)"
grep -qF "Examples: | 1 | 2.5 | 2.5 |" <<<"$list" || fail "the example row is not listed: $list"
# Each `swift test --filter '...'` line of the README, run: one test each.
filters="$(grep -o "^swift test --filter '[^']*'" "$repo/README.md" | sed "s/^swift test --filter '//; s/'\$//")"
[ "$(grep -c . <<<"$filters")" -ge 2 ] || fail "the README shows fewer than two filters: $filters"
while IFS= read -r filter; do
  ran="$(swift test --skip-build --filter "$filter" 2>&1)" || fail "swift test --filter '$filter' failed: $ran"
  grep -q "Test run with 1 test " <<<"$ran" || fail "--filter '$filter' did not select exactly one test: $(grep 'Test run with' <<<"$ran")"
  echo "--filter '$filter': $(grep -o 'Test run with 1 test [a-z ]*' <<<"$ran")"
done <<<"$filters"
swift test --skip-build 2>&1 | grep -q "Test run with .* passed" || fail "swift test did not pass"

echo "== this checkout's tests without the conformance data: quiet, and failing when it is required"
if [ -d "$repo/.build/debug" ]; then
  cd "$repo"
  # A folder that surely does not exist (not a fixed path another program may have made), and
  # CI's SPECS_REQUIRE_CONFORMANCE=1 left out, as on a fresh clone.
  absent="$(mktemp -d)/absent"
  quiet="$(env -u SPECS_REQUIRE_CONFORMANCE SPECS_CONFORMANCE_DIR="$absent" swift test --skip-build --filter 'ConformanceTests|CompatibilityKit' 2>&1)" \
    || fail "the conformance tests fail without the data: $quiet"
  ! grep -q "CONFORMANCE DATA NOT FOUND" <<<"$quiet" || fail "loud lines without the data: $quiet"
  [ "$(grep -c '^Conformance cases skipped: ' <<<"$quiet")" = 1 ] || fail "not one line saying why: $quiet"
  if SPECS_REQUIRE_CONFORMANCE=1 SPECS_CONFORMANCE_DIR="$absent" \
    swift test --skip-build --filter 'ConformanceTests' >/dev/null 2>&1; then
    fail "SPECS_REQUIRE_CONFORMANCE=1 passed without the data"
  fi
else
  echo "(no debug build of this checkout's tests: skipped)"
fi
echo "README walk-through passed"
