#!/usr/bin/env bash
# Opens the HTML report in headless Chromium (apt-get install chromium) and checks what
# a product owner sees, on this package's features, on a generated 10,000-scenario run,
# on a run with failures, on a hostile feature and on a report merged from shards:
#  - no console error and no request leaving the file;
#  - nothing wider than the window at 390, 1280 and 1920 px (the page and every table
#    container: scrollWidth <= clientWidth); a screenshot at each width;
#  - the "needs attention" section lists exactly the failing and unverified scenarios;
#  - printed to PDF, the book has every feature;
#  - the report merged from shards has the unsharded run's scenarios, order and counts;
#  - the 10,000-scenario report shows its verdict and contents and answers input within 2 seconds,
#    opens a chapter from the contents within 300 ms, and searches every scenario;
#  - hostile names, steps, tags and doc strings are text, and nothing runs;
#  - a failure's message is visible without a click; the verdict says "Ready" for a run whose
#    scenarios all pass with passing tests, "Not ready" with the reason otherwise, and names
#    the missing test results once; a filtered run says what it left out;
#  - three runs with --history, a comment line added before the third: every scenario keeps
#    its history (nothing new, nothing flaky) and the trend has labelled axes;
#  - at 390 px no word of a table is broken across lines;
#  - a failed scenario's entry of what needs attention leads with why it failed (the step and its
#    message), its evidence second; a followed link to a scenario leaves its heading in view below
#    the sticky filter bar, at 390 and 1280 px.
# Usage: Scripts/check-html-report.sh [output-dir]   (default: reports/html-check)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-reports/html-check}"
rm -rf "$out" && mkdir -p "$out"
out="$(cd "$out" && pwd)"
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [ -z "$browser" ]; then
  echo "chromium not found: apt-get install chromium" >&2
  exit 2
fi
swift build --product specs >/dev/null
swift build --product misbehaving-specs >/dev/null
swift build --product specs-bench >/dev/null
bin="$(swift build --show-bin-path)"

echo "== reports"
# This package's features with test results in which one linked test fails (so that
# its scenarios are not verified), and the same run in two shards merged into one report.
"$bin/specs" Features --in-process --format summary --format "message:$out/whole.ndjson" >/dev/null
python3 - "$out/whole.ndjson" "$out/xunit.xml" <<'PY'
import json, sys
tests = sorted({t["name"][len("@xctest:"):] for line in open(sys.argv[1]) for e in [json.loads(line)] if "pickle" in e
                for t in e["pickle"]["tags"] if t["name"].startswith("@xctest:")})
cases = []
for index, test in enumerate(tests):
    suite, name = test.split("/", 1)
    failure = "<failure message='made to fail'/>" if index == 0 else ""
    cases.append("<testcase classname='Checks.%s' name='%s'>%s</testcase>" % (suite.split(".")[-1], name, failure))
open(sys.argv[2], "w").write("<testsuites><testsuite name='checks'>%s</testsuite></testsuites>" % "".join(cases))
open(sys.argv[2] + ".failing", "w").write(tests[0])
PY
"$bin/specs" Features --in-process --xunit "$out/xunit.xml" --format summary --format "html:$out/specs.html" --format "message:$out/whole.ndjson" >/dev/null || true
for shard in 1 2; do
  "$bin/specs" Features --in-process --shard "$shard/2" --format "message:$out/shard$shard.ndjson" --format summary >/dev/null
done
"$bin/specs" report "$out/shard1.ndjson" "$out/shard2.ndjson" --format "html:$out/merged.html" --format summary >/dev/null
# The same features with every linked test passing: the report of a release that is ready.
python3 - "$out/xunit.xml" "$out/xunit-passing.xml" <<'PY'
import sys
open(sys.argv[2], "w").write(open(sys.argv[1]).read().replace("<failure message='made to fail'/>", ""))
PY
"$bin/specs" Features --in-process --xunit "$out/xunit-passing.xml" --format summary --format "html:$out/ready.html" >/dev/null
# A filtered run.
"$bin/specs" Features --in-process --xunit "$out/xunit.xml" --tags 'not @catalogo' --format summary --format "html:$out/filtered.html" >/dev/null || true
# Three runs with history; a comment line is added to every feature file before the third.
rm -rf "$out/history" "$out/moving" && mkdir -p "$out/moving" && cp -R Features "$out/moving/Features"
for run in 1 2 3; do
  if [ "$run" = 3 ]; then
    for file in "$out/moving/Features/"*.feature; do
      python3 - "$file" <<'PY'
import sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
lines = text.split("\n")
# After a `# language:` header, so that the file still reads in its language.
at = 1 if lines and lines[0].startswith("# language") else 0
open(path, "w", encoding="utf-8").write("\n".join(lines[:at] + ["# a comment line added between runs"] + lines[at:]))
PY
    done
  fi
  "$bin/specs" "$out/moving/Features" --in-process --xunit "$out/xunit-passing.xml" --tests-dir Tests --history "$out/history" \
    --format summary --format "html:$out/history.html" >/dev/null || true
done
# A run with failures, undefined and pending steps and an outline with a failing row.
mkdir -p "$out/faults/Features"
cat > "$out/faults/Features/faults.feature" <<'FEATURE'
Feature: Faults for the report
  Scenario: passes
    Given a step that passes
  Scenario: fails
    Given a step that fails
  Scenario: not automated
    Given a step nobody wrote
  Scenario Outline: rows
    Given a step that <what>
    Examples:
      | what   |
      | passes |
      | fails  |
FEATURE
(cd "$out/faults" && "$bin/misbehaving-specs" --format summary --format "html:$out/faults.html" --format "message:$out/faults.ndjson" >/dev/null || true)
# 10,000 scenarios of the benchmark corpus.
corpus="${SPECS_BENCH_DIR:-.build-bench}/run30"
[ -f "$corpus/MANIFEST.json" ] || python3 ../shared/bench/gen_corpus.py --out "$corpus" --files 1000 --scenarios 10 --steps 6 --extra-steps 0 >/dev/null
"$bin/specs-bench" "$corpus" --in-process --format summary --format "html:$out/large.html" --format "message:$out/large.ndjson" >/dev/null
# A hostile feature: every payload would retitle the page if it ran.
mkdir -p "$out/hostile/Features"
cat > "$out/hostile/Features/hostile.feature" <<'FEATURE'
@x<script>document.title='PWNED-tag'</script>
Feature: <script>document.title='PWNED-feature'</script>
  <img src=x onerror="document.title='PWNED-description'">

  @xctest:A<svg/onload=document.title='PWNED-link'>/test_x
  Scenario: <img src=x onerror="document.title='PWNED-scenario'"> ‮ reversed
    Given a user named "<script>document.title='PWNED-step'</script>"
      | <img src=x onerror="document.title='PWNED-cell'"> | ' " & | javascript:alert(1) |
    And the payload:
      """html
      <script>document.title='PWNED-docstring'</script>
      """
FEATURE
"$bin/specs" "$out/hostile/Features" --in-process --tests-dir "$out/hostile" --format summary --format "html:$out/hostile.html" >/dev/null || true

echo "== browser checks"
python3 - "$browser" "$out" <<'PY'
import json, os, re, subprocess, sys, time, html as htmllib
browser, out = sys.argv[1], sys.argv[2]
failures = 0
def fail(message):
    global failures
    failures += 1
    print("FAIL " + message)

sys.path.insert(0, os.path.join(os.getcwd(), "Scripts", "lib"))
import html_probe

def probe(name, width):
    found, elapsed, dom, console = html_probe.probe(browser, os.path.join(out, name + ".html"), width,
                                                    screenshot=os.path.join(out, "%s-%d.png" % (name, width)))
    if console: fail("%s at %d px: console errors or requests: %s" % (name, width, console[:3]))
    if not found: fail("%s at %d px: the page did not finish loading" % (name, width))
    return found, elapsed, dom

