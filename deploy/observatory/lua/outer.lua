-- The browser-facing side of the proxied paths: only the headers a browser needs come from the
-- service, never its cookies, redirects, CORS or policies (the service is input, and these answers
-- are served from the app's own origin); and each answer's cache state is counted for the status.
local dict = ngx.shared.observatory_counts
local M = {}

local PASS = {
  ["content-type"] = true,
  ["content-length"] = true,
  ["content-encoding"] = true,
  ["cache-control"] = true,
  ["etag"] = true,
  ["last-modified"] = true,
  ["retry-after"] = true,
  ["content-disposition"] = true,
  ["www-authenticate"] = true,
  -- the platform's 429 (docs/service.md, "03 §7 Errors")
  ["ot-period"] = true,
  ["ot-ratelimit-event-id"] = true,
  ["ot-request-made"] = true,
  ["ot-requests-allowed"] = true,
  ["x-observatory-queue"] = true,
}

function M.headers()
  for name in pairs(ngx.resp.get_headers(100, true)) do
    if not PASS[name:lower()] then ngx.header[name] = nil end
  end
  -- A body from the service is data, never a document of this origin, even when opened as a page.
  ngx.header["Content-Security-Policy"] = "default-src 'none'; sandbox"
  ngx.header["X-Content-Type-Options"] = "nosniff"
  ngx.header["Cross-Origin-Resource-Policy"] = "same-origin"
  ngx.header["Referrer-Policy"] = "no-referrer"
  local c = ngx.var.upstream_cache_status
  if c and c ~= "" then ngx.header["X-Observatory-Cache"] = c end
end

-- log_by_lua of the outer server: each answer's cache state is counted (HIT, MISS, EXPIRED, STALE,
-- UPDATING, REVALIDATED, BYPASS: nginx's), and with --access-log stdout the request is written to
-- the workers' standard output. nginx's own access_log opens /dev/stdout by name, which fails when
-- standard output is a socket (systemd's journal, a parent's pipe); a write to the open descriptor works
-- on a socket, a pipe, a file or a terminal alike.
local settings = require "settings"
if settings.values and settings.values.accessLog == "stdout" then io.stdout:setvbuf("line") end

function M.log()
  local c = ngx.var.upstream_cache_status
  if c and c ~= "" then
    dict:incr("cache|" .. c, 1, 0)
    if c == "HIT" then dict:incr("cache|hit_bytes", tonumber(ngx.var.body_bytes_sent) or 0, 0) end
  end
  if settings.values.accessLog == "stdout" then
    local v = ngx.var
    -- The path as sent (encoded: no line breaks), without its query.
    io.stdout:write(string.format('%s [%s] "%s %s" %s %s cache=%s time=%s\n', v.remote_addr, v.time_iso8601,
      v.request_method, v.request_uri:match("^[^?]*"), v.status, v.body_bytes_sent, (c and c ~= "") and c or "-", v.request_time))
  end
end

return M
