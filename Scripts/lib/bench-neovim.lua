-- Run by Scripts/bench-editors.sh in headless Neovim, with the README's setup as init.lua and
-- the typed feature file as the argument: types a step character by character at a typist's
-- pace (SPECS_BENCH_INTERVAL ms a key), asking for completion after each keystroke as the
-- editor does (Neovim itself sends didChange and semantic tokens), then edits after a pause.
-- Writes the latencies in milliseconds, as the editor sees them, to SPECS_BENCH_OUT as JSON.
local interval = tonumber(vim.env.SPECS_BENCH_INTERVAL or "100")
local step = 'the user searches for "red shoes"'
local buffer = vim.api.nvim_get_current_buf()
local uri = vim.uri_from_bufnr(buffer)
local result = { completion = {}, diagnostics = {}, unanswered = 0 }
local function now() return vim.uv.hrtime() / 1e6 end
-- Whether the line's step is flagged undefined (with TEXT: the flag quotes it).
local function undefined_at(line, text)
  for _, d in ipairs(vim.diagnostic.get(buffer, { lnum = line })) do
    if d.message:find(text and ("matches '" .. text .. "'") or "Undefined step", 1, true) then return true end
  end
  return false
end
local function finish(problem)
  result.problem = problem
  local file = io.open(vim.env.SPECS_BENCH_OUT, "w")
  file:write(vim.json.encode(result))
  file:close()
  vim.cmd("qall!")
end

local started = now()
if not vim.wait(120000, function() return #vim.lsp.get_clients({ bufnr = buffer }) > 0 end, 10) then
  finish("the server never attached")
end
-- The first diagnostics of the file (the corpus has none of its own: the cart's undefined step
-- is in another file), so the opened file is checked once a diagnostic can be asked for.
local lines = vim.api.nvim_buf_get_lines(buffer, 0, -1, false)
local row
for index = math.floor(#lines / 2), #lines do
  local text = lines[index]
  if text:match("^%s*Scenario:") then
    row = index -- 0-based: the line after the header
    break
  end
end
local indent = string.rep(" ", #lines[row]:match("^(%s*)") + 2)
vim.api.nvim_buf_set_lines(buffer, row, row, false, { indent .. "And " .. step .. "x" })
if not vim.wait(120000, function() return undefined_at(row, step .. "x") end, 5) then
  finish("no diagnostics after opening")
end
result.open = now() - started
vim.api.nvim_buf_set_lines(buffer, row, row + 1, false, { indent .. "And " })
vim.wait(1000)

-- Typing, a completion asked after each keystroke, its answer timed by its callback.
local column = #indent + 4
local pending = 0
local begun = now()
for count = 1, #step do
  vim.api.nvim_buf_set_text(buffer, row, column + count - 1, row, column + count - 1, { step:sub(count, count) })
  vim.api.nvim_win_set_cursor(0, { row + 1, column + count })
  local asked = now()
  pending = pending + 1
  vim.lsp.buf_request(buffer, "textDocument/completion", {
    textDocument = { uri = uri }, position = { line = row, character = column + count },
    context = { triggerKind = 1 },
  }, function(err, reply)
    pending = pending - 1
    if err or not reply then result.unanswered = result.unanswered + 1 end
    table.insert(result.completion, now() - asked)
  end)
  vim.wait(math.max(0, begun + count * interval - now()), function() return false end, 5)
end
if not vim.wait(120000, function() return pending == 0 end, 5) then result.unanswered = result.unanswered + pending end

-- The typed step's diagnostics settled (they may lag behind the typing).
if not vim.wait(120000, function() return not undefined_at(row) end, 5) then finish("the typed step stayed undefined") end

-- Edits after a pause: the step made undefined and defined again, in turn.
local text = vim.api.nvim_buf_get_lines(buffer, row, row + 1, false)[1]
for round = 1, 10 do
  vim.wait(1000, function() return false end, 10)
  local undefine = round % 2 == 1
  vim.api.nvim_buf_set_text(buffer, row, #text, row, undefine and #text or #text + 1, { undefine and "x" or "" })
  local edited = now()
  if vim.wait(120000, function() return undefined_at(row, undefine and (step .. "x") or nil) == undefine end, 2) then
    table.insert(result.diagnostics, now() - edited)
  end
end
finish(nil)
