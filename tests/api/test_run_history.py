"""The History's run list: figures from the summary, sorting by them, text search, and trends."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, text, update
from sqlalchemy.orm import Session

from backend.models import ExperimentVersion, Run
from backend.runs.transitions import transition
from contract.metrics import HISTORY_KEYS
from contract.results import stored_summary
from contract.run_state import RunState
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec, summary_doc
from tests.api.helpers import API, Member, make_lab, new_member

FIGURES = HISTORY_KEYS  # the registry's History figures: every one is carried, sortable, trended


def _runs(db: Session, member: Member, count: int, **experiment: Any) -> list[int]:
    """`count` queued runs of a new experiment (a maxconn sweep of `count` points)."""
    spec = small_spec(sweep=[("proxy.global.maxconn", [10 * (i + 1) for i in range(count)])])
    created = make_experiment(db, member, spec=spec, **experiment)
    return launch(db, member, created, make_lab(db, member.team)).run_ids


def _summary(rps: float, p99: float, timeouts: int = 0, bound: str | None = None) -> dict[str, Any]:
    doc = summary_doc(rps=rps, p50=p99 / 4, p99=p99, timeouts=timeouts)
    if bound:
        doc["verdict"] = {"kind": bound, "sentence": f"{bound} bound it", "evidence": []}
    return doc


def _list(client: TestClient, member: Member, **params: Any) -> dict[str, Any]:
    r = client.get(f"{API}/runs", params={"limit": 100, **params}, headers=member.headers)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def _ids(client: TestClient, member: Member, **params: Any) -> list[int]:
    return [item["id"] for item in _list(client, member, **params)["items"]]


def _store_raw_summary(db: Session, run_id: int, doc: dict[str, Any]) -> None:
    """Write a summary as an older worker stored it, bypassing today's typed column."""
    db.execute(
        text("UPDATE run SET summary = CAST(:doc AS jsonb) WHERE id = :id"),
        {"doc": json.dumps(doc), "id": run_id},
    )
    db.commit()


# ---------------------------------------------------------------- figures


