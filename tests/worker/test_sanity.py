"""Physical sanity checks: figures no link, schedule or counter allows are flagged, with why."""

from __future__ import annotations

from typing import Any

from contract.examples import seed_000_maxconn_capacity
from contract.experiment import ExperimentSpec
from contract.results import ErrorCounts, InjectorSummary, LoadTotals, ProxySummary, RunSummary
from worker.verdicts.sanity import sanity_caveats

CAP = 100e6 / 8  # a 100 Mbit/s link: 12.5 MB/s


def spec(connections: int = 20, rate: float | None = None, driver: str = "hey") -> ExperimentSpec:
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    doc["load"].update(connections=connections, rate=rate, driver=driver, duration_s=15)
    return ExperimentSpec.model_validate(doc)


def summary(
    *,
    successes: int = 9000,
    rps: float = 600.0,
    bytes_per_s: float = 12.0e6,
    timeout: int = 0,
    haproxy_2xx: int | None = None,
) -> RunSummary:
    total: dict[str, Any] = dict(
        requests=successes + timeout,
        successes=successes,
        errors=ErrorCounts(timeout=timeout),
        duration_s=15.0,
        rps=rps,
        bytes_per_s=bytes_per_s,
    )
    injector = InjectorSummary(agent="injector-1", driver="hey", **total)
    two_xx = successes if haproxy_2xx is None else haproxy_2xx
    return RunSummary(
        injectors=[injector],
        total=LoadTotals(**total),
        proxy=ProxySummary(requests=two_xx, hrsp_2xx=two_xx),
    )


def kinds(s: ExperimentSpec, run: RunSummary, cap: float | None = CAP) -> list[str]:
    return [c.kind for c in sanity_caveats(s, run, cap)]


def test_a_run_within_every_limit_has_no_caveat() -> None:
    assert kinds(spec(rate=900.0), summary()) == []


def test_client_bytes_above_the_shaped_link_are_not_delivered() -> None:
    [caveat] = sanity_caveats(spec(), summary(bytes_per_s=14.4e6), CAP)
    assert caveat.kind == "above_link_cap"
    assert "14.4 MB/s" in caveat.sentence and "12.5 MB/s" in caveat.sentence
    assert "not a delivered rate" in caveat.sentence
    # Within the measurement error (5%): no caveat; and without a shaped link nothing to check.
    assert kinds(spec(), summary(bytes_per_s=13.0e6)) == []
    assert kinds(spec(), summary(bytes_per_s=14.4e6), cap=None) == []


def test_an_open_loop_cannot_succeed_faster_than_it_sent() -> None:
    [caveat] = sanity_caveats(spec(rate=600.0), summary(rps=704.7), None)
    assert caveat.kind == "above_target_rate" and "704.7" in caveat.sentence
    assert kinds(spec(rate=700.0), summary(rps=704.7), None) == []  # within 5% + 1 req/s
    assert kinds(spec(rate=None), summary(rps=704.7), None) == []  # closed loop: no target
