"""Sample expressions and log-format blocks are found where HAProxy 2.6 starts reading them
(contract/haproxy/samples.py), checked against the real `haproxy -c`: every log-format opening the
scanner knows makes HAProxy parse an expression, and a fetch is found in each."""

from __future__ import annotations

from pathlib import Path

import pytest

from contract.haproxy.samples import calls_in_word, log_format_aliases, log_format_blocks, read_arguments
from tests.contract.conftest import HaproxyCheck

# Every form HAProxy 2.6 opens a log-format block with (src/log.c, parse_logformat_string).
OPENINGS_2_6 = ["%[", "%{+Q}[", "%{-Q}[", "%{+E}[", "%{+X}[", "%{-E,+X}[", "%{+Q,+E}[", "%{}[", "x%{+Q}["]


def _names(word: str) -> set[str]:
    return {call.name for call in calls_in_word(word)}


@pytest.mark.parametrize(
    ("text", "arguments", "end"),
    [
        ("f(a,b)", ("a", "b"), 6),
        ("f()", ("",), 3),
        ("f(a(b),c)", ("a(b",), 6),  # parentheses do not nest: the first ')' closes
        ("f('a,b',\"c)d\")", ("a,b", "c)d"), 14),
        ("f(a\\,b)", ("a\\", "b"), 7),  # '\,' is no escape: the backslash stays, ',' separates
        ("f(a\\ b,c\\'d)", ("a b", "c'd"), 12),
        ("f('a\\'b')", ("a\\b)",), 9),  # no escape inside single quotes: ')' ends up quoted
        ("f(a\\tb)", ("a\tb",), 7),
        ("f(a,b", ("a", "b"), 5),  # no ')': read to the end (HAProxy refuses it)
    ],
)
def test_arguments_are_read_as_make_arg_list_reads_them(
    text: str, arguments: tuple[str, ...], end: int
) -> None:
    assert read_arguments(text, 1) == (arguments, end)


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        ("%[src]", [2]),
        ("%{+Q}[src]", [6]),
        ("%{-E,+X}[src]", [9]),
        ("%{}[src]", [4]),
        ("%{ +Q }[src]", [8]),
        ("%(name)[src]", [8]),  # HAProxy 3.0+
        ("%(name:str){+Q}[src]", [16]),
        ("a%[b]c%{+Q}[d]", [3, 12]),
        ("%[str(%{+Q}[env(X)])]", [2, 12]),  # inside another block's argument too
        ("%%[env(X)]", []),  # '%%' is a literal '%'
        ("%%%[env(X)]", [4]),
        ("%{+Q}r %r %{+Q}[src", [16]),
        ("%{+Q", []),
        ("%(na me)[src]", []),
        ("[env(X)]", []),
    ],
)
def test_log_format_blocks_open_where_haproxy_opens_them(text: str, starts: list[int]) -> None:
    assert log_format_blocks(text) == starts


@pytest.mark.parametrize(
    ("text", "aliases"),
    [
        ("%H", ["H"]),
        ("%{+Q}H", ["H"]),
        ("%{+Q,+X}H-%ci:%cp", ["H", "ci", "cp"]),
        ("%(name)H", ["H"]),  # HAProxy 3.0+
        ("%HM %HPO", ["HM", "HPO"]),
        ("%%H", []),
        ("%[src]", []),
        ("%{+Q}[src] %{+Q}r", ["r"]),
    ],
)
def test_log_format_variables_are_read_as_haproxy_reads_them(text: str, aliases: list[str]) -> None:
    assert log_format_aliases(text) == aliases


@pytest.mark.parametrize(
    ("word", "names"),
    [
        ("env(HOME)", {"env"}),
        ("!env(HOME)", {"env"}),
        ("src,lower,map_str(/x)", {"src", "lower", "map_str"}),
        ("src,,,env", {"src", "env"}),  # HAProxy skips repeated commas
        ("lower", {"lower"}),  # a converter continuing the previous word's chain
        ("%{+Q}[hostname]", {"hostname"}),
        ("X-%{-E,+X}[req.hdr(x),env(Y)]-%[src]", {"req.hdr", "env", "src"}),
        ("%[str('%{+Q}[e''nv(X)]')]", {"str", "env"}),  # argument quotes removed: a superset
        ("X-env", {"X-env"}),
    ],
)
def test_names_are_found_where_haproxy_reads_them(word: str, names: set[str]) -> None:
    assert names <= _names(word), _names(word)


@pytest.mark.parametrize(
    ("word", "name"),
    [("/env", "env"), ("X-env", "env"), ("%%[env(HOME)]", "env"), ("[hostname]", "hostname")],
)
def test_names_are_not_found_where_haproxy_reads_none(word: str, name: str) -> None:
    assert name not in _names(word)


def test_a_call_hands_over_its_arguments() -> None:
    call = next(c for c in calls_in_word("%[src,map_str('/a b',x)]") if c.name == "map_str")
    assert call.arguments() == ("/a b", "x")
    assert call.arguments(count=1) == ("/a b",)  # only what the check needs: no quadratic reads
    bare = next(c for c in calls_in_word("hostname") if c.name == "hostname")
    assert bare.arguments() == ()


def test_a_long_word_is_read_in_linear_time() -> None:
    word = "%[str(" * 170 + "env(X)" + ")]" * 170  # ~1 KiB, the longest raw line
    assert "env" in _names(word)


@pytest.mark.parametrize("opening", OPENINGS_2_6)
def test_haproxy_parses_an_expression_at_every_opening(
    opening: str, runtime_dir: Path, haproxy_check: HaproxyCheck
) -> None:
    """At each opening HAProxy reads a fetch (an unknown one is an error) and the scanner finds
    it: the scanner's list of openings is HAProxy's, not a guess."""

    def config(fetch: str) -> str:
        return (
            "defaults\n    mode http\n    timeout client 1s\n    timeout server 1s\n    timeout connect 1s\n"
            f"frontend fe\n    bind 127.0.0.1:18080\n    http-request set-header X-Probe {opening}{fetch}]\n"
        )

    assert haproxy_check(config("src"), runtime_dir).returncode == 0
    unknown = haproxy_check(config("nosuchfetch"), runtime_dir)
    assert unknown.returncode != 0
    assert "nosuchfetch" in unknown.stdout + unknown.stderr
    assert "nosuchfetch" in _names(f"{opening}nosuchfetch]")
