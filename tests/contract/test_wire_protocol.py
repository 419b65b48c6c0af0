"""The agent wire protocol: typed bodies in a versioned envelope, and nothing untyped."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from pydantic import ValidationError

from contract.command_results import LoadStopped
from contract.load import LoadProfile
from contract.protocol import (
    ApplyProxyConfig,
    CommandResult,
    Envelope,
    Heartbeat,
    Hello,
    SampleBatch,
    StartLoad,
    StartTargets,
    StopLoad,
    Teardown,
)
from contract.results import SamplePoint
from contract.target import ManagedTarget

NOW = datetime(2024, 1, 1, tzinfo=UTC)


def _bodies() -> list[Any]:
    return [
        Hello(
            agent="proxy-1", version="0.1.0", roles=["proxy"], capabilities={"haproxy": "2.6.12", "cores": 2}
        ),
        Heartbeat(busy_run_id=1),
        SampleBatch(
            run_id=1, batch_id=0, samples=[SamplePoint(source="proxy:fe", t=0, ts=NOW, data={"scur": 1})]
        ),
        CommandResult(command_id="abc", ok=True, data=LoadStopped(was_running=True, exit_code=0)),
        ApplyProxyConfig(run_id=1, config_text="global\n", files={"certs/lab.pem": "PEM"}),
        StartTargets(run_id=1, target=ManagedTarget(servers=2)),
        StartLoad(
            run_id=1, profile=LoadProfile(), target_url="http://10.0.0.1:8080", start_at=NOW, lease_s=30
        ),
        Teardown(run_id=1),
    ]


@pytest.mark.parametrize("body", _bodies(), ids=lambda b: b.type)
def test_every_message_round_trips_in_an_envelope(body: Any) -> None:
    envelope = Envelope.wrap(body)
    assert envelope.type == body.type and envelope.v == 1 and envelope.id
    again = Envelope.model_validate_json(envelope.model_dump_json())
    assert type(again.body) is type(body)
    assert again == envelope


def test_type_is_filled_from_the_body_and_must_match_it() -> None:
    raw = {"id": "m1", "sent_at": "2024-01-01T00:00:00Z", "body": {"type": "teardown", "run_id": 1}}
    assert Envelope.model_validate(raw).type == "teardown"
    with pytest.raises(ValidationError, match="does not match"):
        Envelope.model_validate({**raw, "type": "stop_load"})


def test_commands_are_told_from_agent_messages() -> None:
    assert Envelope.wrap(Teardown(run_id=1)).is_command
    assert not Envelope.wrap(Heartbeat()).is_command


def test_unknown_versions_types_and_fields_are_refused() -> None:
    body = {"type": "teardown", "run_id": 1}
    with pytest.raises(ValidationError, match="protocol version 2"):
        Envelope.model_validate({"v": 2, "body": body})
    with pytest.raises(ValidationError, match="body"):
        Envelope.model_validate({"body": {"type": "run_shell", "command": "rm -rf /"}})
    with pytest.raises(ValidationError, match="command"):
        Envelope.model_validate({"body": {**body, "command": "rm -rf /"}})


def test_runtime_files_stay_inside_the_runtime_directory() -> None:
    for name in ("../etc/passwd", "/etc/passwd", "certs/../x", "other/x", "certs/.hidden/../x"):
        with pytest.raises(ValidationError, match="files"):
            ApplyProxyConfig(run_id=1, config_text="", files={name: "x"})


def test_target_url_has_no_path_and_a_known_scheme() -> None:
    for url in ("http://10.0.0.1:8080/fast", "file:///etc/passwd", "http://10.0.0.1", "http://a b:80"):
        with pytest.raises(ValidationError, match="target_url"):
            StartLoad(run_id=1, profile=LoadProfile(), target_url=url, start_at=NOW, lease_s=30)


def test_a_failed_command_says_why() -> None:
    with pytest.raises(ValidationError, match="error"):
        CommandResult(command_id="abc", ok=False)


def test_every_name_enrollment_accepts_can_say_hello() -> None:
    from contract.protocol import EnrollRequest
    from contract.text_types import MAX_AGENT_NAME

    longest = "a" * MAX_AGENT_NAME
    EnrollRequest(token="hle_x", name=longest, roles=["proxy"])
    assert Hello(agent=longest, version="1", roles=["proxy"], capabilities={}).agent == longest
    with pytest.raises(ValidationError):
        Hello(agent=longest + "a", version="1", roles=["proxy"], capabilities={})
    with pytest.raises(ValidationError):
        EnrollRequest(token="hle_x", name=longest + "a", roles=["proxy"])


@pytest.mark.parametrize("run_id", ["12", "warmup-1", 12.0, True])
def test_a_run_id_is_an_integer_on_both_sides_never_text(run_id: Any) -> None:
    # The worker once sent StopLoad(run_id=str(...)): converted silently. One type now, refused
    # where it is built (the worker) and where it is read (the agent, the API).
    with pytest.raises(ValidationError, match="run_id"):
        StopLoad(run_id=run_id)
    raw = {"id": "m1", "body": {"type": "stop_load", "run_id": run_id}}
    with pytest.raises(ValidationError, match="run_id"):
        Envelope.model_validate_json(json.dumps(raw))
    assert Envelope.model_validate_json(json.dumps({**raw, "body": {"type": "stop_load", "run_id": 12}}))
