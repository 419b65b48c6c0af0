"""What differs between two runs of the same sweep point: the candidates for a change's cause.

The spec version, the spec's own values (dotted paths), the rendered haproxy.cfg's lines, the
lab and its hosts, each host's kernel, HAProxy version and tools. What a lab assigns per run (a
managed target's addresses and ports, the agent's runtime directory) is masked before the config
is compared (backend/runs/config_masking.py), so only what a person changed shows.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from typing import Any

from backend.models import Run
from backend.runs.config_masking import masked_lines

MAX_SPEC_VALUES = 30
MAX_CONFIG_LINES = 30


def _flat(node: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(node, Mapping):
        for key, value in node.items():
            yield from _flat(value, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _flat(value, f"{prefix}.{index}")
    else:
        yield prefix, node


def spec_differences(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Dotted paths whose values differ (thresholds aside: they judge, they do not measure)."""
    a = {k: v for k, v in _flat(before) if not k.startswith("thresholds")}
    b = {k: v for k, v in _flat(after) if not k.startswith("thresholds")}
    return [
        {"what": f"spec {path}", "before": a.get(path), "after": b.get(path)}
        for path in sorted(a.keys() | b.keys())
        if a.get(path) != b.get(path)
    ][:MAX_SPEC_VALUES]


def config_differences(before: str | None, after: str | None) -> list[dict[str, Any]]:
    """Lines of haproxy.cfg removed and added, what the lab assigns per run masked."""
    if not before or not after:
        return []
    a = masked_lines(before)
    b = masked_lines(after)
    out = []
    for line in difflib.unified_diff(a, b, lineterm="", n=0):
        if line.startswith(("---", "+++", "@@")):
            continue
        kind = "config line removed" if line.startswith("-") else "config line added"
        text = line[1:].strip()
        out.append(
            {
                "what": kind,
                "before": text if kind.endswith("removed") else None,
                "after": text if kind.endswith("added") else None,
            }
        )
    return out[:MAX_CONFIG_LINES]


def _hosts(run: Run) -> dict[str, dict[str, Any]]:
    """Each role's agent and its facts: {"proxy": {"agent": "proxy-1", "kernel": ..., ...}}."""
    out: dict[str, dict[str, Any]] = {}
    for name, agent in run.environment.agents.items():
        facts = agent.capabilities
        for role in agent.roles:
            out[role] = {
                "agent": name,
                "kernel": facts.kernel,
                "haproxy": facts.haproxy if role == "proxy" else None,
                "tools": dict(facts.tools),
            }
    return out


def environment_differences(before: Run, after: Run) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if before.lab_id != after.lab_id:
        out.append({"what": "lab", "before": before.lab_id, "after": after.lab_id})
    a, b = _hosts(before), _hosts(after)
    for role in sorted(a.keys() | b.keys()):
        ha, hb = a.get(role, {}), b.get(role, {})
        for fact in ("agent", "kernel", "haproxy"):
            if ha.get(fact) != hb.get(fact):
                out.append({"what": f"{role} host {fact}", "before": ha.get(fact), "after": hb.get(fact)})
        ta, tb = ha.get("tools", {}), hb.get("tools", {})
        for tool in sorted(ta.keys() | tb.keys()):
            if ta.get(tool) != tb.get(tool):
                out.append({"what": f"{role} host {tool}", "before": ta.get(tool), "after": tb.get(tool)})
    return out


def what_differs(before: Run, after: Run, versions: Mapping[int, int]) -> list[dict[str, Any]]:
    """Everything that differs between the last run before a change and the first after it;
    `versions` maps experiment_version_id to its number."""
    out: list[dict[str, Any]] = []
    if before.experiment_version_id != after.experiment_version_id:
        out.append(
            {
                "what": "spec version",
                "before": versions.get(before.experiment_version_id),
                "after": versions.get(after.experiment_version_id),
            }
        )
    out += spec_differences(before.spec, after.spec)
    out += config_differences(before.rendered_config, after.rendered_config)
    out += environment_differences(before, after)
    return out
