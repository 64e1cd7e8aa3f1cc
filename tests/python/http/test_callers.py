"""Limits keyed by who the caller is (issue #35, items 2 and 3): a confirmed session counts as its user, a made-up
token as its address; a trusted proxy names the address; a batch counts each request it carries; waiting requests
have a cap per caller; sign-in failures lock the (username, address) pair, not the account's owner; every answer
carries RateLimit-Policy and RateLimit."""
import re
import secrets
import time
import uuid

import httpx

from test_mapping import problem


def made_up_token():
    """A bearer shaped like a session token, which no session has."""
    return "rk_" + secrets.token_hex(32)


def sign_up(http):
    name = "c" + uuid.uuid4().hex[:10]
    assert http.post("/v1/ledger/auth.signup", json={"username": name, "password": "correct horse"}).status_code == 200
    return name


def sign_in(http, name, password="correct horse", headers=None):
    return http.post("/v1/ledger/auth.login", json={"username": name, "password": password}, headers=headers or {})


def test_every_op_answer_carries_ratelimit_headers(stack):
    url = stack.bridge("--caller-rate", "1", "--caller-burst", "40")
    with httpx.Client(base_url=url, timeout=10) as client:
        first = client.post("/v1/calc/evaluate", json={"expression": "1"})
        second = client.post("/v1/calc/evaluate", json={"expression": "oops("})
        assert first.status_code == 200 and second.status_code == 400
        for answer in (first, second):
            assert answer.headers["ratelimit-policy"] == '"caller";q=40;w=40'
            match = re.fullmatch(r'"caller";r=(\d+);t=(\d+)', answer.headers["ratelimit"])
            assert match and 0 <= int(match[1]) < 40 and int(match[2]) >= 1


def within(limit_at_start, rate, started):
    """The most answers a bucket of `limit_at_start` tokens refilled at `rate` a second can have let through since
    `started` (a monotonic time), whatever the machine's speed."""
    return limit_at_start + int((time.monotonic() - started) * rate) + 1


def test_made_up_tokens_and_forwarded_headers_share_their_address_bucket(stack):
    url = stack.bridge("--caller-rate", "1", "--caller-burst", "5")
    with httpx.Client(base_url=url, timeout=10) as client:
        started = time.monotonic()
        answers = [client.post("/v1/calc/evaluate", json={"expression": "1"},
                               headers={"Authorization": "Bearer " + made_up_token(),
                                        "X-Forwarded-For": f"203.0.113.{index}"})
                   for index in range(30)]
        served = [a for a in answers if a.status_code == 200]
        assert len(served) <= min(within(5, 1, started), 29), [a.status_code for a in answers]
        limited = [a for a in answers if a.status_code == 429]
        assert len(served) + len(limited) == len(answers)
        problem(limited[0], 429, "resource_exhausted")
        assert int(limited[0].headers["retry-after"]) >= 1


def test_every_session_of_one_user_draws_on_one_bucket_and_others_keep_theirs(stack, http):
    """Eight sessions of one user get one bucket between them; each session's first request counts under the
    address it came from (a trusted proxy names it), as a token is not yet confirmed."""
    name, other = sign_up(http), sign_up(http)
    tokens = [sign_in(http, name).json()["token"] for _ in range(8)]
    others = sign_in(http, other).json()["token"]
    url = stack.bridge("--caller-rate", "1", "--caller-burst", "6", "--trusted-proxy", "127.0.0.1")
    with httpx.Client(base_url=url, timeout=10) as client:
        def me(token, address):
            return client.get("/v1/ledger/auth.me", headers={"Authorization": "Bearer " + token,
                                                            "X-Forwarded-For": address})
        confirmed = [me(token, f"198.51.100.{index}") for index, token in enumerate(tokens)]
        assert {c.status_code for c in confirmed} == {200}
        started = time.monotonic()
        answers = [me(token, "192.0.2.1").status_code for token in tokens * 4]
        assert set(answers) == {200, 429} and answers.count(200) <= min(within(6, 1, started), 31), answers
        theirs = me(others, "192.0.2.1")
        assert theirs.status_code == 200, theirs.text


def test_a_batch_counts_each_request_it_carries(stack):
    url = stack.bridge("--caller-rate", "1", "--caller-burst", "5")
    evaluate = {"service": "calc", "op": "evaluate", "args": {"expression": "2+2"}}
    with httpx.Client(base_url=url, timeout=10) as client:
        big = client.post("/v1/gateway/batch", json={"requests": [evaluate] * 8})
        problem(big, 429, "resource_exhausted")
        small = client.post("/v1/gateway/batch", json={"requests": [evaluate] * 3})
        assert small.status_code == 200, small.text
        assert [reply["result"]["value"] for reply in small.json()["replies"]] == ["4"] * 3


def test_waiting_requests_are_capped_per_caller(stack, http, member):
    headers, _, household = member
    url = stack.bridge("--max-long-polls-per-caller", "2", "--caller-rate", "0")
    stream = {**headers, "Accept": "text/event-stream"}
    path = f"/v1/ledger/households/{household}/activity"
    with httpx.Client(base_url=url, timeout=30) as client:
        with client.stream("GET", path, headers=stream) as one, client.stream("GET", path, headers=stream) as two:
            for held in (one, two):
                assert held.status_code == 200
                assert next(held.iter_lines()).startswith("retry:")
            third = client.get(path, headers=stream)
            problem(third, 429, "resource_exhausted")
            wait = client.post("/v1/ledger/activity.wait", headers=headers,
                               json={"householdId": household, "after": 0, "waitMs": 1})
            problem(wait, 429, "resource_exhausted")
            other = sign_in(http, sign_up(http)).json()["token"]
            theirs = client.post("/v1/ledger/household.create", headers={"Authorization": "Bearer " + other},
                                 json={"name": "Elsewhere", "currency": "CAD"})
            assert theirs.status_code == 200


def test_failed_sign_ins_refuse_the_pair_and_the_owner_still_signs_in_elsewhere(stack, http):
    name = sign_up(http)
    url = stack.bridge("--caller-rate", "0", "--trusted-proxy", "127.0.0.1/32")
    attacker, owner = {"X-Forwarded-For": "203.0.113.66"}, {"Forwarded": 'for="198.51.100.20:5555"'}
    wrong = {"service": "ledger", "op": "auth.login", "args": {"username": name, "password": "wrong guess"}}
    with httpx.Client(base_url=url, timeout=30) as client:
        batch = client.post("/v1/gateway/batch", headers=attacker, json={"requests": [wrong] * 8})
        assert batch.status_code == 200, batch.text
        codes = [reply["error"]["code"] for reply in batch.json()["replies"]]
        # At most 5 of the 8 parallel guesses are checked; the rest meet the pair's limit or a full hashing pool.
        assert codes.count("unauthenticated") <= 5 and set(codes) <= {"unauthenticated", "resource_exhausted"}, codes
        for _ in range(20):
            guess = sign_in(client, name, "wrong guess", headers=attacker)
            if guess.status_code == 429 and guess.json().get("field") == "username":
                break
            assert guess.status_code in (401, 429), guess.text
        locked = sign_in(client, name, headers=attacker)
        body = problem(locked, 429, "resource_exhausted", "username")
        assert int(locked.headers["retry-after"]) >= 1 and body["retryAfterSeconds"] >= 1
        assert sign_in(client, name, headers=owner).status_code == 200
