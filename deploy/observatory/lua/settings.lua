-- The proxy's settings, written by deploy/observatory/run into the state folder (settings.json) and
-- read once when nginx starts (init_by_lua, before the workers fork, so every worker has them).
local M = {}

-- The service's documented limits a minute per client address (the names config.json's rateLimits
-- uses); `legacy` has none documented and gets a courtesy budget, as in the app.
M.DEFAULT_LIMITS = {
  ["/api/seismic/rsam"] = 100,
  ["/api/seismic/sites"] = 60,
  ["/api/seismic/dates"] = 60,
  ["/api/seismic/rsam/latest"] = 60,
  ["/api/imagery/q"] = 100,
  ["/api/imagery/dates"] = 60,
  ["/api/imagery/dates/range"] = 60,
  ["/health"] = 60,
  ["/"] = 100,
  legacy = 60,
}

function M.load(path)
  local ok, cjson = pcall(require, "cjson.safe")
  if not ok then error("observatory: lua-cjson is missing (apt-get install lua-cjson)") end
  local f, err = io.open(path)
  if not f then error("observatory: cannot read " .. path .. ": " .. tostring(err)) end
  local v = cjson.decode(f:read("*a"))
  f:close()
  if type(v) ~= "table" then error("observatory: " .. path .. " is not a JSON object") end
  v.limits = v.limits or {}
  for name, n in pairs(M.DEFAULT_LIMITS) do
    if v.limits[name] == nil then v.limits[name] = n end
  end
  M.values = v
end

function M.limit(endpoint)
  return M.values.limits[endpoint]
end

return M
