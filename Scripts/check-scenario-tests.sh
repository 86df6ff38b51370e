#!/usr/bin/env bash
# Replays, through the real `swift test`, what the ScenarioTests plugin promises, on a
# scratch copy of Examples/Cart: every scenario and example row listed before any run,
# one runnable alone by name, a scenario added to a feature file picked up with no Swift
# edit, a failure reported at the feature file's line with its step and message, an
# undefined step with its snippet, a file that does not parse failing with its place,
# selection by SPECS_TAGS (a selection that matches no scenario failing), a bundle that
# discovered fewer scenario tests than were generated failing, one xUnit testcase per
# scenario, the run's before-all and after-all hooks once each around every feature's scenarios,
# and the coverage gate taking a linked XCTest that called XCTSkip for no proof.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
copy="$root/Examples/.scenario-check"
rm -rf "$copy"
mkdir -p "$copy"
trap 'rm -rf "$copy"' EXIT
(cd Examples/Cart && tar --exclude=.build -cf - .) | (cd "$copy" && tar -xf -)
cd "$copy"
feature=Features/cart.feature
failures=0
check() { # check DESCRIPTION COMMAND...: the command must succeed
  local what=$1; shift
  if "$@"; then echo "ok    $what"; else echo "FAIL  $what" >&2; failures=$((failures + 1)); fi
}
has() { grep -qF -- "$1" "$2"; }
lacks() { ! grep -qF -- "$1" "$2"; }
# The build notices a changed feature file by its time stamp: never edit in the second of a build.
edit() { sleep 1.1; "$@"; }

echo "== build"
swift build --build-tests >build.log 2>&1 || { cat build.log; exit 1; }
if grep -E "warning:" build.log | grep -v "^warning: '"; then echo "FAIL  the build has warnings" >&2; exit 1; fi

echo "== swift test list names every scenario and example row before any run"
swift test list >list.txt 2>&1
for name in 'Scenario: Several items of one price' 'Scenario: Items from a table' \
            'Scenario Outline: Items of one price`/`Examples: | 1 | 2.5 | 2.5 |' \
            'Scenario Outline: Items of one price`/`Examples: | 4 | 1.25 | 5.0 |'; do
  check "listed: $name" has "$name" list.txt
done

echo "== the compact form (Swift 6.3 on Linux) and the @Test form list and report the same tests"
# A second feature file whose outline has more rows than one tuple of records holds.
python3 - >Features/rows.feature <<'PY'
print("Feature: Many rows\n\n  Scenario Outline: One item at <price> EUR\n    Given a cart with 1 items at <price> EUR\n"
      "    When the customer checks out\n    Then the total is <price> EUR\n\n    Examples:\n      | price |")
for cents in range(1, 151): print(f"      | {cents / 100} |")
PY
swift build --build-tests >build.log 2>&1 || { cat build.log; exit 1; }
swift test list >list.txt 2>&1
if [ "$(uname -s)" = Linux ] && swift --version 2>&1 | grep -q 'Swift version 6\.3'; then
  bundle=$(find -L .build/debug -maxdepth 1 -name '*PackageTests.xctest' | head -1)
  check "this toolchain built the compact form (its record accessors are in the bundle)" \
    bash -c "nm '$bundle' | grep -q 'scenario3_'"
fi
swift test --xunit-output compact.xml >compact.txt 2>&1
macros=(-Xswiftc -DSPECS_SCENARIO_TEST_MACROS)
swift test list "${macros[@]}" >list-macros.txt 2>&1
tests() { grep -E '\(\)$' "$1"; }
check "the @Test form lists the same tests" cmp -s <(tests list.txt) <(tests list-macros.txt)
swift test "${macros[@]}" --xunit-output macros.xml >macros.txt 2>&1
check "and writes the same xUnit testcases" python3 - compact-swift-testing.xml macros-swift-testing.xml <<'PY'
import sys, xml.etree.ElementTree as ET
cases = [sorted((c.get("classname"), c.get("name"), len(list(c))) for c in ET.parse(f).getroot().iter("testcase")) for f in sys.argv[1:]]
print(cases) if cases[0] != cases[1] or len(cases[0]) < 155 else None
sys.exit(0 if cases[0] == cases[1] and len(cases[0]) >= 155 else 1)
PY
check "150 rows of one outline, run and passed" test "$(grep -cE '✔ Test "Examples: \| [0-9.]+ \|" passed' compact.txt)" -eq 150
edit rm Features/rows.feature
swift build --build-tests >build.log 2>&1 || { cat build.log; exit 1; }

echo "== swift test --filter runs one scenario alone"
swift test --filter 'Several items of one price' >filter.txt 2>&1 || true
check "one test ran and passed" has 'Test run with 1 test in ' filter.txt
check "it was the scenario asked for" has '✔ Test "Scenario: Several items of one price" passed' filter.txt

