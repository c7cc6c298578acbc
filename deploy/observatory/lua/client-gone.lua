-- Whether the browser a request waits for has gone (docs/deploy.md, "Fair shares"). The outer server
-- goes on with a request that may be cached even after its browser closed the connection, so the
-- inner server cannot learn it from nginx; the kernel knows: the outer's socket to that browser is in
-- CLOSE_WAIT (the browser closed its end) or no longer there. Read from /proc/net/tcp{,6}, at most
-- once a second per worker, for the sockets of the listening port only.
local M = {}

local memo = { at = 0, states = {} }

-- /proc/net/tcp writes an IPv4 address as the 32-bit word in host order (little-endian here).
local function hex4(ip)
  local a, b, c, d = ip:match("^(%d+)%.(%d+)%.(%d+)%.(%d+)$")
  if not a then return nil end
  return string.format("%02X%02X%02X%02X", tonumber(d), tonumber(c), tonumber(b), tonumber(a))
end

-- And an IPv6 address as four such words.
local function hex6(ip)
  local v4 = ip:match("^::ffff:(%d+%.%d+%.%d+%.%d+)$")
  if v4 then return "0000000000000000FFFF0000" .. hex4(v4) end
  local head, tail = ip:match("^([^:]*.-)::(.*)$")
  local groups = {}
  local function add(s)
    for g in s:gmatch("[^:]+") do groups[#groups + 1] = g end
  end
  if head then
    add(head)
    local rest = {}
    for g in tail:gmatch("[^:]+") do rest[#rest + 1] = g end
    for _ = 1, 8 - #groups - #rest do groups[#groups + 1] = "0" end
    for _, g in ipairs(rest) do groups[#groups + 1] = g end
  else
    add(ip)
  end
  if #groups ~= 8 then return nil end
  local out = {}
  for w = 0, 3 do
    local word = string.format("%04X%04X", tonumber(groups[w * 2 + 1], 16), tonumber(groups[w * 2 + 2], 16))
    -- the word's four bytes, reversed
    out[#out + 1] = word:sub(7, 8) .. word:sub(5, 6) .. word:sub(3, 4) .. word:sub(1, 2)
  end
  return table.concat(out)
end

local function endpoint(ip, port)
  local h = ip:find(":", 1, true) and hex6(ip) or hex4(ip)
  if not h then return nil end
  return h .. ":" .. string.format("%04X", tonumber(port))
end
M.endpoint = endpoint

local function read_states(port_hex)
  local states = {}
  for _, f in ipairs({ "/proc/net/tcp", "/proc/net/tcp6" }) do
    local fh = io.open(f)
    if fh then
      for line in fh:lines() do
        local l, r, st = line:match("^%s*%d+:%s+(%x+:%x+)%s+(%x+:%x+)%s+(%x+)")
        if l and l:sub(-4) == port_hex then states[l .. " " .. r] = st end
      end
      fh:close()
    elseif f == "/proc/net/tcp" then
      return nil
    end
  end
  return states
end

-- `conn` is "client-ip client-port server-ip server-port" (X-Observatory-Conn from the outer server).
-- True when that connection is closing or closed; false while it is open or when it cannot be told.
-- `since`: when the request began to wait; a reading older than that may predate the connection.
function M.gone(conn, since)
  if type(conn) ~= "string" then return false end
  local cip, cport, sip, sport = conn:match("^(%S+) (%d+) (%S+) (%d+)$")
  if not cip then return false end
  local l, r = endpoint(sip, sport), endpoint(cip, cport)
  if not l or not r then return false end
  ngx.update_time()
  local now = ngx.now()
  if now - memo.at >= 1 or memo.at < (since or 0) or memo.port ~= sport then
    memo = { at = now, port = sport, states = read_states(string.format("%04X", tonumber(sport))) }
  end
  if not memo.states then return false end
  local st = memo.states[l .. " " .. r]
  -- 01 ESTABLISHED; 08 CLOSE_WAIT (the browser closed); absent: closed altogether
  return st == nil or st == "08"
end

return M
