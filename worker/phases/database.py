"""The lab's managed MariaDB (seed 001): start it with a fresh account, and where a direct run goes.

The worker makes the run's account (user `haplab`, a random password) and sends it twice: to the
target, which creates it, and to the injector, which logs in with it. It is kept on the
Execution only (never in the run's row, never in a log), so it lives as long as the run.

A direct run (load.via "direct") bypasses the proxy and sends the load straight at the MariaDB
address the target agent reported. The injector refuses any address outside its allowlist,
except, for that run only, the target host the worker names in StartLoad: the target agent's
own data address, never an address from the spec.
"""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from contract.command_results import DatabaseStarted
from contract.haproxy.servers import MysqlCheck
from contract.protocol import SqlAccess, StartDatabase
from contract.target import ManagedDatabase
from worker import agent_rpc
from worker.execution import Execution
from worker.phases.base import PhaseError

LOAD_USER = "haplab"
DATABASE_TIMEOUT_S = 60.0  # install a data dir, start, create the schema: ~5 s on a busy host


def new_access(schema_name: str) -> SqlAccess:
    return SqlAccess(user=LOAD_USER, password=secrets.token_urlsafe(24), schema_name=schema_name)


def check_users(ex: Execution) -> list[str]:
    """Users HAProxy's `option mysql-check` logs in as, in the pools that reach the target."""
    users = {
        pool.health_check.user
        for _, pool in ex.spec.proxy.pools()
        if pool.target_servers is not None and isinstance(pool.health_check, MysqlCheck)
    }
    return sorted(users - {LOAD_USER})


def start_database(ex: Execution, database: ManagedDatabase) -> None:
    """StartDatabase on the target agent; sets the run's target address and account."""
    sql = ex.spec.load.sql
    if sql is None:
        raise PhaseError("load.sql: a managed MariaDB needs the load's SQL workload (its schema)")
    agent = ex.agent("target")
    access = new_access(sql.schema_name)
    command = StartDatabase(run_id=ex.run_id, database=database, access=access, check_users=check_users(ex))
    started = agent_rpc.request(agent.id, command, DatabaseStarted, DATABASE_TIMEOUT_S)
    ex.target_addresses = list(started.addresses)  # exactly one (DatabaseStarted)
    ex.sql_access = access
    ex.record_command_line(agent, started)


def direct_url(ex: Execution) -> str:
    """mysql://host:port of the managed MariaDB, for a run that bypasses the proxy."""
    if not ex.target_addresses:
        raise PhaseError("load.via: a direct run needs the managed MariaDB's address")
    return f"mysql://{ex.target_addresses[0]}"


def direct_host(ex: Execution) -> str:
    """The target agent's own data address; the MariaDB must listen there (checked here)."""
    host = ex.agent("target").data_address
    reported = urlsplit(direct_url(ex)).hostname
    if reported != host.strip("[]"):
        raise PhaseError(f"the target agent reported MariaDB at {reported}, not at its data address {host}")
    return host
