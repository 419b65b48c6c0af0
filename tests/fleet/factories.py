"""Agents, runs and wire messages for gateway tests.

Everything takes a Session and commits, so it works both with the rolled-back `db` fixture and
with `session_scope()` on a `fresh_database` (where a live API server must see the rows).

    member = new_member(db, "editor"); lab = make_lab(db, member.team)
    token = enrollment_token(db, member, lab, ["proxy"])
    agent = enroll(http, token, "proxy-1", ["proxy"])        # {"agent_id", "agent_token", ...}
    http.post(f"{API}/agent/hello", json=hello("proxy-1", ["proxy"]), headers=agent_headers(agent))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from fastapi.routing import APIRoute
from sqlalchemy.orm import Session

from backend.labs.enrollment import create_enrollment_token
from backend.models import Lab
from backend.runs.transitions import transition
from contract.clock import ClockProbe
from contract.protocol import CommandResult, Envelope, Heartbeat, Hello, SampleBatch
from contract.results import SamplePoint
from contract.run_state import RunState
from tests.api.experiment_factories import launch, make_experiment
from tests.api.helpers import API, Member

_TO_RUNNING = (RunState.preparing, RunState.warming, RunState.running)


class PostsJson(Protocol):
    """httpx.Client and FastAPI's TestClient both fit."""

    def post(self, url: str, *, json: Any = ..., headers: Any = ...) -> Any: ...


def enrollment_token(db: Session, member: Member, lab: Lab, roles: Sequence[str]) -> str:
    _, secret = create_enrollment_token(db, member.team.id, lab.id, member.user.id, roles)
    db.commit()
    return secret


def enroll(http: PostsJson, token: str, name: str, roles: Sequence[str]) -> dict[str, Any]:
    response = http.post(f"{API}/agent/enroll", json={"token": token, "name": name, "roles": list(roles)})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def agent_headers(agent: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {agent['agent_token']}"}


def running_run(db: Session, member: Member, lab: Lab, state: RunState = RunState.running) -> int:
    """A launched run of `lab`, walked through the real transitions up to `state`."""
    experiment = make_experiment(db, member)
    run_id = launch(db, member, experiment, lab).run_ids[0]
    for step in _TO_RUNNING[: _TO_RUNNING.index(state) + 1]:
        assert transition(db, run_id, step)
    db.commit()
    return run_id


def finish(db: Session, run_id: int, state: RunState = RunState.succeeded) -> None:
    """running -> collecting -> `state` (or straight to failed/cancelled)."""
    if state == RunState.succeeded:
        assert transition(db, run_id, RunState.collecting)
    assert transition(db, run_id, state)
    db.commit()


def wire(body: Hello | Heartbeat | SampleBatch | CommandResult) -> dict[str, Any]:
    """The JSON an agent posts for `body`."""
    return Envelope.wrap(body).model_dump(mode="json")


def hello(name: str, roles: Sequence[str], **capabilities: Any) -> dict[str, Any]:
    return wire(Hello(agent=name, version="0.1.0", roles=list(roles), capabilities=capabilities))


def sample_batch(run_id: int, samples: Sequence[SamplePoint], batch_id: int = 0) -> dict[str, Any]:
    return wire(SampleBatch(run_id=run_id, batch_id=batch_id, samples=list(samples)))


def _agent_routes(routes: Sequence[Any], prefix: str = "") -> list[tuple[str, APIRoute]]:
    found: list[tuple[str, APIRoute]] = []
    for route in routes:
        if isinstance(route, APIRoute):
            found.append((prefix + route.path, route))
        elif hasattr(route, "original_router"):  # an included router
            found += _agent_routes(route.original_router.routes, prefix + route.include_context.prefix)
    return found


def _calls(dependant: Any) -> set[Any]:
    calls = set()
    for sub in dependant.dependencies:
        calls |= {sub.call, *_calls(sub)}
    return calls


def agent_requests(name: str, roles: Sequence[str]) -> list[tuple[str, str, dict[str, Any] | None]]:
    """(method, path, JSON body) of an acceptable request of agent `name` to EVERY route of the app
    that takes an agent's token (its dependencies include get_current_agent), found in the app's
    own routes: a route added later is in the list too, and one whose body has no example here
    fails loudly instead of going unchecked."""
    from backend.app import create_app
    from backend.fleet.dependencies import get_current_agent
    from backend.fleet.schemas import AgentMessageEnvelope, HelloEnvelope

    examples: dict[Any, dict[str, Any]] = {
        ClockProbe: {"agent_sent_at": "2026-11-27T10:00:00+00:00"},
        HelloEnvelope: hello(name, roles),
        AgentMessageEnvelope: wire(Heartbeat(busy_run_id=None)),
    }
    requests = []
    for path, route in _agent_routes(create_app().routes):
        if get_current_agent not in _calls(route.dependant):
            continue
        body = None
        if route.body_field is not None:
            model = route.body_field.field_info.annotation
            assert model in examples, f"{path} takes a {model}: add an example of it to agent_requests"
            body = examples[model]
        query = "?wait_s=0" if any(q.name == "wait_s" for q in route.dependant.query_params) else ""
        for method in sorted(route.methods or ()):
            requests.append((method, f"{path}{query}", body))
    assert len(requests) >= 3, requests  # hello, commands, messages at least
    return requests
