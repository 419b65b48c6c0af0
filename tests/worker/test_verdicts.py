"""The "what bounded the run" verdict over synthetic sample series, keyed as the agents key them."""

from __future__ import annotations

from typing import Any

import pytest

from contract.examples import seed_000_maxconn_capacity
from contract.experiment import ExperimentSpec
from contract.limits import client_limit, server_limit
from contract.results import (
    ErrorCounts,
    InjectorSummary,
    LatencyPercentiles,
    LoadTotals,
    OpenLoopStats,
    ToolCpu,
)
from contract.run_environment import SharedMachine
from contract.verdict import ADVICE, INJECTOR_BOUNDS, RunVerdict
from worker.verdicts import observe, run_verdict
from worker.verdicts.rules import maxconn_threshold

SECTION = "lampros-pool-1"  # seed 000 enters through a listen: frontend and backend share its name
DURATION = 10


def spec_with(
    *, maxconn: int = 20, connections: int = 60, rate: float | None = None, **load: Any
) -> ExperimentSpec:
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    doc["proxy"]["global"]["maxconn"] = maxconn
    doc["load"].update(connections=connections, duration_s=DURATION, rate=rate, **load)
    doc["sweep"] = {"axes": []}
    return ExperimentSpec.model_validate(doc)


def totals(
    *, successes: int, rps: float, mean_ms: float, timeout: int = 0, connect: int = 0, non_2xx: int = 0
) -> LoadTotals:
    errors = ErrorCounts(timeout=timeout, connect=connect, non_2xx=non_2xx)
    latency = LatencyPercentiles(
        p50=mean_ms, p90=mean_ms, p99=mean_ms, p999=mean_ms, max=mean_ms, mean=mean_ms
    )
    return LoadTotals(
        requests=successes + errors.total,
        successes=successes,
        errors=errors,
        duration_s=DURATION,
        rps=rps,
        bytes_per_s=rps * 100,
        latency=latency,
    )


def seconds(**per_key: float | list[float]) -> list[dict[str, Any]]:
    """DURATION samples; a key's value is the same every second, or one value per second."""
    out = []
    for t in range(-1, DURATION + 1):  # one warm-up second and one after: not measured
        data = {
            key: (value[t % len(value)] if isinstance(value, list) else value)
            for key, value in per_key.items()
        }
        out.append({"t": t, "data": data})
    return out


def proxy(**fields: float | list[float]) -> list[dict[str, Any]]:
    return seconds(
        **{f"{SECTION}.{k}" if k != "idle_pct" else "PROCESS.idle_pct": v for k, v in fields.items()}
    )


def verdict_of(spec: ExperimentSpec, load: LoadTotals, samples: dict[str, list[dict[str, Any]]], **kw: Any):  # type: ignore[no-untyped-def]
    obs = observe(
        spec,
        load,
        samples,
        frontend=SECTION,
        backend=SECTION,
        proxy_agent="proxy-1",
        injector_agents=["injector-1"],
        **kw,
    )
    return run_verdict(obs)


IDLE_HOSTS = {"host:proxy-1": seconds(cpu_pct=15.0), "host:injector-1": seconds(cpu_pct=15.0)}


def test_seed_000_shape_is_maxconn_bound_with_its_numbers() -> None:
    """60 clients on a 1 s endpoint behind maxconn 20: sessions sit at 20, the rest time out."""
    spec = spec_with(maxconn=20, connections=60)
    load = totals(successes=200, rps=20.0, mean_ms=1900, timeout=80)
    samples = {
        "proxy": proxy(scur=[20, 19, 20, 20], qcur=0, rtime=1000, req_tot=20, bout=3000, idle_pct=97),
        **IDLE_HOSTS,
    }

    verdict = verdict_of(spec, load, samples)

    assert verdict.kind == "maxconn", verdict
    assert "maxconn of 20" in verdict.sentence and "60 clients" in verdict.sentence
    evidence = {e.name: e.value for e in verdict.evidence}
    assert evidence["maxconn"] == 20 and evidence["max_scur"] == 20 and evidence["timeouts"] == 80
    assert evidence["seconds_at_maxconn_pct"] == 100.0  # 19 is within the slack of 20
    # The timeouts are explained by maxconn; the upstream's 1 s still shows as a secondary finding.
    assert [f.kind for f in verdict.also] == ["errors", "upstream"]


