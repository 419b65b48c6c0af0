from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.request_timers_mode import RequestTimersMode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.phase_split import PhaseSplit
    from ..models.request_timers_scopes import RequestTimersScopes
    from ..models.request_timers_states import RequestTimersStates
    from ..models.request_timers_unset_by_state import RequestTimersUnsetByState
    from ..models.timer_stats import TimerStats


T = TypeVar("T", bound="RequestTimers")


@_attrs_define
class RequestTimers:
    """HAProxy's per-request timers over the measured window (RunSummary.timers).

    Attributes:
        mode (RequestTimersMode):
        one_in (int): HAProxy logged one request in this many.
        lines (int): Log lines read over the window.
        unparsed (int | Unset):  Default: 0.
        th (None | TimerStats | Unset): Th: handshake, ms.
        ti (None | TimerStats | Unset): Ti: idle before the request, ms.
        treq (None | TimerStats | Unset): TR: receiving the request, ms.
        tw (None | TimerStats | Unset): Tw: waiting in the queues, ms.
        tc (None | TimerStats | Unset): Tc: connecting to the server, ms.
        tr (None | TimerStats | Unset): Tr: the server's response time, ms.
        td (None | TimerStats | Unset): Td: moving the data, ms.
        ta (None | TimerStats | Unset): Ta: active time, ms.
        tt (None | TimerStats | Unset): Tt: total session time, ms.
        queued_share (float | None | Unset): Requests that queued, share.
        connects_per_request (float | None | Unset): Server connections opened per request that reached one.
        states (RequestTimersStates | Unset): Termination state -> requests.
        ended_by_client (int | Unset): Ended by the client (C, c). Default: 0.
        ended_by_server (int | Unset): Requests the server ended (S.., s..). Default: 0.
        ended_by_proxy (int | Unset): Requests HAProxy ended (P, R, I, D, U, K, L). Default: 0.
        unset_by_state (RequestTimersUnsetByState | Unset):
        breakdown (list[PhaseSplit] | Unset): Where time went at p50, p90, p99.
        scopes (RequestTimersScopes | Unset): Each backend (and backend/server): its timers.
        sum_checked (int | Unset):  Default: 0.
        sum_mismatches (int | Unset):  Default: 0.
        haproxy_requests (int | None | Unset): HAProxy's counters over the same seconds.
        dropped_lines (int | None | Unset): Log lines HAProxy could not send over the window (its DroppedLogs).
    """

    mode: RequestTimersMode
    one_in: int
    lines: int
    unparsed: int | Unset = 0
    th: None | TimerStats | Unset = UNSET
    ti: None | TimerStats | Unset = UNSET
    treq: None | TimerStats | Unset = UNSET
    tw: None | TimerStats | Unset = UNSET
    tc: None | TimerStats | Unset = UNSET
    tr: None | TimerStats | Unset = UNSET
    td: None | TimerStats | Unset = UNSET
    ta: None | TimerStats | Unset = UNSET
    tt: None | TimerStats | Unset = UNSET
    queued_share: float | None | Unset = UNSET
    connects_per_request: float | None | Unset = UNSET
    states: RequestTimersStates | Unset = UNSET
    ended_by_client: int | Unset = 0
    ended_by_server: int | Unset = 0
    ended_by_proxy: int | Unset = 0
    unset_by_state: RequestTimersUnsetByState | Unset = UNSET
    breakdown: list[PhaseSplit] | Unset = UNSET
    scopes: RequestTimersScopes | Unset = UNSET
    sum_checked: int | Unset = 0
    sum_mismatches: int | Unset = 0
    haproxy_requests: int | None | Unset = UNSET
    dropped_lines: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.timer_stats import TimerStats

        mode = self.mode.value

        one_in = self.one_in

        lines = self.lines

        unparsed = self.unparsed

        th: dict[str, Any] | None | Unset
        if isinstance(self.th, Unset):
            th = UNSET
        elif isinstance(self.th, TimerStats):
            th = self.th.to_dict()
        else:
            th = self.th

        ti: dict[str, Any] | None | Unset
        if isinstance(self.ti, Unset):
            ti = UNSET
        elif isinstance(self.ti, TimerStats):
            ti = self.ti.to_dict()
        else:
            ti = self.ti

        treq: dict[str, Any] | None | Unset
        if isinstance(self.treq, Unset):
            treq = UNSET
        elif isinstance(self.treq, TimerStats):
            treq = self.treq.to_dict()
        else:
            treq = self.treq

        tw: dict[str, Any] | None | Unset
        if isinstance(self.tw, Unset):
            tw = UNSET
        elif isinstance(self.tw, TimerStats):
            tw = self.tw.to_dict()
        else:
            tw = self.tw

        tc: dict[str, Any] | None | Unset
        if isinstance(self.tc, Unset):
            tc = UNSET
        elif isinstance(self.tc, TimerStats):
            tc = self.tc.to_dict()
        else:
            tc = self.tc

        tr: dict[str, Any] | None | Unset
        if isinstance(self.tr, Unset):
            tr = UNSET
        elif isinstance(self.tr, TimerStats):
            tr = self.tr.to_dict()
        else:
            tr = self.tr

        td: dict[str, Any] | None | Unset
        if isinstance(self.td, Unset):
            td = UNSET
        elif isinstance(self.td, TimerStats):
            td = self.td.to_dict()
        else:
            td = self.td

        ta: dict[str, Any] | None | Unset
        if isinstance(self.ta, Unset):
            ta = UNSET
        elif isinstance(self.ta, TimerStats):
            ta = self.ta.to_dict()
        else:
            ta = self.ta

        tt: dict[str, Any] | None | Unset
        if isinstance(self.tt, Unset):
            tt = UNSET
        elif isinstance(self.tt, TimerStats):
            tt = self.tt.to_dict()
        else:
            tt = self.tt

        queued_share: float | None | Unset
        if isinstance(self.queued_share, Unset):
            queued_share = UNSET
        else:
            queued_share = self.queued_share

        connects_per_request: float | None | Unset
        if isinstance(self.connects_per_request, Unset):
            connects_per_request = UNSET
        else:
            connects_per_request = self.connects_per_request

        states: dict[str, Any] | Unset = UNSET
        if not isinstance(self.states, Unset):
            states = self.states.to_dict()

        ended_by_client = self.ended_by_client

        ended_by_server = self.ended_by_server

        ended_by_proxy = self.ended_by_proxy

        unset_by_state: dict[str, Any] | Unset = UNSET
        if not isinstance(self.unset_by_state, Unset):
            unset_by_state = self.unset_by_state.to_dict()

        breakdown: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.breakdown, Unset):
            breakdown = []
            for breakdown_item_data in self.breakdown:
                breakdown_item = breakdown_item_data.to_dict()
                breakdown.append(breakdown_item)

        scopes: dict[str, Any] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = self.scopes.to_dict()

        sum_checked = self.sum_checked

        sum_mismatches = self.sum_mismatches

        haproxy_requests: int | None | Unset
        if isinstance(self.haproxy_requests, Unset):
            haproxy_requests = UNSET
        else:
            haproxy_requests = self.haproxy_requests

        dropped_lines: int | None | Unset
        if isinstance(self.dropped_lines, Unset):
            dropped_lines = UNSET
        else:
            dropped_lines = self.dropped_lines

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
                "one_in": one_in,
                "lines": lines,
            }
        )
        if unparsed is not UNSET:
            field_dict["unparsed"] = unparsed
        if th is not UNSET:
            field_dict["th"] = th
        if ti is not UNSET:
            field_dict["ti"] = ti
        if treq is not UNSET:
            field_dict["treq"] = treq
        if tw is not UNSET:
            field_dict["tw"] = tw
        if tc is not UNSET:
            field_dict["tc"] = tc
        if tr is not UNSET:
            field_dict["tr"] = tr
        if td is not UNSET:
            field_dict["td"] = td
        if ta is not UNSET:
            field_dict["ta"] = ta
        if tt is not UNSET:
            field_dict["tt"] = tt
        if queued_share is not UNSET:
            field_dict["queued_share"] = queued_share
        if connects_per_request is not UNSET:
            field_dict["connects_per_request"] = connects_per_request
        if states is not UNSET:
            field_dict["states"] = states
        if ended_by_client is not UNSET:
            field_dict["ended_by_client"] = ended_by_client
        if ended_by_server is not UNSET:
            field_dict["ended_by_server"] = ended_by_server
        if ended_by_proxy is not UNSET:
            field_dict["ended_by_proxy"] = ended_by_proxy
        if unset_by_state is not UNSET:
            field_dict["unset_by_state"] = unset_by_state
        if breakdown is not UNSET:
            field_dict["breakdown"] = breakdown
        if scopes is not UNSET:
            field_dict["scopes"] = scopes
        if sum_checked is not UNSET:
            field_dict["sum_checked"] = sum_checked
        if sum_mismatches is not UNSET:
            field_dict["sum_mismatches"] = sum_mismatches
        if haproxy_requests is not UNSET:
            field_dict["haproxy_requests"] = haproxy_requests
        if dropped_lines is not UNSET:
            field_dict["dropped_lines"] = dropped_lines

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.phase_split import PhaseSplit
        from ..models.request_timers_scopes import RequestTimersScopes
        from ..models.request_timers_states import RequestTimersStates
        from ..models.request_timers_unset_by_state import RequestTimersUnsetByState
        from ..models.timer_stats import TimerStats

        d = dict(src_dict)
        mode = RequestTimersMode(d.pop("mode"))

        one_in = d.pop("one_in")

        lines = d.pop("lines")

        unparsed = d.pop("unparsed", UNSET)

        def _parse_th(data: object) -> None | TimerStats | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                th_type_0 = TimerStats.from_dict(data)

                return th_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimerStats | Unset, data)

        th = _parse_th(d.pop("th", UNSET))

        def _parse_ti(data: object) -> None | TimerStats | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ti_type_0 = TimerStats.from_dict(data)

                return ti_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimerStats | Unset, data)

        ti = _parse_ti(d.pop("ti", UNSET))

        def _parse_treq(data: object) -> None | TimerStats | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                treq_type_0 = TimerStats.from_dict(data)

                return treq_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimerStats | Unset, data)

        treq = _parse_treq(d.pop("treq", UNSET))

        def _parse_tw(data: object) -> None | TimerStats | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tw_type_0 = TimerStats.from_dict(data)

                return tw_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimerStats | Unset, data)

        tw = _parse_tw(d.pop("tw", UNSET))

        def _parse_tc(data: object) -> None | TimerStats | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tc_type_0 = TimerStats.from_dict(data)

                return tc_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimerStats | Unset, data)

        tc = _parse_tc(d.pop("tc", UNSET))

        def _parse_tr(data: object) -> None | TimerStats | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tr_type_0 = TimerStats.from_dict(data)

                return tr_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimerStats | Unset, data)

        tr = _parse_tr(d.pop("tr", UNSET))

        def _parse_td(data: object) -> None | TimerStats | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                td_type_0 = TimerStats.from_dict(data)

                return td_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimerStats | Unset, data)

        td = _parse_td(d.pop("td", UNSET))

        def _parse_ta(data: object) -> None | TimerStats | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ta_type_0 = TimerStats.from_dict(data)

                return ta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimerStats | Unset, data)

        ta = _parse_ta(d.pop("ta", UNSET))

        def _parse_tt(data: object) -> None | TimerStats | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tt_type_0 = TimerStats.from_dict(data)

                return tt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimerStats | Unset, data)

        tt = _parse_tt(d.pop("tt", UNSET))

        def _parse_queued_share(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        queued_share = _parse_queued_share(d.pop("queued_share", UNSET))

        def _parse_connects_per_request(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        connects_per_request = _parse_connects_per_request(
            d.pop("connects_per_request", UNSET)
        )

        _states = d.pop("states", UNSET)
        states: RequestTimersStates | Unset
        if isinstance(_states, Unset):
            states = UNSET
        else:
            states = RequestTimersStates.from_dict(_states)

        ended_by_client = d.pop("ended_by_client", UNSET)

        ended_by_server = d.pop("ended_by_server", UNSET)

        ended_by_proxy = d.pop("ended_by_proxy", UNSET)

        _unset_by_state = d.pop("unset_by_state", UNSET)
        unset_by_state: RequestTimersUnsetByState | Unset
        if isinstance(_unset_by_state, Unset):
            unset_by_state = UNSET
        else:
            unset_by_state = RequestTimersUnsetByState.from_dict(_unset_by_state)

        _breakdown = d.pop("breakdown", UNSET)
        breakdown: list[PhaseSplit] | Unset = UNSET
        if _breakdown is not UNSET:
            breakdown = []
            for breakdown_item_data in _breakdown:
                breakdown_item = PhaseSplit.from_dict(breakdown_item_data)

                breakdown.append(breakdown_item)

        _scopes = d.pop("scopes", UNSET)
        scopes: RequestTimersScopes | Unset
        if isinstance(_scopes, Unset):
            scopes = UNSET
        else:
            scopes = RequestTimersScopes.from_dict(_scopes)

        sum_checked = d.pop("sum_checked", UNSET)

        sum_mismatches = d.pop("sum_mismatches", UNSET)

        def _parse_haproxy_requests(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        haproxy_requests = _parse_haproxy_requests(d.pop("haproxy_requests", UNSET))

        def _parse_dropped_lines(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dropped_lines = _parse_dropped_lines(d.pop("dropped_lines", UNSET))

        request_timers = cls(
            mode=mode,
            one_in=one_in,
            lines=lines,
            unparsed=unparsed,
            th=th,
            ti=ti,
            treq=treq,
            tw=tw,
            tc=tc,
            tr=tr,
            td=td,
            ta=ta,
            tt=tt,
            queued_share=queued_share,
            connects_per_request=connects_per_request,
            states=states,
            ended_by_client=ended_by_client,
            ended_by_server=ended_by_server,
            ended_by_proxy=ended_by_proxy,
            unset_by_state=unset_by_state,
            breakdown=breakdown,
            scopes=scopes,
            sum_checked=sum_checked,
            sum_mismatches=sum_mismatches,
            haproxy_requests=haproxy_requests,
            dropped_lines=dropped_lines,
        )

        return request_timers