def test_list_items_carry_the_summary_figures_and_the_bound(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    done, errored, queued = _runs(db, member, 3)
    finish_run(db, done, summary=_summary(rps=250.0, p99=41.5, bound="maxconn"))
    finish_run(db, errored, RunState.partial, summary=_summary(rps=12.0, p99=900.0, timeouts=25))

    items = {item["id"]: item for item in _list(client, member)["items"]}

    assert items[done]["figures"] == {
        **dict.fromkeys(FIGURES),  # the others: not measured in summary_doc, None, never 0
        "rps": 250.0,
        "latency_p50_ms": 41.5 / 4,
        "latency_p95_ms": None,  # summary_doc keeps no p95: None, never 0
        "latency_p99_ms": 41.5,
        "error_pct": 0.0,
    }
    assert items[done]["bound"] == "maxconn"
    assert items[errored]["figures"]["error_pct"] == pytest.approx(100 * 25 / 125)
    assert items[errored]["bound"] is None
    assert items[queued]["figures"] == dict.fromkeys(FIGURES) and items[queued]["bound"] is None
    detail = client.get(f"{API}/runs/{done}", headers=member.headers).json()
    assert detail["figures"] == items[done]["figures"] and detail["bound"] == "maxconn"


def test_generated_figures_agree_with_the_registry_for_every_shape(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    today, older, oldest, empty = _runs(db, member, 4)
    docs = {
        today: _summary(rps=100.0, p99=20.0, timeouts=3, bound="proxy_cpu"),
        # before the verdict had one home: `bound` beside a sentence, then a bare sentence
        older: {**summary_doc(rps=50.0), "bound": {"kind": "upstream", "sentence": "s"}, "verdict": "s"},
        oldest: {**summary_doc(rps=20.0), "verdict": "a sentence from before typed verdicts"},
        empty: {
            **summary_doc(rps=0.0, successes=0),
            "total": {**summary_doc(rps=0.0)["total"], "requests": 0},
        },
    }
    for run_id, doc in docs.items():
        finish_run(db, run_id)
        _store_raw_summary(db, run_id, doc)

    items = {item["id"]: item for item in _list(client, member)["items"]}

    assert [items[i]["bound"] for i in (today, older, oldest, empty)] == [
        "proxy_cpu",
        "upstream",
        "unknown",
        None,
    ]
    for run_id, doc in docs.items():
        summary = stored_summary(doc)
        total = summary.total
        assert items[run_id]["figures"]["error_pct"] == (
            pytest.approx(total.error_pct) if total.error_pct is not None else None
        )
        assert items[run_id]["figures"]["rps"] == total.rps
    assert items[empty]["figures"]["error_pct"] is None  # no request: no rate, not 0 %


# ---------------------------------------------------------------- sorting


@pytest.fixture
def sorted_runs(db: Session) -> tuple[Member, dict[str, int]]:
    """Five runs: three with figures (two tied on p99), one failed without, one still queued."""
    member = new_member(db, "editor")
    fast, slow, tied, failed, queued = _runs(db, member, 5)
    finish_run(db, fast, summary=_summary(rps=300.0, p99=10.0))
    finish_run(db, slow, summary=_summary(rps=100.0, p99=90.0, timeouts=10))
    finish_run(db, tied, summary=_summary(rps=200.0, p99=10.0, timeouts=1))
    finish_run(db, failed, RunState.failed)
    return member, {"fast": fast, "slow": slow, "tied": tied, "failed": failed, "queued": queued}


def test_sorts_by_each_figure_both_ways_with_runs_without_it_last(
    client: TestClient, sorted_runs: tuple[Member, dict[str, int]]
) -> None:
    member, run = sorted_runs
    fast, slow, tied, failed, queued = (run[k] for k in ("fast", "slow", "tied", "failed", "queued"))
    without = [queued, failed]  # no summary: last in both directions, by id in the direction asked

    assert _ids(client, member, sort="latency_p99_ms", direction="desc") == [slow, tied, fast, *without]
    assert _ids(client, member, sort="latency_p99_ms", direction="asc") == [fast, tied, slow, *without[::-1]]
    assert _ids(client, member, sort="latency_p50_ms", direction="asc") == [fast, tied, slow, *without[::-1]]
    assert _ids(client, member, sort="rps") == [fast, tied, slow, *without]  # desc by default
    assert _ids(client, member, sort="rps", direction="asc") == [slow, tied, fast, *without[::-1]]
    assert _ids(client, member, sort="error_pct") == [slow, tied, fast, *without]
    # p95 was not kept by these summaries: every run ties at NULL, so the id decides.
    assert _ids(client, member, sort="latency_p95_ms") == sorted(run.values(), reverse=True)


def test_sorts_by_creation_and_finish_time(
    client: TestClient, db: Session, sorted_runs: tuple[Member, dict[str, int]]
) -> None:
    member, run = sorted_runs
    order = [run["tied"], run["fast"], run["failed"], run["slow"]]  # finished in this order
    for minutes, run_id in enumerate(order):
        db.execute(
            update(Run)
            .where(Run.id == run_id)
            .values(finished_at=text(f"now() + interval '{minutes} minutes'"))
        )
    db.commit()

    assert _ids(client, member, sort="finished") == [*order[::-1], run["queued"]]
    assert _ids(client, member, sort="finished", direction="asc") == [*order, run["queued"]]
    assert _ids(client, member, sort="created") == sorted(run.values(), reverse=True)
    assert _ids(client, member, sort="created", direction="asc") == sorted(run.values())
    assert _ids(client, member, order="oldest") == sorted(run.values())  # the older spelling still works


def test_sorting_pages_without_repeating_or_losing_a_run(
    client: TestClient, sorted_runs: tuple[Member, dict[str, int]]
) -> None:
    member, run = sorted_runs
    pages = [_ids(client, member, sort="latency_p99_ms", limit=2, offset=offset) for offset in (0, 2, 4)]
    assert [i for page in pages for i in page] == _ids(client, member, sort="latency_p99_ms")
    assert sorted(i for page in pages for i in page) == sorted(run.values())


@pytest.mark.parametrize(
    ("path", "params", "field"),
    [
        ("/runs", {"sort": "p99"}, "sort"),
        ("/runs", {"sort": "summary"}, "sort"),
        ("/runs", {"sort": "rps", "direction": "up"}, "direction"),
        ("/runs", {"q": "x" * 101}, "q"),
        ("/runs", {"q": "nul\x00byte"}, "q"),
        ("/runs/trends", {"metric": "p99"}, "metric"),
        ("/runs", {"thresholds": "maybe"}, "thresholds"),
        ("/runs/trends", {}, "metric"),
        ("/runs/trends", {"metric": "rps", "runs": 1}, "runs"),
        ("/runs/trends", {"metric": "rps", "runs": 51}, "runs"),
        ("/runs/trends", {"metric": "rps", "experiment_id": list(range(1, 22))}, "experiment_id"),
    ],
)
def test_bad_parameters_are_422_naming_the_field(
    client: TestClient, db: Session, path: str, params: dict[str, Any], field: str
) -> None:
    member = new_member(db, "viewer")
    r = client.get(f"{API}{path}", params=params, headers=member.headers)
    assert r.status_code == 422, r.text
    assert [f["field"] for f in r.json()["fields"]] == [field]


# ---------------------------------------------------------------- thresholds


def _report(*passed: bool) -> dict[str, Any]:
    rule = {"metric": "latency_p99_ms", "operator": "<", "value": 50}
    results = [
        {
            "rule": rule,
            "text": "latency_p99_ms < 50",
            "value": 40.0 if ok else 60.0,
            "limit": 50,
            "passed": ok,
        }
        for ok in passed
    ]
    return {"passed": all(passed), "results": results}


def test_runs_are_filtered_by_their_threshold_outcome(client: TestClient, db: Session) -> None:
    member = new_member(db, "viewer")
    passed, failed, unjudged, queued = _runs(db, member, 4)
    finish_run(db, passed, summary=_summary(rps=100.0, p99=40.0))
    finish_run(db, failed, summary=_summary(rps=100.0, p99=60.0))
    finish_run(db, unjudged, summary=_summary(rps=100.0, p99=60.0))
    db.execute(update(Run).where(Run.id == passed).values(thresholds=_report(True, True)))
    db.execute(update(Run).where(Run.id == failed).values(thresholds=_report(True, False)))
    db.commit()

    assert _ids(client, member, thresholds="passed") == [passed]
    assert _ids(client, member, thresholds="failed") == [failed]
    assert sorted(_ids(client, member, thresholds="judged")) == [passed, failed]
    items = {item["id"]: item for item in _list(client, member)["items"]}
    outcome = {run_id: items[run_id]["thresholds_passed"] for run_id in (passed, failed, unjudged, queued)}
    assert outcome == {passed: True, failed: False, unjudged: None, queued: None}
    detail = client.get(f"{API}/runs/{failed}", headers=member.headers).json()
    assert [r["passed"] for r in detail["thresholds"]["results"]] == [True, False]


# ---------------------------------------------------------------- search


def test_search_finds_runs_by_name_description_tags_and_version_note(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    capacity = _runs(db, member, 2, name="Maxconn capacity", tags=["edge-tier"])
    tls = _runs(db, member, 1, name="TLS handshake", description="ECDHE cost at the École lab")
    plain = _runs(db, member, 1, name="plain")
    version_id = db.scalar(select(Run.experiment_version_id).where(Run.id == plain[0]))
    db.execute(
        update(ExperimentVersion).where(ExperimentVersion.id == version_id).values(note="raised nbthread")
    )
    db.commit()

    def found(q: str) -> set[int]:
        return set(_ids(client, member, q=q))

    assert found("MAXCONN") == set(capacity)  # case-insensitive, part of the name
    assert found("edge-t") == set(capacity)  # part of a tag
    assert found("ecdhe") == set(tls)  # the description
    assert found("école") == set(tls) and found("ÉCOLE") == set(tls)  # beyond ASCII
    assert found("NBTHREAD") == set(plain)  # the note of the version the run ran
    assert found("a") == set(capacity + tls + plain)
    assert found("nothing like it") == set()
    assert found("   ") == set(capacity + tls + plain)  # blank is no search
    assert _list(client, member, q="capacity", sort="created")["total"] == 2


@pytest.mark.parametrize(
    "hostile",
    [
        "%",
        "_",
        "%%",
        "\\",
        "'",
        '"',
        "'; DROP TABLE run; --",
        "[a-z]",
        "*",
        ".*",
        "\u202e",
        "🙂",
        "\\%",
        "/%",
    ],
)
def test_search_treats_hostile_text_as_literal_text(client: TestClient, db: Session, hostile: str) -> None:
    member = new_member(db, "editor")
    literal = _runs(db, member, 1, name=f"has {hostile} inside")
    _runs(db, member, 1, name="plain words only")

    assert set(_ids(client, member, q=hostile)) == set(literal)  # matches itself, and nothing else
    assert db.scalar(select(Run.id).where(Run.id == literal[0])) is not None


# ---------------------------------------------------------------- trends


def test_trend_follows_each_experiments_latest_point_over_its_succeeded_runs(
    client: TestClient, db: Session
) -> None:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    sweep = make_experiment(db, member, spec=small_spec(sweep=[("proxy.global.maxconn", [10, 20])]))
    single = make_experiment(db, member)
    p99s: list[float] = []
    for round_ in range(3):
        low, high = launch(db, member, sweep, lab).run_ids
        finish_run(db, low, summary=_summary(rps=10.0, p99=500.0 + round_))  # another point: left out
        finish_run(db, high, summary=_summary(rps=20.0, p99=40.0 + round_))
        p99s.append(40.0 + round_)
    _, failed = launch(db, member, sweep, lab).run_ids  # the followed point, but failed: left out
    finish_run(db, failed, RunState.failed)
    for rps in (5.0, 6.0):
        (run_id,) = launch(db, member, single, lab).run_ids
        finish_run(db, run_id, summary=_summary(rps=rps, p99=30.0))
    other_team = new_member(db, "editor")

    r = client.get(
        f"{API}/runs/trends",
        params={"metric": "latency_p99_ms", "experiment_id": [sweep.id, single.id], "runs": 12},
        headers=member.headers,
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["metric"] == "latency_p99_ms"
    by_id = {t["experiment_id"]: t for t in body["items"]}
    assert [t["experiment_id"] for t in body["items"]] == [single.id, sweep.id]  # latest run first
    assert by_id[sweep.id]["params"] == {"proxy.global.maxconn": 20}
    assert [p["value"] for p in by_id[sweep.id]["points"]] == p99s  # oldest first, the failed run left out
    assert [p["value"] for p in by_id[single.id]["points"]] == [30.0, 30.0]
    # Three runs make a trend; two are readings, whose direction nobody may call.
    assert body["min_runs"] == 3
    assert by_id[sweep.id]["enough_for_trend"] is True
    assert by_id[single.id]["enough_for_trend"] is False

    last_two = client.get(
        f"{API}/runs/trends",
        params={"metric": "rps", "experiment_id": sweep.id, "runs": 2},
        headers=member.headers,
    ).json()
    assert [p["value"] for p in last_two["items"][0]["points"]] == [20.0, 20.0]
    recent = client.get(f"{API}/runs/trends", params={"metric": "rps"}, headers=member.headers).json()
    assert {t["experiment_id"] for t in recent["items"]} == {sweep.id, single.id}  # none named: recent ones
    hidden = client.get(
        f"{API}/runs/trends", params={"metric": "rps", "experiment_id": sweep.id}, headers=other_team.headers
    ).json()
    assert hidden["items"] == []  # another team's experiment is simply absent


# ---------------------------------------------------------------- deep pages and the total


def _walk(client: TestClient, member: Member, limit: int, **params: Any) -> list[int]:
    """Every page through next_cursor, from the first: the ids in the order shown."""
    shown: list[int] = []
    cursor = None
    for _ in range(50):
        page = _list(client, member, limit=limit, **params, **({"cursor": cursor} if cursor else {}))
        shown += [item["id"] for item in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            return shown
    raise AssertionError(f"no last page after 50 pages: {shown}")


@pytest.fixture
def tied_runs(db: Session) -> tuple[Member, list[int]]:
    """Nine runs tied in threes on every figure (error % with every digit of 1/101), two without
    figures, and another team's runs with the same figures interleaved by id."""
    member = new_member(db, "editor")
    other = new_member(db, "editor")
    mine = _runs(db, member, 11)
    theirs = _runs(db, other, 9)
    for i, run_id in enumerate(mine[:9]):
        finish_run(db, run_id, summary=_summary(rps=100.0 * (i % 3), p99=10.0 * (i % 3), timeouts=i % 3))
        finish_run(db, theirs[i], summary=_summary(rps=100.0 * (i % 3), p99=10.0 * (i % 3), timeouts=i % 3))
    finish_run(db, mine[9], RunState.failed)
    return member, mine


@pytest.mark.parametrize(
    "sort", ["created", "finished", "rps", "latency_p99_ms", "error_pct", "latency_p95_ms"]
)
@pytest.mark.parametrize("direction", ["desc", "asc"])
def test_cursor_pages_cover_the_list_once_with_ties_and_runs_without_a_value(
    client: TestClient, tied_runs: tuple[Member, list[int]], sort: str, direction: str
) -> None:
    member, mine = tied_runs
    whole = _ids(client, member, sort=sort, direction=direction)
    assert sorted(whole) == sorted(mine)  # another team's runs never appear
    for limit in (1, 2, 4):
        assert _walk(client, member, limit, sort=sort, direction=direction) == whole


def test_cursor_pages_keep_the_filters(
    client: TestClient, db: Session, tied_runs: tuple[Member, list[int]]
) -> None:
    member, mine = tied_runs
    for params in ({"state": "succeeded"}, {"state": ["failed", "queued"]}, {"q": "no such text"}):
        whole = _ids(client, member, sort="latency_p99_ms", **params)
        assert _walk(client, member, 2, sort="latency_p99_ms", **params) == whole
    assert _walk(client, member, 2, sort="rps", state="failed") == [mine[9]]


@pytest.fixture
def runs_in_states(db: Session) -> tuple[Member, dict[int, dict[str, Any]]]:
    """Runs of every kind a state filter meets, by id with their state and sort values as stored:
    succeeded and partial runs with figures (tied in threes), failed runs with a summary cut short
    and without one, cancelled and queued runs without, a running one; and another team's runs of
    the same states and figures, in between by id."""
    member = new_member(db, "editor")
    other = new_member(db, "editor")
    plan: list[tuple[RunState | None, float | None]] = [
        *((RunState.succeeded, 10.0 * (i % 3)) for i in range(6)),
        (RunState.partial, 10.0),
        (RunState.partial, 25.0),
        (RunState.failed, 20.0),
        (RunState.failed, None),
        (RunState.failed, None),
        (RunState.cancelled, None),
        (RunState.cancelled, None),
        (None, None),  # left queued
        (RunState.running, None),
    ]
    for team_member in (other, member):
        for run_id, (state, p99) in zip(_runs(db, team_member, len(plan)), plan, strict=True):
            if state == RunState.running:
                for step in (RunState.preparing, RunState.warming, RunState.running):
                    assert transition(db, run_id, step)
                db.commit()
            elif state is not None:
                summary = _summary(rps=1000.0 - p99, p99=p99, timeouts=int(p99)) if p99 is not None else None
                finish_run(db, run_id, state, summary=summary)
    columns = (Run.id, Run.state, Run.finished_at, *(getattr(Run, key) for key in FIGURES))
    rows = db.execute(select(*columns).where(Run.team_id == member.team.id)).all()
    return member, {row.id: row._asdict() for row in rows}


def _expected(runs: dict[int, dict[str, Any]], states: list[str], column: str, direction: str) -> list[int]:
    """The list's order computed here: the runs of `states` with the value by it, ties by id, then
    those without by id; the direction reverses both, never the place of the runs without."""
    chosen = [run for run in runs.values() if run["state"] in states]
    with_value = sorted(
        (run for run in chosen if run[column] is not None),
        key=lambda run: (run[column], run["id"]),
        reverse=direction == "desc",
    )
    without = sorted((run["id"] for run in chosen if run[column] is None), reverse=direction == "desc")
    return [run["id"] for run in with_value] + without


@pytest.mark.parametrize("sort", ["latency_p99_ms", "rps", "error_pct", "finished"])
@pytest.mark.parametrize("direction", ["desc", "asc"])
def test_a_sort_within_a_state_filter_pages_the_states_runs_in_order(
    client: TestClient,
    runs_in_states: tuple[Member, dict[int, dict[str, Any]]],
    sort: str,
    direction: str,
) -> None:
    """Each state filtered is read from its own range of a (team_id, state, value, id) index and
    several are merged (migration 0014): the same order as the whole list's, every page."""
    member, runs = runs_in_states
    column = "finished_at" if sort == "finished" else sort
    for states in (
        ["failed"],  # one with a value, two without
        ["cancelled"],  # none with a value
        ["queued"],
        ["succeeded"],  # all with values, tied in threes
        ["failed", "partial"],
        ["succeeded", "cancelled", "running"],
        ["failed", "cancelled", "queued", "partial", "succeeded"],
        ["collecting"],  # no run
    ):
        expected = _expected(runs, states, column, direction)
        params = {"sort": sort, "direction": direction, "state": states}
        page = _list(client, member, **params)
        assert [item["id"] for item in page["items"]] == expected, states
        assert (page["total"], page["total_exact"], page["next_cursor"]) == (len(expected), True, None)
        for limit in (1, 2, 3):
            assert _walk(client, member, limit, **params) == expected, (states, limit)
            by_offset = [
                _ids(client, member, limit=limit, offset=offset, **params)
                for offset in range(0, len(expected) + 1, limit)
            ]
            assert [i for ids in by_offset for i in ids] == expected, (states, limit)


def _cursor(*doc: object) -> str:
    """A cursor as the list writes one (backend.runs.paging.Cursor.encode), with any content."""
    return base64.urlsafe_b64encode(json.dumps(list(doc)).encode()).decode().rstrip("=")


def test_a_cursor_is_for_its_sort_and_excludes_an_offset(
    client: TestClient, tied_runs: tuple[Member, list[int]]
) -> None:
    member, _ = tied_runs
    cursor = _list(client, member, limit=2, sort="rps")["next_cursor"]
    assert cursor is not None
    for params in (
        {"cursor": cursor, "sort": "latency_p99_ms"},
        {"cursor": cursor, "sort": "rps", "direction": "asc"},
        {"cursor": cursor, "sort": "rps", "offset": 2},
        {"cursor": "not-a-cursor"},
        {"cursor": "WyJycHMiLCJkZXNjIiwiMSIsInRlbiJd"},  # ["rps","desc","1","ten"]
        {"cursor": "WyJycHMiLCJkZXNjIiwidGVuIiwxXQ", "sort": "rps"},  # ["rps","desc","ten",1]
        {"cursor": "WyJjcmVhdGVkIiwiZGVzYyIsIjEuNSIsMV0"},  # ["created","desc","1.5",1]
        # Values numeric would refuse (overflow, more digits than it keeps): 422, never a 500.
        {"cursor": _cursor("rps", "desc", "1e999999", 1), "sort": "rps"},
        {"cursor": _cursor("rps", "desc", "0." + "1" * 20_000, 1), "sort": "rps"},
        {"cursor": _cursor("rps", "desc", "-1e308", 1), "sort": "rps"},
        # An id no run can have (beyond BIGINT, zero, a boolean).
        {"cursor": _cursor("rps", "desc", "1", 2**70), "sort": "rps"},
        {"cursor": _cursor("rps", "desc", None, 0), "sort": "rps"},
        {"cursor": _cursor("rps", "desc", "1", True), "sort": "rps"},
    ):
        r = client.get(f"{API}/runs", params=params, headers=member.headers)
        assert r.status_code == 422, r.text
        assert [f["field"] for f in r.json()["fields"]] == ["cursor"]


def test_the_total_is_exact_up_to_the_cap_then_says_more(client: TestClient, db: Session) -> None:
    from backend.runs.paging import TOTAL_CAP

    member = new_member(db, "viewer")
    (first,) = _runs(db, member, 1)
    other = new_member(db, "viewer")
    _runs(db, other, 1)
    assert _list(client, member) | {"items": []} == {
        "items": [],
        "total": 1,
        "total_exact": True,
        "limit": 100,
        "offset": 0,
        "next_cursor": None,
    }
    copies = (
        "INSERT INTO run (team_id, experiment_id, experiment_version_id, launch_id, lab_id, point_index,"
        " repetition, params, spec, state, command_lines, environment)"
        " SELECT team_id, experiment_id, experiment_version_id, launch_id, lab_id, point_index, repetition,"
        " params, spec, :state, command_lines, environment FROM run, generate_series(1, :n) WHERE id = :id"
    )
    db.execute(text(copies), {"state": "queued", "n": TOTAL_CAP - 1, "id": first})
    db.commit()
    exact = _list(client, member, limit=1)
    assert (exact["total"], exact["total_exact"]) == (TOTAL_CAP, True)

    db.execute(text(copies), {"state": "failed", "n": 1, "id": first})
    db.commit()
    more = _list(client, member, limit=1)
    assert (more["total"], more["total_exact"]) == (TOTAL_CAP, False)  # more than 10,000
    failed = _list(client, member, state="failed")
    assert (failed["total"], failed["total_exact"]) == (1, True)  # a filter counts exactly again
    assert _list(client, other)["total"] == 1  # another team's count is its own
    last = _list(client, member, limit=5, offset=TOTAL_CAP - 4)
    assert len(last["items"]) == 5 and last["next_cursor"] is None
