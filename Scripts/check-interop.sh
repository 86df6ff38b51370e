#!/usr/bin/env bash
# Checks the JUnit XML and Cucumber JSON outputs with independent parsers: the
# `junitparser` package from PyPI (installed into a throwaway virtualenv, never a
# project dependency) and Python's json module. The counts they read must equal the
# run's own counts, taken from its message stream.
# Usage: Scripts/check-interop.sh [output-dir]   (default: reports/interop)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-reports/interop}"
mkdir -p "$out/Features"
venv="$out/venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q junitparser >/dev/null

# The project's features plus one with every outcome, so failures and skips are counted too.
cp Features/*.feature "$out/Features/"
cat > "$out/Features/outcomes.feature" <<'FEATURE'
Feature: Outcomes & <escapes>
  Scenario: an undefined step with "quotes" & <brackets> and a control char 
    Given a step nobody defined yet
  Scenario Outline: same name for every row
    Given un usuario registrado con email "<email>"
    Examples:
      | email        |
      | a@example.com |
      | b@example.com |
FEATURE
swift build --product specs >/dev/null
specs="$(swift build --product specs --show-bin-path)/specs"
"$specs" "$out/Features" --format summary --format "junit:$out/junit.xml" --format "json:$out/cucumber.json" \
  --format "message:$out/messages.ndjson" || true

"$venv/bin/python" - "$out" <<'PY'
import json, sys
from junitparser import JUnitXml, Failure, Skipped, Error
out = sys.argv[1]

# The run's own counts, from its message stream: the final attempt of each test case.
cases, started, final, steps = {}, {}, {}, {}
for line in open(f"{out}/messages.ndjson", encoding="utf-8"):
    envelope = json.loads(line)
    if "testCase" in envelope:
        cases[envelope["testCase"]["id"]] = envelope["testCase"]
    elif "testCaseStarted" in envelope:
        s = envelope["testCaseStarted"]; started[s["id"]] = s["testCaseId"]; final[s["testCaseId"]] = s["id"]
    elif "testStepFinished" in envelope:
        f = envelope["testStepFinished"]; steps.setdefault(f["testCaseStartedId"], []).append(f["testStepResult"]["status"])
order = ["UNKNOWN", "PASSED", "SKIPPED", "PENDING", "UNDEFINED", "AMBIGUOUS", "FAILED"]
status = {tc: max(steps.get(final[tc], ["PASSED"]), key=order.index) for tc in cases}
expected_failures = sum(1 for s in status.values() if s in ("FAILED", "AMBIGUOUS", "UNDEFINED", "PENDING"))
expected_skipped = sum(1 for s in status.values() if s == "SKIPPED")

xml = JUnitXml.fromfile(f"{out}/junit.xml")
suites = [xml] if xml._tag == "testsuite" else list(xml)
testcases = [case for suite in suites for case in suite]
failures = sum(1 for case in testcases if any(isinstance(r, (Failure, Error)) for r in case.result))
skipped = sum(1 for case in testcases if any(isinstance(r, Skipped) for r in case.result))
names = [(case.classname, case.name) for case in testcases]
print(f"junitparser: {len(testcases)} testcases, {failures} failures, {skipped} skipped; run: {len(cases)} test cases, {expected_failures} failing, {expected_skipped} skipped")
assert len(testcases) == len(cases), "testcase count differs"
assert failures == expected_failures and skipped == expected_skipped, "outcome counts differ"
assert len(set(names)) == len(names), "testcase names are not unique"

features = json.load(open(f"{out}/cucumber.json", encoding="utf-8"))
elements = [e for f in features for e in f["elements"]]
json_steps = [s for e in elements for s in e["steps"]]
for e in elements:
    assert e["type"] == "scenario" and e["keyword"] and isinstance(e["line"], int)
    for s in e["steps"]:
        assert s["result"]["status"] in ("passed", "failed", "skipped", "pending", "undefined", "ambiguous")
        assert isinstance(s["result"]["duration"], int)
run_steps = sum(len(steps.get(final[tc], [])) for tc in cases)
hook_steps = sum(len(e["before"]) + len(e["after"]) for e in elements)
json_failing = sum(1 for e in elements if any(s["result"]["status"] in ("failed", "undefined", "pending", "ambiguous") for s in e["steps"] + e["before"] + e["after"]))
print(f"json: {len(features)} features, {len(elements)} elements, {len(json_steps)} steps + {hook_steps} hooks, {json_failing} failing; run: {len(cases)} test cases, {run_steps} steps and hooks")
assert len(elements) == len(cases) and len(json_steps) + hook_steps == run_steps and json_failing == expected_failures
print("interop: ok")
PY