echo "== SPECS_TAGS selects scenarios; the others are skipped, not passed"
SPECS_TAGS='@clean' swift test --parallel --xunit-output tags.xml >tags.txt 2>&1 || true
check "the @clean scenario ran" has '✔ Test "Scenario: Items from a table" passed' tags.txt
check "another scenario was skipped" has 'Test "Scenario: Several items of one price" skipped: "not selected by the tags of SPECS_TAGS or specs.json"' tags.txt
check "xUnit counts the skipped ones" python3 - tags-swift-testing.xml <<'PY'
import sys, xml.etree.ElementTree as ET
cases = [c for c in ET.parse(sys.argv[1]).getroot().iter("testcase") if "Feature: Checkout" in c.get("classname", "")]
skipped = [c for c in cases if c.find("skipped") is not None]
sys.exit(0 if len(cases) == 4 and len(skipped) == 3 else 1)
PY

echo "== a selection that matches no scenario fails swift test, as it fails specs, saying why"
fails() { # fails NAME OUTPUT COMMAND...: the command must exit non-zero; its output goes to OUTPUT
  local what=$1 out=$2; shift 2
  if "$@" >"$out" 2>&1; then echo "FAIL  $what: swift test passed" >&2; failures=$((failures + 1)); else echo "ok    $what"; fi
}
fails "SPECS_TAGS='@smok' fails" smok.txt env SPECS_TAGS='@smok' swift test --xunit-output smok.xml
check "saying no scenario was selected, and the tags in use" \
  has "no scenario was selected: SPECS_TAGS='@smok' selects none of the 4 scenario tests this run includes (the scenarios' tags are @clean)" smok.txt
check "once" test "$(grep -c 'no scenario was selected' smok.txt)" -eq 1
check "at the generated suite's check, not in a file of the library" \
  grep -qE 'Scenario tests run as generated and selected" recorded an issue at [A-Za-z.]+\.generated\.swift:[0-9]+' smok.txt
check "(not SuiteProblems.swift)" lacks 'SuiteProblems.swift' smok.txt
# Swift Testing's xUnit report leaves out a suite's issues: the suite's check test fails there.
xunit_fails() { python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
failed = [c.get("name") for c in ET.parse(sys.argv[1]).getroot().iter("testcase") if c.find("failure") is not None]
sys.exit(0 if failed else 1)
PY
}
check "and the xUnit report shows a failure" xunit_fails smok-swift-testing.xml
fails "and with --filter, of the scenario tests it includes" smok-filter.txt env SPECS_TAGS='@smok' swift test --filter 'Feature: Checkout'
check "saying so" has "SPECS_TAGS='@smok' selects none of the 4 scenario tests this run includes" smok-filter.txt
printf '{ "profiles": { "nightly": { "tags": "@nightly" } } }\n' >specs.json
fails "a profile whose tags match none fails" profile.txt env SPECS_PROFILE=nightly swift test
check "naming the profile" has "no scenario was selected: specs.json's tags '@nightly' (SPECS_PROFILE=nightly) selects none" profile.txt
rm specs.json
SPECS_TAGS='@clean' swift test --filter 'Several items of one price' >filtered-out.txt 2>&1 && filtered=0 || filtered=$?
check "a filter and tags that meet in no scenario fail too (exit $filtered)" test "$filtered" -ne 0
swift test --filter 'Step definitions register' >no-scenarios.txt 2>&1
check "a filtered run that includes no scenario test is not judged by the tags" has 'Test run with 1 test in ' no-scenarios.txt

echo "== a test bundle that discovered fewer scenario tests than were generated fails, saying how to build the @Test form"
# As a Swift Testing that reads test records another way would see the compact form: no records.
cp Package.swift Package.swift.orig
edit python3 - Package.swift <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
text = text.replace('plugins: [.plugin(name: "ScenarioTests", package: specs)]),',
    'swiftSettings: [.define("SPECS_DROP_SCENARIO_TEST_RECORDS")], plugins: [.plugin(name: "ScenarioTests", package: specs)]),', 1)
open(path, "w").write(text)
PY
if [ "$(uname -s)" = Linux ] && swift --version 2>&1 | grep -q 'Swift version 6\.3'; then
  fails "records dropped: swift test fails" dropped.txt swift test --xunit-output dropped.xml
  check "and the xUnit report shows a failure" xunit_fails dropped-swift-testing.xml
  check "no scenario test ran" lacks 'Test "Scenario: Items from a table" passed' dropped.txt
  check "saying how many were discovered of how many" has 'CartTests: Swift Testing discovered 0 of the 4 scenario tests generated from its feature files, so 4 scenarios do not run.' dropped.txt
  check "and how to build the @Test form" has 'swift test -Xswiftc -DSPECS_SCENARIO_TEST_MACROS' dropped.txt
  fails "a filtered run fails alike" dropped-filter.txt swift test --filter 'Step definitions register'
  check "saying so" has 'discovered 0 of the 4 scenario tests' dropped-filter.txt
