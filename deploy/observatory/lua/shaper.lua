-- The shared budget: cache misses only (the inner server sees nothing else) are sent to the service
-- within its limit per endpoint and wall-clock minute, the way the service counts them (docs/deploy.md,
-- "The shared budget"). A request over the budget waits for the next minute with room, in order of
-- arrival, and the whole minute's worth goes out at once when it starts; past `queueMinutes` minutes
-- ahead it is refused with a 429 and a Retry-After the app honours.
local settings = require "settings"
local endpoints = require "endpoints"

local dict = ngx.shared.observatory_counts
local floor, ceil = math.floor, math.ceil
local M = {}

local KEEP = 600 -- seconds a window's counters outlive it (the status page reads the current one)

local function key(...)
  return table.concat({ ... }, "|")
end

-- The windows a request sent at `t` may be counted in: the service's clock may differ from ours,
-- and the request takes a moment to arrive, by up to `margin` seconds either way; near a boundary
-- that is two windows, and the request takes a place in both.
local function windows_at(t, margin)
  local a, b = floor((t - margin) / 60), floor((t + margin) / 60)
  if a == b then return { a } end
  return { a, b }
end

-- Takes a place in each window, or in none.
local function reserve(ep, limit, windows)
  local taken = {}
  for _, w in ipairs(windows) do
    local k = key("n", ep, w)
    local n = dict:incr(k, 1, 0, KEEP)
    if not n or n > limit then
      if n then dict:incr(k, -1) end
      for _, t in ipairs(taken) do dict:incr(key("n", ep, t), -1) end
      return false
    end
    taken[#taken + 1] = w
  end
  return true
end

-- The next send time worth trying after `at` failed: the end of the boundary margin when `at` fell
-- in it (the window alone may have room), else the next window, clear of its boundary.
local function next_try(at, margin)
  local w = floor(at / 60)
  if at < w * 60 + margin then return w * 60 + margin end
  return (w + 1) * 60 + margin
end

local function refuse(ep, limit, seconds)
  dict:incr(key("full", ep), 1, 0)
  local s = math.max(1, ceil(seconds))
  ngx.ctx.refused = true
  ngx.status = 429
  ngx.header["Content-Type"] = "application/json"
  ngx.header["Retry-After"] = tostring(s)
  ngx.header["X-Observatory-Queue"] = "full"
  -- The service's own 429 body (an `error` string), so the app words it the same way.
  ngx.say(string.format(
    '{"error":"The observatory proxy\'s queue for %s is full (%d per 1 minute); try again in %d s"}',
    ep, limit, s))
  return ngx.exit(429)
end

-- Waits until `at` as one of the endpoint's queue, counted for the status page. A browser that goes
-- away meanwhile does not take its request along: nginx goes on fetching an answer it may keep, so the
-- request still goes out in its minute and fills the cache for the next person who asks.
local function wait(ep, at, t)
  local client = ngx.var.http_x_observatory_client or "?"
  local counters = { key("q", ep), key("qc", ep, client), key("qw", ep, floor(at / 60)) }
  for _, k in ipairs(counters) do dict:incr(k, 1, 0, KEEP) end
  ngx.sleep(at - t)
  for _, k in ipairs(counters) do dict:incr(k, -1) end
end

-- access_by_lua of the inner server: returns when the request may go to the service.
function M.admit()
  local host, path = endpoints.split(ngx.var.uri)
  local ep = endpoints.of(host, path)
  ngx.ctx.endpoint = ep
  if not ep then return end
  local s = settings.values
  local limit = settings.limit(ep)
  local margin = s.marginSeconds
  ngx.update_time()
  local t = ngx.now()
  local at = math.max(t, dict:get(key("hold", ep)) or 0)
  local last = floor(t / 60) + s.queueMinutes
  while floor(at / 60) <= last do
    local windows = windows_at(at, margin)
    if reserve(ep, limit, windows) then
      if at > t then wait(ep, at, t) end
      dict:incr(key("up", ep), 1, 0)
      return
    end
    at = next_try(at, margin)
  end
  return refuse(ep, limit, at - t)
end

-- header_filter_by_lua of the inner server: a 429 from the service itself (another client on the
-- observatory's address, a limit lower than configured, a clock further off than the margin) holds
-- the endpoint until its next window, and tells the app when to come back.
function M.after()
  local ep = ngx.ctx.endpoint
  if ngx.status ~= 429 or not ep or ngx.ctx.refused then return end
  ngx.update_time()
  local now = ngx.now()
  local until_ = (floor(now / 60) + 1) * 60 + settings.values.marginSeconds
  dict:set(key("hold", ep), until_, KEEP)
  dict:incr(key("u429", ep), 1, 0)
  if not ngx.header["Retry-After"] then ngx.header["Retry-After"] = tostring(ceil(until_ - now)) end
end

M.key = key
return M
