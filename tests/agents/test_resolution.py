"""The proxy agent resolves a config's host names with the host's resolver (never the API)."""

from __future__ import annotations

from agents.proxy.resolution import resolve


def test_names_resolve_to_their_addresses_and_unknown_names_to_none() -> None:
    found = resolve(["localhost", "no-such-host.invalid"])
    assert "127.0.0.1" in found["localhost"]
    assert found["localhost"].index("127.0.0.1") < len(found["localhost"])
    assert found["no-such-host.invalid"] == []
