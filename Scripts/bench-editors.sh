#!/usr/bin/env bash
# Latency as real editors see it: headless Neovim 0.11 and Emacs with eglot, each set up as the
# README says, on a team's package (Scripts/lib/team_package.py: a copy of Examples/Cart outside
# the repository with definitions for the ../shared/bench corpus), in a 5,000-scenario feature
# file and in one of 2,000 files holding 20,000 scenarios. Each types a step character by
# character, one key each SPECS_BENCH_INTERVAL ms (100), with completion after each keystroke
# (Neovim sends didChange and semantic tokens itself; eglot's changes, eldoc's hover and
# completion-at-point's request are made as eglot makes them), then edits after a pause until
# the diagnostics reflect them. Prints a table in milliseconds.
#
#   Scripts/bench-editors.sh [BUILDS [WORKSPACES [EDITORS]]]   default: "debug release" "one spread" "neovim emacs"
#   (WORKSPACES may also name "undefined": one 5,000-scenario file whose steps are all undefined)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
builds=${1:-debug release}
workspaces=${2:-one spread}
editors=${3:-neovim emacs}
package=${SPECS_BENCH_PACKAGE:-${TMPDIR:-/tmp}/specs-lsp-bench}
nvim=${NVIM:-$(command -v nvim || echo "$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')/nvim")}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SPECS_BENCH_INTERVAL=${SPECS_BENCH_INTERVAL:-100}

for build in $builds; do
  python3 Scripts/lib/team_package.py "$root" "$package" build "$build" >"$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; exit 1; }
  python3 Scripts/lib/readme_setup.py README.md neovim "$build" >"$work/init-$build.lua"
  python3 Scripts/lib/readme_setup.py README.md emacs "$build" >"$work/setup-$build.el"
  for workspace in $workspaces; do
    file=$(python3 Scripts/lib/team_package.py "$root" "$package" corpus "$workspace")
    for editor in $editors; do
      out="$work/$build-$workspace-$editor.json"
      echo "  $build, $workspace, $editor" >&2
      case $editor in
        neovim)
          (cd "$package" && SPECS_BENCH_OUT=$out timeout 900 "$nvim" --headless -u "$work/init-$build.lua" "$file" \
            -c "luafile $root/Scripts/lib/bench-neovim.lua" >"$work/nvim.log" 2>&1) || cat "$work/nvim.log" >&2 ;;
        emacs)
          (cd "$work" && cp "setup-$build.el" setup.el && SPECS_BENCH_OUT=$out SPECS_BENCH_FILE=$file \
            timeout 900 emacs --batch -l "$root/Scripts/lib/bench-emacs.el" >"$work/emacs.log" 2>&1) \
            || grep -v "^Loading" "$work/emacs.log" | tail -20 >&2 ;;
      esac
    done
  done
done

python3 - "$work" "$builds" "$workspaces" "$editors" <<'PY'
import json, os, statistics, sys
work, builds, workspaces, editors = sys.argv[1], *[a.split() for a in sys.argv[2:]]
names = {"one": "5,000 in one file", "spread": "20,000 in 2,000 files",
         "undefined": "5,000 in one file, steps undefined"}
def figures(values):
    if not values:
        return "-"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):.0f} / {p95:.0f}"
print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end, {os.environ['SPECS_BENCH_INTERVAL']} ms a key; "
      "ms: median / 95th percentile")
print("| build | workspace | editor | completion | hover | edit → diagnostics | open → diagnostics |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for build in builds:
    for workspace in workspaces:
        for editor in editors:
            path = os.path.join(work, f"{build}-{workspace}-{editor}.json")
            if not os.path.exists(path):
                print(f"| {build} | {names[workspace]} | {editor} | no result | | | |")
                continue
            r = json.load(open(path))
            note = f" ({r['problem']})" if r.get("problem") else ""
            note += f" ({r['unanswered']} unanswered)" if r.get("unanswered") else ""
            hover = figures(r.get("hover") or []) if editor == "emacs" else "(not sent)"
            print(f"| {build} | {names[workspace]} | {editor}{note} | {figures(r.get('completion') or [])} | {hover} "
                  f"| {figures(r.get('diagnostics') or [])} | {r.get('open', float('nan')):.0f} |")
PY
