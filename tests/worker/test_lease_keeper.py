"""The load lease keeper (worker/phases/load.py) against a real Redis: an injector that reads its
lease from its sample batch replies gets it as a key the API hands on; an older one a command."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from factories import RUN_SPEC

from backend.messaging import keys, load_leases
from contract.capabilities import Capabilities
from contract.experiment import ExperimentSpec
from contract.protocol import Envelope, RenewLease
from worker.execution import AgentRef, Execution
from worker.phases.load import LeaseKeeper


def test_leases_go_by_key_to_new_injectors_and_by_command_to_old_ones(
    test_db_url: str, redis_client: Any
) -> None:
    execution = Execution(run_id=41, lab_id=1, lab_name="lab", spec=ExperimentSpec.model_validate(RUN_SPEC))
    new = AgentRef(7, "injector-1", ("injector",), Capabilities(load_lease_in_replies=True))
    old = AgentRef(8, "injector-2", ("injector",), Capabilities())
    execution.injectors += [new, old]
    keeper = LeaseKeeper(execution)

    before = datetime.now(UTC)
    keeper.renew()
    lease = load_leases.load_lease(41, 7)
    assert lease is not None
    assert 9 <= (datetime.fromisoformat(lease) - before).total_seconds() <= 11  # load_lease_seconds
    assert 0 < redis_client.pttl(keys.load_lease_key(41, 7)) <= 10_000  # gone if not renewed
    assert load_leases.load_lease(41, 8) is None
    [queued] = redis_client.lrange(keys.agent_commands_key(8), 0, -1)
    assert isinstance(Envelope.model_validate_json(queued).body, RenewLease)
    assert redis_client.llen(keys.agent_commands_key(7)) == 0

    execution.stopped.set()  # the run is over: the keeper clears what it set
    keeper.start()
    keeper.join(5)
    assert load_leases.load_lease(41, 7) is None
