"""Lab settings checks for link shaping (contract.lab) and what the lab's proxy host can offer.

`settings.link_shaping` is validated on every create and update, with errors naming the field
(`settings.link_shaping.links.0.rate_mbit`). Delay and loss are refused when a proxy agent of
the lab reported its qdiscs without netem; with no proxy agent yet, they are accepted here and
checked again when a run starts (worker/phases/link_shaping.py). The lab's detail says what its
proxy host offers, so the designer can grey out delay and loss.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from backend.errors import invalid, validation_error_from
from backend.models import Agent
from contract.lab import LINK_SHAPING_KEY, link_shaping_of, netem_problem

FIELD = f"settings.{LINK_SHAPING_KEY}"


def proxy_qdiscs(agents: Sequence[Agent]) -> list[str] | None:
    """The qdiscs every proxy agent of the lab offers (None: no proxy agent has said yet)."""
    offered: set[str] | None = None
    for agent in agents:
        qdiscs = agent.capabilities.qdiscs
        if "proxy" not in agent.roles or qdiscs is None:
            continue
        names = {str(q) for q in qdiscs}
        offered = names if offered is None else offered & names
    return sorted(offered) if offered is not None else None


def check_settings(settings: Mapping[str, Any], agents: Sequence[Agent]) -> None:
    """Refuse (422, naming the field) link shaping that is malformed or that the proxy host cannot do."""
    try:
        shaping = link_shaping_of(settings)
    except ValidationError as exc:
        raise validation_error_from(exc, prefix=FIELD) from None
    qdiscs = proxy_qdiscs(agents)
    if shaping is None or qdiscs is None:
        return
    problem = netem_problem(shaping, qdiscs)
    if problem is not None:
        raise invalid(FIELD, problem)


def shaping_offer(agents: Sequence[Agent]) -> dict[str, Any]:
    """What the lab's proxy host can shape: bandwidth always (tbf), delay and loss with netem."""
    qdiscs = proxy_qdiscs(agents)
    return {
        "bandwidth": qdiscs is None or "tbf" in qdiscs or "htb" in qdiscs,
        "delay_loss": qdiscs is not None and "netem" in qdiscs,
        "qdiscs": qdiscs,
    }
