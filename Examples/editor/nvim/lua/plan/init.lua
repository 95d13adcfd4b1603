-- plan.nvim: a small Neovim client of `plan rpc` (JSON-RPC 2.0 over stdio).
--
-- It starts `plan rpc` as a job the first time it is needed, sends requests
-- one JSON value per line, matches responses to callbacks by id, and shows
-- the plan in a scratch buffer. Neovim 0.7 or later (vim.json, jobstart).
--
--   require("plan").setup({ cmd = { "plan", "rpc" }, store = nil, days = 7 })
--   :PlanAddTask 6h fri History essay     estimate, due, then the title
--   :PlanAgenda [days]                     classes and sittings, merged
--   :PlanStop                              shutdown + exit
--
-- See Examples/editor/nvim/README.md.

local M = {}

local config = {
  cmd = { "plan", "rpc" }, -- the server; e.g. { "/path/to/plan", "rpc" }
  store = nil,             -- --store PATH (default: $PLAN_STORE or plan's default)
  days = 7,                -- days shown by :PlanAgenda
}

local job = nil      -- the job id of `plan rpc`
local pending = {}   -- request id -> callback(err, result)
local next_id = 1
local partial = ""   -- an incomplete last line of stdout
local stderr_lines = {}

--- The buffer :PlanAgenda last filled (for tests and other plugins).
M.last_buffer = nil

function M.setup(opts)
  config = vim.tbl_deep_extend("force", config, opts or {})
end

local function fail_pending(message)
  local callbacks = pending
  pending = {}
  for _, cb in pairs(callbacks) do
    cb({ code = -32603, message = message, data = { reason = message } }, nil)
  end
end

-- jobstart hands stdout over in pieces split at "\n": the first piece
-- continues the previous call's last line, the last piece may be unfinished.
local function on_stdout(_, data)
  data[1] = partial .. data[1]
  partial = table.remove(data)
  for _, line in ipairs(data) do
    if line ~= "" then
      local ok, msg = pcall(vim.json.decode, line)
      if ok and type(msg) == "table" and msg.id ~= nil and msg.id ~= vim.NIL then
        local cb = pending[msg.id]
        pending[msg.id] = nil
        if cb then
          local err = msg.error
          if err == vim.NIL then err = nil end
          cb(err, msg.result)
        end
      end
    end
  end
end

local function start()
  if job then return job end
  local cmd = vim.deepcopy(config.cmd)
  if config.store then
    table.insert(cmd, "--store")
    table.insert(cmd, config.store)
  end
  partial = ""
  job = vim.fn.jobstart(cmd, {
    on_stdout = on_stdout,
    on_stderr = function(_, data)
      for _, l in ipairs(data) do
        if l ~= "" then table.insert(stderr_lines, l) end
      end
    end,
    on_exit = function(_, code)
      job = nil
      fail_pending("plan rpc exited with status " .. code)
    end,
  })
  if job <= 0 then
    job = nil
    error("plan: cannot start " .. table.concat(cmd, " "))
  end
  return job
end

--- Sends a request; `callback(err, result)` runs when the answer comes.
function M.request(method, params, callback)
  start()
  local id = next_id
  next_id = next_id + 1
  pending[id] = callback or function() end
  local msg = { jsonrpc = "2.0", id = id, method = method }
  if params ~= nil and next(params) ~= nil then msg.params = params end
  vim.fn.chansend(job, vim.json.encode(msg) .. "\n")
  return id
end

--- The same, waiting for the answer (at most `timeout` ms): returns err, result.
function M.request_sync(method, params, timeout)
  local done, err, result = false, nil, nil
  M.request(method, params, function(e, r)
    done, err, result = true, e, r
  end)
  if not vim.wait(timeout or 10000, function() return done end, 10) then
    return { code = -32603, message = "timeout", data = { reason = method .. ": no answer" } }, nil
  end
  return err, result
end

local function describe(err)
  local data = err.data or {}
  local where = data.pointer and (" at " .. data.pointer) or ""
  return string.format("%s %s%s: %s", err.code, err.message, where, data.reason or "")
end

local function hhmm(t) return t:sub(12, 16) end

--- Lines for an agenda result.
function M.render(agenda)
  local lines = { "plan: agenda from " .. agenda.from .. " (" .. agenda.days .. " days)", "" }
  local day = nil
  for _, item in ipairs(agenda.items) do
    local d = item.start:sub(1, 10)
    if d ~= day then
      if day then table.insert(lines, "") end
      day = d
      table.insert(lines, d)
    end
    local when = item.allDay and "all day    " or (hhmm(item.start) .. "–" .. hhmm(item["end"]))
    if item.kind == "sitting" then
      local project = (item.project and item.project ~= vim.NIL) and (item.project .. ": ") or ""
      table.insert(lines, string.format("  %s  ▸ %s%s (%d/%d)", when, project, item.title, item.index, item.count))
    else
      local mark = item.status == "CANCELLED" and " [cancelled]" or (item.transparent and " [free]" or "")
      table.insert(lines, string.format("  %s    %s%s", when, item.title, mark))
    end
  end
  if #agenda.items == 0 then table.insert(lines, "  nothing planned") end
  return lines
end

--- Shows `lines` in a scratch buffer (reused), in a split.
function M.show(lines)
  local buf = M.last_buffer
  if not (buf and vim.api.nvim_buf_is_valid(buf)) then
    buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(buf, "plan://agenda")
    vim.api.nvim_buf_set_option(buf, "bufhidden", "hide")
    vim.api.nvim_buf_set_option(buf, "filetype", "plan")
  end
  vim.api.nvim_buf_set_option(buf, "modifiable", true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.api.nvim_buf_set_option(buf, "modifiable", false)
  M.last_buffer = buf
  if vim.fn.bufwinnr(buf) == -1 and #vim.api.nvim_list_uis() > 0 then
    vim.cmd("botright split")
    vim.api.nvim_win_set_buf(0, buf)
  end
  return buf
end

--- Fetches the agenda and shows it.
function M.agenda(opts)
  opts = opts or {}
  M.request("plan.agenda", { days = opts.days or config.days, from = opts.from }, function(err, result)
    if err then
      vim.notify("plan: " .. describe(err), vim.log.levels.ERROR)
      return
    end
    M.show(M.render(result))
  end)
end

--- Adds a task ({title, estimate, due, …} as task.add takes them), says
--- how it went, and shows the agenda.
function M.add_task(params, on_done)
  M.request("task.add", params, function(err, result)
    if err then
      vim.notify("plan: " .. describe(err), vim.log.levels.ERROR)
    elseif result.status == "unschedulable" then
      local d = result.diagnostic
      local msg = string.format('plan: "%s" does not fit: needs %s, %s free. Nothing saved.', params.title, d.needed, d.available)
      for _, fix in ipairs(d.fixes) do msg = msg .. "\n  would fit with " .. fix.field .. " = " .. fix.value end
      vim.notify(msg, vim.log.levels.WARN)
    else
      vim.notify(string.format('plan: "%s" in %d sittings%s', params.title, #result.sittings,
        result.saved and "" or " (not saved)"))
      M.agenda()
    end
    if on_done then on_done(err, result) end
  end)
end

--- Ends the server politely (shutdown, then the exit notification).
function M.stop()
  if not job then return end
  M.request_sync("shutdown", nil, 5000)
  if job then
    vim.fn.chansend(job, vim.json.encode({ jsonrpc = "2.0", method = "exit" }) .. "\n")
    vim.fn.chanclose(job, "stdin")
    vim.fn.jobwait({ job }, 5000)
  end
end

--- What the server said on stderr (its log).
function M.log() return stderr_lines end

return M
