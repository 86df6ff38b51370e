#!/usr/bin/env bash
# The run on worker processes (the default) beside the same run in process, whole commands
# alternated in one script run, on the 10,000 scenarios of the shared corpus
# (../shared/bench/gen_corpus.py --files 1000 --scenarios 10 --steps 6), release build, the
# corpus's own step definitions (specs-bench). Each command runs once per round, the two in
# turn, so that a drift of the machine moves both alike. Printed: each one's median wall time
# (and the slowest), its peak resident memory (the largest process of the run: the supervisor
# or a worker; median and highest), the processor time of all its processes, and workers
# against in process as a ratio of medians (wall time, and processor time).
# Usage: Scripts/bench-workers.sh [rounds] [specs options...]   (default 7 rounds; options
#        default to `--format summary`; e.g. `--format message:FILE` or `--parallel 2`)
# SPECS_BENCH_BASELINE=PATH: the specs-bench of another build (say, main's) runs too, both
#        ways, in the same rounds, and each figure is given beside that build's.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-7}"
shift || true
options=("$@")
[ ${#options[@]} -gt 0 ] || options=(--format summary)
generator="${SPECS_BENCH_GENERATOR:-../shared/bench/gen_corpus.py}"
work="${SPECS_BENCH_DIR:-.build-bench}"
mkdir -p "$work"
[ -f "$work/run30/MANIFEST.json" ] ||
  python3 "$generator" --out "$work/run30" --files 1000 --scenarios 10 --steps 6 --extra-steps 0 >/dev/null
swift build -c release --product specs-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/specs-bench"

timed() { # "seconds peak_kb cpu_seconds" of one whole command: wall time, the largest
  # process's peak, and the processor time of every process of the run (on a busy machine
  # the wall time of a run on workers, two processes on two cores, hides what it costs)
  python3 -c '
import resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
elapsed = time.perf_counter() - start
if code != 0: sys.exit(f"exit {code}: {sys.argv[1:]}")
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{elapsed:.3f} {usage.ru_maxrss} {usage.ru_utime + usage.ru_stime:.3f}")' "$@"
}
summary() { # "median s (slowest), peak median MB (highest), CPU median s" of timed lines
  python3 -c '
import statistics as st, sys
rows = [line.split() for line in open(sys.argv[1])]
times = [float(r[0]) for r in rows]; peaks = [int(r[1]) / 1024 for r in rows]; cpu = [float(r[2]) for r in rows]
print(f"{st.median(times):.3f} s ({max(times):.3f}), peak {st.median(peaks):.1f} MB ({max(peaks):.1f}), CPU {st.median(cpu):.3f} s")' "$1"
}
median() { # column $2 of a times file
  python3 -c 'import statistics as st, sys; print(st.median(float(l.split()[int(sys.argv[2])]) for l in open(sys.argv[1])))' "$1" "$2"
}

baseline="${SPECS_BENCH_BASELINE:-}"
rm -f "$work"/times-workers "$work"/times-in-process "$work"/times-baseline-workers "$work"/times-baseline-in-process
"$bench" "$work/run30" "${options[@]}" >/dev/null  # warm the file cache
for _ in $(seq "$rounds"); do
  timed "$bench" "$work/run30" "${options[@]}" >>"$work/times-workers"
  timed "$bench" "$work/run30" "${options[@]}" --in-process >>"$work/times-in-process"
  if [ -n "$baseline" ]; then
    timed "$baseline" "$work/run30" "${options[@]}" >>"$work/times-baseline-workers"
    timed "$baseline" "$work/run30" "${options[@]}" --in-process >>"$work/times-baseline-in-process"
  fi
done
echo "10,000 scenarios, ${options[*]}, median of $rounds rounds alternated (slowest, highest in brackets)"
echo "on workers: $(summary "$work/times-workers")"
echo "in process: $(summary "$work/times-in-process")"
ratio() { python3 -c "print(f'{$(median "$work/$1" "$3") / $(median "$work/$2" "$3"):.2f}')"; }
echo "on workers against in process: $(ratio times-workers times-in-process 0)x the time, $(ratio times-workers times-in-process 2)x the processor time"
if [ -n "$baseline" ]; then
  echo "baseline ($baseline):"
  echo "  on workers: $(summary "$work/times-baseline-workers")"
  echo "  in process: $(summary "$work/times-baseline-in-process")"
  echo "  on workers against in process: $(ratio times-baseline-workers times-baseline-in-process 0)x the time"
  echo "this build against the baseline: on workers $(ratio times-workers times-baseline-workers 0)x the time, in process $(ratio times-in-process times-baseline-in-process 0)x the time"
fi
