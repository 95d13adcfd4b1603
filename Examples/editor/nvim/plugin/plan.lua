-- Commands of plan.nvim (see lua/plan/init.lua and README.md).
if vim.g.loaded_plan then return end
vim.g.loaded_plan = true

-- :PlanAddTask 6h fri History essay   (estimate, due, then the title)
vim.api.nvim_create_user_command("PlanAddTask", function(opts)
  local estimate, due, title = opts.args:match("^(%S+)%s+(%S+)%s+(.+)$")
  if not title then
    vim.notify("usage: :PlanAddTask ESTIMATE DUE TITLE   e.g. :PlanAddTask 6h fri History essay", vim.log.levels.ERROR)
    return
  end
  require("plan").add_task({ title = title, estimate = estimate, due = due })
end, { nargs = "+" })

vim.api.nvim_create_user_command("PlanAgenda", function(opts)
  require("plan").agenda({ days = tonumber(opts.args) })
end, { nargs = "?" })

vim.api.nvim_create_user_command("PlanStop", function()
  require("plan").stop()
end, {})

vim.api.nvim_create_autocmd("VimLeavePre", {
  callback = function() require("plan").stop() end,
})
