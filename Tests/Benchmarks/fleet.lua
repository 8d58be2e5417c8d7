-- fleet.sh's load: one connection per wrk thread, each thread a home of its own (its user's token), as Google's
-- requests for many users arrive. Env: FLEET_TOKENS (file, one token per line, line i = home i), FLEET_FIRST (the
-- first thread's line, 0-based), FLEET_WORKLOAD (exec: EXECUTE OnOff of FLEET_DEVICE, alternating on/off; query:
-- QUERY of the devices FLEET_QUERY, a JSON list of {"id": …}).
local tokens = {}
for line in io.lines(os.getenv("FLEET_TOKENS")) do tokens[#tokens + 1] = line end
local first = tonumber(os.getenv("FLEET_FIRST") or "0")
local workload = os.getenv("FLEET_WORKLOAD") or "exec"
local device = os.getenv("FLEET_DEVICE") or ""
local query = os.getenv("FLEET_QUERY") or "[]"
local threads = {}

function setup(thread)
  local line = first + #threads + 1
  thread:set("token", tokens[line])
  thread:set("home", line)
  table.insert(threads, thread)
end

function init(args)
  n = 0
  bad = 0
  headers = {["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json"}
end

function request()
  n = n + 1
  local input
  if workload == "exec" then
    input = '{"intent":"action.devices.EXECUTE","payload":{"commands":[{"devices":[{"id":"' .. device
      .. '"}],"execution":[{"command":"action.devices.commands.OnOff","params":{"on":'
      .. (n % 2 == 0 and "true" or "false") .. '}}]}]}}'
  else
    input = '{"intent":"action.devices.QUERY","payload":{"devices":' .. query .. '}}'
  end
  local body = '{"requestId":"fleet-' .. home .. '-' .. n .. '","inputs":[' .. input .. ']}'
  return wrk.format("POST", nil, headers, body)
end

-- A 200 answer carrying a protocol error counts as bad: a server must not look fast by refusing.
function response(status, headers, body)
  if status == 200 and body and (body:find('"errorCode"', 1, true) or body:find('"status":"ERROR"', 1, true)
      or body:find('"status":"OFFLINE"', 1, true)) then
    bad = bad + 1
  end
end

-- "RESULT requests p99_us non2xx socket_errors bad"
function done(summary, latency, requests)
  local total_bad = 0
  for _, thread in ipairs(threads) do total_bad = total_bad + (thread:get("bad") or 0) end
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d\n", summary.requests, latency:percentile(99), e.status,
    e.connect + e.read + e.write + e.timeout, total_bad))
end
