"""HAProxy's ways to reach its host (files, directories, programs, the environment) come from its
own 2.6 manual (dev/gen_haproxy_file_readers.py writes contract/haproxy/file_readers_data.py), and
the raw-lines allowlist refuses every one of them in every section, or allows it only for a file
under {runtime_dir}/ (contract/haproxy/file_readers.py says which and why)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from contract.haproxy.file_readers import (
    LATER_VERSION_READERS,
    MANUAL_VERSION,
    PATH_CHECKED,
    READERS,
    REFUSED,
    RUNTIME_DIR_READERS,
    Reader,
    call_reader,
)
from contract.haproxy.raw_lines import SECTIONS, check_raw_line
from dev.gen_haproxy_file_readers import MANUAL, OUT, generate

OUTSIDE = "/etc/passwd"
INSIDE = "{runtime_dir}/files/x"


def test_the_committed_data_is_what_the_manual_says() -> None:
    assert MANUAL.exists(), f"{MANUAL} comes with Debian's haproxy package (dev/prereqs.sh installs it)"
    assert generate(MANUAL) == OUT.read_text(), (
        "contract/haproxy/file_readers_data.py is stale: run dev/gen_haproxy_file_readers.py and commit it"
    )


def test_the_manual_is_the_one_of_the_haproxy_the_lab_runs() -> None:
    assert MANUAL_VERSION == "2.6"


def test_the_list_holds_every_reader_the_issue_names_and_the_classes_around_them() -> None:
    found = {(r.kind, r.word) for r in READERS}
    expected = {
        ("keyword", "errorfile"),
        ("option", "errorfile"),
        ("option", "file"),
        ("option", "lf-file"),
        ("acl-flag", "-f"),
        ("converter", "map"),
        ("converter", "map_<match_type>"),
        ("converter", "jwt_verify"),
        ("action", "set-map"),
        ("action", "add-acl"),
        ("keyword", "ca-base"),
        ("keyword", "crt-base"),
        ("keyword", "issuers-chain-path"),
        ("keyword", "ssl-dh-param-file"),
        ("keyword", "server-state-file"),
        ("keyword", "51degrees-data-file"),
        ("keyword", "wurfl-data-file"),
        ("keyword", "deviceatlas-json-file"),
        ("keyword", "h1-case-adjust-file"),
        ("keyword", "lua-load"),
        ("keyword", "lua-prepend-path"),
        ("keyword", "external-check command"),
        ("keyword", "command"),
        ("keyword", "setenv"),
        ("keyword", "presetenv"),
        ("keyword", "resetenv"),
        ("keyword", "unsetenv"),
        ("fetch", "env"),
        ("fetch", "hostname"),
        ("log-format-variable", "H"),
        ("bind-option", "crt"),
        ("bind-option", "crt-list"),
        ("server-option", "ca-file"),
        ("server-option", "crl-file"),
    }
    assert expected <= found, expected - found
    answering_from_a_file = {r.directive for r in READERS if r.kind == "option" and r.word == "errorfile"}
    assert {
        "http-request return",
        "http-request deny",
        "http-request tarpit",
        "http-response return",
        "http-response deny",
        "http-error",
    } <= answering_from_a_file
    jwt_verify = next(r for r in READERS if r.word == "jwt_verify")
    assert jwt_verify.position == 1  # jwt_verify(<alg>,<key>): the key is the path


def test_every_runtime_dir_decision_names_entries_of_the_list() -> None:
    for kind, word in RUNTIME_DIR_READERS:
        assert any((r.kind, r.word) == (kind, word) for r in READERS), (kind, word)
    assert set(PATH_CHECKED) | set(REFUSED) == set(READERS) | set(LATER_VERSION_READERS)
    assert not set(PATH_CHECKED) & set(REFUSED)


def _call_name(word: str) -> str:
    """A concrete name for a family: map_<match_type>_<output_type> -> map_str_int."""
    return re.sub(r"<[^<>]+>", lambda m: "int" if "output" in m.group(0) else "str", word)


def _call(reader: Reader, path: str) -> str:
    if reader.word.endswith("."):
        return reader.word + "probe"
    if reader.position is None:
        return f"{reader.word}(HOME)" if "(" in reader.syntax else reader.word
    arguments = ["RS256"] * (reader.position + 1)
    arguments[reader.position] = path
    return f"{_call_name(reader.word)}({','.join(arguments)})"


def lines_using(reader: Reader, path: str) -> list[str]:
    """Raw lines that make HAProxy use `reader` on `path`, in each place it can stand."""
    word = reader.word
    if reader.kind == "keyword":
        words = reader.directive.split()
        if reader.position is None:
            return [" ".join([*words, "x"]), " ".join(words)]
        filler = ["503"] * (reader.position - len(words))
        return [" ".join([*words, *filler, path, "local0"])]
    if reader.kind == "option":
        return [f"{reader.directive} {word} {path}", f"{reader.directive} status 503 {word} {path}"]
    if reader.kind == "acl-flag":
        return [f"acl probe src {word} {path}", f"http-request deny if {{ src -i {word} {path} }}"]
    if reader.kind == "bind-option":
        return [f"bind :8443 ssl {word} {path}", f"bind :8443 ssl crt {INSIDE}.pem {word} {path}"]
    if reader.kind == "server-option":
        return [f"default-server {word} {path}", f"server s1 127.0.0.1:80 {word} {path}"]
    if reader.kind == "log-format-variable":
        return [
            f"http-response set-header X-Probe %{word}",
            f"http-response set-header X-Probe x%{{+Q}}{word}-y",
            f"log-format %{{+Q,+E}}{word}",
            f"unique-id-format %(name){{+X}}{word}",
        ]
    call = _call(reader, path)
    if reader.kind == "action":
        if word.endswith("."):
            return [f"http-request {call}", f"http-request use-service {call}", f"tcp-request content {call}"]
        return [f"{reader.directive} {call} %[src]", f"http-request {call} %[src] x"]
    expression = f"src,{call}" if reader.kind == "converter" else call
    return [
        f"http-request set-header X-Probe %[{expression}]",
        f"http-request set-header X-Probe %{{+Q}}[{expression}]",
        f"http-response add-header X-Probe %{{-E,+X}}[{expression}]",
        f"log-format %{{+Q}}[{expression}]",
        f"http-request set-var(txn.probe) {expression}",
        f"acl probe {expression} -m found",
        f"http-request deny if {{ {expression} -m found }}",
    ]


@pytest.mark.parametrize(
    "reader", READERS + LATER_VERSION_READERS, ids=lambda r: f"{r.kind}:{r.directive}:{r.word}"
)
def test_every_reader_is_refused_on_a_host_path_in_every_section(reader: Reader) -> None:
    for line in lines_using(reader, OUTSIDE):
        for section in SECTIONS:
            assert check_raw_line(section, line) is not None, (section, line)


@pytest.mark.parametrize("reader", PATH_CHECKED, ids=lambda r: f"{r.kind}:{r.directive}:{r.word}")
def test_a_reader_a_benchmark_needs_is_allowed_under_the_runtime_directory(reader: Reader) -> None:
    """The refusal above is the path's: the same line naming a file the agent wrote passes."""
    accepted = [
        (section, line)
        for line in lines_using(reader, INSIDE)
        for section in SECTIONS
        if check_raw_line(section, line) is None
    ]
    assert accepted, lines_using(reader, INSIDE)


