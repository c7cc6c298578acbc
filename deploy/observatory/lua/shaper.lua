-- The shared budget: cache misses only (the inner server sees nothing else) are sent to the service
-- within its limit per endpoint and wall-clock minute, the way the service counts them (docs/deploy.md,
-- "The shared budget"). A request over the budget waits for the next minute with room, in order of
-- arrival, and the whole minute's worth goes out at once when it starts; past `queueMinutes` minutes
-- ahead, or past the asking address's share of the queue, it is refused with a 429 and a Retry-After
-- the app honours (at most 65 s). A request whose browser has gone is dropped from the queue.
local settings = require "settings"
local endpoints = require "endpoints"
local gone = require "client-gone"

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

-- The longest Retry-After the proxy sends: the service's window plus 5 s, the longest wait the app
-- honours (docs/service.md, "01 §7 Errors"). A later minute is reached by asking again.
M.MAX_RETRY_AFTER = 65

-- How many requests may wait at once, all endpoints together: each holds three of nginx's
-- connections (the browser's, both ends of the one to this server), and nginx's workers_connections
-- (nginx.conf) must keep room for everything else.
M.MAX_WAITING = 256

-- A client address's share of an endpoint's queue: half of the places its queue has (the endpoint's
-- limit for each minute it may wait ahead), so one machine's burst leaves the other half to the rest.
function M.share(limit, queue_minutes)
  return math.max(1, floor(limit * queue_minutes / 2))
end

local function retry_after(seconds)
  return math.min(M.MAX_RETRY_AFTER, math.max(1, ceil(seconds)))
end
M.retry_after = retry_after

local function refuse(ep, why, seconds, counter)
  dict:incr(key(counter or "full", ep), 1, 0)
  local s = retry_after(seconds)
  ngx.ctx.refused = true
  ngx.status = 429
  ngx.header["Content-Type"] = "application/json"
  ngx.header["Retry-After"] = tostring(s)
  ngx.header["X-Observatory-Queue"] = "full"
  -- The service's own 429 body (an `error` string), so the app words it the same way.
  ngx.say(require("cjson.safe").encode({ error = string.format("The observatory proxy's %s; try again in %d s", why, s) }))
  return ngx.exit(429)
end

local function release(ep, windows)
  for _, w in ipairs(windows) do dict:incr(key("n", ep, w), -1) end
end

-- Waits until `at` as one of the endpoint's queue, counted for the status page. A browser that goes
-- away meanwhile takes its request along: its places go back to the budget, and nothing is sent.
local function wait(ep, at, t, client, windows)
  local conn = ngx.var.http_x_observatory_conn
  local counters = { key("q", ep), key("qw", ep, floor(at / 60)) }
  for _, k in ipairs(counters) do dict:incr(k, 1, 0, KEEP) end
  local function done()
    for _, k in ipairs(counters) do dict:incr(k, -1) end
    dict:incr("qall", -1)
    dict:incr(key("qc", ep, client), -1)
  end
  local now = t
  while now < at do
    ngx.sleep(math.min(1, at - now))
    ngx.update_time()
    now = ngx.now()
    if gone.gone(conn, t) then
      done()
      release(ep, windows)
      dict:incr(key("gone", ep), 1, 0)
      -- 444: nginx closes the connection; the outer server keeps nothing of it.
      return ngx.exit(444)
    end
  end
  done()
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
  local client = ngx.var.http_x_observatory_client or "?"
  ngx.update_time()
  local t = ngx.now()
  local at = math.max(t, dict:get(key("hold", ep)) or 0)
  local last = floor(t / 60) + s.queueMinutes
  while floor(at / 60) <= last do
    local windows = windows_at(at, margin)
    if reserve(ep, limit, windows) then
      if at <= t then
        dict:incr(key("up", ep), 1, 0)
        return
      end
      -- To wait: within the client's share of this endpoint's queue and the bound of all queues.
      local mine = dict:incr(key("qc", ep, client), 1, 0, KEEP)
      local all = dict:incr("qall", 1, 0)
      local share = M.share(limit, s.queueMinutes)
      if mine > share or all > M.MAX_WAITING then
        dict:incr(key("qc", ep, client), -1)
        dict:incr("qall", -1)
        release(ep, windows)
        if mine > share then
          return refuse(ep, string.format(
            "queue for %s holds at most %d requests from one address (%d per 1 minute, %d minutes ahead)",
            ep, share, limit, s.queueMinutes), at - t, "share")
        end
        return refuse(ep, string.format("queues hold at most %d waiting requests", M.MAX_WAITING), at - t)
      end
      wait(ep, at, t, client, windows)
      dict:incr(key("up", ep), 1, 0)
      return
    end
    at = next_try(at, margin)
  end
  return refuse(ep, string.format("queue for %s is full (%d per 1 minute)", ep, limit), at - t)
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
  -- The service's own Retry-After too is cut to what the app honours.
  local given = tonumber(ngx.header["Retry-After"])
  ngx.header["Retry-After"] = tostring(retry_after(given or (until_ - now)))
end

M.key = key
return M
