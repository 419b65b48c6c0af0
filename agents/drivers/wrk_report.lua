-- haplab's wrk script: sets the request method and body, and writes wrk's results as JSON.
--
-- Arguments after `--`: REPORT_PATH METHOD BODY_PATH BUDGET_S [WINDOW_START WINDOW_END]
-- (BODY_PATH "" = no body; the window in Unix seconds, as decimals).
-- wrk runs init(args) in every thread's Lua state and done() in the main one, which never
-- sees the arguments: setup() keeps the thread objects so done() can read them back.
--
-- The measured window. wrk's summary covers its whole run, the warm-up included. With a
-- window, init() defines response(), which wrk then calls for every response (wrk.c checks for
-- it after init): it reads the wall clock (clock_gettime through LuaJIT's ffi; Lua's os.time()
-- has whole seconds only) and tallies, per thread, the responses that completed before, inside
-- and after [WINDOW_START, WINDOW_END), 2xx apart from the rest. The hook costs wrk CPU (wrk then
-- copies every response's headers and body into Lua): docs/benchmarks.md measures it.
--
-- The latency distribution is read through wrk's stats object: #latency is the number of
-- distinct values, latency(i) returns the i-th (value in microseconds, count). Each call scans
-- wrk's buckets from the minimum, so a very wide distribution can take long: past BUDGET_S of
-- CPU the distribution is abandoned ("distribution": null) and the agent says so.
-- wrk 4 has already applied its coordinated-omission correction to these counts; the agent
-- undoes it (see agents/drivers/wrk.py).

local threads = {}

-- Tallies of this thread's Lua state, read back by done() through thread:get.
window_ok, window_other = 0, 0
before_ok, after_ok, last_after = 0, 0, 0

local function count_responses(window_start, window_end)
  local ffi = require("ffi")
  ffi.cdef([[
    typedef struct { long tv_sec; long tv_nsec; } haplab_timespec;
    int clock_gettime(int clock_id, haplab_timespec *tp);
  ]])
  local clock_gettime, CLOCK_REALTIME = ffi.C.clock_gettime, 0
  local now = ffi.new("haplab_timespec")
  -- Seconds after window_start, computed from whole seconds first (a double holds an epoch in
  -- microseconds, not nanoseconds).
  local start_s = math.floor(window_start)
  local start_frac, length = window_start - start_s, window_end - window_start
  response = function(status, headers, body)
    clock_gettime(CLOCK_REALTIME, now)
    local at = (tonumber(now.tv_sec) - start_s) + tonumber(now.tv_nsec) * 1e-9 - start_frac
    local ok = status >= 200 and status < 300
    if at < 0 then
      if ok then before_ok = before_ok + 1 end
    elseif at >= length then
      if ok then
        after_ok = after_ok + 1
        if at - length > last_after then last_after = at - length end
      end
    elseif ok then
      window_ok = window_ok + 1
    else
      window_other = window_other + 1
    end
  end
end

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
  local window_start, window_end = tonumber(args[5] or ""), tonumber(args[6] or "")
  if window_start and window_end then
    window_start_given = true
    count_responses(window_start, window_end)
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
  out:write('}')
  if thread:get("window_start_given") then
    local sums = {window_ok = 0, window_other = 0, before_ok = 0, after_ok = 0}
    local last = 0
    for _, t in ipairs(threads) do
      for name, _ in pairs(sums) do
        sums[name] = sums[name] + t:get(name)
      end
      last = math.max(last, t:get("last_after"))
    end
    out:write(',"window":{"ok":', int(sums.window_ok), ',"other":', int(sums.window_other),
      ',"before_ok":', int(sums.before_ok), ',"after_ok":', int(sums.after_ok),
      ',"last_after_s":', string.format("%.6f", last), '}')
  end
  out:write(',"distribution":')
  write_distribution(out, latency, budget)
  out:write("}\n")
  out:close()
end
