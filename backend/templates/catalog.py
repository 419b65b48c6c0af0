"""The template catalogue: each seed experiment with a title, one sentence and its needs.

The specs themselves come from spec/examples.py (tested there to validate and render); this
file only adds what a person choosing a template needs to read.
"""

from __future__ import annotations

from backend.templates.schemas import AgentRoleName, TargetKind, Template, TemplateRequirements
from spec.examples import SEED_EXAMPLES
from spec.experiment import ExperimentSpec
from spec.target import ExternalTarget, ManagedDatabase

_TEXT: dict[str, tuple[str, str]] = {
    "000": (
        "maxconn capacity",
        "How many concurrent connections a slow (3 s) backend serves as global maxconn goes 20 to 100.",
    ),
    "001": (
        "TCP / MariaDB maxconn",
        "A TCP-mode HAProxy in front of MariaDB: how the server maxconn limits 300 concurrent clients.",
    ),
    "002": (
        "Constant rate vs a capped network",
        "Fixed request rates against four 300 ms app servers: where a small instance's link saturates.",
    ),
    "003": (
        "TLS bandwidth",
        "TLS termination and re-encryption of 1 MB and 10 MB bodies: throughput with one or two threads.",
    ),
    "004": (
        "http-reuse matrix",
        "http-reuse never/safe/aggressive/always x client keep-alive x HTTP/1.1 or h2c upstreams.",
    ),
}
_SHAPED_LINK = {"002"}


def _requirements(seed: str, spec: ExperimentSpec) -> TemplateRequirements:
    target: TargetKind = "managed"
    if isinstance(spec.target, ManagedDatabase):
        target = "database"
    elif isinstance(spec.target, ExternalTarget):
        target = "external"
    # External upstreams need no target agent; managed ones are started by one.
    roles: list[AgentRoleName] = ["proxy", "injector"]
    if target != "external":
        roles.append("target")
    return TemplateRequirements(
        roles=roles, driver=spec.load.driver, target=target, link_shaping=seed in _SHAPED_LINK
    )


def list_templates() -> list[Template]:
    out = []
    for seed, build in SEED_EXAMPLES.items():
        spec = build()
        title, summary = _TEXT.get(seed, (f"Seed {seed}", (build.__doc__ or "").strip().splitlines()[0]))
        requires = _requirements(seed, spec)
        out.append(Template(id=seed, title=title, summary=summary, spec=spec, requires=requires))
    return out