@pytest.mark.parametrize("reader", REFUSED, ids=lambda r: f"{r.kind}:{r.directive}:{r.word}")
def test_every_other_reader_is_refused_even_under_the_runtime_directory(reader: Reader) -> None:
    for line in lines_using(reader, INSIDE):
        for section in SECTIONS:
            assert check_raw_line(section, line) is not None, (section, line)


@pytest.mark.parametrize(
    ("name", "family"),
    [
        ("map", "map"),
        ("map_str", "map_<match_type>"),
        ("map_ip_int", "map_<match_type>_<output_type>"),
        ("MAP_BEG", "map_<match_type>"),
        ("jwt_verify", "jwt_verify"),
        ("env", "env"),
        ("Env", "env"),
        ("lua.anything", "lua."),
        ("set-map", "set-map"),
    ],
)
def test_calls_are_matched_to_their_family(name: str, family: str) -> None:
    reader = call_reader(name)
    assert reader is not None and reader.word == family


@pytest.mark.parametrize("name", ["src", "mapx", "environment", "hostnames", "str", "lower"])
def test_other_calls_are_not_readers(name: str) -> None:
    assert call_reader(name) is None


def test_the_generator_reads_only_the_manual_it_is_given(tmp_path: Path) -> None:
    not_the_manual = tmp_path / "configuration.txt"
    not_the_manual.write_text("some other text\n")
    with pytest.raises(ValueError, match="not HAProxy's configuration manual"):
        generate(not_the_manual)
