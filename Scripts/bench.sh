#!/usr/bin/env bash
# Benchmarks specs in a release build on the deterministic corpus of
# ../shared/bench/gen_corpus.py, several runs each, and prints medians.
#   parse:  parse+pickle throughput (MB/s, pickles/s) and peak memory on a >= 10 MB corpus,
#           and on a corpus 3x larger (memory must stay bounded by the largest file);
#           and the same with every pickle's text then read as strings;
#   run:    10,000 scenarios x 6 steps with 30 and with 3,030 step definitions,
#           --format progress and --format message:<file> (wall time, steps/s, peak memory);
#           and the floor of the message run: its stream written alone (a write(2) per line,
#           buffered) and its envelopes encoded and written alone (per 256 KiB, and flushed
#           when each test case finishes, as the message formatter writes them);
#   isolation: the same run in worker processes (the default) and --in-process, alternating;
#   html:   the HTML report of the same run (extra time and size);
#   start:  `specs --version`;
#   peers:  whole commands beside the peers on the same files, in the same script run, as
#           ratios: `specs gherkin` beside `cat` and the official Python parser, on the corpus
#           and on a 2 MB file with 11 parse errors, and the 10,000-scenario run beside behave
#           (both from PyPI in a throwaway virtualenv); the commands a ratio compares run in
#           turn, round after round;
#   rows:   JUnit of an outline with 25,000 and 100,000 example rows (--dry-run): linear?
#   formats: whole commands on the 10,000-scenario corpus, in process: `specs --dry-run`,
#           and the run with each report format (progress, message, junit, json, html),
#           wall time and peak memory beside the same run with only a summary; then
#           progress, message and JUnit together on 10,000 and 50,000 scenarios, in process
#           and on workers: does memory stay flat as the run grows?
#   The in-process `specs-bench parse` figures (section parse) are a diagnostic; the
#   headline figures are the whole commands of sections peers and formats.
# Usage: Scripts/bench.sh [runs] [sections...]   (default 5 runs; sections: parse run
#        isolation html start peers rows formats, all by default)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
shift || true
sections=" ${*:-parse run isolation html start peers rows formats} "
want() { [[ "$sections" == *" $1 "* ]]; }
generator="${SPECS_BENCH_GENERATOR:-../shared/bench/gen_corpus.py}"
work="${SPECS_BENCH_DIR:-.build-bench}"
mkdir -p "$work"

swift build -c release --product specs-bench >/dev/null
swift build -c release --product specs >/dev/null
bin="$(swift build -c release --show-bin-path)"

corpus() { # name files scenarios extra
  [ -f "$work/$1/MANIFEST.json" ] || python3 "$generator" --out "$work/$1" --files "$2" --scenarios "$3" --steps 6 --extra-steps "$4" >/dev/null
}
corpus parse10 3700 10 0      # about 10 MB of feature files
corpus parse30 11100 10 0     # about 30 MB
corpus run30 1000 10 0        # 10,000 pickles, 30 definitions
corpus run3000 1000 10 3000   # the same pickles, 3,030 definitions
corpus run50k 5000 10 0       # 50,000 pickles: does memory stay flat as a run grows?

median() { python3 -c "import statistics,sys; v=[float(x) for x in sys.argv[1:]]; print(f'{statistics.median(v):.3f}')" "$@"; }

steps_of() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['pickle_steps'])" "$1/MANIFEST.json"; }
timed() { # prints "seconds peak_kb" of one run: wall time to the millisecond (commands of
  # tens of milliseconds need more than /usr/bin/time's hundredths), peak resident memory
  python3 -c '
import resource, subprocess, sys, time
start = time.perf_counter()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(f"{time.perf_counter() - start:.3f} {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}")' "$@"
}

summary() { # "median s (slowest), peak median MB (highest)" of a times file of "seconds peak_kb" lines
  python3 -c "import statistics as st, sys; r = [l.split() for l in open(sys.argv[1])]; t = [float(x[0]) for x in r]; k = [int(x[1]) / 1024 for x in r]; print(f'{st.median(t):.3f} s ({max(t):.3f}), peak {st.median(k):.1f} MB ({max(k):.1f})')" "$1"
}

