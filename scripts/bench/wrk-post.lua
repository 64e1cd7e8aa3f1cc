-- POSTs JSON bodies in turn, and checks every answer as wrk-check.lua does:
--   wrk -s scripts/bench/wrk-post.lua URL -- STATUS TEXT BODIES TOKEN [KEYS]
-- BODIES is a file of JSON bodies, one a line, sent in turn; TOKEN goes as `Authorization: Bearer TOKEN`. Given KEYS,
-- each request carries a fresh `Idempotency-Key`: KEYS, a dash and the request's number (so KEYS must differ between
-- runs). Run from the repository's top folder (it loads scripts/bench/wrk-check.lua).
dofile("scripts/bench/wrk-check.lua")
local check_init = init
local bodies, headers, keys, sent = {}, {}, nil, 0

function init(args)
    check_init(args)
    headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. args[4] }
    keys = args[5]
    for line in io.lines(args[3]) do
        table.insert(bodies, line)
    end
end

function request()
    sent = sent + 1
    if keys then
        headers["Idempotency-Key"] = keys .. "-" .. sent
    end
    return wrk.format("POST", nil, headers, bodies[(sent - 1) % #bodies + 1])
end
