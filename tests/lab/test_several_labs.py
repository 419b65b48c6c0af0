"""Several local labs on one machine (`running_local_labs`, `make up` with HAPLAB_LOCAL_LABS): each
its own namespaces under a prefix of its own, its own runtime dir, the same addresses seen only by
its own hosts; a prefix two labs draw at the same moment never costs the first lab its namespaces.

Namespace tests need root; they are skipped, saying why, elsewhere. The labs coming online in a
live API and running at once are tests/e2e/test_labs_at_once.py and tests/lab/test_up_lab.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import dev.lab
from dev.lab import (
    MAX_LOCAL_LABS,
    LabError,
    LocalLab,
    local_lab_name,
    parse_lab_count,
    running_local_labs,
)
from dev.lab_netns import PROXY_ADDRESS, PrefixTaken, Topology, list_netns, namespaces_with_prefix
from tests.lab import netns_probe
from tests.lab.test_local_lab import needs_netns


@pytest.mark.parametrize(
    ("text", "count"), [(None, 1), ("", 1), ("1", 1), ("3", 3), (str(MAX_LOCAL_LABS), 8)]
)
def test_lab_count_accepts_plain_numbers_in_range(text: str | None, count: int) -> None:
    assert parse_lab_count(text) == count


@pytest.mark.parametrize("text", ["0", "9", "-1", "+2", " 2", "2 ", "\u0662", "\uff12", "2.0", "0x2", "two"])
def test_lab_count_refuses_everything_else_naming_the_variable(text: str) -> None:
    with pytest.raises(LabError, match=r"HAPLAB_LOCAL_LABS=.*whole number from 1 to 8"):
        parse_lab_count(text)


def test_the_labs_are_named_local_lab_then_numbered() -> None:
    assert [local_lab_name(i) for i in (1, 2, 3)] == ["local lab", "local lab 2", "local lab 3"]


def test_several_labs_refuse_loopback_where_their_proxies_would_share_ports(tmp_path: Path) -> None:
    roots = [tmp_path / "a", tmp_path / "b"]
    with (
        pytest.raises(LabError, match="2 local labs need network namespaces"),
        running_local_labs(roots, "http://127.0.0.1:9", "unused", use_netns=False),
    ):
        pass


def test_several_labs_refuse_a_shared_lab_dir_or_name(tmp_path: Path) -> None:
    with (
        pytest.raises(ValueError, match="a lab dir and a name of its own"),
        running_local_labs([tmp_path, tmp_path / "."], "http://127.0.0.1:9", "unused", use_netns=False),
    ):
        pass
    with (
        pytest.raises(ValueError, match="a lab dir and a name of its own"),
        running_local_labs(
            [tmp_path / "a", tmp_path / "b"], "http://127.0.0.1:9", "unused", ["x", "x"], use_netns=False
        ),
    ):
        pass


@needs_netns
def test_two_labs_have_their_own_namespaces_runtime_dirs_and_same_addresses(tmp_path: Path) -> None:
    with (
        LocalLab.create(tmp_path / "a", use_netns=True) as first,
        LocalLab.create(tmp_path / "b", use_netns=True) as second,
    ):
        assert first.topology is not None and second.topology is not None
        assert first.topology.prefix != second.topology.prefix
        assert not set(first.topology.namespaces.values()) & set(second.topology.namespaces.values())
        assert first.runtime_root != second.runtime_root
        assert first.addresses == second.addresses
        # The proxy address is each lab's own: an injector reaches its own lab's proxy only.
        listener = netns_probe.start_listener(first.topology.namespaces["proxy-1"], PROXY_ADDRESS, 18080)
        try:
            assert netns_probe.connect_from(
                second.topology.namespaces["injector-1"], PROXY_ADDRESS, 18080
            ) == ("ECONNREFUSED")
            greeting = netns_probe.connect_from(first.topology.namespaces["injector-1"], PROXY_ADDRESS, 18080)
            assert greeting == f"hello from {PROXY_ADDRESS}"
        finally:
            netns_probe.stop(listener)
    assert not namespaces_with_prefix(first.topology.prefix) and not namespaces_with_prefix(
        second.topology.prefix
    )


@needs_netns
def test_a_prefix_another_lab_holds_is_refused_without_touching_that_lab(tmp_path: Path) -> None:
    with LocalLab.create(tmp_path, use_netns=True) as lab:
        assert lab.topology is not None
        before = sorted(namespaces_with_prefix(lab.topology.prefix))
        with pytest.raises(PrefixTaken):
            Topology.create(lab.topology.prefix)
        assert sorted(namespaces_with_prefix(lab.topology.prefix)) == before


@needs_netns
def test_a_lab_that_draws_a_taken_prefix_draws_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two labs built at the same moment can draw one prefix (each checks `ip netns list` before
    the other creates): the second, made to draw the first's here, must leave it alone."""
    with LocalLab.create(tmp_path / "a", use_netns=True) as first:
        assert first.topology is not None
        taken = first.topology.prefix
        before = sorted(namespaces_with_prefix(taken))
        draws = iter([taken])
        fresh = dev.lab.new_prefix
        monkeypatch.setattr(dev.lab, "new_prefix", lambda: next(draws, None) or fresh())
        with LocalLab.create(tmp_path / "b", use_netns=True) as second:
            assert second.topology is not None and second.topology.prefix != taken
            assert sorted(namespaces_with_prefix(taken)) == before
            assert set(second.topology.namespaces.values()) <= set(list_netns())
            assert dev.lab._read_state(tmp_path / "b")["prefix"] == second.topology.prefix
        assert sorted(namespaces_with_prefix(taken)) == before
