"""The worker's side of the managed MariaDB: who HAProxy checks as, the run's account, and where
a direct run may go (pure logic; the end-to-end run is tests/e2e/test_seed_001.py)."""

from __future__ import annotations

import pytest

from contract.capabilities import Capabilities
from contract.examples import seed_001_mariadb_maxconn
from worker.execution import AgentRef, Execution
from worker.phases.base import PhaseError
from worker.phases.database import LOAD_USER, check_users, direct_host, direct_url, new_access
from worker.phases.load import entry_url


def execution(via: str = "proxy", target_address: str = "10.77.2.2") -> Execution:
    spec = seed_001_mariadb_maxconn()
    spec = spec.model_copy(update={"load": spec.load.model_copy(update={"via": via})})
    ex = Execution(run_id=7, lab_id=1, lab_name="lab", spec=spec)
    ex.agents["proxy"] = AgentRef(1, "proxy-1", ("proxy",), Capabilities(data_address="10.77.1.2"))
    ex.agents["target"] = AgentRef(2, "target-1", ("target",), Capabilities(data_address=target_address))
    ex.target_addresses = ["10.77.2.2:24567"]
    return ex


def test_haproxy_checks_as_the_spec_says_and_never_as_the_load_user() -> None:
    assert check_users(execution()) == ["haproxy"]


def test_every_run_gets_its_own_password() -> None:
    first, second = new_access("haplab"), new_access("haplab")
    assert first.user == LOAD_USER and first.schema_name == "haplab"
    assert first.password != second.password and len(first.password) >= 24


def test_proxied_sql_load_enters_through_the_listen_port() -> None:
    assert entry_url(execution()) == "mysql://10.77.1.2:3308"


def test_a_direct_run_goes_to_the_address_the_target_agent_reported() -> None:
    ex = execution(via="direct")
    assert entry_url(ex) == direct_url(ex) == "mysql://10.77.2.2:24567"
    assert direct_host(ex) == "10.77.2.2"


def test_a_database_away_from_the_target_agents_own_address_is_not_loaded_directly() -> None:
    with pytest.raises(PhaseError, match=r"not at its data address 10\.77\.9\.9"):
        direct_host(execution(via="direct", target_address="10.77.9.9"))