def test_sessions_at_maxconn_without_anyone_waiting_is_not_maxconn_bound() -> None:
    """20 clients, maxconn 20, a 1 s endpoint: the sessions are all in use, but nobody waits; the
    tool cuts off the requests in flight when the load stops (counted as timeouts)."""
    spec = spec_with(maxconn=20, connections=20)
    load = totals(successes=200, rps=20.0, mean_ms=1003, timeout=5)
    samples = {"proxy": proxy(scur=20, qcur=0, rtime=1000, req_tot=20, idle_pct=98), **IDLE_HOSTS}

    verdict = verdict_of(spec, load, samples)

    assert verdict.kind == "upstream", verdict
    assert verdict.also == []
    # The profile is the total: two injectors share the 20 clients, still nobody waits.
    shared = observe(
        spec,
        load,
        samples,
        frontend=SECTION,
        backend=SECTION,
        proxy_agent="proxy-1",
        injector_agents=["injector-1", "injector-2"],
    )
    assert shared.connections == 20 and run_verdict(shared).kind == "upstream"
    # Each injector running the whole profile (named as such): 40 clients want 20 sessions.
    whole = spec_with(maxconn=20, connections=20, per_injector="whole")
    two = observe(
        whole,
        load,
        samples,
        frontend=SECTION,
        backend=SECTION,
        proxy_agent="proxy-1",
        injector_agents=["injector-1", "injector-2"],
    )
    assert run_verdict(two).kind == "maxconn" and "while 40 clients" in run_verdict(two).sentence


def test_a_queue_that_persists_is_queue_bound() -> None:
    doc = spec_with(maxconn=1000, connections=50).model_dump(mode="json", by_alias=True)
    doc["proxy"]["listens"][0]["target_servers"]["maxconn"] = 10
    spec = ExperimentSpec.model_validate(doc)
    load = totals(successes=100, rps=10.0, mean_ms=4800)
    samples = {"proxy": proxy(scur=50, qcur=[40, 38, 41], qtime=3800, rtime=1000, idle_pct=95), **IDLE_HOSTS}

    verdict = verdict_of(spec, load, samples)

    assert verdict.kind == "maxconn"
    assert verdict.sentence.startswith("Queue-bound") and "adds up to 10" in verdict.sentence
    # The advice the sweep analysis checks against a maxconn sweep (backend/runs/analysis/sweep.py).
    assert verdict.sentence.endswith(ADVICE["maxconn"].ending)
    assert {e.name: e.value for e in verdict.evidence}["max_qcur"] == 41


def test_fast_endpoint_with_few_connections_is_not_maxconn_bound() -> None:
    """10 clients on /fast behind the default-ish maxconn 1000: concurrency, not maxconn."""
    spec = spec_with(maxconn=1000, connections=10, path="/fast")
    load = totals(successes=50_000, rps=5000.0, mean_ms=2.0)
    samples = {
        "proxy": proxy(scur=10, qcur=0, rtime=0, req_tot=5000, bout=600_000, idle_pct=60),
        **IDLE_HOSTS,
    }

    verdict = verdict_of(spec, load, samples)

    assert verdict.kind == "concurrency", verdict
    assert "10 clients x 2.0 ms" in verdict.sentence
    assert all(f.kind != "maxconn" for f in verdict.also)


def test_failures_not_explained_by_maxconn_are_errors_by_kind() -> None:
    spec = spec_with(maxconn=1000, connections=10, path="/fast")
    load = totals(successes=900, rps=90.0, mean_ms=5.0, non_2xx=300, connect=20)
    samples = {"proxy": proxy(scur=10, qcur=0, rtime=1, idle_pct=90), **IDLE_HOSTS}

    verdict = verdict_of(spec, load, samples)

    assert verdict.kind == "errors"
    assert "300 non_2xx, 20 connect" in verdict.sentence
    assert {e.name: e.value for e in verdict.evidence}["error_pct"] == pytest.approx(
        100 * 320 / 1220, abs=0.01
    )