def expected_attention(ndjson, failing_test):
    """Scenarios that did not pass or are not verified by a passing test, as uri:line of the scenario:
    in these runs a linked test passes unless it is `failing_test` (None: no test results at all)."""
    pickles, cases, results, finished = {}, {}, {}, {}
    docs = {}
    for line in open(ndjson, encoding="utf-8"):
        env = json.loads(line)
        if "pickle" in env: pickles[env["pickle"]["id"]] = env["pickle"]
        if "gherkinDocument" in env: docs[env["gherkinDocument"]["uri"]] = env["gherkinDocument"]
        if "testCase" in env: cases[env["testCase"]["id"]] = env["testCase"]
        if "testCaseStarted" in env: finished[env["testCaseStarted"]["id"]] = env["testCaseStarted"]["testCaseId"]
        if "testStepFinished" in env:
            f = env["testStepFinished"]; results.setdefault(finished.get(f["testCaseStartedId"]), []).append(f["testStepResult"]["status"])
    lines = {}
    for uri, doc in docs.items():
        def walk(children):
            for child in children:
                if "scenario" in child: lines[child["scenario"]["id"]] = (uri, child["scenario"]["location"]["line"])
                if "rule" in child: walk(child["rule"]["children"])
        walk(doc.get("feature", {}).get("children", []))
    bad = set()
    for case_id, case in cases.items():
        pickle = pickles[case["pickleId"]]
        uri, line = lines[pickle["astNodeIds"][0]]
        statuses = results.get(case_id, [])
        links = [t["name"][len("@xctest:"):] for t in pickle["tags"] if t["name"].startswith("@xctest:")]
        verified = failing_test is not None and links and failing_test not in links
        if not verified or any(s in ("FAILED", "UNDEFINED", "PENDING", "AMBIGUOUS") for s in statuses):
            bad.add("%s:%d" % (uri, line))
    return bad

