"""Sweep paths, apply_path and the expansion of a sweep into runs (order and counts)."""

from __future__ import annotations

from typing import Any

import pytest

from contract.examples import seed_000_maxconn_capacity, seed_004_http_reuse
from contract.expansion import SweepPointError, count_runs, expand
from contract.experiment import ExperimentSpec
from contract.sweep import PathError, Sweep, SweepAxis, apply_path, select


def _doc() -> dict[str, Any]:
    return {
        "proxy": {
            "global": {"maxconn": 20},
            "backends": [
                {"name": "a", "servers": [{"maxconn": 1}, {"maxconn": 2}]},
                {"name": "b", "servers": [{"maxconn": 3}]},
            ],
        },
        "load": {"keep_alive": True},
    }


def test_apply_path_sets_one_value_and_leaves_the_input_alone() -> None:
    doc = _doc()
    changed = apply_path(doc, "proxy.global.maxconn", 40)
    assert changed["proxy"]["global"]["maxconn"] == 40
    assert doc["proxy"]["global"]["maxconn"] == 20
    assert (
        apply_path(doc, "proxy.backends.1.servers.0.maxconn", 9)["proxy"]["backends"][1]["servers"][0][
            "maxconn"
        ]
        == 9
    )


def test_star_selects_every_element() -> None:
    changed = apply_path(_doc(), "proxy.backends.*.servers.*.maxconn", 7)
    assert [s["maxconn"] for b in changed["proxy"]["backends"] for s in b["servers"]] == [7, 7, 7]
    assert len(select(_doc(), "proxy.backends.*.name")) == 2


@pytest.mark.parametrize(
    ("path", "why"),
    [
        ("proxy.global.maxconns", "no field 'maxconns'"),
        ("proxy.backends.2.name", "not an index"),
        ("proxy.backends.x.name", "not an index"),
        ("proxy.global.maxconn.deeper", "is a value"),
        ("proxy.frontends.0", "no field 'frontends'"),
    ],
)
def test_paths_that_lead_nowhere_say_where_they_stop(path: str, why: str) -> None:
    with pytest.raises(PathError, match=why):
        apply_path(_doc(), path, 1)


def test_star_on_an_empty_list_selects_nothing_and_says_so() -> None:
    doc = _doc()
    doc["proxy"]["backends"][1]["servers"] = []
    with pytest.raises(PathError, match="selects nothing"):
        apply_path(doc, "proxy.backends.*.servers.*.maxconn", 1)


def _two_by_three(repetitions: int) -> ExperimentSpec:
    spec = seed_004_http_reuse()
    sweep = Sweep(
        axes=[
            SweepAxis(path="load.keep_alive", values=[True, False]),
            SweepAxis(path="proxy.backends.0.http_reuse", values=["never", "safe", "always"]),
        ]
    )
    return spec.model_copy(update={"sweep": sweep, "repetitions": repetitions})


def test_two_by_three_times_two_repetitions_is_twelve_runs_in_the_documented_order() -> None:
    spec = _two_by_three(repetitions=2)
    runs = expand(spec)
    assert count_runs(spec) == len(runs) == 12
    order = [
        (r.repetition, r.point_index, r.params["load.keep_alive"], r.params["proxy.backends.0.http_reuse"])
        for r in runs
    ]
    points = [
        (0, True, "never"),
        (1, True, "safe"),
        (2, True, "always"),
        (3, False, "never"),
        (4, False, "safe"),
        (5, False, "always"),
    ]
    assert order == [(rep, index, ka, reuse) for rep in (0, 1) for index, ka, reuse in points]


def test_each_run_spec_has_its_values_applied_and_no_sweep() -> None:
    for run in expand(_two_by_three(repetitions=2)):
        assert run.spec.sweep.axes == []
        assert run.spec.repetitions == 1
        assert run.spec.load.keep_alive is run.params["load.keep_alive"]
        assert run.spec.proxy.backends[0].http_reuse == run.params["proxy.backends.0.http_reuse"]


def test_no_sweep_is_one_point_per_repetition() -> None:
    spec = seed_000_maxconn_capacity().model_copy(update={"sweep": Sweep(), "repetitions": 3})
    runs = expand(spec)
    assert [(r.point_index, r.repetition, r.params) for r in runs] == [(0, 0, {}), (0, 1, {}), (0, 2, {})]


def test_linked_paths_move_with_their_axis() -> None:
    runs = expand(seed_004_http_reuse())
    assert len(runs) == 16
    for run in runs:
        h2c = run.spec.target.kind == "managed" and run.spec.target.protocol == "h2c"
        target_servers = run.spec.proxy.backends[0].target_servers
        assert target_servers is not None
        assert (target_servers.proto == "h2") is h2c


def test_linked_values_must_match_the_axis_length() -> None:
    with pytest.raises(ValueError, match=r"linked\.0\.values"):
        SweepAxis.model_validate(
            {
                "path": "target.protocol",
                "values": ["h1", "h2c"],
                "linked": [{"path": "load.rate", "values": [1]}],
            }
        )


def test_an_invalid_combination_names_the_axes_and_values() -> None:
    spec = seed_000_maxconn_capacity().model_copy(
        update={
            "sweep": Sweep(
                axes=[
                    SweepAxis(path="load.driver", values=["hey", "wrk"]),
                    SweepAxis(path="load.keep_alive", values=[True, False]),
                ]
            )
        }
    )
    with pytest.raises(SweepPointError) as caught:
        expand(spec)
    error = caught.value
    assert error.point_index == 3
    assert error.params == {"load.driver": "wrk", "load.keep_alive": False}
    assert "load.driver='wrk'" in str(error) and "load.keep_alive=False" in str(error)
    assert "keep_alive" in error.reason


def test_a_value_of_the_wrong_type_is_refused_by_axis() -> None:
    spec = seed_000_maxconn_capacity().model_copy(
        update={"sweep": Sweep(axes=[SweepAxis(path="proxy.global.maxconn", values=[20, "lots"])])}
    )
    with pytest.raises(SweepPointError, match=r"proxy.global.maxconn='lots'.*proxy.global.maxconn"):
        expand(spec)


def test_duplicate_values_are_refused_but_true_and_one_differ() -> None:
    with pytest.raises(ValueError, match="appears twice"):
        SweepAxis(path="load.rate", values=[1, 2, 1])
    assert SweepAxis(path="load.rate", values=[1, True]).values == [1, True]
