from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.proxy_summary_mode_type_0 import ProxySummaryModeType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="ProxySummary")


@_attrs_define
class ProxySummary:
    """What HAProxy counted over the measured duration (from the Runtime API).

    Attributes:
        requests (int | Unset): HTTP requests received by the frontends. Default: 0.
        connects (int | Unset): Server connections established. Default: 0.
        reuses (int | Unset): Requests sent over an already open server connection. Default: 0.
        econ (int | Unset): Failed server connection attempts. Default: 0.
        eresp (int | Unset): Server responses aborted or refused. Default: 0.
        ereq (int | Unset): Client requests in error. Default: 0.
        max_scur (int | Unset): Most concurrent sessions seen. Default: 0.
        max_qcur (int | Unset): Most requests queued at once. Default: 0.
        hrsp_1xx (int | Unset):  Default: 0.
        hrsp_2xx (int | Unset):  Default: 0.
        hrsp_3xx (int | Unset):  Default: 0.
        hrsp_4xx (int | Unset):  Default: 0.
        hrsp_5xx (int | Unset):  Default: 0.
        hrsp_other (int | Unset):  Default: 0.
        bytes_in (int | Unset): Bytes received from clients. Default: 0.
        bytes_out (int | Unset): Bytes sent to clients. Default: 0.
        avg_qtime_ms (float | None | Unset): HAProxy's average queue time of its last 1,024 requests, as read over the
            window's seconds (not the window's own: see averaged_before_window).
        avg_ttime_ms (float | None | Unset): HAProxy's average total time (accept to last byte; a whole session in TCP
            mode) of its last 1,024 requests, as read over the window's seconds.
        averaged_before_window (int | None | Unset): Of the requests HAProxy's qtime/ttime averages covered at the
            window's end (its last 1,024), how many were served before the window (the warm-up). None: not known.
        mode (None | ProxySummaryModeType0 | Unset): The entry point's mode: in tcp, a 'request' is a whole client
            session.
        max_used_conns (int | None | Unset): Most server connections in use (show servers conn).
        max_server_conns (int | None | Unset): Most server connections open at once, in use + idle (show servers conn,
            each second).
        bytes_out_per_s (float | None | Unset): Bytes sent to clients per second (HAProxy's bout; MB/s = / 1e6).
        max_conn_rate (int | None | Unset): Most client connections the entry frontend accepted in a second (its
            conn_tot).
        maxconn (int | None | Unset): The entry point's client connection limit, to read max_scur against.
    """

    requests: int | Unset = 0
    connects: int | Unset = 0
    reuses: int | Unset = 0
    econ: int | Unset = 0
    eresp: int | Unset = 0
    ereq: int | Unset = 0
    max_scur: int | Unset = 0
    max_qcur: int | Unset = 0
    hrsp_1xx: int | Unset = 0
    hrsp_2xx: int | Unset = 0
    hrsp_3xx: int | Unset = 0
    hrsp_4xx: int | Unset = 0
    hrsp_5xx: int | Unset = 0
    hrsp_other: int | Unset = 0
    bytes_in: int | Unset = 0
    bytes_out: int | Unset = 0
    avg_qtime_ms: float | None | Unset = UNSET
    avg_ttime_ms: float | None | Unset = UNSET
    averaged_before_window: int | None | Unset = UNSET
    mode: None | ProxySummaryModeType0 | Unset = UNSET
    max_used_conns: int | None | Unset = UNSET
    max_server_conns: int | None | Unset = UNSET
    bytes_out_per_s: float | None | Unset = UNSET
    max_conn_rate: int | None | Unset = UNSET
    maxconn: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        requests = self.requests

        connects = self.connects

        reuses = self.reuses

        econ = self.econ

        eresp = self.eresp

        ereq = self.ereq

        max_scur = self.max_scur

        max_qcur = self.max_qcur

        hrsp_1xx = self.hrsp_1xx

        hrsp_2xx = self.hrsp_2xx

        hrsp_3xx = self.hrsp_3xx

        hrsp_4xx = self.hrsp_4xx

        hrsp_5xx = self.hrsp_5xx

        hrsp_other = self.hrsp_other

        bytes_in = self.bytes_in

        bytes_out = self.bytes_out

        avg_qtime_ms: float | None | Unset
        if isinstance(self.avg_qtime_ms, Unset):
            avg_qtime_ms = UNSET
        else:
            avg_qtime_ms = self.avg_qtime_ms

        avg_ttime_ms: float | None | Unset
        if isinstance(self.avg_ttime_ms, Unset):
            avg_ttime_ms = UNSET
        else:
            avg_ttime_ms = self.avg_ttime_ms

        averaged_before_window: int | None | Unset
        if isinstance(self.averaged_before_window, Unset):
            averaged_before_window = UNSET
        else:
            averaged_before_window = self.averaged_before_window

        mode: None | str | Unset
        if isinstance(self.mode, Unset):
            mode = UNSET
        elif isinstance(self.mode, ProxySummaryModeType0):
            mode = self.mode.value
        else:
            mode = self.mode

        max_used_conns: int | None | Unset
        if isinstance(self.max_used_conns, Unset):
            max_used_conns = UNSET
        else:
            max_used_conns = self.max_used_conns

        max_server_conns: int | None | Unset
        if isinstance(self.max_server_conns, Unset):
            max_server_conns = UNSET
        else:
            max_server_conns = self.max_server_conns

        bytes_out_per_s: float | None | Unset
        if isinstance(self.bytes_out_per_s, Unset):
            bytes_out_per_s = UNSET
        else:
            bytes_out_per_s = self.bytes_out_per_s

        max_conn_rate: int | None | Unset
        if isinstance(self.max_conn_rate, Unset):
            max_conn_rate = UNSET
        else:
            max_conn_rate = self.max_conn_rate

        maxconn: int | None | Unset
        if isinstance(self.maxconn, Unset):
            maxconn = UNSET
        else:
            maxconn = self.maxconn

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if requests is not UNSET:
            field_dict["requests"] = requests
        if connects is not UNSET:
            field_dict["connects"] = connects
        if reuses is not UNSET:
            field_dict["reuses"] = reuses
        if econ is not UNSET:
            field_dict["econ"] = econ
        if eresp is not UNSET:
            field_dict["eresp"] = eresp
        if ereq is not UNSET:
            field_dict["ereq"] = ereq
        if max_scur is not UNSET:
            field_dict["max_scur"] = max_scur
        if max_qcur is not UNSET:
            field_dict["max_qcur"] = max_qcur
        if hrsp_1xx is not UNSET:
            field_dict["hrsp_1xx"] = hrsp_1xx
        if hrsp_2xx is not UNSET:
            field_dict["hrsp_2xx"] = hrsp_2xx
        if hrsp_3xx is not UNSET:
            field_dict["hrsp_3xx"] = hrsp_3xx
        if hrsp_4xx is not UNSET:
            field_dict["hrsp_4xx"] = hrsp_4xx
        if hrsp_5xx is not UNSET:
            field_dict["hrsp_5xx"] = hrsp_5xx
        if hrsp_other is not UNSET:
            field_dict["hrsp_other"] = hrsp_other
        if bytes_in is not UNSET:
            field_dict["bytes_in"] = bytes_in
        if bytes_out is not UNSET:
            field_dict["bytes_out"] = bytes_out
        if avg_qtime_ms is not UNSET:
            field_dict["avg_qtime_ms"] = avg_qtime_ms
        if avg_ttime_ms is not UNSET:
            field_dict["avg_ttime_ms"] = avg_ttime_ms
        if averaged_before_window is not UNSET:
            field_dict["averaged_before_window"] = averaged_before_window
        if mode is not UNSET:
            field_dict["mode"] = mode
        if max_used_conns is not UNSET:
            field_dict["max_used_conns"] = max_used_conns
        if max_server_conns is not UNSET:
            field_dict["max_server_conns"] = max_server_conns
        if bytes_out_per_s is not UNSET:
            field_dict["bytes_out_per_s"] = bytes_out_per_s
        if max_conn_rate is not UNSET:
            field_dict["max_conn_rate"] = max_conn_rate
        if maxconn is not UNSET:
            field_dict["maxconn"] = maxconn

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        requests = d.pop("requests", UNSET)

        connects = d.pop("connects", UNSET)

        reuses = d.pop("reuses", UNSET)

        econ = d.pop("econ", UNSET)

        eresp = d.pop("eresp", UNSET)

        ereq = d.pop("ereq", UNSET)

        max_scur = d.pop("max_scur", UNSET)

        max_qcur = d.pop("max_qcur", UNSET)

        hrsp_1xx = d.pop("hrsp_1xx", UNSET)

        hrsp_2xx = d.pop("hrsp_2xx", UNSET)

        hrsp_3xx = d.pop("hrsp_3xx", UNSET)

        hrsp_4xx = d.pop("hrsp_4xx", UNSET)

        hrsp_5xx = d.pop("hrsp_5xx", UNSET)

        hrsp_other = d.pop("hrsp_other", UNSET)

        bytes_in = d.pop("bytes_in", UNSET)

        bytes_out = d.pop("bytes_out", UNSET)

        def _parse_avg_qtime_ms(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        avg_qtime_ms = _parse_avg_qtime_ms(d.pop("avg_qtime_ms", UNSET))

        def _parse_avg_ttime_ms(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        avg_ttime_ms = _parse_avg_ttime_ms(d.pop("avg_ttime_ms", UNSET))

        def _parse_averaged_before_window(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        averaged_before_window = _parse_averaged_before_window(
            d.pop("averaged_before_window", UNSET)
        )

        def _parse_mode(data: object) -> None | ProxySummaryModeType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                mode_type_0 = ProxySummaryModeType0(data)

                return mode_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProxySummaryModeType0 | Unset, data)

        mode = _parse_mode(d.pop("mode", UNSET))

        def _parse_max_used_conns(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_used_conns = _parse_max_used_conns(d.pop("max_used_conns", UNSET))

        def _parse_max_server_conns(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_server_conns = _parse_max_server_conns(d.pop("max_server_conns", UNSET))

        def _parse_bytes_out_per_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        bytes_out_per_s = _parse_bytes_out_per_s(d.pop("bytes_out_per_s", UNSET))

        def _parse_max_conn_rate(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_conn_rate = _parse_max_conn_rate(d.pop("max_conn_rate", UNSET))

        def _parse_maxconn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        maxconn = _parse_maxconn(d.pop("maxconn", UNSET))

        proxy_summary = cls(
            requests=requests,
            connects=connects,
            reuses=reuses,
            econ=econ,
            eresp=eresp,
            ereq=ereq,
            max_scur=max_scur,
            max_qcur=max_qcur,
            hrsp_1xx=hrsp_1xx,
            hrsp_2xx=hrsp_2xx,
            hrsp_3xx=hrsp_3xx,
            hrsp_4xx=hrsp_4xx,
            hrsp_5xx=hrsp_5xx,
            hrsp_other=hrsp_other,
            bytes_in=bytes_in,
            bytes_out=bytes_out,
            avg_qtime_ms=avg_qtime_ms,
            avg_ttime_ms=avg_ttime_ms,
            averaged_before_window=averaged_before_window,
            mode=mode,
            max_used_conns=max_used_conns,
            max_server_conns=max_server_conns,
            bytes_out_per_s=bytes_out_per_s,
            max_conn_rate=max_conn_rate,
            maxconn=maxconn,
        )

        return proxy_summary
