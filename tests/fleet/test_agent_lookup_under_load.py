"""An agent's requests, many at once, against a real API server: the lookup that records the
agent's liveness (an UPDATE of its row, backend/fleet/service.calling_agent) must not hold that
row's lock across a hand-off between the event loop and a worker thread.

It did (until 2026-11-27): the lookup ran in one thread and its commit in another hop (the long
poll's, or the session's end for the clock route). The agent's other requests of the same second
waited on the row lock inside threads; once they held every thread of the API process (40),
the commit that would release the lock could never run, and the process answered nothing
again. bench/sim_fleet.py found it at 50 simulated labs (docs/benchmarks.md).
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from sqlalchemy import update

from backend.db import session_scope
from backend.models import Agent
from tests.api.helpers import API, make_lab, new_member
from tests.fleet import factories as fleet

AT_ONCE = 120  # three times the API process's worker threads
ANSWERED_WITHIN_S = 20.0


def test_many_requests_of_one_agent_at_once_are_all_answered(live_api: Any, redis_client: Any) -> None:
    with session_scope() as db:
        member = new_member(db, "editor")
        lab = make_lab(db, member.team)
        token = fleet.enrollment_token(db, member, lab, ["proxy", "injector", "target"])
    with httpx.Client(base_url=live_api.url, timeout=10) as client:
        enrolled = fleet.enroll(client, token, "edge-1", ["proxy", "injector", "target"])
    headers = fleet.agent_headers(enrolled)
    # Heard from long ago: every request of the burst finds the agent's last_seen_at stale and
    # records it (the UPDATE that takes the row's lock).
    with session_scope() as db:
        db.execute(
            update(Agent)
            .where(Agent.name == "edge-1")
            .values(last_seen_at=datetime.now(UTC) - timedelta(hours=1))
        )

    async def burst() -> list[int]:
        limits = httpx.Limits(max_connections=AT_ONCE, max_keepalive_connections=0)
        async with httpx.AsyncClient(
            base_url=live_api.url, headers=headers, limits=limits, timeout=60
        ) as api:
            probe = {"agent_sent_at": datetime.now(UTC).isoformat()}

            async def one(i: int) -> int:
                if i % 3 == 0:
                    response = await api.get(f"{API}/agent/commands", params={"wait_s": 0})
                else:
                    response = await api.post(f"{API}/agent/clock", json=probe)
                return response.status_code

            return await asyncio.wait_for(
                asyncio.gather(*(one(i) for i in range(AT_ONCE))), timeout=ANSWERED_WITHIN_S
            )

    started = time.monotonic()
    statuses = asyncio.run(burst())  # a TimeoutError here: the API stopped answering
    assert statuses == [200] * AT_ONCE, statuses
    print(f"{AT_ONCE} requests answered in {time.monotonic() - started:.2f} s")
