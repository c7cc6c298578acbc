-- Nothing is kept that the endpoint does not promise (docs/deploy.md): the inner server reads each
-- 200 answer it may keep as it passes, up to the endpoint's ceiling (the app's own, docs/service.md
-- "Body ceilings"), and at its end parses a JSON answer and checks the endpoint's shape. An answer past
-- its ceiling, cut short, or not of its shape is never completed to the outer server: the inner server
-- holds back its last byte until the answer has passed, and drops the connection instead of sending
-- it when it has not; nginx keeps no answer whose upstream fell short of its Content-Length or its
-- last chunk. The browser that asked gets it at most once, cut, as the app would have cut it.
local cjson = require "cjson.safe"
local endpoints = require "endpoints"

local KB, MB = 1024, 1024 * 1024
local M = {}

-- lua-cjson reads [] and {} alike (an empty table): either passes for either.
local function is_array(v)
  return type(v) == "table" and (next(v) == nil or v[1] ~= nil)
end
local function is_object(v)
  return type(v) == "table" and (next(v) == nil or v[1] == nil)
end
local function all(list, ok)
  if type(list) ~= "table" then return false end
  for i = 1, #list do
    if not ok(list[i]) then return false end
  end
  return true
end
local function str(v) return type(v) == "string" end
local function num(v) return type(v) == "number" end

-- The shape of each answer, as documented (docs/service.md): only what the app relies on.
local SHAPES = {
  ["/api/seismic/rsam"] = function(b)
    return is_object(b) and is_array(b.series) and all(b.series, function(s)
      return is_object(s) and str(s.network) and str(s.station) and str(s.channel) and is_array(s.points) and
        all(s.points, function(p) return is_object(p) and str(p.time) and num(p.rsam_counts) end)
    end)
  end,
  ["/api/seismic/sites"] = function(b)
    return is_object(b) and is_array(b.channels) and all(b.channels, function(c)
      return is_object(c) and str(c.network) and str(c.station) and str(c.channel)
    end)
  end,
  ["/api/seismic/dates"] = function(b)
    return is_object(b) and is_array(b.dates) and all(b.dates, str)
  end,
  ["/api/seismic/rsam/latest"] = function(b)
    return is_object(b) and is_array(b.channels) and all(b.channels, function(c)
      return is_object(c) and str(c.network) and str(c.station) and str(c.channel) and str(c.latest_date)
    end)
  end,
  ["/api/imagery/q"] = function(b, args)
    if args.download == "estimate" then return is_object(b) and num(b.total_images) end
    return is_object(b) and is_object(b.pagination) and is_array(b.results) and all(b.results, function(r)
      return is_object(r) and str(r.image_id) and str(r.image_url) and str(r.timestamp)
    end)
  end,
  -- Bodies not documented (01 §4.6–4.7): JSON, an object or a list.
  ["/api/imagery/dates"] = function(b) return type(b) == "table" end,
  ["/api/imagery/dates/range"] = function(b) return type(b) == "table" end,
  ["/health"] = function(b) return b ~= nil end,
  ["/"] = function(b) return b ~= nil end,
  legacy_query = function(b)
    return is_array(b) and all(b, function(r) return is_object(r) and str(r.image_id) end)
  end,
  -- A visible record's error arrives as a 200 {error, message} (spec 02 §7): not a record.
  legacy_record = function(b) return is_object(b) and str(b.image_id) end,
}

local CEILING = {
  ["/api/seismic/rsam"] = 16 * MB,
  ["/api/seismic/sites"] = 1 * MB,
  ["/api/seismic/dates"] = 1 * MB,
  ["/api/seismic/rsam/latest"] = 1 * MB,
  ["/api/imagery/q"] = 4 * MB,
  ["/api/imagery/dates"] = 8 * MB,
  ["/api/imagery/dates/range"] = 1 * MB,
  ["/health"] = 1 * MB,
  ["/"] = 1 * MB,
  legacy_record = 1 * MB,
  file = 32 * MB,
}
M.CEILING = CEILING

