#!/usr/bin/env bash
# The HTML report at size, as a product owner opens it: reports of 10,000, 30,000 and 100,000
# scenarios of the shared corpus (../shared/bench/gen_corpus.py, 10 scenarios of 6 steps a file),
# written by the release runner (`specs-bench CORPUS --format html:FILE`: wall time and peak
# memory of the whole command), then opened in headless Chromium at 1280 px (Scripts/lib/
# html_probe.py): when the verdict and contents are shown, when the page first answers input,
# the longest wait for input while the rest is read, when all of it is read, opening the middle
# feature from the contents, a search over the whole run, and the file's size.
# Targets: shown and answering within 2 s, a chapter opened within 300 ms, at every size.
# Usage: Scripts/bench-html-report.sh [sizes...]        (default: 10000 30000 100000)
#   SPECS_HTML_BASELINE=path/to/other/specs-bench  also writes and opens that runner's report of
#   the same files in the same run (an earlier version, for the ratio).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 30000 100000)
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
[ -n "$browser" ] || { echo "chromium not found: apt-get install chromium" >&2; exit 2; }
swift build -c release --product specs-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/specs-bench"
root="${SPECS_BENCH_DIR:-.build-bench}"
out="$root/html-report"
mkdir -p "$out"
results="$out/results.tsv"
: > "$results"
for size in "${sizes[@]}"; do
  corpus="$root/html-$size"
  [ -f "$corpus/MANIFEST.json" ] || python3 ../shared/bench/gen_corpus.py --out "$corpus" --files $((size / 10)) \
    --scenarios 10 --steps 6 --extra-steps 0 >/dev/null
  for runner in specs ${SPECS_HTML_BASELINE:+baseline}; do
    binary="$bench"; [ "$runner" = baseline ] && binary="$SPECS_HTML_BASELINE"
    page="$(pwd)/$out/$runner-$size.html"
    /usr/bin/time -f "%e %M" -o "$out/time" "$binary" "$corpus" --in-process --format summary --format "html:$page" >/dev/null || true
    read -r wall peak < "$out/time"
    echo -e "$runner\t$size\t$wall\t$peak\t$page" >> "$results"
    echo "wrote $runner $size: ${wall} s, $((peak / 1024)) MB" >&2
  done
done
python3 - "$browser" "$results" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.getcwd(), "Scripts", "lib"))
import html_probe
browser, results = sys.argv[1], sys.argv[2]
missed = []
print("| runner | scenarios | write s | write peak | file | per scenario | shown | answers input | longest wait | all read | open a chapter | search all | elements |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for line in open(results):
    runner, size, wall, peak, page = line.rstrip("\n").split("\t")
    size = int(size)
    # An earlier page with its script at the end is shown once all of it is read.
    found, elapsed, _, console = html_probe.probe(browser, page, 1280)
    bytes_ = os.path.getsize(page)
    if not found:
        print("| %s | %d | %s | %d MB | %.1f MB | %d B | did not load in the browser (%.1f s) | | | | | | |" % (runner, size, wall, int(peak) // 1024, bytes_ / 1e6, bytes_ // size, elapsed))
        if runner == "specs": missed.append("%d: did not load" % size)
        continue
    ms = lambda key: "%.0f ms" % found[key] if found.get(key) is not None else "—"
    opened = found.get("open")
    search = found.get("search")
    print("| %s | {:,} | %s | %d MB | %.1f MB | %d B | %s | %s | %.0f ms | %s | %s | %s | {:,} |".format(size, found["elements"])
          % (runner, wall, int(peak) // 1024, bytes_ / 1e6, bytes_ // size, ms("shown"), ms("answered"), found.get("gap", 0), ms("loaded"),
             "%.0f ms (%d scenarios)" % (opened["ms"], opened["scenarios"]) if opened else "—",
             "%.0f ms (%s)" % (search["ms"], search.get("shown") or "scenarios hidden, not counted") if search else "—"))
    if console: print("  console: %s" % console[:3])
    if runner == "specs":
        if max(found.get("shown") or 1e9, found.get("answered") or 1e9) > 2000: missed.append("%d: shown and answering after 2 s" % size)
        if not opened or opened["ms"] > 300: missed.append("%d: a chapter opened in over 300 ms" % size)
print("bench-html-report: %s" % ("every target met" if not missed else "targets missed: " + "; ".join(missed)))
sys.exit(1 if missed else 0)
PY
