#!/usr/bin/env bash
# Counts the instructions that parsing and compiling pickles take, with valgrind's
# callgrind, on a 1 MB corpus from ../shared/bench/gen_corpus.py. Wall time on a shared
# machine varies by a quarter from run to run; the count is the same every run (hashing
# is made deterministic for it), so it compares two commits exactly. It counts the
# benchmark's timed region only (reading files is left out): parse, compile pickles,
# and freeing the document and pickles.
# Usage: Scripts/bench-instructions.sh            (needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "bench-instructions: valgrind is not installed" >&2; exit 2; }
generator="${SPECS_BENCH_GENERATOR:-../shared/bench/gen_corpus.py}"
work="${SPECS_BENCH_DIR:-.build-bench}"
mkdir -p "$work"
[ -f "$work/parse1/MANIFEST.json" ] || python3 "$generator" --out "$work/parse1" --files 370 --scenarios 10 --steps 6 --extra-steps 0 >/dev/null

swift build -c release --product specs-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/specs-bench"
bytes="$("$bench" parse "$work/parse1/features" | head -1 | sed -E 's/.*bytes ([0-9]+).*/\1/')"

count() { # instructions inside the functions matching $1 (mangled names)
  # Deterministic hashing: a dictionary lookup's cost otherwise varies with the seed.
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect="$1" \
    "$bench" parse "$work/parse1/features" 2>&1 >/dev/null | sed -nE 's/.*Collected : ([0-9]+).*/\1/p'
}
total="$(count '*14ParseBenchmarkO15parseAndCompile*')"
parse="$(count '*14ParseBenchmarkO5parse_4path*')"
pickles="$(count '*14ParseBenchmarkO7compile_4path*')"
python3 - "$bytes" "$parse" "$pickles" "$total" <<'PY'
import sys
size, parse, pickles, total = map(int, sys.argv[1:])
print(f"corpus {size} bytes")
for name, value in [("parse", parse), ("pickles", pickles), ("free document", total - parse - pickles), ("total", total)]:
    print(f"{name:>14}: {value:>13,} instructions  {value / size:6.1f} per byte")
PY
