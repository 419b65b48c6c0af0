-- haplab's wrk script: sets the request method and body, and writes wrk's results as JSON.
--
-- Arguments after `--`: REPORT_PATH METHOD BODY_PATH BUDGET_S (BODY_PATH "" = no body).
-- wrk runs init(args) in every thread's Lua state and done() in the main one, which never
-- sees the arguments: setup() keeps the thread objects so done() can read them back.
--
-- The latency distribution is read through wrk's stats object: #latency is the number of
-- distinct values, latency(i) returns the i-th (value in microseconds, count). Each call scans
-- wrk's buckets from the minimum, so a very wide distribution can take long: past BUDGET_S of
-- CPU the distribution is abandoned ("distribution": null) and the agent says so.
-- wrk 4 has already applied its coordinated-omission correction to these counts; the agent
-- undoes it (see agents/drivers/wrk.py).

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  report_path = args[1]
  budget_s = tonumber(args[4]) or 10
  if args[2] and args[2] ~= "" then
    wrk.method = args[2]
  end
  if args[3] and args[3] ~= "" then
    local file = assert(io.open(args[3], "rb"))
    wrk.body = file:read("*a")
    file:close()
  end
end

local function int(x)
  return string.format("%.0f", x)
end

local function write_distribution(out, latency, budget)
  local started = os.clock()
  local parts = {}
  for i = 1, #latency do
    local value, count = latency(i)
    parts[#parts + 1] = "[" .. int(value) .. "," .. int(count) .. "]"
    if i % 64 == 0 and os.clock() - started > budget then
      out:write('null,"distribution_error":"abandoned after ', tostring(budget), ' s of CPU at entry ', int(i),
        ' of ', int(#latency), '"')
      return
    end
  end
  out:write("[", table.concat(parts, ","), "]")
end

function done(summary, latency, requests)
  local thread = threads[1]
  local path = thread:get("report_path")
  local budget = thread:get("budget_s")
  local out = assert(io.open(path, "w"))
  local e = summary.errors
  out:write('{"duration_us":', int(summary.duration), ',"requests":', int(summary.requests),
    ',"bytes":', int(summary.bytes), ',"threads":', int(#threads))
  out:write(',"errors":{"connect":', int(e.connect), ',"read":', int(e.read), ',"write":', int(e.write),
    ',"status":', int(e.status), ',"timeout":', int(e.timeout), '}')
  out:write(',"corrected":{"min":', int(latency.min), ',"max":', int(latency.max), ',"mean":',
    string.format("%.3f", latency.mean))
  for _, p in ipairs({50, 90, 95, 99, 99.9}) do
    out:write(',"p', tostring(p), '":', int(latency:percentile(p)))
  end
  out:write('},"distribution":')
  write_distribution(out, latency, budget)
  out:write("}\n")
  out:close()
end
