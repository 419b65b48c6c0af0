from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.phase_band import PhaseBand
    from ..models.timer_second_histograms import TimerSecondHistograms
    from ..models.timer_second_states import TimerSecondStates
    from ..models.timer_second_unset import TimerSecondUnset


T = TypeVar("T", bound="TimerSecond")


@_attrs_define
class TimerSecond:
    """One second of HAProxy's request log, as the proxy agent read it (SamplePoint.timers).

    Attributes:
        one_in (int): HAProxy logged one request in this many.
        lines (int): Log lines read and understood this second.
        unparsed (int | Unset): Lines received that were not haplab's format. Default: 0.
        histograms (TimerSecondHistograms | Unset): Scope (* the whole, a backend, backend/server) -> timer -> base64
            HdrHistogram V2 of its values in MICROSECONDS (ms x 1000, as every haplab histogram), -1 left out.
        unset (TimerSecondUnset | Unset): Timer -> termination state -> requests where it was -1.
        states (TimerSecondStates | Unset): Scope -> termination state -> requests.
        queued (int | Unset): Requests that waited in a queue. Default: 0.
        connections (int | Unset): Requests the log shows opening a server connection. Default: 0.
        with_server (int | Unset): Requests that reached a server (Tc set). Default: 0.
        sum_checked (int | Unset): Requests whose timers were all set, checked. Default: 0.
        sum_mismatches (int | Unset): Of those, the ones whose phases did not add up to Tt within 1 ms. Default: 0.
        bands (list[PhaseBand] | Unset):
    """

    one_in: int
    lines: int
    unparsed: int | Unset = 0
    histograms: TimerSecondHistograms | Unset = UNSET
    unset: TimerSecondUnset | Unset = UNSET
    states: TimerSecondStates | Unset = UNSET
    queued: int | Unset = 0
    connections: int | Unset = 0
    with_server: int | Unset = 0
    sum_checked: int | Unset = 0
    sum_mismatches: int | Unset = 0
    bands: list[PhaseBand] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        one_in = self.one_in

        lines = self.lines

        unparsed = self.unparsed

        histograms: dict[str, Any] | Unset = UNSET
        if not isinstance(self.histograms, Unset):
            histograms = self.histograms.to_dict()

        unset: dict[str, Any] | Unset = UNSET
        if not isinstance(self.unset, Unset):
            unset = self.unset.to_dict()

        states: dict[str, Any] | Unset = UNSET
        if not isinstance(self.states, Unset):
            states = self.states.to_dict()

        queued = self.queued

        connections = self.connections

        with_server = self.with_server

        sum_checked = self.sum_checked

        sum_mismatches = self.sum_mismatches

        bands: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.bands, Unset):
            bands = []
            for bands_item_data in self.bands:
                bands_item = bands_item_data.to_dict()
                bands.append(bands_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "one_in": one_in,
                "lines": lines,
            }
        )
        if unparsed is not UNSET:
            field_dict["unparsed"] = unparsed
        if histograms is not UNSET:
            field_dict["histograms"] = histograms
        if unset is not UNSET:
            field_dict["unset"] = unset
        if states is not UNSET:
            field_dict["states"] = states
        if queued is not UNSET:
            field_dict["queued"] = queued
        if connections is not UNSET:
            field_dict["connections"] = connections
        if with_server is not UNSET:
            field_dict["with_server"] = with_server
        if sum_checked is not UNSET:
            field_dict["sum_checked"] = sum_checked
        if sum_mismatches is not UNSET:
            field_dict["sum_mismatches"] = sum_mismatches
        if bands is not UNSET:
            field_dict["bands"] = bands

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.phase_band import PhaseBand
        from ..models.timer_second_histograms import TimerSecondHistograms
        from ..models.timer_second_states import TimerSecondStates
        from ..models.timer_second_unset import TimerSecondUnset

        d = dict(src_dict)
        one_in = d.pop("one_in")

        lines = d.pop("lines")

        unparsed = d.pop("unparsed", UNSET)

        _histograms = d.pop("histograms", UNSET)
        histograms: TimerSecondHistograms | Unset
        if isinstance(_histograms, Unset):
            histograms = UNSET
        else:
            histograms = TimerSecondHistograms.from_dict(_histograms)

        _unset = d.pop("unset", UNSET)
        unset: TimerSecondUnset | Unset
        if isinstance(_unset, Unset):
            unset = UNSET
        else:
            unset = TimerSecondUnset.from_dict(_unset)

        _states = d.pop("states", UNSET)
        states: TimerSecondStates | Unset
        if isinstance(_states, Unset):
            states = UNSET
        else:
            states = TimerSecondStates.from_dict(_states)

        queued = d.pop("queued", UNSET)

        connections = d.pop("connections", UNSET)

        with_server = d.pop("with_server", UNSET)

        sum_checked = d.pop("sum_checked", UNSET)

        sum_mismatches = d.pop("sum_mismatches", UNSET)

        _bands = d.pop("bands", UNSET)
        bands: list[PhaseBand] | Unset = UNSET
        if _bands is not UNSET:
            bands = []
            for bands_item_data in _bands:
                bands_item = PhaseBand.from_dict(bands_item_data)

                bands.append(bands_item)

        timer_second = cls(
            one_in=one_in,
            lines=lines,
            unparsed=unparsed,
            histograms=histograms,
            unset=unset,
            states=states,
            queued=queued,
            connections=connections,
            with_server=with_server,
            sum_checked=sum_checked,
            sum_mismatches=sum_mismatches,
            bands=bands,
        )

        return timer_second
