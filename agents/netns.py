"""Run data-plane processes inside the lab's network namespace when the agent has one."""

from __future__ import annotations

from collections.abc import Sequence


def in_netns(netns: str | None, argv: Sequence[str]) -> list[str]:
    """`argv` as it must be started: prefixed by `ip netns exec NS` when a namespace is set."""
    if netns is None:
        return list(argv)
    return ["ip", "netns", "exec", netns, *argv]
