"""haplab's request log in the rendered config (contract.haproxy.render, request_log_one_in) and
the raw lines refused while timers are collected (raw_lines.request_log_problem), judged by the
words HAProxy reads and by the real `haproxy -c`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from contract.examples import seed_000_maxconn_capacity, seed_001_mariadb_maxconn
from contract.experiment import ExperimentSpec
from contract.haproxy import RenderContext, render
from contract.haproxy.raw_lines import request_log_problem
from contract.request_timers import LOG_FORMAT_HTTP, LOG_FORMAT_TCP
from tests.contract.conftest import HaproxyCheck, complaints

# Spellings HAProxy reads as a line that would make the log lie (quotes joined, escapes decoded,
# tabs and repeated blanks, a trailing comment).
LYING_LINES = [
    "option logasap",
    "option\tlogasap",
    '"option" log"asap"',
    "option log\\x61sap",
    "option  dontlog-normal   # quiet please",
    "option 'dontlog-normal'",
    "no log",
    "no   'log'",
    'log-format "%ci %ST"',
    "log-format %ci",
    'lo"g-format" x',
    "http-request set-log-level silent",
    "tcp-request content set-log-level silent",
    "http-response set-log-level err",
]
# Lines that change nothing haplab reads (or that turn a lying option off).
HARMLESS_LINES = [
    "option dontlognull",
    "no option logasap",
    "no option dontlog-normal",
    "option httplog",
    "option tcplog",
    "log global",
]


def _spec_with(section: str, lines: list[str], collect: bool = True) -> dict[str, Any]:
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    doc["timers"] = {"collect": collect}
    if section == "listens":
        doc["proxy"]["listens"][0]["extra"] = lines
    else:
        doc["proxy"][section]["extra"] = lines
    return doc


def _fields(doc: dict[str, Any]) -> str:
    with pytest.raises(ValidationError) as caught:
        ExperimentSpec.model_validate(doc)
    return str(caught.value)


@pytest.mark.parametrize("line", LYING_LINES)
def test_lines_that_would_make_the_log_lie_are_refused_while_collecting(line: str) -> None:
    error = _fields(_spec_with("listens", ["timeout queue 5s", line]))
    assert "proxy.listens.0.extra.1:" in error
    assert "set timers.collect false" in error


def test_request_log_problem_knows_the_sd_format_the_allowlist_already_refuses() -> None:
    assert request_log_problem("log-format-sd [x]") is not None
    assert request_log_problem("http-request set-header X y") is None


@pytest.mark.parametrize("line", ["option logasap", "no log", "log-format x"])
@pytest.mark.parametrize("section", ["defaults", "listens"])
def test_they_are_refused_in_every_section_that_takes_them(section: str, line: str) -> None:
    path = "proxy.listens.0" if section == "listens" else f"proxy.{section}"
    assert f"{path}.extra.0:" in _fields(_spec_with(section, [line]))


@pytest.mark.parametrize("line", LYING_LINES)
def test_without_collection_the_allowlist_alone_decides(line: str) -> None:
    doc = _spec_with("listens", [line], collect=False)
    try:
        ExperimentSpec.model_validate(doc)
    except ValidationError as exc:  # refused for another reason, never for the log
        assert "timers.collect" not in str(exc)


@pytest.mark.parametrize("line", HARMLESS_LINES)
def test_harmless_log_lines_stay_allowed(line: str) -> None:
    ExperimentSpec.model_validate(_spec_with("listens", [line]))


def test_haproxy_keywords_are_case_sensitive_so_other_cases_are_not_options(
    runtime_dir: Path, haproxy_check: HaproxyCheck
) -> None:
    """`Option LOGASAP` is no option to HAProxy (it refuses the line), and the allowlist refuses
    it too: a case the log check does not know can never reach HAProxy."""
    for line in ("Option logasap", "option LOGASAP", "NO log"):
        error = _fields(_spec_with("listens", [line], collect=False))
        assert "proxy.listens.0.extra.0" in error
        assert "timers.collect" not in error
    config = seed_000_maxconn_capacity().proxy
    text = render(config, RenderContext(runtime_dir=str(runtime_dir), target_addresses=["127.0.0.1:1"]))
    text = text.replace("    bind ", "    option LOGASAP\n    bind ", 1)
    assert "option LOGASAP" in text
    assert haproxy_check(text, runtime_dir).returncode != 0


def _ctx(runtime_dir: Path, one_in: int | None) -> RenderContext:
    return RenderContext(
        runtime_dir=str(runtime_dir), target_addresses=["127.0.0.1:1"], request_log_one_in=one_in
    )


@pytest.mark.parametrize("one_in", [1, 7])
def test_every_entry_section_logs_in_the_format_of_its_mode(
    one_in: int, runtime_dir: Path, haproxy_check: HaproxyCheck
) -> None:
    http = render(seed_000_maxconn_capacity().proxy, _ctx(runtime_dir, one_in))
    tcp = render(seed_001_mariadb_maxconn().proxy, _ctx(runtime_dir, one_in))
    sample = " sample 1:7" if one_in == 7 else ""
    target = f"log unix@{runtime_dir}/timers.sock len 2048 format raw{sample} local0"
    assert f'{target}\n    log-format "{LOG_FORMAT_HTTP}"' in http
    assert f'{target}\n    log-format "{LOG_FORMAT_TCP}"' in tcp
    for text in (http, tcp):
        result = haproxy_check(text, runtime_dir)
        assert result.returncode == 0, result.stdout + result.stderr
        assert complaints(result) == []


def test_the_log_lines_come_after_the_users_lines_and_beside_global_log(
    runtime_dir: Path, haproxy_check: HaproxyCheck
) -> None:
    """global.log (stdout) keeps its `log global`; haplab's target is one more in each entry
    section, after its raw lines, so its format is the one HAProxy keeps."""
    doc = seed_000_maxconn_capacity().proxy.model_dump(mode="json", by_alias=True)
    doc["global"]["log"] = "stdout"
    doc["defaults"]["extra"] = ["option httplog"]
    doc["listens"][0]["extra"] = ["option httplog", "timeout queue 5s"]
    config = type(seed_000_maxconn_capacity().proxy).model_validate(doc)
    text = render(config, _ctx(runtime_dir, 1))
    listen = text[text.index("listen ") :]
    assert listen.index("option httplog") < listen.index("log unix@") < listen.index("log-format")
    assert "log global" in text
    result = haproxy_check(text, runtime_dir)
    assert result.returncode == 0 and complaints(result) == [], result.stdout + result.stderr
