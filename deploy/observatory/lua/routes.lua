-- What each browser-facing route carries (docs/deploy.md, "Each route carries only what it is for"):
-- the access phase of the outer server checks the path against the documented endpoints and files of
-- its host, rebuilds the query from the endpoint's known parameters only (sorted: the cache key and the
-- request sent are one and the same), and refuses the rest with a clear body before anything reaches
-- the cache or the service. The result is `$obs_up`, the inner server's path and query.
local M = {}

-- The parameters each endpoint documents (docs/service.md; the app sends no others). A parameter
-- outside the list is dropped: the service ignores it, and it must not split the cache.
M.MAIN = {
  ["/api/seismic/rsam"] = { "network", "station", "channel", "datefrom", "dateto" },
  ["/api/seismic/sites"] = {},
  ["/api/seismic/dates"] = { "network", "station", "channel" },
  ["/api/seismic/rsam/latest"] = {},
  ["/api/imagery/q"] = {
    "imageType", "limit", "page", "site", "vnum", "datefrom", "dateto", "is_empty", "is_night",
    "is_degraded", "low_visibility", "freq", "order", "download", "image_ids",
  },
  ["/api/imagery/dates"] = { "imageType", "site" },
  ["/api/imagery/dates/range"] = {},
  ["/health"] = {},
  ["/"] = {},
}
local LEGACY_QUERY = { "site", "vnum", "search_from", "search_to", "limit", "download" }
local LEGACY_RECORD = { "download" }

