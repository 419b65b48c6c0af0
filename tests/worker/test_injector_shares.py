"""The worker's split: each online injector (name order) gets its share of the run's profile,
weighted by the lab's settings; the lab-wide totals read the total, for `share` and `whole`."""

from __future__ import annotations

import pytest

from contract.capabilities import Capabilities
from contract.examples import seed_000_maxconn_capacity
from contract.experiment import ExperimentSpec
from contract.injector_split import ShareError
from worker.execution import AgentRef, Execution


def _execution(names: list[str], weights: dict[str, int], **load: object) -> Execution:
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    doc["load"].update(load)
    doc["sweep"] = {"axes": []}
    spec = ExperimentSpec.model_validate(doc)
    ex = Execution(run_id=1, lab_id=1, lab_name="lab", spec=spec, injector_weights=weights)
    ex.injectors = [AgentRef(i + 10, name, ("injector",), Capabilities()) for i, name in enumerate(names)]
    return ex


def test_weights_by_name_follow_the_injectors_order() -> None:
    ex = _execution(["inj-a", "inj-b"], {"inj-b": 3}, connections=8, threads=2)
    shares = ex.injector_shares()
    assert [(s.index, s.weight, s.connections, s.threads) for s in shares] == [(0, 1, 2, 1), (1, 3, 6, 1)]


def test_a_weight_for_an_agent_not_online_is_ignored_and_a_split_too_small_is_refused() -> None:
    ex = _execution(["inj-a", "inj-b"], {"gone": 5}, connections=3, threads=1)
    assert [s.connections for s in ex.injector_shares()] == [2, 1]
    small = _execution(["inj-a", "inj-b", "inj-c"], {}, connections=2, threads=1)
    with pytest.raises(ShareError, match="3 injectors") as caught:
        small.injector_shares()
    assert caught.value.field == "connections"