if want parse; then
echo "== parse + pickle (median of $runs runs)"
for name in parse10 parse30; do
  mbs=(); pps=(); rss=()
  for _ in $(seq "$runs"); do
    line="$("$bin/specs-bench" parse "$work/$name/features" | tail -1)"
    mbs+=("$(echo "$line" | sed -E 's/.* ([0-9.]+) MB\/s.*/\1/')")
    pps+=("$(echo "$line" | sed -E 's/.* ([0-9.]+) pickles\/s.*/\1/')")
    rss+=("$(echo "$line" | sed -E 's/.*peak RSS ([0-9.]+) MB.*/\1/')")
  done
  size="$("$bin/specs-bench" parse "$work/$name/features" | head -1)"
  echo "$name: $size"
  echo "$name: $(median "${mbs[@]}") MB/s, $(median "${pps[@]}") pickles/s, peak RSS $(median "${rss[@]}") MB"
  # The same, with every pickle's name, step texts and arguments read as strings.
  read=()
  for _ in $(seq "$runs"); do
    read+=("$("$bin/specs-bench" parse --read "$work/$name/features" | tail -1 | sed -E 's/.* ([0-9.]+) MB\/s.*/\1/')")
  done
  echo "$name with every pickle's text read: $(median "${read[@]}") MB/s"
done

fi

if want run; then
echo "== run 10,000 scenarios x 6 steps (median of $runs runs; in brackets the slowest run and the highest peak)"
# The 30- and 3,030-definition runs alternate, so that a machine getting slower or
# faster during the benchmark does not skew their ratio.
rm -f "$work"/times-*
for format in progress message; do
  for _ in $(seq "$runs"); do
    for name in run30 run3000; do
      target="$format"; [ "$format" = message ] && target="message:$work/messages-$name.ndjson"
      timed "$bin/specs-bench" "$work/$name" --format "$target" >>"$work/times-$name-$format"
    done
  done
done
for name in run30 run3000; do
  steps="$(steps_of "$work/$name")"
  for format in progress message; do
    m="$(median $(cut -d' ' -f1 "$work/times-$name-$format"))"
    echo "$name --format $format: $(summary "$work/times-$name-$format"), $(python3 -c "print(round($steps/$m))") steps/s"
  done
  # The floor of the message run: its stream written alone, and its envelopes encoded and written.
  echo "$name message stream alone: $("$bin/specs-bench" write-floor "$work/messages-$name.ndjson" "$runs" | tail -1)"
done
for format in progress message; do
  a="$(median $(cut -d' ' -f1 "$work/times-run3000-$format"))"; b="$(median $(cut -d' ' -f1 "$work/times-run30-$format"))"
  ka="$(median $(cut -d' ' -f2 "$work/times-run3000-$format"))"; kb="$(median $(cut -d' ' -f2 "$work/times-run30-$format"))"
  echo "3,030 definitions against 30, --format $format: $(python3 -c "print(f'{$a/$b:.2f}x the time, {($ka-$kb)/1024:+.1f} MB peak')")"
done
fi

if want isolation; then
echo "== isolation: the 10,000-scenario run in worker processes and in one process (median of $runs runs, alternating; in brackets the slowest and the highest)"
rm -f "$work"/times-isolation-*
for _ in $(seq "$runs"); do
  timed "$bin/specs-bench" "$work/run30" --format "message:$work/messages-iso.ndjson" >>"$work/times-isolation-workers"
  timed "$bin/specs-bench" "$work/run30" --format "message:$work/messages-iso.ndjson" --in-process >>"$work/times-isolation-inprocess"
done
w="$(median $(cut -d' ' -f1 "$work/times-isolation-workers"))"
p="$(median $(cut -d' ' -f1 "$work/times-isolation-inprocess"))"
echo "workers: $(summary "$work/times-isolation-workers")"
echo "in process: $(summary "$work/times-isolation-inprocess")"
echo "workers against in process: $(python3 -c "print(round($w/$p,2))")x the time"
fi

