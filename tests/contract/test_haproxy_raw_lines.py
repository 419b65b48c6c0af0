"""The raw-lines allowlist: every refused kind is refused with the line named (every refused line
of a list at once, each at its own index), and allowed lines pass both the model and the real
`haproxy -c`."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from contract.haproxy import (
    Backend,
    Frontend,
    Global,
    HAProxyConfig,
    Listen,
    RenderContext,
    check_raw_line,
    render,
)
from contract.haproxy.model import Bind, Defaults
from contract.haproxy.raw_lines import MAX_LINES
from contract.haproxy.render import raw_line_sources
from contract.haproxy.servers import Server
from dev.services import free_port
from tests.contract.conftest import HAPROXY, HaproxyCheck, complaints
from tests.contract.hostile_corpus import CORPUS

REFUSED: list[tuple[str, str, str]] = [
    # (section, line, a word the reason must contain)
    ("global", "lua-load /etc/haproxy/x.lua", "Lua"),
    ("global", "lua-prepend-path /tmp/?.lua", "Lua"),
    ("frontend", "http-request lua.hello", "Lua"),
    ("frontend", "http-request use-service lua.hello", "Lua"),
    ("listen", "tcp-request content use-service lua.echo", "Lua"),
    ("backend", "http-request set-header X %[lua.fetch]", "Lua"),
    ("backend", "option external-check", "external"),
    ("backend", "external-check command /bin/true", "external"),
    ("global", "external-check", "external"),
    ("global", "program evil", "section"),
    ("frontend", "backend other", "section"),
    ("backend", "listen sneaky", "section"),
    ("defaults", "userlist admins", "section"),
    ("global", "setenv FOO bar", "environment"),
    ("global", "presetenv FOO bar", "environment"),
    ("global", "resetenv", "environment"),
    ("global", "unsetenv PATH", "environment"),
    ("global", "stats socket /tmp/other.sock level admin", "stats socket"),
    ("global", "chroot /var/empty", "privileges"),
    ("global", "user nobody", "privileges"),
    ("global", "group nogroup", "privileges"),
    ("global", "insecure-fork-wanted", "insecure"),
    ("global", "insecure-setuid-wanted", "insecure"),
    ("frontend", "http-request return status 200 file /etc/passwd", "outside"),
    ("backend", "errorfile 503 /etc/haproxy/errors/503.http", "outside"),
    ("frontend", "acl bad src -f /etc/hosts", "outside"),
    ("frontend", "http-request set-header X %[src,map(/etc/x.map)]", "outside"),
    ("frontend", "http-request return status 200 file {runtime_dir}/../secret", ".."),
    ("frontend", "http-request return status 200 file files/x.txt", "relative"),
    ("global", "log /dev/log local0", "outside"),
    ("global", "daemon", "managed by the agent"),
    ("global", "pidfile /tmp/other.pid", "managed by the agent"),
    ("global", "maxconn 50000", "field in the model"),
    ("global", "tune.bufsize 1048576", "field in the model"),
    ("defaults", "mode tcp", "field in the model"),
    ("backend", "http-reuse always", "field in the model"),
    ("backend", "server extra 10.0.0.1:80", "field in the model"),
    ("frontend", "bind :9999", "field in the model"),
    ("global", "ssl-engine rdrand", "not an allowed directive"),
    ("frontend", "filter spoe config /etc/spoe.conf", "not an allowed directive"),
    ("global", "expose-experimental-directives", "not an allowed directive"),
    ("frontend", "http-request deny\nglobal", "single line"),
    ("frontend", "http-response set-header X %[env(HOME)]", "environment"),
    ("frontend", 'http-request set-header X "${HOME}"', "environment"),
    ("frontend", "   ", "empty"),
]

ALLOWED: dict[str, list[str]] = {
    "global": [
        "tune.h2.max-concurrent-streams 100",
        "spread-checks 5",
        "maxsslrate 1000",
        "tune.ssl.cachesize 20000",
        "tune.maxrewrite 8k",
        "maxpipes 1000",
        "tune.http.maxhdr 0100",  # leading zeros are decimal to HAProxy too
    ],
    "defaults": [
        "retry-on conn-failure empty-response",
        "default-server inter 3s fall 2 maxconn 100",
        "no option http-server-close",
        "option http-ignore-probes",
    ],
    "frontend": [
        "acl is_ok path /ok",
        "http-request set-header X-Lab haplab",
        "http-request return status 200 content-type text/plain file {runtime_dir}/files/ok.txt if is_ok",
        "http-request set-header X-Client %[src]",
        "http-request set-header X-Literal '${not-expanded}'",
        "acl listed src -f {runtime_dir}/files/nets.lst",
        "http-request set-header X-Mapped %[src,map_ip({runtime_dir}/files/nets.map,none)]",
        "capture request header Host len 64",
        "acl slow path_reg ^/slow$",
        # ordinary log-format lines (issue 28: only what reads the host is refused)
        "log 127.0.0.1:514 local0",
        'log-format "%{+Q}r %{+Q}[capture.req.hdr(0)] %[src] %{-Q}[capture.req.hdr(0),lower]"',
        "http-request set-header X-Flags %{+Q,+E}[src]",
        "http-response set-header X-Backend %{+Q}b",
        "http-request return status 503 errorfile {runtime_dir}/files/503.http if { path /unavailable }",
        "http-request set-var(txn.jwt) req.hdr(x-jwt),jwt_verify(RS256,{runtime_dir}/certs/jwt.pub.pem)",
    ],
    "backend": [
        "http-response set-header X-Served-By %s",
        "hash-type consistent",
        "stick-table type ip size 100k expire 30s store http_req_rate(10s)",
        "stick on src",
        "errorfile 503 {runtime_dir}/files/./503.http",
        "http-error status 503 errorfile {runtime_dir}/files/503.http",
        "default-server maxconn 10 maxconn 20",  # repeated, every occurrence within the cap
    ],
    "listen": [
        "http-request deny if { src 10.0.0.0/8 }",
        "compression algo gzip",
        'http-request set-header X-Quoted "a b\\$c"',
        "backlog 1024",
        "stick-table type string len 32 size 1k type string len 64 size 2k",
        "http-request set-header X-Map %{+Q}[src,map_ip({runtime_dir}/files/nets.map,none)]",
    ],
}


@pytest.mark.parametrize(("section", "line", "why"), REFUSED)
def test_refused_lines_say_why(section: str, line: str, why: str) -> None:
    reason = check_raw_line(section, line)
    assert reason is not None
    assert why.lower() in reason.lower()


def _model_with_extra(section: str, extra: list[str]) -> object:
    if section == "global":
        return Global(extra=extra)
    if section == "defaults":
        return Defaults(extra=extra)
    if section == "frontend":
        return Frontend(name="fe", bind=Bind(port=8080), default_backend="be", extra=extra)
    if section == "backend":
        return Backend(name="be", servers=[Server(name="s1", address="127.0.0.1:8000")], extra=extra)
    return Listen(
        name="li", bind=Bind(port=8081), servers=[Server(name="s1", address="127.0.0.1:8000")], extra=extra
    )


@pytest.mark.parametrize(("section", "line", "why"), REFUSED)
def test_models_refuse_naming_the_line_by_index_and_text(section: str, line: str, why: str) -> None:
    with pytest.raises(ValidationError) as caught:
        _model_with_extra(section, ["timeout check 1s" if section != "global" else "spread-checks 2", line])
    (error,) = caught.value.errors()
    assert error["loc"][-2:] == ("extra", 1)
    assert repr(line) in error["msg"]


@pytest.mark.parametrize("section", sorted(ALLOWED))
def test_allowed_lines_pass_the_check(section: str) -> None:
    for line in ALLOWED[section]:
        assert check_raw_line(section, line) is None, line


def test_allowed_lines_survive_real_haproxy(runtime_dir: Path, haproxy_check: HaproxyCheck) -> None:
    server = Server(name="s1", address="127.0.0.1:8000")
    config = HAProxyConfig(
        global_=Global(extra=ALLOWED["global"]),
        defaults=Defaults(extra=ALLOWED["defaults"]),
        frontends=[
            Frontend(name="fe", bind=Bind(port=8080), default_backend="be", extra=ALLOWED["frontend"])
        ],
        backends=[Backend(name="be", servers=[server], extra=ALLOWED["backend"])],
        listens=[Listen(name="li", bind=Bind(port=8081), servers=[server], extra=ALLOWED["listen"])],
    )
    text = render(config, RenderContext(runtime_dir=str(runtime_dir)))
    assert f"file {runtime_dir}/files/ok.txt" in text
    result = haproxy_check(text, runtime_dir)
    assert result.returncode == 0, result.stdout + result.stderr
    assert complaints(result) == []


# Caps hold at every occurrence of a capped value: HAProxy keeps the last one, shown here by the
# real HAProxy (contract/haproxy/limits.py capped_values).


def test_haproxy_keeps_the_last_of_a_repeated_argument(tmp_path: Path) -> None:
    sock = tmp_path / "stats.sock"
    config = tmp_path / "haproxy.cfg"
    config.write_text(
        f"global\n    stats socket {sock} mode 600 level admin\n"
        "defaults\n    mode http\n    timeout client 1s\n    timeout server 1s\n    timeout connect 1s\n"
        "backend small_then_large\n    stick-table type ip size 1k size 2m\n"
        f"frontend fe\n    bind 127.0.0.1:{free_port()}\n    default_backend small_then_large\n"
    )
    haproxy = subprocess.Popen(
        [HAPROXY, "-db", "-f", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 10
        while not sock.exists() and time.monotonic() < deadline and haproxy.poll() is None:
            time.sleep(0.05)
        with socket.socket(socket.AF_UNIX) as client:
            client.settimeout(5)
            client.connect(str(sock))
            client.sendall(b"show table\n")
            answer = client.recv(4096).decode()
    finally:
        haproxy.kill()
        haproxy.wait(timeout=10)
    assert "size:2097152" in answer, answer  # the 2m, not the 1k
    assert check_raw_line("backend", "stick-table type ip size 1k size 2g") is not None
    assert check_raw_line("backend", "stick-table type ip size 2g size 1k") is not None


def test_capture_cookie_length_is_its_fourth_argument_whatever_the_third(
    runtime_dir: Path, haproxy_check: HaproxyCheck
) -> None:
    config = (
        "defaults\n    mode http\n    timeout client 1s\n    timeout server 1s\n    timeout connect 1s\n"
        "frontend fe\n    bind 127.0.0.1:18080\n    capture cookie SID x 100\n"
    )
    result = haproxy_check(config, runtime_dir)
    assert result.returncode == 0
    assert "truncating capture length to 63" in result.stdout + result.stderr  # it read the 100
    assert check_raw_line("frontend", "capture cookie SID x 100000000") is not None


@pytest.mark.parametrize(
    ("section", "extra"),
    [
        ("global", ["tune.maxrewrite 1k", "tune.maxrewrite 2g"]),
        ("global", ["tune.ssl.cachesize 100", "spread-checks 2", "tune.ssl.cachesize 100000000"]),
        ("backend", ["default-server maxconn 10", "default-server maxconn 100000"]),
        ("defaults", ["backlog 10", "backlog 100000000"]),
    ],
)
def test_a_capped_directive_repeated_on_another_line_is_checked_there(section: str, extra: list[str]) -> None:
    """HAProxy keeps the last line: every line is checked on its own."""
    with pytest.raises(ValidationError) as caught:
        _model_with_extra(section, extra)
    assert sorted(_refused_indexes(caught.value)) == [len(extra) - 1]


def test_unknown_section_kind_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="unknown section kind"):
        check_raw_line("peers", "peer a 127.0.0.1:1024")


def test_a_long_extra_list_is_refused() -> None:
    with pytest.raises(ValidationError, match="at most 200 items"):
        Global(extra=["spread-checks 1"] * 201)


# Every refused line is reported at once, each at its own index; the renderer names the field of
# every raw line it writes, so what HAProxy says of a rendered line lands on the line typed.

SERVER = Server(name="s1", address="127.0.0.1:8000")


def _refused_indexes(error: ValidationError) -> dict[int, str]:
    """{index in the extra list: message} of each refused line."""
    out: dict[int, str] = {}
    for item in error.errors():
        assert item["loc"][-2] == "extra", item
        index = item["loc"][-1]
        assert isinstance(index, int) and index not in out, item
        out[index] = item["msg"]
    return out


def test_several_refused_lines_of_one_section_are_each_reported() -> None:
    lines = [
        "lua-load /x.lua",  # refused: Lua
        "spread-checks 2",  # allowed
        "tune.http.maxhdr many",  # refused: not a number
        "nbproc 2",  # refused: the agent's
        "maxconnrate 100",  # allowed
        "chroot /",  # refused: privileges
    ]
    with pytest.raises(ValidationError) as caught:
        Global(extra=lines)
    refused = _refused_indexes(caught.value)
    assert sorted(refused) == [0, 2, 3, 5]
    for index, message in refused.items():
        assert repr(lines[index]) in message


@pytest.mark.parametrize("section", ["global", "defaults", "frontend", "backend", "listen"])
def test_the_whole_hostile_corpus_in_one_section_is_refused_line_by_line(section: str) -> None:
    allowed = "spread-checks 2" if section == "global" else "timeout check 1s"
    corpus = [h.line for h in CORPUS]
    chunk = MAX_LINES // 2  # every hostile line after an allowed one, within the list's cap
    for start in range(0, len(corpus), chunk):
        hostile = corpus[start : start + chunk]
        extra = [line for pair in zip([allowed] * len(hostile), hostile, strict=True) for line in pair]
        with pytest.raises(ValidationError) as caught:
            _model_with_extra(section, extra)
        refused = _refused_indexes(caught.value)
        assert sorted(refused) == list(range(1, len(extra), 2)), section
        for index, message in refused.items():
            assert repr(extra[index]) in message


def test_rendered_raw_lines_are_named_by_their_field() -> None:
    config = HAProxyConfig(
        global_=Global(maxconn=100, extra=["spread-checks 2", "maxconnrate 10"]),
        defaults=Defaults(extra=["option httplog"]),
        frontends=[Frontend(name="fe", bind=Bind(port=8080), default_backend="be", extra=["backlog 10"])],
        backends=[
            Backend(name="be", servers=[SERVER]),
            Backend(
                name="be2",
                servers=[SERVER],
                extra=["hash-type consistent", "  retry-on all-retryable-errors"],
            ),
        ],
        listens=[Listen(name="li", bind=Bind(port=8081), servers=[SERVER], extra=["option forwardfor"])],
    )
    ctx = RenderContext(runtime_dir="/haplab/run")
    lines = render(config, ctx).split("\n")
    sources = raw_line_sources(config, ctx)
    assert sorted(sources.values()) == sorted(
        [
            "global.extra.0",
            "global.extra.1",
            "defaults.extra.0",
            "frontends.0.extra.0",
            "backends.1.extra.0",
            "backends.1.extra.1",
            "listens.0.extra.0",
        ]
    )
    for number, source in sources.items():
        typed = _typed_line(config, source)
        assert lines[number - 1].strip() == typed.strip(), (number, source)


def _typed_line(config: HAProxyConfig, source: str) -> str:
    node: Any = config.model_dump(by_alias=True)
    for part in source.split("."):
        node = node[int(part)] if part.isdigit() else node[part]
    assert isinstance(node, str)
    return node
