"""Where a webhook may send (backend/webhooks/egress.py), as pure logic: what passes, what the
operator's allowance covers, and where a checked delivery connects. The refused classes are
tests/api/test_webhooks.py's NOT_PUBLIC, through the API."""

from __future__ import annotations

import asyncio
import ipaddress

import pytest

from backend.settings import Settings
from backend.webhooks.egress import EgressPolicy, EgressRefusedError, destination, resolve

PUBLIC = ["8.8.8.8", "1.1.1.1", "2606:4700::1111", "2a00:1450:4007::64", "::ffff:8.8.8.8", "64:ff9b::808:808"]


@pytest.mark.parametrize("address", PUBLIC)
def test_public_addresses_pass_and_a_translated_one_is_judged_by_its_ipv4(address: str) -> None:
    assert EgressPolicy().refusal(ipaddress.ip_address(address)) is None


def test_the_operators_networks_and_ports_are_allowed_and_nothing_more() -> None:
    settings = Settings(
        webhook_allowed_networks="127.0.0.0/8,fd00:1::/64", webhook_allowed_ports="8080,9000-9001"
    )
    policy = EgressPolicy.from_settings(settings)
    for allowed in ("127.0.0.1", "127.9.9.9", "::ffff:127.0.0.1", "64:ff9b::7f00:1", "fd00:1::5"):
        assert policy.refusal(ipaddress.ip_address(allowed)) is None, allowed
    for refused in (
        "10.0.0.1",
        "::1",
        "fd00:2::5",
        "2002:7f00:1::1",
    ):  # 6to4 goes through a relay, not to 127/8
        assert policy.refusal(ipaddress.ip_address(refused)) is not None, refused
    assert [port for port in (22, 80, 443, 8080, 8081, 9000, 9001, 9002) if policy.allows_port(port)] == [
        80, 443, 8080, 9000, 9001
    ]  # fmt: skip


def test_a_delivery_connects_to_the_address_that_was_checked() -> None:
    # DNS rebinding: the connection goes to the checked address, the name rides in Host and SNI.
    policy = EgressPolicy(
        (ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128")), ((8443, 8443),)
    )
    target = asyncio.run(resolve("https://localhost:8443/hook?x=1", policy))
    assert target.url in ("https://127.0.0.1:8443/hook?x=1", "https://[::1]:8443/hook?x=1")
    assert (target.host_header, target.sni_hostname) == ("localhost:8443", "localhost")
    plain = asyncio.run(resolve("http://127.0.0.1/hook", policy))
    assert (plain.url, plain.host_header, plain.sni_hostname) == ("http://127.0.0.1/hook", "127.0.0.1", None)
    legacy = asyncio.run(resolve("http://0x7f.1:8443/", policy))  # what getaddrinfo would have read
    assert (legacy.url, legacy.host_header) == ("http://127.0.0.1:8443/", "0x7f.1:8443")


def test_international_names_go_out_as_resolvers_and_certificates_take_them() -> None:
    where = destination("https://BÜCHER.example/hook", EgressPolicy())
    assert (where.host, where.port, where.address) == ("xn--bcher-kva.example", 443, None)
    # UTS #46 as browsers apply it: invisible characters dropped, full-width letters folded.
    assert destination("http://ex\u00adample\u200b.com/", EgressPolicy()).host == "example.com"
    assert destination("http://\uff45xample.com/", EgressPolicy()).host == "example.com"
    with pytest.raises(EgressRefusedError, match="not a valid international domain name"):
        destination("http://\u0661\u0031.example/", EgressPolicy())