for name in ["specs", "faults", "merged", "hostile", "large", "ready", "filtered", "history"]:
    widths = [390, 1280, 1920] if name in ("specs", "faults", "merged", "hostile") else [1280]
    for width in widths:
        found, elapsed, dom = probe(name, width)
        if not found: continue
        if found["page"][0] > found["page"][1]: fail("%s at %d px: the page is %d px wide" % (name, width, found["page"][0]))
        if found["wide"]: fail("%s at %d px: wider than their box: %s" % (name, width, found["wide"][:3]))
        if "PWNED" in found["title"] or re.search(r"<(script|img|svg)[^>]*PWNED", dom): fail("%s: a payload ran or is live markup" % name)
        if width == 1280:
            print("ok   %s: verdict and contents shown at %.0f ms, input answered at %.0f ms, read at %.0f ms (browser %.2f s), %d of %d chapters built, %d scenarios shown"
                  % (name, found["shown"], found["answered"], found["loaded"], elapsed, found["built"], found["chapters"], len(found["scenarios"])))
        if name == "large":
            if max(found["shown"], found["answered"]) > 2000: fail("large: shown at %.0f ms, answered at %.0f ms: over 2 s" % (found["shown"], found["answered"]))
            if "open" not in found or found["open"]["ms"] > 300 or found["open"]["scenarios"] == 0: fail("large: opening a chapter: %s" % found.get("open"))
            else: print("ok   large: a chapter opened from the contents in %.0f ms (%d scenarios)" % (found["open"]["ms"], found["open"]["scenarios"]))
            # The book's scenarios (an outline is one): every one is searched, whether its chapter is built or not.
            book = len({json.loads(line)["pickle"]["astNodeIds"][0] for line in open(os.path.join(out, "large.ndjson"), encoding="utf-8") if line.startswith('{"pickle"')})
            counted = re.match(r"(\d+) of (\d+)", (found.get("search") or {}).get("shown", ""))
            if not counted or int(counted.group(2)) != book or not 0 < int(counted.group(1)) < book or found["search"]["built"] >= found["chapters"]:
                fail("large: searching the whole run (%d scenarios): %s" % (book, found.get("search")))
            else: print("ok   large: a search over the whole run in %.0f ms: %s, %d chapters built" % (found["search"]["ms"], found["search"]["shown"], found["search"]["built"]))
            printed = found.get("printed") or {}
            if printed.get("built") != found["chapters"] or not printed.get("matrixRows"):
                fail("large: printing did not build every chapter and the matrix: %s of %d" % (printed, found["chapters"]))
            else: print("ok   large: printing builds all %d chapters and %d matrix rows (%.0f ms)" % (printed["built"], printed["matrixRows"], printed["ms"]))
            # Without scripts a browser shows the page's markup, less its scripts (headless Chromium neither dumps
            # the DOM nor takes a screenshot with scripts off, so the markup is read here).
            plain = re.sub(r"<script\b.*?</script>", "", open(os.path.join(out, "large.html"), encoding="utf-8").read(), flags=re.S)
            folders = len(re.findall(r'<details data-folder=', plain))
            headings = len(re.findall(r'<section class="feature"', plain))
            if 'class="verdict' not in plain or folders == 0 or headings != found["chapters"]:
                fail("large without scripts: verdict %s, %d folders in the contents, %d feature headings" % ('class="verdict' in plain, folders, headings))
            else: print("ok   large without scripts: the verdict, %d folders in the contents and all %d feature headings" % (folders, headings))
            # A link to a scenario deep in the book lands on it; a filter in the address is applied as the page opens.
            plain_pickles = [p for p in (json.loads(line)["pickle"] for line in open(os.path.join(out, "large.ndjson"), encoding="utf-8")
                                          if line.startswith('{"pickle"')) if len(p["astNodeIds"]) == 1]
            deep = plain_pickles[len(plain_pickles) * 3 // 4]
            anchor = "s-" + "".join(c if c.isalnum() else "-" for c in deep["uri"]) + "-%d" % deep["location"]["line"]
            linked, _, _, _ = html_probe.probe(browser, os.path.join(out, "large.html"), 1280, fragment="#" + anchor)
            landed = (linked or {}).get("landed")
            if not landed or not -2 <= landed["top"] <= 120:
                fail("large: a link to %s landed at %s" % (anchor, landed))
            else: print("ok   large: a link to a scenario deep in the book (%s) lands on it, %d px from the top" % (deep["name"], landed["top"]))
            filtered, _, _, _ = html_probe.probe(browser, os.path.join(out, "large.html"), 1280, fragment="#q=inbox&hide=failed")
            if not re.match(r"[1-9]\d* of \d+", (filtered or {}).get("shownText", "")):
                fail("large: a filter in the address was not applied: %r" % (filtered or {}).get("shownText"))
            else: print("ok   large: a filter in the address is applied as the page opens: %s" % filtered["shownText"])
            if not found.get("folder") or found["folder"]["features"] == 0: fail("large: a folder of the contents opened to %s" % found.get("folder"))
            else: print("ok   large: a folder of the contents opened in %.0f ms (%d features)" % (found["folder"]["ms"], found["folder"]["features"]))
        if name in ("specs", "faults") and width == 1280:
            failing_test = open(os.path.join(out, "xunit.xml.failing")).read() if name == "specs" else None
            want = expected_attention(os.path.join(out, name + ".ndjson" if name == "faults" else "whole.ndjson"), failing_test)
            if set(found["attention"]) != want: fail("%s: needs attention lists %s, expected %s" % (name, sorted(found["attention"]), sorted(want)))
            else: print("ok   %s: needs attention lists exactly the %d failing or unverified scenarios" % (name, len(want)))
        if width == 390 and found["broken"]: fail("%s at 390 px: words broken inside table cells: %s" % (name, found["broken"][:5]))
        elif width == 390: print("ok   %s at 390 px: no word of a table broken across lines" % name)
        if name == "faults" and width == 1280:
            # A failed scenario's entry leads with why it failed (the step and its message), its evidence second.
            fails = [e for e in found.get("attentionEntries", []) if e["place"].endswith("faults.feature:4")]
            if not fails or not fails[0]["why"].startswith("Given a step that fails: expected green, got red") or not fails[0]["whyFirst"]:
                fail("faults: the failed scenario's attention entry does not lead with why it failed: %s" % fails)
            else: print("ok   faults: the failed scenario's attention entry leads with %r, its evidence second" % fails[0]["why"][:60])
            if not any("expected green, got red" in text for text in found["visibleErrors"]):
                fail("faults: the failing row's message is not visible without a click: %s" % found["visibleErrors"][:3])
            else: print("ok   faults: the failure's message is visible without a click")
            if "no test results were given" not in found["verdict"] or not found["verdict"].startswith("Not ready"):
                fail("faults: the verdict without test results reads %r" % found["verdict"])
            else: print("ok   faults: verdict %r" % found["verdict"])
        if name == "ready" and width == 1280:
            if not found["verdict"].startswith("Ready: all "): fail("ready: the verdict reads %r" % found["verdict"])
            else: print("ok   ready: verdict %r" % found["verdict"])
        if name == "specs" and width == 1280:
            if not (found["verdict"].startswith("Not ready") and "not verified by a passing test" in found["verdict"]):
                fail("specs: the verdict reads %r" % found["verdict"])
            else: print("ok   specs: verdict %r" % found["verdict"])
        if name == "filtered" and width == 1280:
            if "left out" not in found["scope"] or "--tags" not in found["scope"]: fail("filtered: the page does not say what it left out: %r" % found["scope"])
            else: print("ok   filtered: %r" % found["scope"])
        if name == "history" and width == 1280:
            if found["marks"]: fail("history: after a comment line was added, scenarios are marked %s" % sorted(set(found["marks"])))
            else: print("ok   history: a comment line added before the third run leaves every scenario's history (no mark)")
            if found["axes"] < 2 or "100%" not in found["axisLabels"] or "0%" not in found["axisLabels"]:
                fail("history: the trend has no labelled axes: %s" % found["axisLabels"])
            else: print("ok   history: the trend has axes labelled %s" % found["axisLabels"])
        if name == "specs" and width in (390, 1280):
            # A link to a scenario leaves its heading in view, below the sticky filter bar.
            target = found["scenarios"][len(found["scenarios"]) * 2 // 3].split(" ")[0]
            linked, _, _, _ = html_probe.probe(browser, os.path.join(out, "specs.html"), width, fragment="#" + target)
            landed = (linked or {}).get("landed")
            if not landed or landed["heading"] < landed["barBottom"] - 1 or landed["headingBottom"] > landed["height"]:
                fail("specs at %d px: a link to %s left its heading out of view or under the filter bar: %s" % (width, target, landed))
            else: print("ok   specs at %d px: a followed link leaves the scenario's heading in view, %d px below the filter bar"
                        % (width, landed["heading"] - landed["barBottom"]))
        if name == "specs" and width == 1280: whole = found["scenarios"]
        if name == "merged" and width == 1280:
            if found["scenarios"] != whole: fail("merged shards: scenarios, order or results differ from the whole run")
            else: print("ok   merged shards: the same %d scenarios, order and results as the whole run" % len(whole))

# Printed, the book has every feature.
pdf = os.path.join(out, "specs.pdf")
subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", "--print-to-pdf=" + pdf,
                "file://" + os.path.join(out, "specs.html")], capture_output=True, timeout=300)
try:
    text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True).stdout
    missing = [f for f in ["Catálogo de productos con caché", "Login de usuario", "Observabilidad del login y del catálogo"] if f not in text]
    if missing: fail("print: features missing from the PDF: %s" % missing)
    else: print("ok   print: the PDF has every feature (%d bytes)" % os.path.getsize(pdf))
except FileNotFoundError:
    fail("print: pdftotext not found (apt-get install poppler-utils)")

hostile = open(os.path.join(out, "hostile.html"), encoding="utf-8").read()
for text in ["&lt;script&gt;document.title=&#39;PWNED-feature&#39;&lt;/script&gt;", "javascript:alert(1)"]:
    if text not in hostile: fail("hostile: %r is not shown as text" % text)
if re.search(r'<[a-z][^>]*\s(src|href|action)=(?!["\']?#)', hostile) or "url(" in hostile or "@import" in hostile:
    fail("hostile: the file references something outside itself")
print("check-html-report: %s" % ("every check passed" if failures == 0 else "%d check(s) failed" % failures))
sys.exit(1 if failures else 0)
PY
