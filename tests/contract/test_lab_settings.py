"""Lab settings: link shaping is validated with the field's path, and delay/loss need netem."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from contract.lab import LinkShaping, link_shaping_of, netem_problem


def test_a_t2_micro_cap_is_one_link_setting() -> None:
    shaping = link_shaping_of(
        {
            "local_lab": {"mode": "netns"},
            "link_shaping": {"links": [{"interface": "veth-inj", "rate_mbit": 180}]},
        }
    )
    assert shaping is not None and shaping.links[0].rate_mbit == 180 and not shaping.needs_netem
    assert link_shaping_of({"local_lab": {}}) is None


@pytest.mark.parametrize(
    ("links", "path", "words"),
    [
        ([{"interface": "veth-inj", "rate_mbit": 0}], ("links", 0, "rate_mbit"), "greater than 0"),
        ([{"interface": "eth0; rm -rf /", "rate_mbit": 10}], ("links", 0, "interface"), "pattern"),
        ([{"interface": "veth-inj", "rate_mbit": 10, "jitter": 1}], ("links", 0, "jitter"), "Extra"),
        ([], ("links",), "at least 1"),
    ],
)
def test_bad_links_are_refused_naming_the_field(
    links: list[object], path: tuple[object, ...], words: str
) -> None:
    with pytest.raises(ValidationError) as caught:
        LinkShaping.model_validate({"links": links})
    error = caught.value.errors()[0]
    assert error["loc"] == path and words in error["msg"]


def test_an_interface_capped_twice_is_refused() -> None:
    with pytest.raises(ValidationError, match="veth-inj is capped twice"):
        LinkShaping.model_validate({"links": [{"interface": "veth-inj", "rate_mbit": 1}] * 2})


def test_delay_and_loss_need_netem_on_the_proxy_host() -> None:
    bandwidth = LinkShaping.model_validate({"links": [{"interface": "veth-inj", "rate_mbit": 40}]})
    delayed = LinkShaping.model_validate(
        {"links": [{"interface": "veth-inj", "rate_mbit": 40, "delay_ms": 20}]}
    )
    assert netem_problem(bandwidth, ["htb", "tbf"]) is None
    assert netem_problem(delayed, ["htb", "netem", "tbf"]) is None
    problem = netem_problem(delayed, ["htb", "tbf"])
    assert problem is not None and "netem" in problem and "htb, tbf" in problem
    assert "has reported its qdiscs yet" in (netem_problem(delayed, None) or "")