def test_haproxy_without_idle_time_is_proxy_cpu_bound() -> None:
    spec = spec_with(maxconn=1000, connections=50, path="/fast")
    load = totals(successes=500_000, rps=50_000.0, mean_ms=1.0)
    samples = {
        "proxy": proxy(scur=50, qcur=0, rtime=0, req_tot=[50_000, 49_000, 51_000], idle_pct=[3, 5, 8]),
        "host:proxy-1": seconds(cpu_pct=99.0),
        "host:injector-1": seconds(cpu_pct=99.0),
    }

    verdict = verdict_of(spec, load, samples)

    assert verdict.kind == "proxy_cpu", verdict
    assert "HAProxy was 95% busy" in verdict.sentence
    assert [f.kind for f in verdict.also] == ["injector"]
    # The advice the sweep analysis checks against an nbthread sweep (backend/runs/analysis/sweep.py).
    assert verdict.sentence.endswith(ADVICE["proxy_cpu"].ending)


def test_a_full_injector_host_with_an_idle_haproxy_is_injector_bound_naming_it() -> None:
    spec = spec_with(maxconn=1000, connections=50, path="/fast")
    load = totals(successes=300_000, rps=30_000.0, mean_ms=1.6)
    samples = {
        "proxy": proxy(scur=50, qcur=0, rtime=0, req_tot=30_000, idle_pct=45),
        "host:injector-1": seconds(cpu_pct=[97.0, 100.0]),
    }

    verdict = verdict_of(spec, load, samples)

    assert verdict.kind == "injector", verdict
    assert {e.name: e.value for e in verdict.evidence}["injector_cpu_pct"] == 98.5
    assert "injector injector-1 fell behind: its host was 99% busy" in verdict.sentence
    assert "not HAProxy's capacity" in verdict.sentence
    assert "shared" not in verdict.sentence and "one machine" not in verdict.sentence


def test_cpu_verdicts_on_one_machine_say_they_cannot_tell_haproxy_from_the_load_tool() -> None:
    """The local lab: every role on the same two cores, so "the injector host was 97% busy" and
    "HAProxy was 95% busy" are read from the same CPUs."""
    spec = spec_with(maxconn=1000, connections=50, path="/fast")
    load = totals(successes=300_000, rps=30_000.0, mean_ms=1.6)
    machine = SharedMachine(
        agents=["injector-1", "proxy-1", "target-1"], roles=["injector", "proxy", "target"], how="boot id"
    )
    client = verdict_of(
        spec,
        load,
        {"proxy": proxy(scur=50, qcur=0, rtime=0, req_tot=30_000, idle_pct=45),
         "host:injector-1": seconds(cpu_pct=[97.0, 100.0])},
        shared_machine=machine,
    )  # fmt: skip
    assert client.kind == "injector"
    assert "on a shared machine" in client.sentence and "cannot tell" in client.sentence
    assert "proxy-1, injector-1" not in client.sentence and "injector-1, proxy-1, target-1" in client.sentence
    assert {e.name: e.value for e in client.evidence}["roles_on_one_machine"] == 3
    busy = verdict_of(
        spec,
        load,
        {"proxy": proxy(scur=50, qcur=0, rtime=0, req_tot=30_000, idle_pct=5),
         "host:injector-1": seconds(cpu_pct=60.0)},
        shared_machine=machine,
    )  # fmt: skip
    assert busy.kind == "proxy_cpu"
    assert (
        "HAProxy was 95% busy" in busy.sentence
        and "cannot tell HAProxy's limit from the load tool's" in busy.sentence
    )


def test_bytes_at_a_known_link_cap_are_network_bound() -> None:
    spec = spec_with(maxconn=1000, connections=50, path="/fast")
    load = totals(successes=4170, rps=417.0, mean_ms=120)
    cap = 180e6 / 8  # 180 Mbit/s
    samples = {"proxy": proxy(scur=50, qcur=0, rtime=1, bout=21.8e6, req_tot=417, idle_pct=92), **IDLE_HOSTS}

    verdict = verdict_of(spec, load, samples, link_cap_bytes_per_s=cap)

    assert verdict.kind == "network", verdict
    assert "97% of the link's 22.5 MB/s cap" in verdict.sentence


