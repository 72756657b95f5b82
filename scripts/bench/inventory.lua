-- wrk script for scripts/bench/inventory.sh: requests PATHS (comma-separated,
-- "{n}" replaced by a random number 1..N) with TOKEN, and prints p50/p95/p99.
local paths, token, n = {}, os.getenv("TOKEN"), tonumber(os.getenv("N") or "1")
for p in string.gmatch(os.getenv("PATHS"), "[^,]+") do paths[#paths + 1] = p end
math.randomseed(os.time())
request = function()
  local p = paths[math.random(#paths)]:gsub("{n}", tostring(math.random(n)))
  return wrk.format("GET", p, { ["Authorization"] = "Bearer " .. token })
end
done = function(summary, latency, requests)
  io.write(string.format("  requests %d, errors %d, p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms\n",
    summary.requests, summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
