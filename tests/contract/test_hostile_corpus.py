"""The hostile corpus: every line is refused in every section, for the reason of its attack."""

from __future__ import annotations

import pytest

from contract.haproxy.raw_lines import SECTIONS, check_raw_line
from tests.contract.hostile_corpus import CORPUS, Hostile


def test_the_corpus_is_large_and_has_no_duplicates() -> None:
    lines = [h.line for h in CORPUS]
    assert len(lines) >= 150
    assert len(set(lines)) == len(lines)


@pytest.mark.parametrize("hostile", CORPUS, ids=lambda h: repr(h.line))
def test_refused_for_its_attack_where_the_directive_belongs(hostile: Hostile) -> None:
    reason = check_raw_line(hostile.section, hostile.line)
    assert reason is not None, hostile.line
    assert hostile.why in reason.lower(), reason


@pytest.mark.parametrize("hostile", CORPUS, ids=lambda h: repr(h.line))
def test_refused_in_every_section(hostile: Hostile) -> None:
    for section in SECTIONS:
        assert check_raw_line(section, hostile.line) is not None, (section, hostile.line)
