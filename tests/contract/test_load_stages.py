"""LoadProfile.stages: one kind per profile, the profile's figures derived from the stages or
refused when they disagree, every refusal named by its field; each stage split across injectors."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from backend.experiments.spec_errors import spec_field_errors
from contract.examples import seed_000_maxconn_capacity
from contract.experiment import ExperimentSpec
from contract.injector_split import ShareError, injector_shares, share_profile
from contract.load import MAX_STAGES, LoadProfile, stage_windows, staged_mean_rate

RAMP = [{"duration_s": 5, "rate": 100}, {"duration_s": 5, "rate": 300}, {"duration_s": 5, "rate": 200}]


def staged(**fields: Any) -> LoadProfile:
    return LoadProfile.model_validate({"driver": "vegeta", "stages": RAMP, **fields})


def refused(**load: Any) -> list[tuple[str, str]]:
    """The API's field errors (spec.load....) for a spec with this load."""
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    doc["load"] = {"driver": "vegeta", **load}
    doc["sweep"] = {"axes": []}
    doc["thresholds"] = []
    with pytest.raises(ValidationError) as caught:
        ExperimentSpec.model_validate(doc)
    return [(e.field, e.message) for e in spec_field_errors(caught.value)]


def test_duration_and_rate_are_derived_from_rate_stages() -> None:
    profile = staged()
    assert profile.duration_s == 15 and profile.rate == 200
    # what is stored reads back the same (the derived figures now given, and agreeing)
    assert LoadProfile.model_validate(profile.model_dump()) == profile
    assert staged(duration_s=15, rate=200).rate == 200


def test_a_ramp_counts_its_trapezoid_in_the_mean_rate() -> None:
    stages = [{"duration_s": 4, "rate": 100}, {"duration_s": 4, "rate": 300, "ramp_s": 2}]
    profile = LoadProfile.model_validate({"driver": "vegeta", "stages": stages})
    # 400 + (2 s from 100 to 300: 400) + 2 s at 300 (600) over 8 s
    assert profile.rate == staged_mean_rate(profile.stages) == 175
    windows = stage_windows(profile.stages)
    assert [(w.begins_s, w.start_s, w.end_s) for w in windows] == [(0, 1, 4), (4, 7, 8)]


def test_connection_stages_are_a_closed_loop_holding_at_most_their_largest() -> None:
    stages = [{"duration_s": 3, "connections": 5}, {"duration_s": 3, "connections": 20}]
    profile = LoadProfile.model_validate({"driver": "vegeta", "stages": stages})
    assert profile.rate is None and profile.connections == 20 and profile.duration_s == 6


@pytest.mark.parametrize(
    ("load", "field", "words"),
    [
        ({"driver": "hey", "stages": RAMP}, "spec.load.stages", "use vegeta"),
        ({"driver": "wrk", "stages": RAMP}, "spec.load.stages", "use vegeta"),
        ({"stages": RAMP, "duration_s": 10}, "spec.load.duration_s", "the stages last 15 s"),
        ({"stages": RAMP, "rate": 150}, "spec.load.rate", "mean asked rate is 200"),
        (
            {"stages": [RAMP[0], {"duration_s": 5, "connections": 10}]},
            "spec.load.stages.1.connections",
            "one kind",
        ),
        (
            {"stages": [{"duration_s": 5, "connections": 10}, RAMP[1]]},
            "spec.load.stages.1.rate",
            "one kind",
        ),
        ({"stages": [{"duration_s": 5, "connections": 10}], "rate": 5}, "spec.load.rate", "closed loop"),
        (
            {"stages": [{"duration_s": 5, "connections": 10}], "connections": 50},
            "spec.load.connections",
            "largest stage has 10",
        ),
        ({"stages": [{"duration_s": 5, "rate": 1, "connections": 2}]}, "spec.load.stages.0.rate", "either"),
        ({"stages": [{"duration_s": 5}]}, "spec.load.stages.0.rate", "either"),
        (
            {"stages": [{"duration_s": 5, "rate": 100, "ramp_s": 2}]},
            "spec.load.stages.0.ramp_s",
            "first stage",
        ),
        (
            {"stages": [RAMP[0], {"duration_s": 5, "rate": 9, "ramp_s": 4}]},
            "spec.load.stages.1.ramp_s",
            "measured",
        ),
        (
            {
                "stages": [
                    {"duration_s": 5, "connections": 1},
                    {"duration_s": 5, "connections": 3, "ramp_s": 1},
                ]
            },
            "spec.load.stages.1.ramp_s",
            "step at once",
        ),
        ({"stages": [{"duration_s": 1, "rate": 100}]}, "spec.load.stages.0.duration_s", ""),
        ({"stages": [{"duration_s": 5, "rate": -1}]}, "spec.load.stages.0.rate", ""),
        ({"stages": [{"duration_s": 5, "rate": 1, "extra": 1}]}, "spec.load.stages.0.extra", ""),
        ({"stages": [{"duration_s": 2000, "rate": 1}] * 2}, "spec.load.stages", "at most 3600 s"),
        ({"stages": [{"duration_s": 2, "rate": 1}] * (MAX_STAGES + 1)}, "spec.load.stages", ""),
    ],
)
def test_each_refusal_names_its_field(load: dict[str, Any], field: str, words: str) -> None:
    problems = refused(**load)
    assert any(f == field and words in m for f, m in problems), problems


def test_each_stage_is_split_across_injectors_in_parts_that_add_up() -> None:
    profile = staged(connections=10)
    shares = injector_shares(profile, [1, 1, 1])
    for index, stage in enumerate(profile.stages):
        parts = [share.stages[index].rate for share in shares if share.stages]
        assert sum(p or 0 for p in parts) == pytest.approx(stage.rate) and len(parts) == 3
    for share in shares:
        # the profile an injector runs is valid on its own (the agent validates it again)
        mine = LoadProfile.model_validate(share_profile(profile, share).model_dump())
        assert mine.rate == share.rate and mine.duration_s == 15
    assert sum(share.rate or 0 for share in shares) == pytest.approx(200, abs=0.003)


def test_a_stage_too_small_to_split_names_the_stage() -> None:
    stages = [{"duration_s": 3, "connections": 4}, {"duration_s": 3, "connections": 1}]
    profile = LoadProfile.model_validate({"driver": "vegeta", "threads": 1, "stages": stages})
    with pytest.raises(ShareError) as caught:
        injector_shares(profile, [1, 1])
    assert caught.value.field == "stages.1.connections"
    whole = profile.model_copy(update={"per_injector": "whole"})
    assert [share.stages for share in injector_shares(whole, [1, 1])] == [profile.stages] * 2