def test_timeouts_behind_a_capped_link_are_the_link_not_errors() -> None:
    """Seed 002 above the cap: requests time out, but the link is why; HAProxy's bout reads above it."""
    spec = spec_with(maxconn=4000, connections=20, path="/slow", rate=200.0, driver="vegeta")
    load = totals(successes=900, rps=112.0, mean_ms=1500, timeout=600)
    cap = 40e6 / 8
    haproxy = proxy(scur=300, qcur=0, rtime=300, bout=10.3e6, req_tot=150, idle_pct=97)
    samples = {"proxy": haproxy, **IDLE_HOSTS}

    verdict = verdict_of(spec, load, samples, link_cap_bytes_per_s=cap)

    assert verdict.kind == "network", verdict
    assert "the link's 5.0 MB/s cap" in verdict.sentence
    # HAProxy's 10.3 MB/s is named as bytes handed to the kernel, never as delivered.
    assert "10.3 MB/s to the kernel" in verdict.sentence and "not bytes that arrived" in verdict.sentence
    assert "through the proxy" not in verdict.sentence
    assert "errors" in [f.kind for f in verdict.also]
    # Without the cap the same failures are reported as errors.
    assert verdict_of(spec, load, samples).kind == "errors"


def test_a_flat_bytes_plateau_with_idle_cpus_and_fast_servers_is_network_bound() -> None:
    spec = spec_with(maxconn=1000, connections=50, path="/fast")
    load = totals(successes=4170, rps=417.0, mean_ms=120)
    samples = {
        "proxy": proxy(scur=50, qcur=0, rtime=1, bout=[21.8e6, 22.0e6, 21.9e6], req_tot=417, idle_pct=90),
        **IDLE_HOSTS,
    }

    assert verdict_of(spec, load, samples).kind == "network"
    # The same plateau with the servers taking most of the time is the servers, not the link.
    slow = {**samples, "proxy": proxy(scur=50, qcur=0, rtime=110, bout=22e6, req_tot=417, idle_pct=90)}
    assert verdict_of(spec, load, slow).kind == "upstream"
    # And a plateau that wanders is no cap.
    wandering = {**samples, "proxy": proxy(scur=50, rtime=1, bout=[10e6, 22e6, 15e6], idle_pct=90)}
    assert verdict_of(spec, load, wandering).kind == "concurrency"


def test_an_open_loop_that_got_its_rate_kept_up() -> None:
    spec = spec_with(maxconn=1000, connections=50, rate=400.0, driver="h2load", http_version="1.1")
    load = totals(successes=3990, rps=399.0, mean_ms=3.0)
    samples = {"proxy": proxy(scur=5, qcur=0, rtime=1, req_tot=400, idle_pct=80), **IDLE_HOSTS}

    verdict = verdict_of(spec, load, samples)

    assert verdict.kind == "offered_load", verdict
    # Falling short of the rate is not "kept up".
    short = totals(successes=3000, rps=300.0, mean_ms=3.0)
    assert verdict_of(spec, short, samples).kind != "offered_load"


def test_no_requests_is_unknown() -> None:
    verdict = verdict_of(spec_with(), totals(successes=0, rps=0, mean_ms=0), {})
    assert verdict.kind == "unknown"


def test_limits_follow_haproxy_inheritance() -> None:
    doc = spec_with(maxconn=500).model_dump(mode="json", by_alias=True)
    assert client_limit(ExperimentSpec.model_validate(doc)) == 500
    doc["proxy"]["defaults"]["maxconn"] = 200
    assert client_limit(ExperimentSpec.model_validate(doc)) == 200
    doc["proxy"]["listens"][0]["maxconn"] = 900  # capped by the global 500
    assert client_limit(ExperimentSpec.model_validate(doc)) == 500
    assert server_limit(ExperimentSpec.model_validate(doc)) is None
    doc["proxy"]["listens"][0]["target_servers"]["maxconn"] = 7
    doc["target"]["servers"] = 3
    assert server_limit(ExperimentSpec.model_validate(doc)) == 21
    assert [maxconn_threshold(n) for n in (5, 20, 100)] == [4, 19, 95]


