-- How much of its bound the cache uses, measured every 30 s by one worker with `du` (nginx keeps
-- no such figure; a directory walk of a few thousand files takes milliseconds, and its timer runs
-- outside every request).
local settings = require "settings"
local dict = ngx.shared.observatory_counts
local M = {}

local EVERY = 30

local function measure(premature)
  if premature then return end
  local dir = settings.values.cacheDir
  local p = io.popen("du -sk '" .. dir .. "' 2>/dev/null")
  if not p then return end
  local out = p:read("*a") or ""
  p:close()
  local kb = tonumber(out:match("^(%d+)"))
  if kb then
    dict:set("cache|used_bytes", kb * 1024)
    dict:set("cache|measured_at", ngx.now())
  end
end

function M.start()
  if ngx.worker.id() ~= 0 then return end
  ngx.timer.at(0, measure)
  ngx.timer.every(EVERY, measure)
end

return M
