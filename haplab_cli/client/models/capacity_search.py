from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.capacity_search_method import CapacitySearchMethod
from ..models.capacity_search_vary import CapacitySearchVary
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.probe_load import ProbeLoad
    from ..models.threshold import Threshold


T = TypeVar("T", bound="CapacitySearch")


@_attrs_define
class CapacitySearch:
    """Search, per sweep point, the highest load that still meets the objective.

    Attributes:
        vary (CapacitySearchVary): What the probes change: load.rate (requests/s, open loop) or load.connections
            (concurrent clients, closed loop).
        objective (list[Threshold]): Rules every probe must meet to pass, in the thresholds' vocabulary (latency_p99_ms
            < 50, error_pct < 0.1); judged on each probe run on its own.
        start (float): The first probe's value.
        max_ (float): No probe goes above this value.
        growth (float | Unset): Each passing probe is followed by one this many times higher. Default: 2.0.
        precision (float | Unset): The search ends when the first failing value is within this fraction of the last
            passing one: 0.02 or '2%'. Default: 0.02.
        probe (ProbeLoad | Unset): How long each probe loads the proxy (it replaces the load profile's duration and
            warm-up).
        method (CapacitySearchMethod | Unset): bisect: one run per probe, growing then bisecting. staircase: a first run
            climbs stages (start, x growth ... up to max) for a quick bracket, which probes then bisect. Default:
            CapacitySearchMethod.BISECT.
        safe_fraction (float | Unset): The safe operating point is this fraction of the capacity (0.8: a plateau below
            the maximum). Default: 0.8.
        max_probes (int | Unset): A search ends after this many probes, with the bracket it has. Default: 20.
        confirm (bool | Unset): Before answering, probe the first failing value once more: a value that passes once
            passes (noise on a lab only ever adds latency), so one disturbed probe does not lower the capacity. Default:
            True.
    """

    vary: CapacitySearchVary
    objective: list[Threshold]
    start: float
    max_: float
    growth: float | Unset = 2.0
    precision: float | Unset = 0.02
    probe: ProbeLoad | Unset = UNSET
    method: CapacitySearchMethod | Unset = CapacitySearchMethod.BISECT
    safe_fraction: float | Unset = 0.8
    max_probes: int | Unset = 20
    confirm: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        vary = self.vary.value

        objective = []
        for objective_item_data in self.objective:
            objective_item = objective_item_data.to_dict()
            objective.append(objective_item)

        start = self.start

        max_ = self.max_

        growth = self.growth

        precision = self.precision

        probe: dict[str, Any] | Unset = UNSET
        if not isinstance(self.probe, Unset):
            probe = self.probe.to_dict()

        method: str | Unset = UNSET
        if not isinstance(self.method, Unset):
            method = self.method.value

        safe_fraction = self.safe_fraction

        max_probes = self.max_probes

        confirm = self.confirm

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "vary": vary,
                "objective": objective,
                "start": start,
                "max": max_,
            }
        )
        if growth is not UNSET:
            field_dict["growth"] = growth
        if precision is not UNSET:
            field_dict["precision"] = precision
        if probe is not UNSET:
            field_dict["probe"] = probe
        if method is not UNSET:
            field_dict["method"] = method
        if safe_fraction is not UNSET:
            field_dict["safe_fraction"] = safe_fraction
        if max_probes is not UNSET:
            field_dict["max_probes"] = max_probes
        if confirm is not UNSET:
            field_dict["confirm"] = confirm

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.probe_load import ProbeLoad
        from ..models.threshold import Threshold

        d = dict(src_dict)
        vary = CapacitySearchVary(d.pop("vary"))

        objective = []
        _objective = d.pop("objective")
        for objective_item_data in _objective:
            objective_item = Threshold.from_dict(objective_item_data)

            objective.append(objective_item)

        start = d.pop("start")

        max_ = d.pop("max")

        growth = d.pop("growth", UNSET)

        precision = d.pop("precision", UNSET)

        _probe = d.pop("probe", UNSET)
        probe: ProbeLoad | Unset
        if isinstance(_probe, Unset):
            probe = UNSET
        else:
            probe = ProbeLoad.from_dict(_probe)

        _method = d.pop("method", UNSET)
        method: CapacitySearchMethod | Unset
        if isinstance(_method, Unset):
            method = UNSET
        else:
            method = CapacitySearchMethod(_method)

        safe_fraction = d.pop("safe_fraction", UNSET)

        max_probes = d.pop("max_probes", UNSET)

        confirm = d.pop("confirm", UNSET)

        capacity_search = cls(
            vary=vary,
            objective=objective,
            start=start,
            max_=max_,
            growth=growth,
            precision=precision,
            probe=probe,
            method=method,
            safe_fraction=safe_fraction,
            max_probes=max_probes,
            confirm=confirm,
        )

        return capacity_search