def test_clients_waiting_on_a_slow_server_are_not_client_bound_on_a_busy_shared_host() -> None:
    """The local lab's hosts share one machine that other work may fill: a 1 s endpoint with
    the host at 100% is still the servers' doing, not the clients'."""
    spec = spec_with(maxconn=1000, connections=20)
    load = totals(successes=200, rps=20.0, mean_ms=1004)
    samples = {
        "proxy": proxy(scur=20, qcur=0, rtime=1001, req_tot=20, idle_pct=97),
        "host:proxy-1": seconds(cpu_pct=100.0),
        "host:injector-1": seconds(cpu_pct=100.0),
    }

    verdict = verdict_of(spec, load, samples)

    assert verdict.kind == "upstream", verdict
    assert [f.kind for f in verdict.also] == ["injector"]


def test_proxy_ttime_average_skips_the_seconds_before_the_first_reply() -> None:
    """A 1 s endpoint: ttime reads 0 until the first request completes, then ~1000 ms. Averaging
    the zeros in would understate the time in HAProxy (and Little's law's in_flight with it)."""
    from worker.summaries import proxy_summary

    samples = [{"t": t, "data": {"be.ttime": 0 if t < 2 else 1000, "be.qtime": 0}} for t in range(6)]
    summary = proxy_summary(samples, "fe", "be", duration_s=6)
    assert (summary.avg_ttime_ms, summary.avg_qtime_ms) == (1000.0, 0.0)


def test_the_link_cap_comes_from_the_shaping_the_run_recorded() -> None:
    import pydantic

    from contract.run_environment import stored_environment

    def link_cap_bytes_per_s(doc: object) -> float | None:
        return stored_environment(doc or {}).link_cap_bytes_per_s

    applied = {
        "link_shaping": {
            "agent": "proxy-1",
            "settings": {
                "links": [
                    {"interface": "veth-inj", "rate_mbit": 180},
                    {"interface": "veth-tgt", "rate_mbit": 1000},
                ]
            },
            "applied": [],
        }
    }
    assert link_cap_bytes_per_s(applied) == 180e6 / 8  # the tightest link
    assert link_cap_bytes_per_s({}) is None and link_cap_bytes_per_s(None) is None
    with pytest.raises(pydantic.ValidationError):  # invalid: no cap
        link_cap_bytes_per_s({"link_shaping": {"agent": "proxy-1", "settings": {"links": []}}})


def test_without_a_configured_maxconn_haproxys_own_limit_counts() -> None:
    doc = spec_with(connections=90).model_dump(mode="json", by_alias=True)
    doc["proxy"]["global"]["maxconn"] = None
    doc["thresholds"] = []  # seed 000's rules are relative to the maxconn removed here
    spec = ExperimentSpec.model_validate(doc)
    assert client_limit(spec) is None
    load = totals(successes=300, rps=30.0, mean_ms=2900)
    samples = {
        "proxy": seconds(**{f"{SECTION}.scur": 30, "PROCESS.maxconn_max": 30, f"{SECTION}.rtime": 1000}),
        **IDLE_HOSTS,
    }

    verdict = verdict_of(spec, load, samples)

    assert verdict.kind == "maxconn" and "maxconn of 30" in verdict.sentence, verdict