if want html; then
echo "== HTML report of the 10,000-scenario run (median of $runs runs)"
base=(); html=()
for _ in $(seq "$runs"); do
  read -r s _ <<<"$(timed "$bin/specs-bench" "$work/run30" --format summary)"; base+=("$s")
  read -r s _ <<<"$(timed "$bin/specs-bench" "$work/run30" --format summary --format "html:$work/report.html")"; html+=("$s")
done
echo "html: +$(python3 -c "print(f'{$(median "${html[@]}") - $(median "${base[@]}"):.3f}')") s, $(python3 -c "import os; print(round(os.path.getsize('$work/report.html')/1e6,1))") MB"
fi

if want start; then
echo "== specs --version (median of 20 runs)"
vs=()
for _ in $(seq 20); do
  start=$(date +%s%N); "$bin/specs" --version >/dev/null; end=$(date +%s%N)
  vs+=("$(( (end - start) / 1000 ))")
done
echo "specs --version: $(median "${vs[@]}" | python3 -c 'import sys; print(round(float(sys.stdin.read())/1000,1))') ms"
fi

if want peers; then
echo "== peers: whole commands on the same files, this run, each compared command run in turn (median of $runs rounds)"
venv="$work/venv"
if [ ! -x "$venv/bin/behave" ]; then
  python3 -m venv "$venv" >/dev/null && "$venv/bin/pip" install -q behave==1.3.3 gherkin-official==42.0.1 >/dev/null
fi
find "$work/parse10/features" -name '*.feature' | sort >"$work/parse10.files"
alternating() { # commands (sh -c strings) run in turn, $runs rounds: a line "median_s median_kb"
  # each, so that a drift of the machine moves every command of a ratio alike
  local n=$# i s kb t=() k=()
  for _ in $(seq "$runs"); do
    i=0
    for command in "$@"; do
      read -r s kb <<<"$(timed sh -c "$command")"
      t[i]+="$s "; k[i]+="$kb "; i=$((i + 1))
    done
  done
  for ((i = 0; i < n; i++)); do echo "$(median ${t[i]}) $(median ${k[i]})"; done
}
mapfile -t rows < <(alternating "xargs cat <'$work/parse10.files'" \
  "xargs '$bin/specs' gherkin --no-source --no-ast --no-pickles <'$work/parse10.files'" \
  "xargs '$bin/specs' gherkin <'$work/parse10.files'")
read -r cat_s _ <<<"${rows[0]}"
read -r quiet_s quiet_kb <<<"${rows[1]}"
read -r full_s full_kb <<<"${rows[2]}"
# The Python parser apart: seconds of it between two milliseconds-long commands would slow
# the one after it.
read -r python_s python_kb <<<"$(alternating "xargs '$venv/bin/python' Scripts/peers/gherkin_messages.py <'$work/parse10.files'")"
ratio() { python3 -c "print(round($1/$2,1))"; }
mb() { python3 -c "print(round($1/1024, 1))"; }
echo "cat: $cat_s s"
echo "specs gherkin, no output: $quiet_s s ($(ratio "$quiet_s" "$cat_s")x cat), peak $(mb "$quiet_kb") MB"
echo "specs gherkin, every message: $full_s s ($(ratio "$full_s" "$cat_s")x cat), peak $(mb "$full_kb") MB"
echo "official Python parser, every message: $python_s s (specs is $(ratio "$python_s" "$full_s")x faster), peak $(mb "$python_kb") MB"
# A 2 MB file whose 11 parse errors come at its end (the official parsers stop at the 11th).
python3 - "$work/errors.feature" <<'PY'
import sys
lines, i = ["Feature: Large", ""], 0
while sum(len(l) + 1 for l in lines) < 2_000_000:
    i += 1
    lines += [f"  Scenario: scenario {i}", f"    Given a step number {i} with some text to make it longer", f"    Then another step {i}", ""]
open(sys.argv[1], "w").write("\n".join(lines + [f"  oops line {n}" for n in range(12)]) + "\n")
PY
mapfile -t rows < <(alternating "'$bin/specs' gherkin '$work/errors.feature' 2>/dev/null || true" \
  "'$venv/bin/python' Scripts/peers/gherkin_messages.py '$work/errors.feature'")
