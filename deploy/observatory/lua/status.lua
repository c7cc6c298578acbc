-- GET /observatory/status: the shared budget and the cache as they stand, for the app's settings page
-- and its status bar (a request waiting in the proxy's queue shows as waiting, not as an error).
-- Times are epoch milliseconds of the proxy's clock, with `now` beside them so that a browser whose
-- clock differs can count down correctly.
local cjson = require "cjson.safe"
local settings = require "settings"
local shaper = require "shaper"

local dict = ngx.shared.observatory_counts
local key = shaper.key
local floor = math.floor
local M = {}

local ORDER = {
  "/api/seismic/rsam", "/api/seismic/sites", "/api/seismic/dates", "/api/seismic/rsam/latest",
  "/api/imagery/q", "/api/imagery/dates", "/api/imagery/dates/range", "/health", "/", "legacy",
}
local CACHE_STATES = { "HIT", "MISS", "EXPIRED", "STALE", "UPDATING", "REVALIDATED", "BYPASS" }

local started = ngx.now()

local function ms(t)
  return floor(t * 1000 + 0.5)
end

function M.serve()
  local s = settings.values
  ngx.update_time()
  local now = ngx.now()
  local w = floor(now / 60)
  -- The asking browser's address: the real one behind a TLS terminator (--real-ip-from).
  local client = ngx.var.remote_addr
  local list = {}
  for _, ep in ipairs(ORDER) do
    local next_at = cjson.null
    for k = w, w + s.queueMinutes + 1 do
      if (dict:get(key("qw", ep, k)) or 0) > 0 then
        next_at = ms(math.max(now, k * 60 + s.marginSeconds))
        break
      end
    end
    local hold = dict:get(key("hold", ep)) or 0
    list[#list + 1] = {
      name = ep,
      limit = settings.limit(ep),
      sentThisMinute = dict:get(key("n", ep, w)) or 0,
      waiting = dict:get(key("q", ep)) or 0,
      waitingFromYou = dict:get(key("qc", ep, client)) or 0,
      nextAt = next_at,
      sentTotal = dict:get(key("up", ep)) or 0,
      refusedQueueFull = dict:get(key("full", ep)) or 0,
      refusedOverShare = dict:get(key("share", ep)) or 0,
      droppedClientGone = dict:get(key("gone", ep)) or 0,
      refusedByService = dict:get(key("u429", ep)) or 0,
      heldUntil = hold > now and ms(hold) or cjson.null,
    }
  end
  local states = {}
  for _, c in ipairs(CACHE_STATES) do states[c:lower()] = dict:get("cache|" .. c) or 0 end
  local measured = dict:get("cache|measured_at")
  local body = {
    proxy = "observatory",
    now = ms(now),
    startedAt = ms(started),
    windowMarginSeconds = s.marginSeconds,
    queueMinutes = s.queueMinutes,
    endpoints = list,
    cache = {
      maxBytes = s.cacheMaxBytes,
      usedBytes = dict:get("cache|used_bytes") or cjson.null,
      measuredAt = measured and ms(measured) or cjson.null,
      answers = states,
      hitBytes = dict:get("cache|hit_bytes") or 0,
      answersCut = dict:get("answers|cut") or 0,
    },
  }
  ngx.header["Content-Type"] = "application/json"
  ngx.print(cjson.encode(body))
end

return M
