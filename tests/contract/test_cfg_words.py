"""The tokenizer reads a config line as HAProxy 2.6 does, checked against the real `haproxy`."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from pydantic import ValidationError

from contract.haproxy.cfg_words import CfgSyntaxError, needs_no_quoting, split_words
from contract.haproxy.model import Bind, Global, HAProxyConfig, Listen
from contract.haproxy.render import RenderContext, render
from contract.haproxy.servers import HttpCheck, Server
from tests.contract.conftest import HAPROXY

WORDS: list[tuple[str, list[str]]] = [
    ("acl x src 1.2.3.4", ["acl", "x", "src", "1.2.3.4"]),
    ("  acl\tx \t src  ", ["acl", "x", "src"]),
    ('f""ile', ["file"]),
    ('"-f"', ["-f"]),
    ('-"f"', ["-f"]),
    ("'-f'", ["-f"]),
    ("en\\x76(HOME)", ["env(HOME)"]),
    ('"a b" c', ["a b", "c"]),
    ("a\\ b", ["a b"]),
    ("'a\\x41'", ["a\\x41"]),  # no escapes inside single quotes
    ('"a\\x41"', ["aA"]),  # escapes inside double quotes
    ("a\\1", ["a\\1"]),  # not an escape sequence: kept
    ("x # comment", ["x"]),
    ('"x # not a comment"', ["x # not a comment"]),
    ("x \\# y", ["x", "#", "y"]),
    ("'${HOME}'", ["${HOME}"]),  # single quotes: no expansion
    ("${HOME}", ["${HOME}"]),  # outside double quotes: no expansion in 2.6
    ('"\\$HOME"', ["$HOME"]),
    ('"" x', ["", "x"]),
    ("a\\", ["a\\"]),
]


@pytest.mark.parametrize(("line", "words"), WORDS)
def test_words_as_haproxy_reads_them(line: str, words: list[str]) -> None:
    assert split_words(line) == words


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ('"${HOME}"', "environment"),
        ('"$HOME"', "environment"),
        ('"a${HOME-x}b"', "environment"),
        ('"unterminated', "unmatched"),
        ("'unterminated", "unmatched"),
        ("\\x4", "hexadecimal"),
        ("\\xZZ", "hexadecimal"),
        ("a\\x0ab", "control"),
        ("a\\nb", "control"),
        ("a\nb", "single line"),
    ],
)
def test_refused_where_haproxy_would_fail_or_expand(line: str, why: str) -> None:
    with pytest.raises(CfgSyntaxError, match=why):
        split_words(line)


@pytest.mark.parametrize("value", ["/health", "a\\b", "web", "10.0.0.1:80", "$x"], ids=repr)
def test_plain_values_read_back_as_themselves(value: str) -> None:
    assert needs_no_quoting(value)


@pytest.mark.parametrize("value", ["a b", "a#b", 'a"b', "a'b", "a\\ b", "a\\x41", "", "a\tb"], ids=repr)
def test_values_haproxy_would_reread_are_flagged(value: str) -> None:
    assert not needs_no_quoting(value)


def test_real_haproxy_agrees_on_joined_and_escaped_words(tmp_path: Path) -> None:
    """HAProxy echoes an unknown keyword as it read it: the tokenizer must read the same."""
    for line in ['bo""gus-"kw"', "bo\\x67us-kw", "'bogus-kw'", "bogus\\ kw"]:
        config = tmp_path / "haproxy.cfg"
        config.write_text(f"global\n    {line}\n")
        done = subprocess.run([HAPROXY, "-c", "-f", str(config)], capture_output=True, text=True, check=False)
        (word, *_) = split_words(line)
        assert f"unknown keyword '{word}'" in done.stdout + done.stderr, (line, done.stdout + done.stderr)


@pytest.mark.parametrize("bad", ["127.0.0.1\n", "a#b", "10.0.0.1:80\n", "host name:80", "a\n:80"], ids=repr)
def test_model_strings_that_reach_the_config_refuse_what_haproxy_would_reread(bad: str) -> None:
    with pytest.raises(ValidationError):
        Server(name="s1", address=bad)
    with pytest.raises(ValidationError):
        Bind(address=bad, port=80)


@pytest.mark.parametrize("path", ["/a#b", '/a"b', "/a'b", "/a\\x41", '/x"$HOME"'], ids=repr)
def test_health_check_paths_must_read_back_as_one_word(path: str) -> None:
    with pytest.raises(ValidationError, match="read back"):
        HttpCheck(path=path)


def test_cpu_map_refuses_a_newline_between_its_words() -> None:
    with pytest.raises(ValidationError):
        Global(cpu_map=["1/1\n0"])
    with pytest.raises(ValidationError):
        Global(cpu_map=["1/1 0\n"])


def test_every_rendered_model_line_reads_back_as_its_words(tmp_path: Path) -> None:
    config = HAProxyConfig(
        global_=Global(maxconn=100, nbthread=2, cpu_map=["1/all 0-1"]),
        listens=[
            Listen(
                name="web.1:a-b_c",
                bind=Bind(port=8080),
                servers=[Server(name="s.1", address="[::1]:8000"), Server(name="s2", address="db.lab:3306")],
            )
        ],
    )
    text = render(config, RenderContext(runtime_dir=str(tmp_path)))
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            assert split_words(line) == line.split(), line
