#!/usr/bin/env bash
# Shards balanced by time against shards balanced by count, in one script run, on a
# generated suite whose scenarios take 10 ms to 1 s (100x apart): an unsharded run writes
# the durations, then 4 shards run balanced by count and 4 balanced by those durations.
# Each shard's own time is its stream's span (testRunStarted to testRunFinished); printed:
# every shard's time, the slowest against the mean, for both.
# Usage: Scripts/bench-shards.sh [scenarios]   (default 48)
set -euo pipefail
cd "$(dirname "$0")/.."
scenarios="${1:-48}"
work="${SPECS_BENCH_DIR:-.build-bench}/shards"
rm -rf "$work" && mkdir -p "$work/Features"
swift build -c release --product misbehaving-specs >/dev/null
bin="$(swift build -c release --show-bin-path)/misbehaving-specs"

# Durations 10 ms .. 1000 ms, log-spread and shuffled by a fixed seed, in 6 files.
python3 - "$work/Features" "$scenarios" <<'PY'
import random, sys
folder, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(42)
times = [round(10 * 100 ** (i / (count - 1))) for i in range(count)]
rng.shuffle(times)
for f in range(6):
    with open(f"{folder}/f{f}.feature", "w") as out:
        out.write(f"Feature: F{f}\n")
        for i, ms in enumerate(times[f::6]):
            out.write(f"\n  Scenario: s{f}-{i} takes {ms} ms\n    Given a step that sleeps for {ms} ms\n")
PY

cd "$work"
"$bin" --format summary --format message:whole.ndjson >/dev/null
span() { python3 - "$1" <<'PY'
import json, sys
start = end = None
for line in open(sys.argv[1]):
    m = json.loads(line)
    if "testRunStarted" in m: t = m["testRunStarted"]["timestamp"]; start = t["seconds"] + t["nanos"] / 1e9
    if "testRunFinished" in m: t = m["testRunFinished"]["timestamp"]; end = t["seconds"] + t["nanos"] / 1e9
print(f"{end - start:.3f}")
PY
}
report() { # label, then the shard times
  python3 - "$@" <<'PY'
import sys
label, times = sys.argv[1], [float(t) for t in sys.argv[2:]]
mean = sum(times) / len(times)
print(f"{label}: shards {', '.join(f'{t:.2f} s' for t in times)}; slowest {max(times):.2f} s = {max(times) / mean:.2f}x the mean {mean:.2f} s")
PY
}
counted=(); timed=()
for i in 1 2 3 4; do
  "$bin" --shard "$i/4" --format summary --format "message:count-$i.ndjson" >/dev/null || true
  counted+=("$(span "count-$i.ndjson")")
  "$bin" --shard "$i/4" --shard-durations whole.ndjson --format summary --format "message:time-$i.ndjson" >/dev/null || true
  timed+=("$(span "time-$i.ndjson")")
done
echo "unsharded: $(span whole.ndjson) s for $scenarios scenarios of 10 ms to 1 s"
report "balanced by count" "${counted[@]}"
report "balanced by time " "${timed[@]}"
"$bin" report time-1.ndjson time-2.ndjson time-3.ndjson time-4.ndjson --format summary | tail -3
