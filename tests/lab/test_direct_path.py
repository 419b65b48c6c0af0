"""The local lab's opt-in direct path (injector <-> target), for load.via "direct" baselines.

By default the injector reaches only the proxy (tests/lab/test_local_lab.py); opening the path
lets it reach the target's data address and nothing more, and closing it restores the default.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dev.lab import LocalLab
from dev.lab_netns import netns_usable, run
from tests.lab import netns_probe

WHY_NO_NETNS = netns_usable()


@pytest.mark.skipif(WHY_NO_NETNS is not None, reason=f"no network namespaces: {WHY_NO_NETNS}")
def test_the_direct_path_reaches_the_target_only_while_open(tmp_path: Path) -> None:
    with LocalLab.create(tmp_path, use_netns=True) as lab:
        assert lab.topology is not None
        ns = lab.topology.netns
        listener = netns_probe.start_listener(ns["target"], "10.77.2.2", 18081)
        try:
            assert netns_probe.connect_from(ns["injector"], "10.77.2.2", 18081) == "ENETUNREACH"
            lab.open_direct_path()
            lab.open_direct_path()  # idempotent
            assert netns_probe.connect_from(ns["injector"], "10.77.2.2", 18081) == "hello from 10.77.2.2"
            # Only the target's address: the proxy's far side stays out of the injector's reach.
            routes = run(["ip", "-n", ns["injector"], "route"]).stdout
            assert "10.77.2.2 dev veth-tgt" in routes and "10.77.2.0/24" not in routes
            lab.close_direct_path()
            lab.close_direct_path()
            assert netns_probe.connect_from(ns["injector"], "10.77.2.2", 18081) == "ENETUNREACH"
        finally:
            netns_probe.stop(listener)
