#!/usr/bin/env bash
# Benchmarks the build of scenario tests (the ScenarioTests plugin) as a suite grows: in a
# copy of Examples/Cart whose test target holds the shared corpus of
# ../shared/bench/gen_corpus.py (1,000 and 5,000 scenarios by default), with a registry of
# one trivially passing definition per corpus pattern, debug builds as a developer runs them:
#   clean      `swift build --build-tests` once the suite is added to a built package
#   no-op      the same again, nothing changed
#   rename     one scenario renamed in one feature file
#   add        one feature file added
#   list       `swift test list`
#   test       `swift test` (every scenario)
#   runner     the command-line runner (`corpus-specs`, debug) on the same files
# Each line gives wall and CPU seconds (user + system, all processes) and the peak resident
# memory of the largest process (the compiler, in a build); per scenario is the clean build's
# CPU beyond the no-op build, divided by the scenarios.
# Each size is measured in each form the generator writes (SPECS_BENCH_FORMS, default both):
#   compact  what Swift 6.3 on Linux builds: a test content record per scenario
#   macros   the @Test form every other toolchain builds (-DSPECS_SCENARIO_TEST_MACROS)
# Usage: Scripts/bench-scenario-tests.sh [scenarios...]   (default: 1000 5000)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
if [ $# -gt 0 ]; then sizes=("$@"); else sizes=(1000 5000); fi
generator=$(realpath "${SPECS_BENCH_GENERATOR:-../shared/bench/gen_corpus.py}")
[ -f "$generator" ] || { echo "bench-scenario-tests: $generator not found (../shared/bench beside the clone)" >&2; exit 2; }
work="$root/.build-bench/scenario-tests"
copy="$root/Examples/.bench-scenario-tests"
rm -rf "$copy"
mkdir -p "$work" "$copy"
trap 'rm -rf "$copy"' EXIT
(cd Examples/Cart && tar --exclude=.build -cf - .) | (cd "$copy" && tar -xf -)
cd "$copy"
rm -f Tests/CartTests/Features Tests/CartTests/*.swift

# The corpus's step patterns as definitions, for the tests and for the runner.
mkdir -p Sources/CorpusSteps Sources/corpus-specs
cat >Sources/CorpusSteps/CorpusSteps.swift <<'SWIFT'
import Foundation
import SpecsRunner

public final class CorpusWorld {
    init() {}
}

/// One trivially passing definition per pattern of the corpus's step_patterns.json.
public enum CorpusSteps {
    struct Pattern: Decodable {
        let expression: String
        let params: [String]
        let argument: String?
    }

    public static func registry() -> StepRegistry<CorpusWorld> {
        var steps = StepRegistry { CorpusWorld() }
        let file = ProcessInfo.processInfo.environment["CORPUS_PATTERNS"] ?? "step_patterns.json"
        guard let data = FileManager.default.contents(atPath: file),
            let patterns = try? JSONDecoder().decode([Pattern].self, from: data)
        else {
            FileHandle.standardError.write(Data("corpus-specs: cannot read the corpus patterns at \(file)\n".utf8))
            exit(2)
        }
        for pattern in patterns {
            let expression = pattern.expression
            switch (pattern.params.count, pattern.argument) {
            case (0, nil): steps.step(expression) { _ in }
            case (0, "table"): steps.step(expression) { (_, _: DataTable) in }
            case (0, "doc"): steps.step(expression) { (_, _: DocString) in }
            case (1, nil): steps.step(expression) { (_, _: StepValue) in }
            case (1, "table"): steps.step(expression) { (_, _: StepValue, _: DataTable) in }
            case (1, "doc"): steps.step(expression) { (_, _: StepValue, _: DocString) in }
            case (2, nil): steps.step(expression) { (_, _: StepValue, _: StepValue) in }
            case (2, "table"): steps.step(expression) { (_, _: StepValue, _: StepValue, _: DataTable) in }
            case (2, "doc"): steps.step(expression) { (_, _: StepValue, _: StepValue, _: DocString) in }
            default: steps.step(expression) { (_, _: StepValue, _: StepValue, _: StepValue) in }
            }
        }
        return steps
    }
}
SWIFT
cat >Sources/corpus-specs/main.swift <<'SWIFT'
import CorpusSteps
import Foundation
import SpecsCommand

exit(await SpecsCommand.main(registry: CorpusSteps.registry()))
SWIFT
cat >Tests/CartTests/ScenarioRegistry.swift <<'SWIFT'
import CorpusSteps
import SpecsTesting

extension ScenarioTests {
    static let registry = CorpusSteps.registry()
}
SWIFT
python3 - <<'PY'
import re
text = open("Package.swift").read()
text = text.replace('''        // `swift test`''', '''        .target(name: "CorpusSteps", dependencies: [.product(name: "SpecsKit", package: specs)]),
        .executableTarget(name: "corpus-specs", dependencies: ["CorpusSteps", .product(name: "SpecsKit", package: specs)]),
        // `swift test`''')
text = text.replace('dependencies: ["CartSteps", .product(name: "SpecsTesting"', 'dependencies: ["CorpusSteps", .product(name: "SpecsTesting"')
open("Package.swift", "w").write(text)
PY
grep -q CorpusSteps Package.swift || { echo "bench-scenario-tests: could not adapt Package.swift" >&2; exit 1; }
grep -q 'SpecsCommand.main(registry' "$root/Examples/Cart/Sources/cart-specs/main.swift" ||
  { echo "bench-scenario-tests: cart-specs no longer calls SpecsCommand.main(registry:)" >&2; exit 1; }

measure() { # measure LABEL COMMAND...: one line of the table
  local label=$1; shift
  local log="$work/$label.log"
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >"$log" 2>&1 || echo "  ($label exited non-zero: see $log)" >&2
  read -r wall user sys peak < <(tail -1 "$work/time")
  cpu=$(python3 -c "print(f'{$user + $sys:.1f}')")
  printf '| %-8s | %8s | %8s | %6d MB |\n' "$label" "$wall" "$cpu" $((peak / 1024))
  last_cpu=$cpu
}
# A build notices a changed feature file by its time stamp: never edit in the second of a build.
edit() { sleep 1.1; "$@"; }

echo "== building the package with one feature file (not measured)"
python3 "$generator" --out "$work/corpus-10" --files 1 --scenarios 10 --steps 6 >/dev/null
mkdir -p Tests/CartTests/Features
cp "$work/corpus-10/features/area_00/"*.feature Tests/CartTests/Features/
export CORPUS_PATTERNS="$work/corpus-10/step_patterns.json"
swift build --build-tests >"$work/warm.log" 2>&1 || { cat "$work/warm.log"; exit 1; }

read -r -a forms <<<"${SPECS_BENCH_FORMS:-compact macros}"
for form in "${forms[@]}"; do
  case $form in
    compact) flags=() ;;
    macros) flags=(-Xswiftc -DSPECS_SCENARIO_TEST_MACROS) ;;
    *) echo "bench-scenario-tests: unknown form $form (compact, macros)" >&2; exit 2 ;;
  esac
  for size in "${sizes[@]}"; do
    corpus="$work/corpus-$size"
    [ -f "$corpus/MANIFEST.json" ] ||
      python3 "$generator" --out "$corpus" --files $((size / 10)) --scenarios 10 --steps 6 >/dev/null
    pickles=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['pickles'])" "$corpus/MANIFEST.json")
    export CORPUS_PATTERNS="$corpus/step_patterns.json"
    echo
    echo "== $pickles scenarios in $((size / 10)) feature files, $form form"
    echo '| step     |   wall s |    CPU s |   peak    |'
    echo '| -------- | -------- | -------- | --------- |'
    rm -rf Tests/CartTests/Features
    measure noop-1 swift build --build-tests "${flags[@]}"
    base=$last_cpu
    edit cp -R "$corpus/features" Tests/CartTests/Features
    measure clean swift build --build-tests "${flags[@]}"
    clean=$last_cpu
    measure no-op swift build --build-tests "${flags[@]}"
    noop=$last_cpu
    file=$(find Tests/CartTests/Features -name '*.feature' | sort | sed -n "$((size / 20 + 1))p")
    edit sed -i '0,/^\( *\)Scenario: \(.*\)$/s//\1Scenario: \2 renamed/' "$file"
    grep -q ' renamed$' "$file" || { echo "bench-scenario-tests: no scenario to rename in $file" >&2; exit 1; }
    measure rename swift build --build-tests "${flags[@]}"
    rename=$last_cpu
    edit cp "$file" "$(dirname "$file")/added.feature"
    measure add swift build --build-tests "${flags[@]}"
    add=$last_cpu
    measure list swift test list "${flags[@]}"
    listed=$(grep -c '^CartTests\.' "$work/list.log" || true)
    measure test swift test "${flags[@]}"
    passed=$(grep -o 'Test run with [0-9]* tests' "$work/test.log" | grep -o '[0-9]*' || echo "?")
    if [ "$form" = "${forms[0]}" ]; then measure runner .build/debug/corpus-specs Tests/CartTests/Features --format summary; fi
    python3 - "$pickles" "$base" "$clean" "$noop" "$rename" "$add" "$listed" "$passed" <<'PY'
import sys
pickles, base, clean, noop, rename, add = (float(v) for v in sys.argv[1:7])
print(f"per scenario: {(clean - noop) / pickles * 1000:.1f} ms of CPU beyond the no-op build; "
      f"rename: {rename - noop:.1f} s beyond it; add a file: {add - noop:.1f} s; "
      f"swift test list named {sys.argv[7]} tests; swift test ran {sys.argv[8]} tests")
PY
  done
done
