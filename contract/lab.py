"""Lab-wide settings that are facts about the test bed, not about one experiment.

A lab's `settings` JSON is free-form except for the keys modelled here. `link_shaping` caps the
bandwidth of the proxy host's interfaces, as a small cloud instance is capped ("a t2.micro
sends about 180 Mbit/s"): the proxy agent installs the caps with `tc` in its network namespace
before a run's load and removes them at teardown. It belongs to the lab because it describes
the hardware being emulated; every experiment run on the lab gets the same link.

Delay and loss need the kernel's netem qdisc, which many lab hosts lack (the local lab's kernel
has tbf and htb only). They are accepted in the model but refused, with a message saying why,
when the lab's proxy agent did not report netem among its qdiscs (`netem_problem`).

`injector_weights` weighs the split of a run's load across the lab's injectors (by agent name;
1 for an injector not named): a host twice as strong gets weight 2 and twice the connections
and rate (contract.injector_split). The API refuses names that are not the lab's injectors.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Self

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError, model_validator

from contract.strict import StrictModel
from contract.text_types import AgentName

LINK_SHAPING_KEY = "link_shaping"
INJECTOR_WEIGHTS_KEY = "injector_weights"
MAX_INJECTOR_WEIGHT = 1000
MAX_WEIGHTED_INJECTORS = 256
InjectorWeight = Annotated[int, Field(strict=True, ge=1, le=MAX_INJECTOR_WEIGHT)]  # not "2", not true
# Only what the API validates is typed; the rest of a lab's settings is the team's own JSON.
_TYPED_KEYS = (LINK_SHAPING_KEY, INJECTOR_WEIGHTS_KEY)
# Linux interface names: at most 15 bytes, no '/', no whitespace (IFNAMSIZ - 1).
InterfaceName = Annotated[str, Field(pattern=r"^[A-Za-z0-9_.:-]{1,15}$")]
MAX_RATE_MBIT = 100_000.0


class LinkCap(StrictModel):
    """One interface of the proxy host, capped on egress (what the proxy sends through it)."""

    interface: InterfaceName = Field(
        description="Interface on the proxy host, e.g. veth-inj (the local lab's link to the injector).",
    )
    rate_mbit: float = Field(
        gt=0,
        le=MAX_RATE_MBIT,
        description="Egress bandwidth cap in Mbit/s (tc tbf), e.g. 180 for a t2.micro.",
    )
    delay_ms: float | None = Field(
        default=None, ge=0, le=10_000, description="Added one-way delay in ms; needs netem on the proxy host."
    )
    loss_pct: float | None = Field(
        default=None,
        ge=0,
        le=100,
        description="Packets dropped at random, in %; needs netem on the proxy host.",
    )

    @property
    def needs_netem(self) -> bool:
        return self.delay_ms is not None or self.loss_pct is not None


class LinkShaping(StrictModel):
    """Bandwidth caps on the proxy host's links, applied for every run of the lab."""

    links: list[LinkCap] = Field(min_length=1, max_length=16, description="One cap per proxy interface.")

    @model_validator(mode="after")
    def _one_cap_per_interface(self) -> Self:
        seen: set[str] = set()
        for link in self.links:
            if link.interface in seen:
                raise ValueError(f"links: interface {link.interface} is capped twice")
            seen.add(link.interface)
        return self

    @property
    def needs_netem(self) -> bool:
        return any(link.needs_netem for link in self.links)


class LabSettings(BaseModel):
    """A lab's settings as the API shows them: `link_shaping` typed; any other key is the team's
    own (a note, a label), kept as the JSON it was given."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, JsonValue] = Field(init=False)

    link_shaping: LinkShaping | None = Field(
        default=None,
        exclude_if=lambda value: value is None,  # absent, as stored; never `null`
        description="Bandwidth caps (and delay, loss) on the proxy host's links; absent when none.",
    )
    injector_weights: dict[AgentName, InjectorWeight] | None = Field(
        default=None,
        max_length=MAX_WEIGHTED_INJECTORS,
        exclude_if=lambda value: value is None,
        description=(
            "Weights of the lab's injectors in a run's split, by agent name (integers >= 1; an "
            "injector not named weighs 1): weight 2 gets twice the connections and rate of weight 1."
        ),
    )

    @classmethod
    def stored(cls, settings: Mapping[str, Any]) -> LabSettings:
        """The stored settings, typed. A typed key no current model accepts (the API checks them
        on every write, so only an older one) is shown as absent rather than failing the lab."""
        try:
            return cls.model_validate(settings)
        except ValidationError as exc:
            broken = {str(e["loc"][0]) for e in exc.errors() if e["loc"]} & set(_TYPED_KEYS)
            return cls.model_validate({k: v for k, v in settings.items() if k not in broken})


def link_shaping_of(settings: Mapping[str, Any]) -> LinkShaping | None:
    """The lab's link shaping, validated (pydantic ValidationError), or None when it has none."""
    value = settings.get(LINK_SHAPING_KEY)
    return None if value is None else LinkShaping.model_validate(value)


def injector_weights_of(settings: Mapping[str, Any]) -> dict[str, int]:
    """The lab's injector weights by agent name, validated (pydantic ValidationError); {} when none."""
    value = settings.get(INJECTOR_WEIGHTS_KEY)
    if value is None:
        return {}
    weights = LabSettings.model_validate({INJECTOR_WEIGHTS_KEY: value}).injector_weights
    return dict(weights or {})


def weights_of(injectors: Sequence[str], weights: Mapping[str, int]) -> list[int]:
    """Each injector's weight, in the order given (1 for one the settings do not name)."""
    return [weights.get(name, 1) for name in injectors]


def netem_problem(shaping: LinkShaping, qdiscs: list[str] | None) -> str | None:
    """Why the proxy host cannot apply this shaping (delay or loss without netem), else None.

    `qdiscs` is what the proxy agent reported in its hello (None: no proxy agent has said yet).
    """
    if not shaping.needs_netem:
        return None
    if qdiscs is None:
        return "delay and loss need netem, and no proxy agent of this lab has reported its qdiscs yet"
    if "netem" not in qdiscs:
        offered = ", ".join(qdiscs) or "none"
        return (
            "delay and loss need the netem qdisc, which this lab's proxy host does not have "
            f"(its kernel offers: {offered}); cap bandwidth only, or add delay at the target instead"
        )
    return None
