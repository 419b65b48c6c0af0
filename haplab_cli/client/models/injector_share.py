from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.injector_share_per_injector import InjectorSharePerInjector
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.load_stage import LoadStage


T = TypeVar("T", bound="InjectorShare")


@_attrs_define
class InjectorShare:
    """What one injector of a run was asked to send: its share of the profile (or all of it).

    Attributes:
        index (int): The injector's place in the split (0-based, agents in name order).
        of (int): How many injectors the run's load was split across.
        per_injector (InjectorSharePerInjector): share: this is the injector's part of the total; whole: it ran the
            whole profile.
        weight (int): The injector's weight in the split (the lab's setting; 1 by default).
        connections (int): Client connections this injector opened.
        threads (int): Tool threads this injector ran.
        rate (float | None | Unset): Requests/s this injector was asked to hold; None: closed loop.
        queries (int | None | Unset): mariadb-slap: statements this injector's clients ran per iteration.
        stages (list[LoadStage] | None | Unset): This injector's share of each stage (a staged profile only).
    """

    index: int
    of: int
    per_injector: InjectorSharePerInjector
    weight: int
    connections: int
    threads: int
    rate: float | None | Unset = UNSET
    queries: int | None | Unset = UNSET
    stages: list[LoadStage] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        of = self.of

        per_injector = self.per_injector.value

        weight = self.weight

        connections = self.connections

        threads = self.threads

        rate: float | None | Unset
        if isinstance(self.rate, Unset):
            rate = UNSET
        else:
            rate = self.rate

        queries: int | None | Unset
        if isinstance(self.queries, Unset):
            queries = UNSET
        else:
            queries = self.queries

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
                "index": index,
                "of": of,
                "per_injector": per_injector,
                "weight": weight,
                "connections": connections,
                "threads": threads,
            }
        )
        if rate is not UNSET:
            field_dict["rate"] = rate
        if queries is not UNSET:
            field_dict["queries"] = queries
        if stages is not UNSET:
            field_dict["stages"] = stages

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.load_stage import LoadStage

        d = dict(src_dict)
        index = d.pop("index")

        of = d.pop("of")

        per_injector = InjectorSharePerInjector(d.pop("per_injector"))

        weight = d.pop("weight")

        connections = d.pop("connections")

        threads = d.pop("threads")

        def _parse_rate(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rate = _parse_rate(d.pop("rate", UNSET))

        def _parse_queries(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        queries = _parse_queries(d.pop("queries", UNSET))

        def _parse_stages(data: object) -> list[LoadStage] | None | Unset:
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
                    stages_type_0_item = LoadStage.from_dict(stages_type_0_item_data)

                    stages_type_0.append(stages_type_0_item)

                return stages_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[LoadStage] | None | Unset, data)

        stages = _parse_stages(d.pop("stages", UNSET))

        injector_share = cls(
            index=index,
            of=of,
            per_injector=per_injector,
            weight=weight,
            connections=connections,
            threads=threads,
            rate=rate,
            queries=queries,
            stages=stages,
        )

        return injector_share
