from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.capacity_search import CapacitySearch
    from ..models.external_target import ExternalTarget
    from ..models.ha_proxy_config import HAProxyConfig
    from ..models.load_profile import LoadProfile
    from ..models.managed_database import ManagedDatabase
    from ..models.managed_target import ManagedTarget
    from ..models.request_timers_settings import RequestTimersSettings
    from ..models.sweep import Sweep
    from ..models.threshold import Threshold


T = TypeVar("T", bound="ValidateRequestExperimentSpec")


@_attrs_define
class ValidateRequestExperimentSpec:
    """Everything needed to run an experiment, apart from the lab it runs on.

    Attributes:
        proxy (HAProxyConfig): A whole haproxy.cfg: global, defaults and the proxy sections. JSON key `global`.
        target (ExternalTarget | ManagedDatabase | ManagedTarget): The upstream servers behind the proxy.
        load (LoadProfile): The traffic a run sends: the total across the lab's injectors (per_injector).
        spec_version (Literal[1] | Unset): Version of this spec's shape. Default: 1.
        timers (RequestTimersSettings | Unset): Whether and how the run collects HAProxy's per-request timers
            (ExperimentSpec.timers).
        sweep (Sweep | Unset): The parameters to vary; every combination of their values becomes a point.
        repetitions (int | Unset): How many times every point runs (for the spread). Default: 1.
        thresholds (list[Threshold] | Unset): Rules every run must meet to pass (CI gates read them); none: runs are not
            judged.
        search (CapacitySearch | None | Unset): Search each sweep point's capacity under an objective with probe runs
            (None: every point runs once per repetition at the load profile as it is).
    """

    proxy: HAProxyConfig
    target: ExternalTarget | ManagedDatabase | ManagedTarget
    load: LoadProfile
    spec_version: Literal[1] | Unset = 1
    timers: RequestTimersSettings | Unset = UNSET
    sweep: Sweep | Unset = UNSET
    repetitions: int | Unset = 1
    thresholds: list[Threshold] | Unset = UNSET
    search: CapacitySearch | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.capacity_search import CapacitySearch
        from ..models.managed_database import ManagedDatabase
        from ..models.managed_target import ManagedTarget

        proxy = self.proxy.to_dict()

        target: dict[str, Any]
        if isinstance(self.target, ManagedTarget) or isinstance(
            self.target, ManagedDatabase
        ):
            target = self.target.to_dict()
        else:
            target = self.target.to_dict()

        load = self.load.to_dict()

        spec_version = self.spec_version

        timers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.timers, Unset):
            timers = self.timers.to_dict()

        sweep: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sweep, Unset):
            sweep = self.sweep.to_dict()

        repetitions = self.repetitions

        thresholds: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.thresholds, Unset):
            thresholds = []
            for thresholds_item_data in self.thresholds:
                thresholds_item = thresholds_item_data.to_dict()
                thresholds.append(thresholds_item)

        search: dict[str, Any] | None | Unset
        if isinstance(self.search, Unset):
            search = UNSET
        elif isinstance(self.search, CapacitySearch):
            search = self.search.to_dict()
        else:
            search = self.search

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "proxy": proxy,
                "target": target,
                "load": load,
            }
        )
        if spec_version is not UNSET:
            field_dict["spec_version"] = spec_version
        if timers is not UNSET:
            field_dict["timers"] = timers
        if sweep is not UNSET:
            field_dict["sweep"] = sweep
        if repetitions is not UNSET:
            field_dict["repetitions"] = repetitions
        if thresholds is not UNSET:
            field_dict["thresholds"] = thresholds
        if search is not UNSET:
            field_dict["search"] = search

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.capacity_search import CapacitySearch
        from ..models.external_target import ExternalTarget
        from ..models.ha_proxy_config import HAProxyConfig
        from ..models.load_profile import LoadProfile
        from ..models.managed_database import ManagedDatabase
        from ..models.managed_target import ManagedTarget
        from ..models.request_timers_settings import RequestTimersSettings
        from ..models.sweep import Sweep
        from ..models.threshold import Threshold

        d = dict(src_dict)
        proxy = HAProxyConfig.from_dict(d.pop("proxy"))

        def _parse_target(
            data: object,
        ) -> ExternalTarget | ManagedDatabase | ManagedTarget:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                target_type_0 = ManagedTarget.from_dict(data)

                return target_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                target_type_1 = ManagedDatabase.from_dict(data)

                return target_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            target_type_2 = ExternalTarget.from_dict(data)

            return target_type_2

        target = _parse_target(d.pop("target"))

        load = LoadProfile.from_dict(d.pop("load"))

        spec_version = cast(Literal[1] | Unset, d.pop("spec_version", UNSET))
        if spec_version != 1 and not isinstance(spec_version, Unset):
            raise ValueError(f"spec_version must match const 1, got '{spec_version}'")

        _timers = d.pop("timers", UNSET)
        timers: RequestTimersSettings | Unset
        if isinstance(_timers, Unset):
            timers = UNSET
        else:
            timers = RequestTimersSettings.from_dict(_timers)

        _sweep = d.pop("sweep", UNSET)
        sweep: Sweep | Unset
        if isinstance(_sweep, Unset):
            sweep = UNSET
        else:
            sweep = Sweep.from_dict(_sweep)

        repetitions = d.pop("repetitions", UNSET)

        _thresholds = d.pop("thresholds", UNSET)
        thresholds: list[Threshold] | Unset = UNSET
        if _thresholds is not UNSET:
            thresholds = []
            for thresholds_item_data in _thresholds:
                thresholds_item = Threshold.from_dict(thresholds_item_data)

                thresholds.append(thresholds_item)

        def _parse_search(data: object) -> CapacitySearch | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                search_type_0 = CapacitySearch.from_dict(data)

                return search_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CapacitySearch | None | Unset, data)

        search = _parse_search(d.pop("search", UNSET))

        validate_request_experiment_spec = cls(
            proxy=proxy,
            target=target,
            load=load,
            spec_version=spec_version,
            timers=timers,
            sweep=sweep,
            repetitions=repetitions,
            thresholds=thresholds,
            search=search,
        )

        return validate_request_experiment_spec