fi
edit mv Package.swift.orig Package.swift

echo "== a scenario added to the feature file is a test at the next build, with no Swift edit"
edit printf '\n  Scenario: An empty cart costs "nothing" \\ 🛒\n    When the customer checks out\n    Then the total is 0.0 EUR\n' >>"$feature"
swift test list >list2.txt 2>&1
check "the new scenario is listed" has 'Scenario: An empty cart costs “nothing” ∖ 🛒' list2.txt
swift test --filter 'An empty cart' >added.txt 2>&1 || true
check "and it runs and passes" has 'Test run with 1 test in ' added.txt

echo "== one xUnit testcase per scenario and example row, named, in --parallel mode"
swift test --parallel --xunit-output xunit.xml >xunit.txt 2>&1
check "5 scenario testcases in valid XML" python3 - xunit-swift-testing.xml <<'PY'
import sys, xml.etree.ElementTree as ET
names = sorted(c.get("name") for c in ET.parse(sys.argv[1]).getroot().iter("testcase") if "Feature: Checkout" in c.get("classname", ""))
expected = sorted(["`Scenario: Several items of one price`()", "`Scenario: Items from a table`()",
    "`Examples: | 1 | 2.5 | 2.5 |`()", "`Examples: | 4 | 1.25 | 5.0 |`()", "`Scenario: An empty cart costs “nothing” ∖ 🛒`()"])
print(names) if names != expected else None
sys.exit(0 if names == expected else 1)
PY

echo "== a failing step is reported at its feature file line, with the step and the message"
edit sed -i 's/Then the total is 7.5 EUR/Then the total is 8.0 EUR/' "$feature"
line=$(grep -n 'Then the total is 8.0 EUR' "$feature" | cut -d: -f1)
if swift test >failed.txt 2>&1; then echo "FAIL  swift test passed with a failing scenario" >&2; failures=$((failures + 1)); fi
check "failure at Features/cart.feature:$line" has "Features/cart.feature:$line:5: Then the total is 8.0 EUR — failed" failed.txt
check "with the expectation's message" has 'total: expected 8, got 7.5' failed.txt
check "the scenario's test failed" has '✘ Test "Scenario: Several items of one price" failed' failed.txt
check "the other scenarios still passed" has '✔ Test "Scenario: Items from a table" passed' failed.txt

echo "== an undefined step shows the snippet that defines it"
edit sed -i 's/Then the total is 8.0 EUR/Then the total is 7.5 EUR\n    And the receipt is emailed to "ana@example.com"/' "$feature"
swift test >undefined.txt 2>&1 || true
check "undefined, with its place" has 'Features/cart.feature:7:5: And the receipt is emailed to "ana@example.com" — undefined. Define it with:' undefined.txt
check "and the snippet" has 'steps.then("the receipt is emailed to {string}") { (world, string1: String) in' undefined.txt

echo "== a feature file that does not parse fails the tests with its place"
edit printf 'Feature: Broken\n  Scenario: one\n    Given a step\n      """\n    never closed\n' >Features/broken.feature
if swift test >broken.txt 2>&1; then echo "FAIL  swift test passed with a file that does not parse" >&2; failures=$((failures + 1)); fi
check "parse error at Features/broken.feature" grep -qE 'Features/broken.feature:[0-9]+:[0-9]+: error: ' broken.txt
check "named by its file" has 'Test "Features/broken.feature cannot be run" failed' broken.txt

echo "== a deleted feature file's tests are gone"
edit rm Features/broken.feature
swift test list >list3.txt 2>&1
check "no test of the deleted file" lacks 'broken.feature' list3.txt

echo "== before-all hooks run once before the first scenario, after-all hooks once at the end; a failing one fails the run"
edit python3 - Sources/CartSteps/CartSteps.swift <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
hooks = """        steps.beforeAll {
            HookLog.note("before-all")
            if ProcessInfo.processInfo.environment["CART_FAIL_BEFORE_ALL"] != nil {
                throw ExpectationFailure("the cart service would not start")
            }
        }
        steps.afterAll {
            HookLog.note("after-all")
            if ProcessInfo.processInfo.environment["CART_FAIL_AFTER_ALL"] != nil {
                throw ExpectationFailure("the cart service would not stop")
            }
        }
        return steps"""
