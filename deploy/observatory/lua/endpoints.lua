-- Which budget a request to an upstream draws on: the service's endpoints by path (docs/service.md,
-- "01 §8 Limits"), the legacy host's JSON endpoints as one lane, nothing for image files. The outer
-- server's routes (routes.lua) let nothing else reach the inner server.
local M = {}

local MAIN = {
  ["/api/seismic/rsam"] = true,
  ["/api/seismic/sites"] = true,
  ["/api/seismic/dates"] = true,
  ["/api/seismic/rsam/latest"] = true,
  ["/api/imagery/q"] = true,
  ["/api/imagery/dates"] = true,
  ["/api/imagery/dates/range"] = true,
  ["/health"] = true,
  ["/"] = true,
}

-- `host` is main, legacy or images; `path` the upstream path without the query. Returns the
-- budget's name, or nil for files (no limit is documented for them, and a page of thumbnails
-- must not wait a minute).
function M.of(host, path)
  if host == "main" then
    if MAIN[path] then return path end
    return nil
  elseif host == "legacy" then
    if path:match("^/api/imagery/[^/]+/query$") or path:match("^/api/imagery/[^/]+/r/[^/]+$") then
      return "legacy"
    end
  end
  return nil
end

-- The upstream path of a request to the inner server (/main/api/..., /legacy/...).
function M.split(uri)
  local host, rest = uri:match("^/([a-z]+)(/.*)$")
  return host, rest or "/"
end

return M
