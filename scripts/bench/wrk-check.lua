-- Checks every answer wrk counts: wrk -s scripts/bench/wrk-check.lua URL -- STATUS [TEXT]
-- An answer is as expected when its status is STATUS and, given TEXT, its body holds TEXT (a plain substring).
-- With WRK_PAUSE_MS set, each connection waits that long after an answer before its next request: a paced load.
-- At the end it prints one line that wrk_run (lib.sh) reads:
--   checked: expected=N unexpected=N statuses=200:N,429:N errors=connect:N,read:N,write:N,timeout:N
local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

local pause = tonumber(os.getenv("WRK_PAUSE_MS") or "")
if pause then
    function delay()
        return pause
    end
end

function init(args)
    expected_status = tonumber(args[1] or "200")
    expected_text = args[2]
    expected, unexpected, statuses = 0, 0, {}
end

function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
    if status == expected_status and (expected_text == nil or string.find(body or "", expected_text, 1, true)) then
        expected = expected + 1
    else
        unexpected = unexpected + 1
    end
end

function done(summary, latency, requests)
    local good, bad, counts = 0, 0, {}
    for _, thread in ipairs(threads) do
        good = good + thread:get("expected")
        bad = bad + thread:get("unexpected")
        for status, n in pairs(thread:get("statuses")) do
            counts[status] = (counts[status] or 0) + n
        end
    end
    local listed = {}
    for status, n in pairs(counts) do
        table.insert(listed, status .. ":" .. n)
    end
    table.sort(listed)
    local e = summary.errors
    io.write(string.format(
        "checked: expected=%d unexpected=%d statuses=%s errors=connect:%d,read:%d,write:%d,timeout:%d\n",
        good, bad, table.concat(listed, ","), e.connect, e.read, e.write, e.timeout))
end