text = text.replace("        return steps", hooks, 1)
text += '''
/// Where the hooks say they ran: the file named by CART_HOOK_LOG.
enum HookLog {
    static func note(_ line: String) {
        guard let path = ProcessInfo.processInfo.environment["CART_HOOK_LOG"],
            let file = FileHandle(forWritingAtPath: path)
        else { return }
        file.seekToEndOfFile()
        file.write(Data((line + "\\n").utf8))
        file.closeFile()
    }
}
'''
open(path, "w").write(text)
PY
: >hooks.log
CART_HOOK_LOG="$PWD/hooks.log" swift test >hooks.txt 2>&1 || true
check "the scenarios ran between them" has 'Test "Scenario: Items from a table" passed' hooks.txt
check "before-all once, first; after-all once, last" python3 -c "import sys; sys.exit(0 if open('hooks.log').read() == 'before-all\nafter-all\n' else 1)"
if CART_FAIL_AFTER_ALL=1 swift test >after.txt 2>&1; then after=0; else after=$?; fi
check "a failing after-all hook fails swift test (exit $after)" test "$after" -ne 0
check "and says which, where and why" grep -qE 'after-all hook \(Sources/CartSteps/CartSteps.swift:[0-9]+\) failed: the cart service would not stop' after.txt
fails "a failing before-all hook fails swift test" before.txt env CART_FAIL_BEFORE_ALL=1 swift test --xunit-output before.xml
check "no scenario ran, each saying so" has 'the scenario did not run: ' before.txt
check "and the xUnit report fails each scenario" python3 - before-swift-testing.xml <<'PY'
import sys, xml.etree.ElementTree as ET
cases = [c for c in ET.parse(sys.argv[1]).getroot().iter("testcase") if "Feature: Checkout" in c.get("classname", "")]
sys.exit(0 if cases and all(c.find("failure") is not None for c in cases) else 1)
PY

echo "== a linked XCTest that called XCTSkip is no proof for the coverage gate"
mkdir -p Tests/CartTests
cat >Tests/CartTests/CartTotalsTests.swift <<'SWIFT'
import Foundation
import XCTest

final class CartTotalsTests: XCTestCase {
    func test_total_ofNoItems_isZero() throws {
        if ProcessInfo.processInfo.environment["CART_SKIP_LINKED"] != nil { throw XCTSkip("not on this machine") }
    }
}
SWIFT
printf 'Feature: Linked\n\n  @xctest:CartTotalsTests/test_total_ofNoItems_isZero\n  Scenario: An empty cart\n    When the customer checks out\n    Then the total is 0.0 EUR\n' >Features/linked.feature
gate=(swift run cart-specs Features/linked.feature --min-coverage 100 --no-color)
CART_SKIP_LINKED=1 swift test --parallel --verbose --xunit-output skip.xml >skip-printed.txt 2>&1 || true
check "Linux's --parallel xUnit writes the skipped XCTest as a bare testcase, as a pass" python3 - skip.xml <<'PY'
import sys, xml.etree.ElementTree as ET
cases = [c for c in ET.parse(sys.argv[1]).getroot().iter("testcase") if c.get("name") == "test_total_ofNoItems_isZero"]
sys.exit(0 if len(cases) == 1 and len(list(cases[0])) == 0 else 1)
PY
check "what swift test printed says skipped" has "Test Case 'CartTotalsTests.test_total_ofNoItems_isZero' skipped" skip-printed.txt
"${gate[@]}" --xunit skip.xml --xunit skip-swift-testing.xml >gate-xunit.txt 2>&1 && code=0 || code=$?
check "the gate given the xUnit files alone fails (exit $code)" test "$code" -eq 1
check "saying the file cannot tell a skip from a pass" has 'linked test CartTotalsTests/test_total_ofNoItems_isZero passed or was skipped: the xUnit file of `swift test` cannot tell which' gate-xunit.txt
"${gate[@]}" --xunit skip.xml --test-output skip-printed.txt >gate-skipped.txt 2>&1 && code=0 || code=$?
check "given what swift test printed, it fails (exit $code)" test "$code" -eq 1
check "saying the linked test was skipped" has 'linked test CartTotalsTests/test_total_ofNoItems_isZero skipped' gate-skipped.txt
# (The cart's feature file holds an undefined step by now: swift test fails on it, not on this test.)
swift test --parallel --verbose --xunit-output pass.xml >pass-printed.txt 2>&1 || true
check "what swift test printed says passed" has "Test Case 'CartTotalsTests.test_total_ofNoItems_isZero' passed" pass-printed.txt
"${gate[@]}" --xunit pass.xml --xunit pass-swift-testing.xml --test-output pass-printed.txt >gate-passed.txt 2>&1 && code=0 || code=$?
check "when the linked test passed, the gate passes (exit $code)" test "$code" -eq 0

if [ "$failures" -gt 0 ]; then echo "check-scenario-tests: $failures check(s) failed" >&2; exit 1; fi
echo "check-scenario-tests: every check passed"
