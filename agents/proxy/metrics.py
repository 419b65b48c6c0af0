"""Turn Runtime API readings into sample data: gauges as read, counters as per-second deltas.

Key names (contract.results.is_gauge decides gauge vs counter by the last dotted part):
- `{frontend}.{field}` / `{backend}.{field}`: a section's aggregate row ("fe.scur", "be.connect");
  a backend also gets the sum of its servers' used_conns/idle_conns/safe_conns.
  A `listen` section has both rows under one name: `{listen}.{field}` is the frontend row's
  field (client side: req_tot, scur, hrsp_*, bin ...) or, where the frontend row has none, the
  backend row's (server side: connect, reuse, econ, qcur, qtime ...). The backend row's value
  of a field both rows have is `{listen}.backend.{field}`. So `{entry frontend}.req_tot` and
  `{its backend}.connect` read the same for a frontend+backend pair and for a listen.
- `{backend}.{server}.{field}`: a server ("be.t1.connect", "be.t1.used_conns").
- `FRONTEND.{field}` / `BACKEND.{field}`: the first frontend row and the first backend row of
  `show stat` (config order), under fixed names so charts and summaries need no section names.
- `PROCESS.{name}`: `show info` (cur_conns, conn_rate, run_queue_cur, idle_pct, requests ...).

HAProxy names that would read as the wrong kind are renamed: smax -> scur_max, qmax -> qcur_max
(gauges, not counters). `status` is 1 when a row is OPEN/UP/"no check", else 0. Per LAB-NOTES,
qtime/ctime/rtime/ttime are averages over the last 1024 requests, not percentiles, and `show
servers conn` maxima reset every purge period (so they are sampled during the run).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

# show stat fields kept as levels, with the name they get in a sample.
STAT_GAUGES = {
    "scur": "scur",
    "smax": "scur_max",
    "qcur": "qcur",
    "qmax": "qcur_max",
    "rate": "rate",
    "rate_max": "rate_max",
    "req_rate": "req_rate",
    "req_rate_max": "req_rate_max",
    "conn_rate": "conn_rate",
    "conn_rate_max": "conn_rate_max",
    "qtime": "qtime",
    "ctime": "ctime",
    "rtime": "rtime",
    "ttime": "ttime",
    "qtime_max": "qtime_max",
    "ctime_max": "ctime_max",
    "rtime_max": "rtime_max",
    "ttime_max": "ttime_max",
    "weight": "weight",
}
# show stat counters (cumulative since the worker started): sampled as per-second deltas.
STAT_COUNTERS = (
    "stot",
    "conn_tot",
    "bin",
    "bout",
    "dreq",
    "dresp",
    "dcon",
    "dses",
    "ereq",
    "econ",
    "eresp",
    "eint",
    "wretr",
    "wredis",
    "connect",
    "reuse",
    "req_tot",
    "lbtot",
    "cli_abrt",
    "srv_abrt",
    "hrsp_1xx",
    "hrsp_2xx",
    "hrsp_3xx",
    "hrsp_4xx",
    "hrsp_5xx",
    "hrsp_other",
    "intercepted",
    "chkfail",
    "chkdown",
)
# show servers conn columns, with their sample names.
SERVER_CONN_GAUGES = {
    "used_cur": "used_conns",
    "used_max": "used_conns_max",
    "idle_cur": "idle_conns",
    "safe_nb": "safe_conns",
    "unsafe_nb": "unsafe_conns_cur",
    "need_est": "need_conns_cur",
}
INFO_GAUGES = {
    "CurrConns": "cur_conns",
    "ConnRate": "conn_rate",
    "SessRate": "sess_rate",
    "CurrSslConns": "ssl_conns_cur",
    "SslRate": "ssl_rate",
    "SslFrontendKeyRate": "ssl_key_rate",
    "Run_queue": "run_queue_cur",
    "Tasks": "tasks_cur",
    "Idle_pct": "idle_pct",
    "Jobs": "jobs_cur",
    "Maxconn": "maxconn_max",
    "Nbthread": "threads",
}
# DroppedLogs: log lines HAProxy could not send (the request log's socket full: agents.proxy.request_log).
INFO_COUNTERS = {
    "CumConns": "conns",
    "CumReq": "requests",
    "CumSslConns": "ssl_conns",
    "DroppedLogs": "dropped_logs",
}
# Row `type` in show stat.
FRONTEND_ROW, BACKEND_ROW, SERVER_ROW = "0", "1", "2"
UP_STATES = ("OPEN", "UP", "no check")


@dataclass
class Snapshot:
    """One reading of the Runtime API: levels, and counters still cumulative."""

    gauges: dict[str, float] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)


def _number(text: str | None) -> float | None:
    if text is None or text == "":
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return int(value) if value.is_integer() else value


def _row_values(row: dict[str, str]) -> tuple[dict[str, float], dict[str, int]]:
    """The gauges (renamed) and counters of one `show stat` row."""
    gauges: dict[str, float] = {"status": 1 if row.get("status", "") in UP_STATES else 0}
    for source, name in STAT_GAUGES.items():
        if (value := _number(row.get(source))) is not None:
            gauges[name] = value
    counters = {name: int(value) for name in STAT_COUNTERS if (value := _number(row.get(name))) is not None}
    return gauges, counters


def _server_conns(rows: list[dict[str, str]]) -> dict[tuple[str, str], dict[str, float]]:
    """`show servers conn` gauges per (backend, server)."""
    conns: dict[tuple[str, str], dict[str, float]] = {}
    for row in rows:
        values = conns.setdefault((row["backend"], row["server"]), {})
        for source, name in SERVER_CONN_GAUGES.items():
            if (value := _number(row.get(source))) is not None and value >= 0:
                values[name] = value
    return conns


def _put(snap: Snapshot, prefix: str, gauges: dict[str, float], counters: dict[str, int]) -> None:
    snap.gauges.update({f"{prefix}.{name}": value for name, value in gauges.items()})
    snap.counters.update({f"{prefix}.{name}": value for name, value in counters.items()})


def _put_listen_backend(
    snap: Snapshot, proxy: str, gauges: dict[str, float], counters: dict[str, int]
) -> None:
    """A listen's backend row: under `{proxy}.` where its frontend row left the field free,
    else under `{proxy}.backend.` (client side and server side are never merged)."""
    for name, value in gauges.items():
        key = f"{proxy}.{name}"
        snap.gauges[key if key not in snap.gauges else f"{proxy}.backend.{name}"] = value
    for name, count in counters.items():
        key = f"{proxy}.{name}"
        snap.counters[key if key not in snap.counters else f"{proxy}.backend.{name}"] = count


def take_snapshot(
    info: dict[str, str], stat_rows: list[dict[str, str]], servers_conn: list[dict[str, str]]
) -> Snapshot:
    snap = Snapshot()
    for key, name in INFO_GAUGES.items():
        if (value := _number(info.get(key))) is not None:
            snap.gauges[f"PROCESS.{name}"] = value
    for key, name in INFO_COUNTERS.items():
        if (value := _number(info.get(key))) is not None:
            snap.counters[f"PROCESS.{name}"] = int(value)
    conns = _server_conns(servers_conn)
    frontends = [row for row in stat_rows if row.get("type") == FRONTEND_ROW]
    backends = [row for row in stat_rows if row.get("type") == BACKEND_ROW]
    servers = [row for row in stat_rows if row.get("type") == SERVER_ROW]
    for index, row in enumerate(frontends):
        gauges, counters = _row_values(row)
        _put(snap, row["pxname"], gauges, counters)
        if index == 0:
            _put(snap, "FRONTEND", gauges, counters)
    listens = {row["pxname"] for row in frontends}
    for index, row in enumerate(backends):
        proxy = row["pxname"]
        gauges, counters = _row_values(row)
        # The backend's server connections: the sum over its servers.
        for name in ("used_conns", "idle_conns", "safe_conns"):
            values = [c[name] for (backend, _), c in conns.items() if backend == proxy and name in c]
            if values:
                gauges[name] = sum(values)
        if proxy in listens:
            _put_listen_backend(snap, proxy, gauges, counters)
        else:
            _put(snap, proxy, gauges, counters)
        if index == 0:
            _put(snap, "BACKEND", gauges, counters)
    for row in servers:
        gauges, counters = _row_values(row)
        gauges.update(conns.get((row["pxname"], row["svname"]), {}))
        _put(snap, f"{row['pxname']}.{row['svname']}", gauges, counters)
    return snap


def sample_data(previous: Snapshot | None, current: Snapshot) -> dict[str, float | int]:
    """Gauges of `current` and counter deltas since `previous` (none without a previous)."""
    data: dict[str, float | int] = dict(current.gauges)
    if previous is not None:
        for name, value in current.counters.items():
            before = previous.counters.get(name)
            if before is None:
                continue
            # A counter that went down was reset (a reload started a new worker): what the
            # new worker counted so far is this second's change.
            data[name] = value - before if value >= before else value
    # Rows together, the fixed-name totals (upper case) first: see split_for_samples.
    return dict(sorted(data.items(), key=lambda item: _unit(item[0])))


def _unit(key: str) -> str:
    return key.rsplit(".", 1)[0]


def split_for_samples(data: Mapping[str, float | int], max_keys: int) -> list[dict[str, float | int]]:
    """Cut `data` into parts of at most `max_keys` keys, never splitting one row's keys.

    A SamplePoint holds at most 500 values; a config with many servers yields more. Keys of one
    row (same prefix) stay together, in the order given.
    """
    parts: list[dict[str, float | int]] = [{}]
    units: dict[str, dict[str, float | int]] = {}
    for key, value in data.items():
        units.setdefault(_unit(key), {})[key] = value
    for unit in units.values():
        if parts[-1] and len(parts[-1]) + len(unit) > max_keys:
            parts.append({})
        for key, value in unit.items():
            if len(parts[-1]) >= max_keys:
                parts.append({})
            parts[-1][key] = value
    return [part for part in parts if part]
