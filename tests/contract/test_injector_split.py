"""The profile is the total: its split across injectors adds up exactly, evenly, the same every time."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract.injector_split import (
    RATE_STEPS_PER_REQUEST,
    ShareError,
    injector_shares,
    lab_connections,
    lab_rate,
    share_profile,
    split_integer,
    split_rate,
)
from contract.lab import LabSettings, injector_weights_of, weights_of
from contract.load import LoadProfile

weights_lists = st.lists(st.integers(min_value=1, max_value=1000), min_size=1, max_size=64)


@given(total=st.integers(min_value=0, max_value=10**9), weights=weights_lists)
def test_parts_add_up_to_the_total_and_stay_within_one_of_their_exact_share(
    total: int, weights: list[int]
) -> None:
    parts = split_integer(total, weights)
    assert sum(parts) == total and len(parts) == len(weights)
    weight_sum = sum(weights)
    for part, weight in zip(parts, weights, strict=True):
        exact = total * weight / weight_sum
        assert exact - 1 < part < exact + 1  # largest remainder: floor or ceiling of the exact share
    assert split_integer(total, weights) == parts  # the same inputs, the same parts


@given(total=st.integers(min_value=0, max_value=10**6), n=st.integers(min_value=1, max_value=64))
def test_equal_weights_differ_by_at_most_one_and_the_first_take_the_rest(total: int, n: int) -> None:
    parts = split_integer(total, [1] * n)
    assert max(parts) - min(parts) <= 1
    assert parts == sorted(parts, reverse=True)  # ties go to the earlier injector


@given(total=st.integers(min_value=0, max_value=10**6), weights=weights_lists)
def test_a_heavier_injector_never_gets_less(total: int, weights: list[int]) -> None:
    parts = split_integer(total, weights)
    for i in range(len(weights)):
        for j in range(len(weights)):
            if weights[i] > weights[j]:
                assert parts[i] >= parts[j]


@given(
    rate_steps=st.integers(min_value=1, max_value=1_000_000 * RATE_STEPS_PER_REQUEST),
    weights=weights_lists,
)
def test_rate_shares_add_up_to_the_rate_at_its_step(rate_steps: int, weights: list[int]) -> None:
    rate = rate_steps / RATE_STEPS_PER_REQUEST
    shares = split_rate(rate, weights)
    # Each share is a whole number of steps, and the steps add up exactly.
    steps = [round(s * RATE_STEPS_PER_REQUEST) for s in shares]
    assert all(abs(s * RATE_STEPS_PER_REQUEST - k) < 1e-6 for s, k in zip(shares, steps, strict=True))
    assert sum(steps) == rate_steps


@pytest.mark.parametrize(
    ("total", "weights", "parts"),
    [
        (15, [1, 1], [8, 7]),
        (400, [1, 1], [200, 200]),
        (10, [1, 1, 1], [4, 3, 3]),
        (11, [1, 1, 1], [4, 4, 3]),
        (10, [2, 1], [7, 3]),  # 6.67 + 3.33: the larger remainder (.67) takes the unit
        (5, [1, 10], [0, 5]),  # 0.45 + 4.55
        (7, [3, 3, 1], [3, 3, 1]),
    ],
)
def test_known_splits(total: int, weights: list[int], parts: list[int]) -> None:
    assert split_integer(total, weights) == parts


def _profile(**fields: Any) -> LoadProfile:
    return LoadProfile.model_validate({"driver": "vegeta", "threads": 1, **fields})


def test_a_closed_loop_of_15_is_8_plus_7_and_an_open_loop_of_400_is_200_plus_200() -> None:
    closed = injector_shares(_profile(driver="hey", connections=15, threads=2), [1, 1])
    assert [(s.index, s.of, s.connections, s.threads, s.rate) for s in closed] == [
        (0, 2, 8, 1, None),
        (1, 2, 7, 1, None),
    ]
    opened = injector_shares(_profile(connections=10, rate=400), [1, 1])
    assert [s.rate for s in opened] == [200.0, 200.0] and [s.connections for s in opened] == [5, 5]
    odd = injector_shares(_profile(connections=3, rate=100.001), [1, 1, 1])
    assert [s.rate for s in odd] == [33.334, 33.334, 33.333]


def test_threads_are_split_but_each_injector_runs_one_and_never_more_than_its_connections() -> None:
    shares = injector_shares(_profile(driver="wrk", connections=16, threads=4), [1, 1, 1])
    assert [s.threads for s in shares] == [2, 1, 1]
    few = injector_shares(_profile(driver="wrk", connections=5, threads=1), [1, 1, 1])
    assert [(s.connections, s.threads) for s in few] == [(2, 1), (2, 1), (1, 1)]


def test_sql_statements_go_with_the_clients() -> None:
    profile = LoadProfile.model_validate(
        {"driver": "mariadb-slap", "connections": 3, "threads": 1, "sql": {"number_of_queries": 1000}}
    )
    shares = injector_shares(profile, [1, 1])
    assert [(s.connections, s.queries) for s in shares] == [(2, 667), (1, 333)]
    assert share_profile(profile, shares[1]).sql is not None
    assert share_profile(profile, shares[1]).sql.number_of_queries == 333  # type: ignore[union-attr]


def test_whole_gives_every_injector_the_whole_profile() -> None:
    profile = _profile(connections=15, rate=400, per_injector="whole")
    shares = injector_shares(profile, [1, 1])
    assert all((s.connections, s.rate, s.per_injector) == (15, 400, "whole") for s in shares)
    assert lab_connections(profile, 2) == 30 and lab_rate(profile, 2) == 800
    shared = _profile(connections=15, rate=400)
    assert lab_connections(shared, 2) == 15 and lab_rate(shared, 2) == 400
    # A run recorded before the split (no share kept): every injector ran the whole profile.
    assert lab_connections(shared, 2, shares_kept=False) == 30


def test_share_profile_changes_only_the_split_numbers() -> None:
    profile = _profile(connections=15, rate=400, path="/x", duration_s=9)
    share = injector_shares(profile, [1, 1])[1]
    mine = share_profile(profile, share)
    assert (mine.connections, mine.rate, mine.threads) == (7, 200, 1)
    assert mine.model_dump(exclude={"connections", "rate", "threads"}) == profile.model_dump(
        exclude={"connections", "rate", "threads"}
    )


@pytest.mark.parametrize(
    ("fields", "weights", "field", "words"),
    [
        ({"connections": 1}, [1, 1], "connections", "1 connections split across the lab's 2 injectors"),
        ({"connections": 2}, [1, 1, 1], "connections", "3 injectors"),
        ({"connections": 5}, [1, 10], "connections", "with weights 1, 10"),
        ({"connections": 4, "rate": 0.001}, [1, 1], "rate", "0.001 req/s"),
    ],
)
def test_a_split_that_leaves_an_injector_nothing_is_refused_naming_the_field(
    fields: dict[str, Any], weights: list[int], field: str, words: str
) -> None:
    with pytest.raises(ShareError) as caught:
        injector_shares(_profile(**fields), weights)
    assert caught.value.field == field and words in str(caught.value)
    assert "per_injector" in str(caught.value)


def test_lab_weights_by_agent_name_are_whole_numbers_of_at_least_one() -> None:
    assert injector_weights_of({"injector_weights": {"inj-b": 2}}) == {"inj-b": 2}
    assert weights_of(["inj-a", "inj-b"], {"inj-b": 2}) == [1, 2]
    assert injector_weights_of({}) == {}
    for bad in (0, -1, "2", True, 1.5, 1001):
        with pytest.raises(ValueError, match="injector_weights"):
            injector_weights_of({"injector_weights": {"inj-a": bad}})
    # Stored weights no model accepts are shown as absent, the rest of the settings stays.
    shown = LabSettings.stored({"injector_weights": {"a": 0}, "note": "x"})
    assert shown.injector_weights is None and shown.model_dump() == {"note": "x"}
