-- The config.json the app reads behind the proxy: the deployment's own (settings, time zones, wall)
-- with the three hosts pointed at the proxied paths and the observatoryProxy key set, which lifts the
-- browser's own rate budget for them (the proxy holds the shared one) and names the status endpoint.
-- Built once at start; a config that cannot be read stops nginx with the reason.
local settings = require "settings"
local M = {}

local body

function M.build()
  local cjson = require "cjson.safe"
  local s = settings.values
  local f, err = io.open(s.appConfig)
  if not f then error("observatory: cannot read the app's config " .. s.appConfig .. ": " .. tostring(err)) end
  local c, perr = cjson.decode(f:read("*a"))
  f:close()
  if type(c) ~= "table" then
    error("observatory: " .. s.appConfig .. " is not a JSON object (" .. tostring(perr) .. ")")
  end
  -- The demo build's token-proxy path is the in-page mock's; a real deployment's (mock: false) stays.
  if c.mock ~= false then c.platformTokenProxyUrl = nil end
  if s.tokenProxy then c.platformTokenProxyUrl = s.tokenProxy end
  c.apiBaseUrl = "/observatory/main"
  c.legacyBaseUrl = "/observatory/legacy"
  c.platformBaseUrl = "/observatory/platform"
  c.mock = false
  c.mockNow = nil
  -- Budgets granted to the observatory's address are the proxy's (--limit), not each browser's.
  c.rateLimits = nil
  c.observatoryProxy = { statusUrl = "/observatory/status" }
  body = cjson.encode(c)
end

function M.serve()
  ngx.header["Content-Type"] = "application/json"
  ngx.print(body)
end

return M
