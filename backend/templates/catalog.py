"""The template catalogue: each seed experiment with a title, one sentence and its needs.

The specs themselves come from contract/examples.py (tested there to validate and render); this
file only adds what a person choosing a template needs to read. Each sentence is written from
its spec (descriptions.py), the way the designer proposes it again when an experiment's spec no
longer says what its template's sentence does.
"""

from __future__ import annotations

from backend.templates.descriptions import SENTENCES
from backend.templates.schemas import AgentRoleName, TargetKind, Template, TemplateRequirements
from contract.examples import SEED_EXAMPLES
from contract.experiment import ExperimentSpec
from contract.target import ExternalTarget, ManagedDatabase

_TITLES: dict[str, str] = {
    "000": "maxconn capacity",
    "001": "TCP / MariaDB maxconn",
    "002": "Constant rate vs a capped network",
    "003": "TLS bandwidth",
    "004": "http-reuse matrix",
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
        title = _TITLES.get(seed, f"Seed {seed}")
        # The sentence is written from the spec (descriptions.py), so it states the spec's facts.
        sentence = SENTENCES.get(seed)
        written = sentence.write(spec.model_dump(mode="json", by_alias=True)) if sentence else None
        summary = written or (build.__doc__ or "").strip().splitlines()[0]
        requires = _requirements(seed, spec)
        out.append(Template(id=seed, title=title, summary=summary, spec=spec, requires=requires))
    return out
