-- wrk script: POST a realistic chat body (~150 bytes); prints a JSON summary line.
wrk.method = "POST"
wrk.body = os.getenv("BODY")
wrk.headers["Content-Type"] = "application/json"
local key = os.getenv("KEY")
if key and key ~= "" then wrk.headers["Authorization"] = "Bearer " .. key end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'JSON{"requests":%d,"duration_us":%d,"non2xx":%d,"errors":%d,"p50_us":%d,"p99_us":%d}\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
