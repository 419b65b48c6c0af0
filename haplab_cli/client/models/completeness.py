from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.completeness_totals_from import CompletenessTotalsFrom
from ..types import UNSET, Unset

T = TypeVar("T", bound="Completeness")


@_attrs_define
class Completeness:
    """Whether the run measured what it was asked to measure.

    A run that is not complete is never shown as if it were: it ends `partial` (or `failed`), its
    rates divide by the seconds it did measure, and sweep analysis leaves it out by default.

        Attributes:
            complete (bool): The load covered the whole measured window it was asked for.
            asked_s (float): Measured duration the spec asked for, seconds.
            measured_s (float): Seconds the load really covered (from t0).
            load_started_at (datetime.datetime | None | Unset): When the measured load began (t0, after warm-up), UTC.
            load_ended_at (datetime.datetime | None | Unset): When the measured load ended (t0 + measured_s), UTC.
            reasons (list[str] | Unset): Why the run is not complete, one sentence each; empty if complete.
            too_short (bool | Unset): The measured window was far shorter than asked (under half, or under 2 s): its figures
                describe too little to measure anything, and no threshold is judged on them. Default: False.
            totals_from (CompletenessTotalsFrom | Unset): Where `total` comes from: the load tools' own reports, or (when no
                tool reported, e.g. an injector was lost) HAProxy's per-second counters of the seconds sampled before the fault.
                Default: CompletenessTotalsFrom.INJECTORS.
    """

    complete: bool
    asked_s: float
    measured_s: float
    load_started_at: datetime.datetime | None | Unset = UNSET
    load_ended_at: datetime.datetime | None | Unset = UNSET
    reasons: list[str] | Unset = UNSET
    too_short: bool | Unset = False
    totals_from: CompletenessTotalsFrom | Unset = CompletenessTotalsFrom.INJECTORS

    def to_dict(self) -> dict[str, Any]:
        complete = self.complete

        asked_s = self.asked_s

        measured_s = self.measured_s

        load_started_at: None | str | Unset
        if isinstance(self.load_started_at, Unset):
            load_started_at = UNSET
        elif isinstance(self.load_started_at, datetime.datetime):
            load_started_at = self.load_started_at.isoformat()
        else:
            load_started_at = self.load_started_at

        load_ended_at: None | str | Unset
        if isinstance(self.load_ended_at, Unset):
            load_ended_at = UNSET
        elif isinstance(self.load_ended_at, datetime.datetime):
            load_ended_at = self.load_ended_at.isoformat()
        else:
            load_ended_at = self.load_ended_at

        reasons: list[str] | Unset = UNSET
        if not isinstance(self.reasons, Unset):
            reasons = self.reasons

        too_short = self.too_short

        totals_from: str | Unset = UNSET
        if not isinstance(self.totals_from, Unset):
            totals_from = self.totals_from.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "complete": complete,
                "asked_s": asked_s,
                "measured_s": measured_s,
            }
        )
        if load_started_at is not UNSET:
            field_dict["load_started_at"] = load_started_at
        if load_ended_at is not UNSET:
            field_dict["load_ended_at"] = load_ended_at
        if reasons is not UNSET:
            field_dict["reasons"] = reasons
        if too_short is not UNSET:
            field_dict["too_short"] = too_short
        if totals_from is not UNSET:
            field_dict["totals_from"] = totals_from

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        complete = d.pop("complete")

        asked_s = d.pop("asked_s")

        measured_s = d.pop("measured_s")

        def _parse_load_started_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                load_started_at_type_0 = datetime.datetime.fromisoformat(data)

                return load_started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        load_started_at = _parse_load_started_at(d.pop("load_started_at", UNSET))

        def _parse_load_ended_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                load_ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return load_ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        load_ended_at = _parse_load_ended_at(d.pop("load_ended_at", UNSET))

        reasons = cast(list[str], d.pop("reasons", UNSET))

        too_short = d.pop("too_short", UNSET)

        _totals_from = d.pop("totals_from", UNSET)
        totals_from: CompletenessTotalsFrom | Unset
        if isinstance(_totals_from, Unset):
            totals_from = UNSET
        else:
            totals_from = CompletenessTotalsFrom(_totals_from)

        completeness = cls(
            complete=complete,
            asked_s=asked_s,
            measured_s=measured_s,
            load_started_at=load_started_at,
            load_ended_at=load_ended_at,
            reasons=reasons,
            too_short=too_short,
            totals_from=totals_from,
        )

        return completeness
