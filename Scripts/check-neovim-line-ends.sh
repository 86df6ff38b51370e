#!/usr/bin/env bash
# Formats feature files with unusual line ends in headless Neovim through `specs lsp`, as
# `vim.lsp.buf.format` does, and checks what Neovim writes: a lone CR inside a step (Neovim
# shows it as ^M in its line; with the next line re-indented too, one edit of both lines held
# the CR, which Neovim made a line break: two steps), CR-CR-LF in a doc string (in LF and CRLF files), a file of CRs
# alone, a last line without a line end and a file with a byte order mark and CRLF give what
# `specs format` writes; a file whose lines end
# mixed (Neovim opens it with fileformat=unix) keeps its line ends and settles after one format.
# Uses the built `specs` (.build/debug/specs, or SPECS=path). Needs Neovim 0.11.
set -euo pipefail
cd "$(dirname "$0")/.."
specs=${SPECS:-$(pwd)/.build/debug/specs}
nvim=${NVIM:-$(command -v nvim || true)}
[ -x "$specs" ] || { echo "check-neovim-line-ends: build first (swift build): $specs" >&2; exit 2; }
[ -n "$nvim" ] || { echo "check-neovim-line-ends: Neovim not found" >&2; exit 2; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/specs-line-ends.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"

cat >format.lua <<LUA
local buffer = vim.api.nvim_get_current_buf()
vim.lsp.start({ name = "specs", cmd = { "$specs", "lsp" }, root_dir = "$scratch" })
assert(vim.wait(20000, function() return #vim.lsp.get_clients({ bufnr = buffer }) > 0 end, 100), "no server")
for _ = 1, tonumber(vim.env.TIMES or "1") do
  vim.lsp.buf.format({ bufnr = buffer, async = false, timeout_ms = 10000 })
end
vim.cmd("write")
vim.cmd("qall!")
LUA

failures=0
# Formats $1 in Neovim ${2:-1} times.
neovim_format() { TIMES=${2:-1} timeout 60 "$nvim" --headless -u NONE -i NONE "$1" -c "luafile format.lua" >/dev/null 2>&1; }
check() {
  if [ "$2" = ok ]; then echo "ok    $1"; else echo "FAIL  $1"; failures=$((failures + 1)); fi
}

declare -A files=(
  [lonecr]='Feature: F\n  Scenario: S\n    Given a\rb\n     And c\n'
  [lonecrnext]='Feature: F\n\n  Scenario: S\n       Given a\r   Then b\n     And  c\n'
  [docstring]='Feature: F\n\n  Scenario: S\n    Given a\n      """\n      x \r\r\n      """\n     And c\n'
  [noeol]='Feature: x\n\n  Scenario: y\n      Given a step that passes'
  [cronly]='Feature: F\r  Scenario: S\r    Given a\r'
  [crcrlf]='Feature: F\r\n\r\n  Scenario: S\r\n    Given x\r\n      """\r\n      a \r\r\n        b\r\r\n      """\r\n'
  [bomcrlf]='\xef\xbb\xbfFeature: F\r\n  Scenario: S\r\n  Given a\r\n\r\n'
)
for name in "${!files[@]}"; do
  printf "${files[$name]}" >"$name.feature"
  cp "$name.feature" "$name.expected.feature"
  "$specs" format "$name.expected.feature" >/dev/null 2>&1
  neovim_format "$name.feature"
  cmp -s "$name.feature" "$name.expected.feature" && result=ok || result=failed
  check "$name: Neovim writes what specs format writes" "$result"
done

printf 'Feature: F\r\n  Scenario: S\n  Given a\r\n      """\r\n      x\r\n      """\r\n' >mixed.feature
cp mixed.feature twice.feature
neovim_format mixed.feature 1
neovim_format twice.feature 2
cmp -s mixed.feature twice.feature && result=ok || result=failed
check "mixed line ends: formatting again changes nothing" "$result"
cp mixed.feature expected.feature
"$specs" format expected.feature >/dev/null 2>&1
cmp -s <(tr -d '\r' <mixed.feature) <(tr -d '\r' <expected.feature) && result=ok || result=failed
check "mixed line ends: the lines are what specs format writes, line ends aside" "$result"

# A doc string's line that ends CRLF in a file of LF: no line is added to the doc string.
printf 'Feature: F\nScenario: S\nWhen b\n"""json\n\nw\r\n"""\n\n' >mixeddoc.feature
cp mixeddoc.feature mixeddoc.expected.feature
"$specs" format mixeddoc.expected.feature >/dev/null 2>&1
neovim_format mixeddoc.feature
cmp -s <(tr -d '\r' <mixeddoc.feature) <(tr -d '\r' <mixeddoc.expected.feature) && result=ok || result=failed
check "mixed line ends around a doc string: the lines are what specs format writes, line ends aside" "$result"

[ "$failures" = 0 ] || { echo "check-neovim-line-ends: $failures failed" >&2; exit 1; }
