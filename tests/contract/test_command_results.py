"""Each command names the model it is answered with, and CommandResult.data is one of them: the
API, the agent and the worker read an answer the same way, and nothing untyped gets through."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import get_args

import pytest
from pydantic import ValidationError

from contract.command_results import (
    AppliedQdisc,
    CommandOutput,
    DatabaseStarted,
    Done,
    HostSampling,
    HostsResolved,
    LeaseRenewed,
    LinksShaped,
    LoadFinished,
    LoadStarted,
    LoadStopped,
    ProxySampling,
    ProxyStarted,
    SamplesSent,
    SamplingStarted,
    TargetsStarted,
    TornDown,
)
from contract.protocol import (
    COMMAND_TYPES,
    AwaitLoad,
    Command,
    CommandResult,
    HoldSamples,
    StartSampling,
    Teardown,
)
from contract.results import InjectorSummary
from contract.strict import StrictModel

ARGV = ["/usr/sbin/haproxy", "-W", "-f", "haproxy.cfg"]
SUMMARY = InjectorSummary(
    agent="injector-1", driver="hey", requests=3, successes=3, duration_s=1, rps=3, bytes_per_s=9
)

# An answer of every model, each as an agent sends it (every field it has).
ANSWERS: list[StrictModel] = [
    Done(),
    ProxyStarted(command_line=ARGV, pid=10, haproxy_version="2.6.12", check_output="", worker_pid=11),
    HostsResolved(addresses={"app.lab": ["10.0.0.2"]}),
    LinksShaped(),
    LinksShaped(applied=[AppliedQdisc(interface="veth0", qdisc="tbf", argv=["tc", "qdisc"])]),
    SamplingStarted(host=HostSampling(source="host:proxy-1")),
    SamplingStarted(
        host=HostSampling(source="host:proxy-1", error="no /proc/stat"),
        proxy=ProxySampling(source="proxy", socket="/run/haplab/proxy/stats.sock"),
    ),
    SamplesSent(samples_flushed=True),
    TargetsStarted(command_line=["nginx"], pid=12, addresses=["127.0.0.1:8080"], nginx_version="1.22.1"),
    DatabaseStarted(command_line=["mariadbd"], pid=13, addresses=["127.0.0.1:3306"], mariadb_version="10.11"),
    LoadStarted(
        command_line=["hey"],
        pid=14,
        driver="hey",
        driver_version="0.1.4",
        lease_until="2026-01-01T00:00:00+00:00",
    ),
    LoadFinished(
        summary=SUMMARY, command_line=["hey"], exit_code=0, output_tail="ok", driver_version="0.1.4"
    ),
    LeaseRenewed(lease_until=None, running=False),
    LoadStopped(was_running=True, exit_code=-15),
    TornDown(roles=["proxy", "target"], samples_flushed=False, batches_sent=7),
]


def test_every_command_is_answered_with_a_model_of_the_union() -> None:
    members = set(get_args(CommandOutput))
    commands = get_args(Command)
    assert {c.model_fields["type"].default for c in commands} == COMMAND_TYPES
    for command in commands:
        assert command.answered_with in members, command.__name__
    assert {type(a) for a in ANSWERS} == members, "an example of every answer"


@pytest.mark.parametrize("answer", ANSWERS, ids=lambda a: type(a).__name__)
def test_an_answer_reads_back_as_its_own_model_and_the_same_json(answer: StrictModel) -> None:
    # What the API does with it (read, then pass on to the worker) changes nothing: the union
    # is not discriminated, so no answer may read as another model.
    sent = CommandResult(command_id="c1", ok=True, data=answer).model_dump_json()
    read = CommandResult.model_validate_json(sent)
    assert type(read.data) is type(answer) and read.data == answer
    assert read.model_dump_json() == sent


def test_fields_with_nothing_to_say_stay_off_the_wire_as_before() -> None:
    sampling = SamplingStarted(host=HostSampling(source="host:injector-1"))
    sent = json.loads(CommandResult(command_id="c1", ok=True, data=sampling).model_dump_json())
    assert sent["data"] == {"host": {"source": "host:injector-1"}}
    failed = json.loads(CommandResult(command_id="c1", ok=False, error="no").model_dump_json())
    assert failed["data"] == {}


@pytest.mark.parametrize(
    "data",
    [
        {"cmdline": ["hey"]},  # a key no answer has
        {"command_line": ["hey"], "pid": "ten"},
        {"addresses": ["127.0.0.1:8080"]},  # a TargetsStarted without its command line
        {"was_running": True, "exit_code": 0, "extra": 1},
        [],
    ],
)
def test_an_untyped_answer_is_refused(data: object) -> None:
    raw = {"type": "command_result", "command_id": "c1", "ok": True, "data": data}
    with pytest.raises(ValidationError, match="data"):
        CommandResult.model_validate_json(json.dumps(raw))


def test_an_answer_is_told_by_its_command_not_by_its_shape() -> None:
    now = datetime.now(UTC)

    assert StartSampling(run_id=1, t0=now).answered_with is SamplingStarted
    assert AwaitLoad(run_id=1, timeout_s=5).answered_with is LoadFinished
    assert HoldSamples(run_id=1, hold_s=1).answered_with is Done
    assert Teardown(run_id=1).answered_with is TornDown