-- What the answer to the inner server's `uri` with `args` must be: its kind (a SHAPES name, "file",
-- or nil for what is never kept: ZIPs) and its ceiling in bytes.
function M.kind(uri, args)
  local host, path = endpoints.split(uri)
  if host == "images" then return "file", CEILING.file end
  if host == "legacy" then
    if path:match("^/api/imagery/[a-z]+/query$") then
      if args.download ~= nil then return nil end
      -- The app's own ceiling for a query: 64 KB and 1 KB a record its limit allows.
      local limit = math.min(tonumber(args.limit) or 100000, 100000)
      return "legacy_query", 64 * KB + math.max(0, limit) * KB
    end
    if path:match("^/api/imagery/[a-z]+/r/") then
      if args.download == "true" then return "file", CEILING.file end
      return "legacy_record", CEILING.legacy_record
    end
    return "file", CEILING.file
  end
  if path == "/api/imagery/q" and (args.download == "true" or args.download == "selected") then return nil end
  if SHAPES[path] then return path, CEILING[path] end
  return nil
end

-- header_filter_by_lua of the inner server, after cache-policy's mark: sets up the reading of an
-- answer that may be kept; an answer that cannot be is passed on as it is, marked not to keep.
function M.header()
  if ngx.status ~= 200 or ngx.header["X-Accel-Expires"] == "0" then return end
  local args = ngx.req.get_uri_args(60)
  local kind, ceiling = M.kind(ngx.var.uri, args)
  if not kind then
    ngx.header["X-Accel-Expires"] = "0"
    return
  end
  local length = tonumber(ngx.header["Content-Length"])
  local ctype = ngx.header["Content-Type"] or ""
  if type(ctype) == "table" then ctype = ctype[1] or "" end
  local wrong_type = (kind == "file") and not ctype:lower():match("^image/")
  if (length and length > ceiling) or wrong_type then
    -- Said so before a byte of it: passed on once, whole, and not kept.
    ngx.header["X-Accel-Expires"] = "0"
    ngx.ctx.not_kept = wrong_type and "not an image" or "larger than its ceiling"
    return
  end
  ngx.ctx.reading = { kind = kind, ceiling = ceiling, args = args, size = 0, parts = {} }
end

local function fail(why)
  ngx.ctx.reading = nil
  ngx.log(ngx.WARN, "observatory: not kept, and cut: ", ngx.var.uri, ": ", why)
  ngx.shared.observatory_counts:incr("answers|cut", 1, 0)
  return ngx.ERROR
end

-- body_filter_by_lua of the inner server: passes each piece on but its last byte, which goes with
-- the next piece, or at the end once the answer has passed.
function M.body()
  local r = ngx.ctx.reading
  if not r then return end
  local chunk, eof = ngx.arg[1] or "", ngx.arg[2]
  if #chunk > 0 then
    r.size = r.size + #chunk
    if r.size > r.ceiling then return fail("larger than its ceiling of " .. r.ceiling .. " bytes") end
    if r.kind ~= "file" then r.parts[#r.parts + 1] = chunk end
  end
  local out = r.carry and (r.carry .. chunk) or chunk
  r.carry = nil
  if not eof then
    if #out > 0 then
      r.carry = out:sub(-1)
      ngx.arg[1] = out:sub(1, -2)
    end
    return
  end
  ngx.ctx.reading = nil
  if r.kind ~= "file" then
    local text = table.concat(r.parts)
    r.parts = nil
    local body = cjson.decode(text)
    if body == nil and text ~= "null" then return fail("not JSON (cut short, or not the service's answer)") end
    if not SHAPES[r.kind](body, r.args) then return fail("not the shape " .. r.kind .. " answers with") end
  end
  ngx.arg[1] = out
end

return M
