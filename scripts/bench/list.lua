-- wrk script: GET /api/employees, reporting requests/s and p99 in one line.
function done(summary, latency, requests)
  local secs = summary.duration / 1e6
  io.write(string.format("RESULT requests_per_s=%.0f p99_ms=%.2f requests=%d errors=%d\n",
    summary.requests / secs, latency:percentile(99) / 1000, summary.requests,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout))
end
