"""`preparing`: the run's addresses against its lab's boundary, as the lab is now.

The launch checked every point against the lab, but a lab admin may have narrowed the boundary
or an agent may have moved since; this runs before anything starts. Host names are resolved by
the proxy agent (never by the control plane), every address checked, and the config is rendered
with the checked addresses (contract.haproxy.render RenderContext.resolved_hosts), so HAProxy never
resolves a name itself and connects exactly where the check allowed. What was resolved is kept
in the run's environment.
"""

from __future__ import annotations

from backend.db import session_scope
from backend.labs.boundary import lab_boundary, spec_problems
from backend.models import Lab
from contract.command_results import HostsResolved
from contract.lab_boundary import Boundary, parse_ip, split_destination
from contract.protocol import ResolveHosts
from worker import agent_rpc
from worker.execution import Execution
from worker.phases.base import PhaseError

RESOLVE_TIMEOUT_S = 15.0


def current_boundary(ex: Execution) -> Boundary:
    with session_scope() as db:
        return lab_boundary(db, db.get_one(Lab, ex.lab_id))


def check_run(ex: Execution) -> Boundary:
    """The lab's boundary, after checking the run's spec against it (PhaseError naming each)."""
    boundary = current_boundary(ex)
    problems = spec_problems(ex.spec.model_dump(mode="json", by_alias=True), boundary)
    if problems:
        listed = "; ".join(f"{p.field}: {p.message}" for p in problems[:5])
        raise PhaseError(f"outside lab {ex.lab_name!r}'s boundary now: {listed}")
    return boundary


def resolve_server_names(ex: Execution, boundary: Boundary, addresses: list[str]) -> dict[str, str]:
    """host name -> the address to use, for each name among `addresses` (host:port), resolved by
    the proxy agent and allowed by the boundary; PhaseError when a name resolves nowhere allowed."""
    wanted: dict[str, set[int | None]] = {}
    for address in addresses:
        parsed = split_destination(address)
        if parsed is not None and parse_ip(parsed[0]) is None:
            wanted.setdefault(parsed[0], set()).add(parsed[1])
    if not wanted:
        return {}
    proxy = ex.agent("proxy")
    found = agent_rpc.request(
        proxy.id, ResolveHosts(run_id=ex.run_id, names=sorted(wanted)), HostsResolved, RESOLVE_TIMEOUT_S
    ).addresses
    chosen: dict[str, str] = {}
    for name, ports in sorted(wanted.items()):
        candidates = found.get(name, [])
        if not candidates:
            raise PhaseError(f"{name} does not resolve on the proxy host ({proxy.name})")
        refusals = []
        for candidate in candidates:
            why = next((w for port in ports if (w := boundary.resolved_problem(name, candidate, port))), None)
            if why is None:
                chosen[name] = candidate
                break
            refusals.append(why)
        else:
            raise PhaseError(
                f"no address of {name} is inside lab {ex.lab_name!r}'s boundary: {'; '.join(refusals)}"
            )
    return chosen