read -r errors_s errors_kb <<<"${rows[0]}"
read -r perrors_s perrors_kb <<<"${rows[1]}"
echo "2 MB file with 11 parse errors: specs $errors_s s (peak $(mb "$errors_kb") MB), Python $perrors_s s (peak $(mb "$perrors_kb") MB): specs is $(ratio "$perrors_s" "$errors_s")x faster"
mapfile -t rows < <(alternating "cd '$work/run30' && '../venv/bin/behave' --format progress --no-capture --no-summary -o /dev/null features" \
  "'$bin/specs-bench' '$work/run30' --format progress" \
  "'$bin/specs-bench' '$work/run30' --format progress --in-process" \
  "'$bin/specs-bench' '$work/run30' --format 'message:$work/messages-peer.ndjson'" \
  "'$bin/specs-bench' '$work/run30' --format 'message:$work/messages-peer.ndjson' --in-process")
read -r behave_s behave_kb <<<"${rows[0]}"
row=1
for format in progress message; do
  read -r w wkb <<<"${rows[row]}"
  read -r p pkb <<<"${rows[row + 1]}"
  row=$((row + 2))
  echo "10,000 scenarios --format $format: workers $w s ($(ratio "$behave_s" "$w")x behave, peak $(mb "$wkb") MB), in process $p s ($(ratio "$behave_s" "$p")x behave, peak $(mb "$pkb") MB)"
done
echo "behave on the same corpus: $behave_s s, peak $(mb "$behave_kb") MB"
fi

if want rows; then
echo "== JUnit of an outline with many example rows, --dry-run (median of $runs runs)"
for rows in 25000 100000; do
  mkdir -p "$work/rows$rows/Features"
  python3 -c "
import sys
n = int(sys.argv[1])
body = '\n'.join('      | %d | x%d |' % (i, i) for i in range(n))
open(sys.argv[2], 'w').write('Feature: Rows\n  Scenario Outline: row <n>\n    Given a step <v>\n    Examples:\n      | n | v |\n' + body + '\n')
" "$rows" "$work/rows$rows/Features/rows.feature"
  t=()
  for _ in $(seq "$runs"); do
    read -r s kb <<<"$(timed "$bin/specs" "$work/rows$rows/Features" --dry-run --in-process --format summary --format "junit:$work/rows$rows/junit.xml")"; t+=("$s")
  done
  echo "$rows rows: $(median "${t[@]}") s, peak $(python3 -c "print(round($kb/1024, 1))") MB"
done
fi

if want formats; then
echo "== whole commands on the 10,000-scenario corpus, in process (median of $runs runs; in brackets the slowest run and the highest peak)"
fwall() { # median wall seconds and peak MB of a command run $runs times, and the worst of each:
  # a median alone hides a run that is slow one time in two
  rm -f "$work/times-fwall"
  for _ in $(seq "$runs"); do timed "$@" >>"$work/times-fwall"; done
  summary "$work/times-fwall"
}
echo "specs --dry-run --format summary: $(fwall "$bin/specs-bench" "$work/run30" --in-process --dry-run --format summary)"
echo "summary only: $(fwall "$bin/specs-bench" "$work/run30" --in-process --format summary)"
for format in progress message junit json html; do
  target="$format"; [ "$format" != progress ] && target="$format:$work/report-$format.out"
  echo "--format $format: $(fwall "$bin/specs-bench" "$work/run30" --in-process --format "$target")"
done
echo "== progress, message and JUnit together, as CI runs them (median of $runs runs; in brackets the slowest and the highest)"
for name in run30 run50k; do
  three=(--format progress --format "message:$work/report-three.ndjson" --format "junit:$work/report-three.xml")
  echo "$name ($(steps_of "$work/$name") steps) in process: $(fwall "$bin/specs-bench" "$work/$name" --in-process "${three[@]}")"
  echo "$name ($(steps_of "$work/$name") steps) on workers: $(fwall "$bin/specs-bench" "$work/$name" "${three[@]}")"
done
fi
