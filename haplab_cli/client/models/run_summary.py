from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.completeness import Completeness
    from ..models.injector_summary import InjectorSummary
    from ..models.load_totals import LoadTotals
    from ..models.proxy_summary import ProxySummary
    from ..models.request_timers import RequestTimers
    from ..models.run_verdict import RunVerdict
    from ..models.stage_result import StageResult


T = TypeVar("T", bound="RunSummary")


@_attrs_define
class RunSummary:
    """The result of one run.

    Attributes:
        total (LoadTotals): What the clients saw over the measured window [t0, t0 + duration): what COMPLETED in it.

            `window_source` says where the window's counts come from and `window_note` what a reader must
            know about them (a tool that cannot tell when each request completed, errors counted over the
            tool's whole run ...). Answers before the window (the warm-up) and after it (the drain) are
            reported apart and are in no rate.
        injectors (list[InjectorSummary] | Unset):
        proxy (None | ProxySummary | Unset):
        timers (None | RequestTimers | Unset): HAProxy's per-request timers over the window (its log); None when not
            collected.
        verdict (None | RunVerdict | Unset): What bounded the run: its kind, the sentence people read, and the numbers
            it was read from (worker.verdicts). None until collected.
        completeness (Completeness | None | Unset): Did the load cover the window asked for? None for runs recorded
            before this existed.
        stages (list[StageResult] | None | Unset): Per-stage figures of a staged load, the injectors merged (counts add,
            histograms merge); None for a constant load. The total stays the whole window's.
    """

    total: LoadTotals
    injectors: list[InjectorSummary] | Unset = UNSET
    proxy: None | ProxySummary | Unset = UNSET
    timers: None | RequestTimers | Unset = UNSET
    verdict: None | RunVerdict | Unset = UNSET
    completeness: Completeness | None | Unset = UNSET
    stages: list[StageResult] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.completeness import Completeness
        from ..models.proxy_summary import ProxySummary
        from ..models.request_timers import RequestTimers
        from ..models.run_verdict import RunVerdict

        total = self.total.to_dict()

        injectors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.injectors, Unset):
            injectors = []
            for injectors_item_data in self.injectors:
                injectors_item = injectors_item_data.to_dict()
                injectors.append(injectors_item)

        proxy: dict[str, Any] | None | Unset
        if isinstance(self.proxy, Unset):
            proxy = UNSET
        elif isinstance(self.proxy, ProxySummary):
            proxy = self.proxy.to_dict()
        else:
            proxy = self.proxy

        timers: dict[str, Any] | None | Unset
        if isinstance(self.timers, Unset):
            timers = UNSET
        elif isinstance(self.timers, RequestTimers):
            timers = self.timers.to_dict()
        else:
            timers = self.timers

        verdict: dict[str, Any] | None | Unset
        if isinstance(self.verdict, Unset):
            verdict = UNSET
        elif isinstance(self.verdict, RunVerdict):
            verdict = self.verdict.to_dict()
        else:
            verdict = self.verdict

        completeness: dict[str, Any] | None | Unset
        if isinstance(self.completeness, Unset):
            completeness = UNSET
        elif isinstance(self.completeness, Completeness):
            completeness = self.completeness.to_dict()
        else:
            completeness = self.completeness

        stages: list[dict[str, Any]] | None | Unset
        if isinstance(self.stages, Unset):
            stages = UNSET
        elif isinstance(self.stages, list):
            stages = []
            for stages_type_0_item_data in self.stages:
                stages_type_0_item = stages_type_0_item_data.to_dict()
                stages.append(stages_type_0_item)

        else:
            stages = self.stages

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
            }
        )
        if injectors is not UNSET:
            field_dict["injectors"] = injectors
        if proxy is not UNSET:
            field_dict["proxy"] = proxy
        if timers is not UNSET:
            field_dict["timers"] = timers
        if verdict is not UNSET:
            field_dict["verdict"] = verdict
        if completeness is not UNSET:
            field_dict["completeness"] = completeness
        if stages is not UNSET:
            field_dict["stages"] = stages

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.completeness import Completeness
        from ..models.injector_summary import InjectorSummary
        from ..models.load_totals import LoadTotals
        from ..models.proxy_summary import ProxySummary
        from ..models.request_timers import RequestTimers
        from ..models.run_verdict import RunVerdict
        from ..models.stage_result import StageResult

        d = dict(src_dict)
        total = LoadTotals.from_dict(d.pop("total"))

        _injectors = d.pop("injectors", UNSET)
        injectors: list[InjectorSummary] | Unset = UNSET
        if _injectors is not UNSET:
            injectors = []
            for injectors_item_data in _injectors:
                injectors_item = InjectorSummary.from_dict(injectors_item_data)

                injectors.append(injectors_item)

        def _parse_proxy(data: object) -> None | ProxySummary | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                proxy_type_0 = ProxySummary.from_dict(data)

                return proxy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProxySummary | Unset, data)

        proxy = _parse_proxy(d.pop("proxy", UNSET))

        def _parse_timers(data: object) -> None | RequestTimers | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                timers_type_0 = RequestTimers.from_dict(data)

                return timers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RequestTimers | Unset, data)

        timers = _parse_timers(d.pop("timers", UNSET))

        def _parse_verdict(data: object) -> None | RunVerdict | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                verdict_type_0 = RunVerdict.from_dict(data)

                return verdict_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunVerdict | Unset, data)

        verdict = _parse_verdict(d.pop("verdict", UNSET))

        def _parse_completeness(data: object) -> Completeness | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                completeness_type_0 = Completeness.from_dict(data)

                return completeness_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Completeness | None | Unset, data)

        completeness = _parse_completeness(d.pop("completeness", UNSET))

        def _parse_stages(data: object) -> list[StageResult] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                stages_type_0 = []
                _stages_type_0 = data
                for stages_type_0_item_data in _stages_type_0:
                    stages_type_0_item = StageResult.from_dict(stages_type_0_item_data)

                    stages_type_0.append(stages_type_0_item)

                return stages_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[StageResult] | None | Unset, data)

        stages = _parse_stages(d.pop("stages", UNSET))

        run_summary = cls(
            total=total,
            injectors=injectors,
            proxy=proxy,
            timers=timers,
            verdict=verdict,
            completeness=completeness,
            stages=stages,
        )

        return run_summary
