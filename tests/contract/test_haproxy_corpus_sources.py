"""The real-world haproxy.cfg corpus (tests/contract/haproxy_corpus) says where every file comes
from, under which license, and is kept byte-exact: pure checks of SOURCES.toml against the files."""

from __future__ import annotations

import hashlib
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

CORPUS_DIR = Path(__file__).parent / "haproxy_corpus"
REQUIRED_KEYS = {"file", "repository", "path", "commit", "license", "url", "sha256", "notes"}
# Licenses that let us keep a copy in the repository (SPDX ids).
ALLOWED_LICENSES = {
    "MIT",
    "ISC",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "Apache-2.0",
    "MPL-2.0",
    "GPL-2.0-only",
    "GPL-2.0-or-later",
    "GPL-3.0-only",
    "GPL-3.0-or-later",
    "LGPL-2.1-only",
    "LGPL-2.1-or-later",
    "LGPL-3.0-only",
    "LGPL-3.0-or-later",
    "CC0-1.0",
    "Unlicense",
}
MIN_FILES = 30
FILE_NAME = re.compile(r"\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*\.cfg")


def entries() -> list[dict[str, Any]]:
    with (CORPUS_DIR / "SOURCES.toml").open("rb") as sources:
        configs: list[dict[str, Any]] = tomllib.load(sources)["config"]
    return configs


def test_sources_list_every_cfg_and_only_those() -> None:
    listed = [entry["file"] for entry in entries()]
    assert len(listed) == len(set(listed)), "a file is listed twice"
    assert set(listed) == {path.name for path in CORPUS_DIR.glob("*.cfg")}


def test_the_corpus_has_enough_files() -> None:
    assert len(entries()) >= MIN_FILES


@pytest.mark.parametrize("entry", entries(), ids=lambda entry: entry.get("file", "?"))
def test_each_entry_is_complete_and_licensed(entry: dict[str, Any]) -> None:
    assert entry.keys() >= REQUIRED_KEYS, f"missing {sorted(REQUIRED_KEYS - entry.keys())}"
    assert all(isinstance(entry[key], str) and entry[key].strip() for key in REQUIRED_KEYS)
    assert FILE_NAME.fullmatch(entry["file"])
    assert entry["license"] in ALLOWED_LICENSES
    assert re.fullmatch(r"[0-9a-f]{40}", entry["commit"])
    assert re.fullmatch(r"[A-Za-z0-9][\w.-]*/[\w.-]+", entry["repository"])
    assert entry["url"] == (
        f"https://github.com/{entry['repository']}/blob/{entry['commit']}/{entry['path']}"
    )
    assert "\n" not in entry["notes"]


@pytest.mark.parametrize("entry", entries(), ids=lambda entry: entry.get("file", "?"))
def test_each_file_is_kept_byte_exact(entry: dict[str, Any]) -> None:
    """The hash was taken from the repository's copy when the file was gathered: an editor that
    trims whitespace or a formatter that touches the file fails here."""
    data = (CORPUS_DIR / entry["file"]).read_bytes()
    assert hashlib.sha256(data).hexdigest() == entry["sha256"]


def test_file_numbers_run_without_gaps() -> None:
    numbers = sorted(int(entry["file"][:2]) for entry in entries())
    assert numbers == list(range(1, len(numbers) + 1))
