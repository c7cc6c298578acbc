-- The activity log's token service (docs/deploy.md, "The activity log's token service"): the proxy
-- holds the platform client's id and secret (--platform-client FILE, read once by nginx's master
-- before the workers start) and answers the app's POST to config.json's platformTokenProxyUrl with a
-- token of the client-credentials grant (RFC 6749 §4.4, HTTP Basic client authentication), shared by
-- everyone behind the proxy until 30 s before it expires. The secret never leaves this module.
local cjson = require "cjson.safe"
local dict = ngx.shared.observatory_counts
local M = {}

local client -- { id, secret, auth }
local EARLY = 30 -- seconds before expiry a token is no longer handed out
local SCOPE = "ACTIVITY_LOG"

function M.load(path)
  if not path then return end
  local f, err = io.open(path)
  if not f then error("observatory: cannot read the platform client file " .. path .. ": " .. tostring(err)) end
  local v = cjson.decode(f:read("*a"))
  f:close()
  if type(v) ~= "table" or type(v.client_id) ~= "string" or type(v.client_secret) ~= "string" or
    v.client_id == "" or v.client_secret == "" then
    error("observatory: " .. path .. ' must be JSON: {"client_id": "…", "client_secret": "…"}')
  end
  local auth = v.auth or "basic"
  if auth ~= "basic" and auth ~= "form" then
    error("observatory: " .. path .. ': "auth" is "basic" (default) or "form"')
  end
  client = { id = v.client_id, secret = v.client_secret, auth = auth }
end

function M.configured()
  return client ~= nil
end

local function answer(status, body)
  ngx.status = status
  ngx.header["Content-Type"] = "application/json"
  ngx.header["Cache-Control"] = "no-store"
  ngx.header["Pragma"] = "no-cache"
  ngx.print(cjson.encode(body))
  return ngx.exit(status)
end

local function failed(status, code, description)
  return answer(status, { error = code, error_description = description })
end

-- RFC 6749 §2.3.1: id and secret form-urlencoded before the Basic encoding.
local function form_encode(s)
  return (ngx.escape_uri(s):gsub("%%20", "+"))
end

local function fetch()
  local body = "grant_type=client_credentials&scope=" .. SCOPE
  local vars = { obs_token_auth = "" }
  if client.auth == "basic" then
    vars.obs_token_auth = "Basic " .. ngx.encode_base64(form_encode(client.id) .. ":" .. form_encode(client.secret))
  else
    body = body .. "&client_id=" .. form_encode(client.id) .. "&client_secret=" .. form_encode(client.secret)
  end
  ngx.update_time()
  local asked = ngx.now()
  local res = ngx.location.capture("/observatory-token-upstream", { method = ngx.HTTP_POST, body = body, vars = vars })
  if res.truncated or res.status ~= 200 then
    local detail = cjson.decode(res.body or "")
    local why = type(detail) == "table" and (detail.error_description or detail.error or detail.message) or nil
    ngx.log(ngx.WARN, "observatory: the platform refused the token request: HTTP ", res.status)
    return nil, res.status, type(why) == "string" and why:sub(1, 200) or nil
  end
  local t = cjson.decode(res.body)
  if type(t) ~= "table" or type(t.access_token) ~= "string" or t.access_token == "" or
    type(t.token_type) ~= "string" or t.token_type:lower() ~= "bearer" then
    return nil, 502, "the platform's answer was not a bearer token"
  end
  local expires = tonumber(t.expires_in)
  return {
    access_token = t.access_token,
    scope = type(t.scope) == "string" and t.scope or nil,
    expires_at = expires and asked + expires or nil,
  }
end

local function fresh()
  local v = dict:get("token|value")
  if not v then return nil end
  local t = cjson.decode(v)
  ngx.update_time()
  if t and (not t.expires_at or t.expires_at - EARLY > ngx.now()) then return t end
  return nil
end

-- content_by_lua of POST /observatory/token.
function M.serve()
  if ngx.req.get_method() ~= "POST" then
    ngx.header["Allow"] = "POST"
    return failed(405, "invalid_request", "POST only")
  end
  -- A page of another site may not spend it (a browser says where a request comes from).
  local site = ngx.var.http_sec_fetch_site
  if site and site ~= "same-origin" then
    return failed(403, "access_denied", "token requests are answered for this origin's pages only")
  end
  if not client then
    return failed(404, "invalid_request", "this proxy holds no platform client (--platform-client)")
  end
  local t = fresh()
  if not t then
    -- One request to the platform at a time; the others wait for its token.
    local deadline = ngx.now() + 20
    while not dict:add("token|lock", true, 20) do
      ngx.sleep(0.1)
      t = fresh()
      if t then break end
      if ngx.now() > deadline then return failed(503, "temporarily_unavailable", "the platform is slow to answer") end
    end
    if not t then
      local status, why
      t, status, why = fetch()
      if t then dict:set("token|value", cjson.encode(t), t.expires_at and math.max(1, t.expires_at - ngx.now()) or 0) end
      dict:delete("token|lock")
      if not t then
        return failed(502, "temporarily_unavailable", "the platform refused the observatory's client (HTTP " ..
          tostring(status) .. (why and ("): " .. why) or ")") .. "; tell the proxy's operator")
      end
    end
  end
  ngx.update_time()
  return answer(200, {
    access_token = t.access_token,
    token_type = "Bearer",
    expires_in = t.expires_at and math.max(1, math.floor(t.expires_at - ngx.now())) or nil,
    scope = t.scope,
  })
end

return M