-- More than this many parameters: nginx's argument reader stops there, and a request read in part
-- could be kept under the key of another (the issue's misread `dateto`).
M.MAX_ARGS = 50

-- An image file named as image_url names it (spec 01 §2.4: /archive/imagery/<type>/<vnum>/<year>/
-- <site>/still/<day>/<image_id>.<format>); the same rule as the app's (src/domain/image-url.ts).
local FORMATS = { jpg = true, jpeg = true, png = true, gif = true, tif = true, tiff = true, webp = true, bmp = true }
local function image_name(name)
  local ext = name:match("^[A-Za-z0-9][A-Za-z0-9._-]*%.([A-Za-z0-9]+)$")
  return ext ~= nil and FORMATS[ext:lower()] == true and not name:find("..", 1, true)
end

function M.archive_file(path)
  local name = path:match("^/archive/imagery/[a-z]+/%d+/%d%d%d%d/[A-Za-z0-9_-]+/still/%d%d?%d?/([^/]+)$")
  local kind = path:match("^/archive/imagery/([a-z]+)/")
  return name ~= nil and (kind == "infrared" or kind == "visible") and image_name(name)
end

-- A legacy record's `url` (spec 02 §2: a relative path to the image file on its host): any path of
-- plain segments ending in an image file, outside the host's API.
function M.legacy_file(path)
  if path:sub(1, 5) == "/api/" or path:find("//", 1, true) then return false end
  if not path:match("^/[A-Za-z0-9._/-]+$") then return false end
  for seg in path:gmatch("[^/]+") do
    if seg == "." or seg == ".." then return false end
  end
  return image_name(path:match("([^/]+)$") or "")
end

local function refuse(status, message, allow)
  ngx.status = status
  ngx.header["Content-Type"] = "application/json"
  ngx.header["Cache-Control"] = "no-store"
  ngx.header["Content-Security-Policy"] = "default-src 'none'; sandbox"
  ngx.header["X-Content-Type-Options"] = "nosniff"
  if allow then ngx.header["Allow"] = allow end
  -- The service's error body (an `error` string), so the app words it as it words the service's.
  ngx.say(require("cjson.safe").encode({ error = "observatory proxy: " .. message }))
  return ngx.exit(status)
end
M.refuse = refuse

local function escape(s)
  return ngx.escape_uri(s)
end

-- The query rebuilt from `known` only, sorted by name; nil and a reason when it cannot be read as one
-- question (too many parameters, a known one given twice).
function M.normalise(known)
  local args, err = ngx.req.get_uri_args(M.MAX_ARGS)
  if err == "truncated" then
    return nil, string.format("more than %d query parameters: not read, not sent", M.MAX_ARGS)
  end
  local names = {}
  for _, name in ipairs(known) do
    local v = args[name]
    if type(v) == "table" then
      return nil, string.format("the parameter %q is given more than once", name)
    end
    if v ~= nil then names[#names + 1] = name end
  end
  table.sort(names)
  local parts = {}
  for _, name in ipairs(names) do
    local v = args[name]
    -- A bare `name` (no `=`) reads as true; send it as the service would read `name=true`.
    if v == true then v = "true" end
    parts[#parts + 1] = escape(name) .. "=" .. escape(v)
  end
  return table.concat(parts, "&")
end

local function only_get()
  local m = ngx.req.get_method()
  if m ~= "GET" and m ~= "HEAD" then
    return refuse(405, "only GET reaches the service through this path", "GET, HEAD")
  end
end

local function set_up(path, query)
  ngx.var.obs_up = path .. ((query and query ~= "") and ("?" .. query) or "")
end

-- /observatory/main/…: the service's documented endpoints, nothing else (its files have their own route).
function M.main()
  only_get()
  local path = ngx.var.uri:sub(#"/observatory/main" + 1)
  if path == "" then path = "/" end
  local known = M.MAIN[path]
  if not known then
    return refuse(404, "not an endpoint of the service: " .. path:sub(1, 200) ..
      " (this path carries the service's documented endpoints only: /api/seismic/…, /api/imagery/…, /health, /)")
  end
  local q, why = M.normalise(known)
  if not q then return refuse(400, why) end
  set_up("/main" .. path, q)
end

-- /observatory/images/…: image files of the archive's shape; the query string is dropped (a file is
-- named by its path, and `?junk=N` must not make thirty copies of it).
function M.images()
  only_get()
  local path = ngx.var.uri:sub(#"/observatory/images" + 1)
  if not M.archive_file(path) then
    return refuse(404, "not an image file: " .. path:sub(1, 200) ..
      " (this path carries /archive/imagery/<type>/<vnum>/<year>/<site>/still/<day>/<image id>.<format> only)")
  end
  set_up("/images" .. path)
end

-- /observatory/legacy/…: the legacy host's two JSON endpoints (spec 02 §4) and its image files.
function M.legacy()
  only_get()
  local path = ngx.var.uri:sub(#"/observatory/legacy" + 1)
  local known
  if path:match("^/api/imagery/[a-z]+/query$") then
    known = LEGACY_QUERY
  elseif path:match("^/api/imagery/[a-z]+/r/[A-Za-z0-9._-]+$") then
    known = LEGACY_RECORD
  end
  local kind = path:match("^/api/imagery/([a-z]+)/")
  if known and kind ~= "infrared" and kind ~= "visible" then known = nil end
  if known then
    local q, why = M.normalise(known)
    if not q then return refuse(400, why) end
    return set_up("/legacy" .. path, q)
  end
  if M.legacy_file(path) then return set_up("/legacy" .. path) end
  return refuse(404, "not an endpoint or image file of the legacy host: " .. path:sub(1, 200) ..
    " (this path carries /api/imagery/<type>/query, /api/imagery/<type>/r/<id> and image files only)")
end

-- /observatory/platform/…: the token endpoint (POST) and the activity log's event types (GET).
function M.platform()
  local path = ngx.var.uri:sub(#"/observatory/platform" + 1)
  local m = ngx.req.get_method()
  if path == "/api/access/v1/oauth/token" then
    if m ~= "POST" then return refuse(405, "the token endpoint takes POST only", "POST") end
  elseif path == "/api/audit/v4/audits/event-types" then
    if m ~= "GET" then return refuse(405, "the event types take GET only", "GET") end
  else
    return refuse(404, "not an endpoint of the platform's activity log: " .. path:sub(1, 200))
  end
end

return M