def test_an_open_loop_whose_last_answers_came_after_the_window_kept_up() -> None:
    """Seed 002 in the browser suite: 300 ms pages at 60 req/s over 4 s with no warm-up. 55 req/s
    completed in the window (the first and last 0.3 s of answers fall outside it), every request of
    the window answered: kept up, as the headline says, not a shortfall."""
    spec = spec_with(maxconn=1000, connections=40, rate=60.0, driver="h2load", http_version="1.1")
    load = totals(successes=220, rps=55.0, mean_ms=300.0).model_copy(
        update={
            "duration_s": 4.0,
            "open_loop": OpenLoopStats(
                target_rate=60, sent=240, send_rate=60, late_sends=0, dropped_sends=0,
                max_send_lag_ms=1, late_threshold_ms=10, answered=239,
            ),
        }
    )  # fmt: skip
    samples = {"proxy": proxy(scur=18, qcur=0, rtime=300, req_tot=60, idle_pct=80), **IDLE_HOSTS}
    verdict = verdict_of(spec, load, samples)
    assert verdict.kind == "offered_load" and "239 of the 240 requests sent" in verdict.sentence, verdict
    assert load.open_loop is not None
    unanswered = load.model_copy(update={"open_loop": load.open_loop.model_copy(update={"answered": 180})})
    assert verdict_of(spec, unanswered, samples).kind != "offered_load"


# ------------------------------------------------------------------------- the injector as the limit


def _injector(agent: str, *, sent: int, dropped: int, late: int, rate: float = 400.0) -> InjectorSummary:
    return InjectorSummary(
        agent=agent,
        driver="vegeta",
        requests=sent,
        successes=sent,
        duration_s=DURATION,
        rps=sent / DURATION,
        bytes_per_s=0,
        open_loop=OpenLoopStats(
            target_rate=rate, sent=sent, send_rate=sent / DURATION, late_sends=late, dropped_sends=dropped,
            max_send_lag_ms=250.0 if late else 2.0, late_threshold_ms=10, answered=sent,
        ),
    )  # fmt: skip


