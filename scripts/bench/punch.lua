-- wrk script: full kiosk punches. Each punch is two requests, as at the
-- kiosk: validate-pin (employee n has PIN 1000+n), then clockin or clockout
-- with the clock token it returned, depending on the state it reported.
-- Each thread owns every nthreads-th employee, so no two threads punch for
-- the same person. Each employee punches at one of 50 kiosks, whose address
-- goes in X-Forwarded-For (the server must trust the proxy, 127.0.0.1).
-- Usage: wrk -s punch.lua URL -- NTHREADS NEMPLOYEES [PART PARTS]
-- With PART and PARTS, this wrk takes part PART (0-based) of PARTS wrk
-- runs at once (one per instance, say), each with its own employees.
-- With PUNCH_HISTOGRAM set, the latency of every request is written to that
-- file as "microseconds count" lines, to be merged with the other parts'.
local threads, counter = {}, 0

function setup(thread)
  counter = counter + 1
  thread:set("tid", counter)
  table.insert(threads, thread)
end

local b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
local val = {}
for i = 1, 64 do val[b64:sub(i, i)] = i - 1 end

-- The token's first 8 bytes are the employee id, big-endian; 11 base64
-- characters hold them plus 2 bits of the next byte.
local function token_employee(tok)
  local n = 0
  for i = 1, 11 do n = n * 64 + val[tok:sub(i, i)] end
  return math.floor(n / 4)
end

local KIOSKS = 50

local function headers_for(id)
  return { ["Content-Type"] = "application/json",
    ["X-Forwarded-For"] = "10.20.0." .. (id % KIOSKS + 1) }
end

function init(args)
  local nthreads, nemp = tonumber(args[1]), tonumber(args[2])
  local part, parts = tonumber(args[3] or 0), tonumber(args[4] or 1)
  mine, nexti, queue = {}, 1, {}
  punches, failures, failed = 0, 0, {}
  for id = part * nthreads + tid, nemp, nthreads * parts do table.insert(mine, id) end
end

function request()
  if #queue > 0 then
    local job = table.remove(queue, 1)
    return wrk.format("POST", "/api/employees/" .. job.action, headers_for(job.id),
      '{"employee_id":' .. job.id .. ',"clock_token":"' .. job.token .. '"}')
  end
  local id = mine[nexti]
  nexti = nexti % #mine + 1
  return wrk.format("POST", "/api/employees/validate-pin", headers_for(id),
    '{"employee_id":' .. id .. ',"pin":"' .. (1000 + id) .. '"}')
end

function response(status, headers, body)
  if status ~= 200 then
    -- 409/403 here means the round robin came back to an employee whose last punch was
    -- still in flight (a slow tail): the server refused the stale token, as it must.
    failures = failures + 1
    failed[status] = (failed[status] or 0) + 1
    return
  end
  local tok = body:match('"clock_token":"([^"]+)"')
  if tok then
    local st = body:match('"clock_status":"([%a_]+)"')
    table.insert(queue, { id = token_employee(tok), token = tok,
      action = (st == "clocked_in") and "clockout" or "clockin" })
  elseif body:find('"new_status"', 1, true) then
    punches = punches + 1
  else
    failures = failures + 1
    failed[status] = (failed[status] or 0) + 1
  end
end

function done(summary, latency, requests)
  local p, f, statuses = 0, 0, {}
  for _, t in ipairs(threads) do
    p = p + t:get("punches")
    f = f + t:get("failures")
    for status, n in pairs(t:get("failed")) do statuses[status] = (statuses[status] or 0) + n end
  end
  local failed = {}
  for status, n in pairs(statuses) do table.insert(failed, status .. "×" .. n) end
  local secs = summary.duration / 1e6
  local hist = os.getenv("PUNCH_HISTOGRAM")
  if hist and hist ~= "" then
    local out = assert(io.open(hist, "w"))
    for i = 1, #latency do
      local v, c = latency(i)
      out:write(string.format("%d %d\n", v, c))
    end
    out:close()
  end
  io.write(string.format("RESULT punches_per_s=%.0f requests_per_s=%.0f p99_ms=%.2f punches=%d failures=%d errors=%d seconds=%.3f failed=%s\n",
    p / secs, summary.requests / secs, latency:percentile(99) / 1000, p, f,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout, secs,
    #failed > 0 and table.concat(failed, ",") or "none"))
end
