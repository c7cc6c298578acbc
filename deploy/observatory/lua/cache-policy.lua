-- How long the proxy keeps an answer (docs/deploy.md, "What is kept, and for how long"): what cannot
-- change for long, what can briefly or not at all. The inner server says so to the caching outer
-- server in X-Accel-Expires (seconds, 0 = do not keep), which nginx reads before any other header and
-- never passes on to the browser.
local endpoints = require "endpoints"

local MINUTE, HOUR, DAY = 60, 3600, 86400
local M = {}

M.TTL = {
  rsam_settled = 30 * DAY, -- every day older than a week: complete
  rsam_settling = HOUR, -- completed days of the last week: a station that lagged may still fill them
  rsam_recent = MINUTE, -- yesterday and today: a new window every minute
  sites = 10 * MINUTE,
  seismic_dates = 5 * MINUTE, -- today's date appears when its first window does
  latest = 30,
  root = 5 * MINUTE,
  imagery_q_past = HOUR, -- a span that ended before yesterday; flags may still be set later
  imagery_q = 30, -- the wall's "latest image" question
  imagery_dates_default = 5 * MINUTE, -- without the documented Cache-Control
  imagery_dates_max = DAY,
  legacy_past = DAY,
  legacy = 30,
  legacy_record = DAY,
  file = 30 * DAY, -- an image file, named by its id
}

-- Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
local function days(y, m, d)
  if m <= 2 then y = y - 1 end
  local era = math.floor(y / 400)
  local yoe = y - era * 400
  local mp = (m + 9) % 12
  local doy = math.floor((153 * mp + 2) / 5) + d - 1
  local doe = yoe * 365 + math.floor(yoe / 4) - math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
end
M.days = days

-- The UTC day number of a parameter starting with YYYYMMDD or YYYY-MM-DD, or nil.
local function day_of(v)
  if type(v) ~= "string" then return nil end
  local y, m, d = v:match("^(%d%d%d%d)-?(%d%d)-?(%d%d)")
  if not y then return nil end
  y, m, d = tonumber(y), tonumber(m), tonumber(d)
  if m < 1 or m > 12 or d < 1 or d > 31 then return nil end
  return days(y, m, d)
end
M.day_of = day_of

local function one(v)
  if type(v) == "table" then return nil end -- a repeated parameter: not a question we classify
  return v
end

-- Seconds to keep a 200 answer to `host`,`path`,`args` at `now` (epoch s); `cc` is the answer's
-- Cache-Control, if any. The returned name is the rule's, for tests and the status page.
function M.ttl(host, path, args, now, cc)
  local T = M.TTL
  local today = math.floor(now / DAY)
  local ep = endpoints.of(host, path)
  if host == "images" then return T.file, "file" end
  if host == "legacy" then
    if ep == nil then return T.file, "file" end
    if path:match("/r/[^/]+$") then
      if one(args.download) == "true" then return T.file, "file" end
      return T.legacy_record, "legacy_record"
    end
    if args.download ~= nil then return 0, "download" end
    local to = day_of(one(args.search_to))
    if to and to <= today - 2 then return T.legacy_past, "legacy_past" end
    return T.legacy, "legacy"
  end
  if ep == "/api/seismic/rsam" then
    local to = day_of(one(args.dateto))
    if not to then return 0, "invalid" end
    if to <= today - 8 then return T.rsam_settled, "rsam_settled" end
    if to <= today - 2 then return T.rsam_settling, "rsam_settling" end
    return T.rsam_recent, "rsam_recent"
  elseif ep == "/api/imagery/q" then
    if args.download ~= nil then return 0, "download" end
    local to = day_of(one(args.dateto))
    if to and to <= today - 2 then return T.imagery_q_past, "imagery_q_past" end
    return T.imagery_q, "imagery_q"
  elseif ep == "/api/imagery/dates" or ep == "/api/imagery/dates/range" then
    local age = cc and tonumber(cc:match("max%-age=(%d+)"))
    if age then return math.min(age, T.imagery_dates_max), "cache_control" end
    return T.imagery_dates_default, "imagery_dates"
  elseif ep == "/api/seismic/sites" then
    return T.sites, "sites"
  elseif ep == "/api/seismic/dates" then
    return T.seismic_dates, "seismic_dates"
  elseif ep == "/api/seismic/rsam/latest" then
    return T.latest, "latest"
  elseif ep == "/" then
    return T.root, "root"
  end
  return 0, "not_kept" -- /health (a health check must ask), and paths nobody documented
end

-- header_filter_by_lua of the inner server.
function M.mark()
  local ttl = 0
  local cc = ngx.header["Cache-Control"]
  if type(cc) == "table" then cc = table.concat(cc, ", ") end
  local forbidden = cc and (cc:find("no%-store") or cc:find("private") or cc:find("no%-cache"))
  if ngx.status == 200 and not forbidden and not ngx.ctx.refused then
    local host, path = endpoints.split(ngx.var.uri)
    ngx.update_time()
    ttl = M.ttl(host, path, ngx.req.get_uri_args(50), ngx.now(), cc)
  end
  ngx.header["X-Accel-Expires"] = tostring(ttl)
end

return M
