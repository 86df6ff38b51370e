#!/usr/bin/env bash
# Builds the libFuzzer target for the Gherkin parser and runs it.
# Usage: Scripts/fuzz.sh [seconds] [extra libFuzzer flags...]     (default: 600 s)
# Seeds: the conformance inputs (../shared/conformance/gherkin) and Features/.
# Crashing inputs land in fuzz/crashes/; add each to Tests/GherkinTests/Regressions/
# so that it becomes a test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"; shift || true
mkdir -p fuzz/build fuzz/corpus fuzz/crashes
swiftc -sanitize=fuzzer,address -O -parse-as-library -module-name GherkinFuzz \
  $(find Sources/Gherkin -name '*.swift') fuzz/FuzzGherkin.swift -o fuzz/build/fuzz-gherkin
seeds=(Features)
conformance="${SPECS_CONFORMANCE_DIR:-../shared/conformance}/gherkin"
[ -d "$conformance" ] && seeds+=("$conformance/good" "$conformance/bad")
for dir in "${seeds[@]}"; do
  find "$dir" -name '*.feature' -exec cp {} fuzz/corpus/ \; 2>/dev/null || true
done
exec fuzz/build/fuzz-gherkin fuzz/corpus -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -max_len=65536 -artifact_prefix=fuzz/crashes/ -print_final_stats=1 "$@"
