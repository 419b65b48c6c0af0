"""What the compared runs were asked to do and how that differs between them.

Two "maxconn 60" runs can differ 2.5x because one had 20 clients and the other 50: the compare
page must say so. The specs are compared as flat dotted paths (the sweep's vocabulary:
`load.connections`, `proxy.backends.0.servers.1.maxconn`) over the parts that define a run
(proxy, target, load; not the sweep or the repetitions, which describe the experiment), and only
the paths whose values differ are returned. Rendered configs are returned once each, so a 50-run
sweep sends its handful of distinct configs, not 50 copies; the browser diffs them line by line.
What the lab assigns per run (a managed target's ports, the agent's runtime directory) is masked
first (backend/runs/config_masking.py, the change search's definition too): a sweep of maxconn
shows its one changed line, not the target's new port beside it.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import JsonValue
from sqlalchemy.orm import Session

from backend.models import Lab, Run
from backend.runs.compare.schemas import AskedLoad, CompareSetups, RunSetup, SpecDifference
from backend.runs.compare.selection import distinct, require_found
from backend.runs.config_masking import masked_config
from backend.teams.scoping import runs_among
from contract.load import LoadProfile
from contract.sweep import SWEEPABLE_ROOTS

_DEFAULT_LOAD = LoadProfile()


def flatten(node: Any, prefix: str = "") -> dict[str, JsonValue]:
    """{dotted path: value} of every leaf; an empty object or list is a leaf of its own."""
    if isinstance(node, dict) and node:
        items: Any = node.items()
    elif isinstance(node, list) and node:
        items = enumerate(node)
    else:
        return {prefix: node}
    out: dict[str, JsonValue] = {}
    for key, value in items:
        out.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
    return out


def spec_differences(specs: list[dict[str, Any]], swept: set[str]) -> list[SpecDifference]:
    """The settings of proxy, target and load whose values are not all equal, in spec order."""
    flats = [flatten({root: spec.get(root) for root in SWEEPABLE_ROOTS}) for spec in specs]
    paths = list(dict.fromkeys(path for flat in flats for path in flat))
    differences = []
    for path in paths:
        values = [flat.get(path) for flat in flats]
        if len({json.dumps(v, sort_keys=True) for v in values}) > 1:
            differences.append(SpecDifference(path=path, values=values, swept=path in swept))
    return differences


def _asked(spec: dict[str, Any]) -> AskedLoad:
    load = spec.get("load") or {}
    return AskedLoad(
        connections=load.get("connections", _DEFAULT_LOAD.connections),
        rate=load.get("rate"),
        warmup_s=load.get("warmup_s", _DEFAULT_LOAD.warmup_s),
        duration_s=load.get("duration_s", _DEFAULT_LOAD.duration_s),
    )


def compare_setups(db: Session, team_id: int, run_ids: list[int]) -> CompareSetups:
    """The setups of `run_ids` (in that order, duplicates dropped); 404 names a missing run."""
    wanted = distinct(run_ids)
    rows = db.execute(
        runs_among(team_id, wanted, Run.id, Run.spec, Run.params, Run.rendered_config, Lab.name).outerjoin(
            Lab, Lab.id == Run.lab_id
        )
    ).all()
    by_id = {row.id: row for row in rows}
    require_found(wanted, by_id)
    configs: dict[str, int] = {}
    runs = []
    for run_id in wanted:
        row = by_id[run_id]
        index = None
        if row.rendered_config is not None:
            index = configs.setdefault(masked_config(row.rendered_config), len(configs))
        runs.append(RunSetup(run_id=run_id, lab_name=row.name, load=_asked(row.spec), config_index=index))
    swept = {path for run_id in wanted for path in by_id[run_id].params}
    return CompareSetups(
        runs=runs,
        differences=spec_differences([by_id[r].spec for r in wanted], swept),
        configs=list(configs),
    )