def _two_injector_verdict(summaries: list[InjectorSummary], **kw: Any):  # type: ignore[no-untyped-def]
    spec = spec_with(maxconn=1000, connections=20, rate=800.0, driver="vegeta", path="/fast")
    sent = sum(s.successes for s in summaries)
    load = totals(successes=sent, rps=sent / DURATION, mean_ms=40.0)
    samples = {
        "proxy": proxy(scur=20, qcur=0, rtime=0.2, req_tot=sent // DURATION, idle_pct=70),
        "host:proxy-1": seconds(cpu_pct=40.0),
        "host:injector-1": seconds(cpu_pct=40.0, steal_pct=0.0),
        "host:injector-2": seconds(cpu_pct=45.0, steal_pct=0.0),
    }
    obs = observe(
        spec, load, samples, frontend=SECTION, backend=SECTION, proxy_agent="proxy-1",
        injector_agents=["injector-1", "injector-2"], injector_summaries=summaries, **kw,
    )  # fmt: skip
    return run_verdict(obs)


def test_an_injector_behind_its_schedule_is_named_injector_bound_with_its_sends() -> None:
    """Two injectors of 400 req/s each: injector-2 dropped a quarter of its slots (its CPU was
    capped); the other held its schedule. The run is the injectors' limit, and the one behind is
    named, with its sends as evidence; its host's CPU (45%) was not what said so."""
    verdict = _two_injector_verdict(
        [
            _injector("injector-1", sent=4000, dropped=0, late=3),
            _injector("injector-2", sent=3000, dropped=1000, late=900),
        ]
    )  # fmt: skip
    assert verdict.kind == "injector", verdict
    assert "injector injector-2 fell behind: it sent 300.0 of the 400 req/s asked" in verdict.sentence
    assert "(1000 slots of the window never sent, 900 sent more than 10 ms late)" in verdict.sentence
    assert "injector-1" not in verdict.sentence
    evidence = {e.name: e.value for e in verdict.evidence}
    assert evidence["injector_dropped_sends"] == 1000 and evidence["injector_send_rate"] == 300
    assert "injector_cpu_pct" not in evidence  # 45% is no CPU limit


def test_injectors_that_held_their_schedule_are_not_injector_bound() -> None:
    """A few late sends (7.5%, as a busy box makes) and no drops: the schedule held; the run is not the
    injectors' limit, whatever else bound it."""
    verdict = _two_injector_verdict(
        [
            _injector("injector-1", sent=4000, dropped=0, late=300),
            _injector("injector-2", sent=4000, dropped=0, late=0),
        ]
    )  # fmt: skip
    assert verdict.kind != "injector" and "injector" not in [f.kind for f in verdict.also], verdict


def test_a_schedule_missed_on_a_shared_machine_is_still_the_injector_and_says_why_it_may_be() -> None:
    machine = SharedMachine(
        agents=["injector-1", "injector-2", "proxy-1"], roles=["injector", "proxy"], how="boot id"
    )
    verdict = _two_injector_verdict(
        [
            _injector("injector-1", sent=2000, dropped=2000, late=0),
            _injector("injector-2", sent=3000, dropped=1000, late=0),
        ],
        shared_machine=machine,
    )  # fmt: skip
    assert verdict.kind == "injector", verdict
    assert "injector injector-1 fell behind" in verdict.sentence and "(injector-2 too)" in verdict.sentence
    assert "HAProxy's CPU use may have starved the load tool" in verdict.sentence
    names = [e.name for e in verdict.evidence]
    assert len(names) == len(set(names))  # the others' evidence keys carry their names
    assert "injector_dropped_sends.injector-2" in names


def test_stolen_cpu_counts_against_an_injector_and_is_named() -> None:
    spec = spec_with(maxconn=1000, connections=50, path="/fast")
    load = totals(successes=300_000, rps=30_000.0, mean_ms=1.6)
    samples = {
        "proxy": proxy(scur=50, qcur=0, rtime=0, req_tot=30_000, idle_pct=60),
        "host:injector-1": seconds(cpu_pct=93.0, steal_pct=30.0),
    }
    verdict = verdict_of(spec, load, samples)
    assert verdict.kind == "injector", verdict
    assert "its host was 93% busy (median, 30% of it stolen by the hypervisor)" in verdict.sentence
    assert {e.name: e.value for e in verdict.evidence}["injector_steal_pct"] == 30.0


def test_a_stored_client_cpu_verdict_still_reads() -> None:
    """Runs judged by older workers stored `client_cpu`: they parse, and count as injector-bound."""
    stored = RunVerdict.model_validate(
        {"kind": "client_cpu", "sentence": "Client-bound: ...", "evidence": []}
    )
    assert stored.kind in INJECTOR_BOUNDS


def test_a_schedule_sent_late_is_no_kept_up_even_when_every_request_was_answered() -> None:
    """injector-1 sent all its requests but half of them late (its CPU was throttled in bursts):
    every request was answered, yet the load HAProxy got was not the schedule asked. The
    injector, not "kept up", is the verdict; offered_load follows it."""
    verdict = _two_injector_verdict(
        [
            _injector("injector-1", sent=4000, dropped=0, late=2000),
            _injector("injector-2", sent=4000, dropped=0, late=0),
        ]
    )  # fmt: skip
    assert verdict.kind == "injector", verdict
    assert (
        "injector injector-1 fell behind" in verdict.sentence
        and "(2000 sent more than 10 ms late)" in verdict.sentence
    )
    assert [f.kind for f in verdict.also] == ["offered_load"]


def test_an_injectors_nic_at_the_link_cap_is_named_beside_the_network_bound() -> None:
    """The link is full (network-bound, first): the injector whose NIC carried it is named too,
    with its NIC's bytes/s, so a reader knows which host's link to widen."""
    spec = spec_with(maxconn=1000, connections=50, path="/fast")
    load = totals(successes=4170, rps=417.0, mean_ms=120)
    cap = 180e6 / 8
    samples = {
        "proxy": proxy(scur=50, qcur=0, rtime=1, bout=21.8e6, req_tot=417, idle_pct=92),
        "host:proxy-1": seconds(cpu_pct=15.0),
        "host:injector-1": seconds(cpu_pct=15.0, rx_bytes=21.9e6, tx_bytes=0.4e6),
    }
    verdict = verdict_of(spec, load, samples, link_cap_bytes_per_s=cap)
    assert verdict.kind == "network", verdict
    [injector] = [f for f in verdict.also if f.kind == "injector"]
    assert "its NIC carried 21.9 MB/s of the link's 22.5 MB/s cap" in injector.sentence
    assert {e.name: e.value for e in injector.evidence}["injector_nic_bytes_per_s"] == 21.9e6


def test_a_closed_loop_tool_that_waited_for_a_cpu_is_injector_bound_even_on_a_shared_machine() -> None:
    """wrk capped by a CPU quota: the machine is mostly idle (its host 40%), HAProxy too, but the
    tool's threads waited for a CPU 95% of the time they were ready. Read from the tool itself,
    so the injector is named as the limit on the shared machine too, not "cannot tell"."""
    spec = spec_with(maxconn=1000, connections=50, path="/fast")
    load = totals(successes=20_000, rps=2_000.0, mean_ms=25.0)
    samples = {
        "proxy": proxy(scur=50, qcur=0, rtime=0.2, req_tot=2_000, idle_pct=85),
        "host:proxy-1": seconds(cpu_pct=40.0),
        "host:injector-1": seconds(cpu_pct=40.0),
    }
    starved = InjectorSummary(
        agent="injector-1", driver="wrk", requests=20_000, successes=20_000, duration_s=DURATION,
        rps=2_000.0, bytes_per_s=0, tool_cpu=ToolCpu(cpu_s=0.5, wait_s=9.5, wall_s=12.0),
    )  # fmt: skip
    machine = SharedMachine(agents=["injector-1", "proxy-1"], roles=["injector", "proxy"], how="boot id")
    verdict = verdict_of(spec, load, samples, injector_summaries=[starved], shared_machine=machine)
    assert verdict.kind == "injector", verdict
    assert "its load tool waited for a CPU 95% of the time it was ready to run" in verdict.sentence
    assert "cannot tell" not in verdict.sentence
    assert {e.name: e.value for e in verdict.evidence}["injector_tool_wait_pct"] == 95.0
    # A tool that mostly ran, or mostly slept, was not starved: the closed loop's own bound stands.
    for fed in (ToolCpu(cpu_s=8.0, wait_s=3.0, wall_s=12.0), ToolCpu(cpu_s=0.1, wait_s=0.3, wall_s=12.0)):
        summary = starved.model_copy(update={"tool_cpu": fed})
        kind = verdict_of(spec, load, samples, injector_summaries=[summary], shared_machine=machine).kind
        assert kind != "injector", fed


def test_a_starved_tool_explains_full_sessions_and_timeouts_before_maxconn() -> None:
    """vegeta capped to 4% of a core could not read its answers: it held 1,000 sessions open (it
    opens a connection per worker) and 146 of its requests timed out. HAProxy's maxconn was full,
    but by the starved client: the injector leads, maxconn follows, and the injector is said once."""
    spec = spec_with(maxconn=1000, connections=20, rate=3000.0, driver="vegeta", path="/fast")
    load = totals(successes=4_500, rps=450.0, mean_ms=3000.0, timeout=146)
    samples = {
        "proxy": proxy(scur=1000, qcur=0, rtime=0.2, req_tot=450, idle_pct=90),
        "host:injector-1": seconds(cpu_pct=60.0),
    }
    starved = _injector("injector-1", sent=5518, dropped=16959, late=1041, rate=3000.0).model_copy(
        update={"tool_cpu": ToolCpu(cpu_s=0.4, wait_s=7.6, wall_s=10.0)}
    )
    verdict = verdict_of(spec, load, samples, injector_summaries=[starved])
    assert verdict.kind == "injector", verdict
    assert verdict.sentence.startswith("Injector-bound: injector injector-1 fell behind: it sent")
    assert "its load tool waited for a CPU 95%" in verdict.sentence
    assert [f.kind for f in verdict.also][:1] == ["maxconn"] and [f.kind for f in verdict.also].count(
        "injector"
    ) == 0
    # Waiting 70% of its ready time (a busy shared box's fair share is 67%) is not starved outright:
    # the full sessions stay maxconn's, the injector follows.
    busy = starved.model_copy(
        update={"tool_cpu": ToolCpu(cpu_s=2.4, wait_s=5.6, wall_s=10.0), "open_loop": None}
    )
    assert verdict_of(spec, load, samples, injector_summaries=[busy]).kind == "maxconn"
