"""The load profile is the total: how it is split across a run's injectors.

A spec's `connections`, `rate` and `threads` are what the whole lab sends; each injector gets a
share, as k6's execution segments cut one scenario across instances:
- integers (connections, threads, mariadb-slap's queries) are split by the largest remainder
  method: each injector gets floor(total x weight / sum of weights), and the units left over go
  one each to the largest fractional parts, ties to the earlier injector. The parts add up to the
  total exactly, equal weights give parts that differ by at most one, and the same inputs always
  give the same parts;
- the open-loop `rate` is split the same way in its smallest step, RATE_STEP req/s (vegeta's
  `-rate` is whole requests per 1000 s at its finest; agents/drivers/vegeta_results.Pace), so the
  shares add up to the rate asked at the precision a driver can hold it;
- `threads` are each host's own parallelism: split like connections, but every injector runs at
  least one and never more than its connections (so they may add up to more than asked when there
  are more injectors than threads).
Injectors are taken in the order given (the worker uses the agents' name order), with integer
weights (a lab setting, contract.lab.LabSettings.injector_weights; 1 when not set).

`per_injector: whole` (LoadProfile) keeps the old behaviour, named as such: every injector runs
the whole profile, and the lab sends that many times the profile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import Field

from contract.load import LoadProfile, LoadStage, staged_mean_rate
from contract.strict import StrictModel

# The finest open-loop rate every driver can hold: vegeta's -rate is N requests per 1000 s.
RATE_STEP = 0.001
RATE_STEPS_PER_REQUEST = 1000

PerInjector = Literal["share", "whole"]


class ShareError(ValueError):
    """A profile that cannot be split across these injectors; `field` is the LoadProfile field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class InjectorShare(StrictModel):
    """What one injector of a run was asked to send: its share of the profile (or all of it)."""

    index: int = Field(ge=0, description="The injector's place in the split (0-based, agents in name order).")
    of: int = Field(ge=1, description="How many injectors the run's load was split across.")
    per_injector: PerInjector = Field(
        description="share: this is the injector's part of the total; whole: it ran the whole profile."
    )
    weight: int = Field(
        ge=1, description="The injector's weight in the split (the lab's setting; 1 by default)."
    )
    connections: int = Field(ge=1, description="Client connections this injector opened.")
    threads: int = Field(ge=1, description="Tool threads this injector ran.")
    rate: float | None = Field(
        default=None, gt=0, description="Requests/s this injector was asked to hold; None: closed loop."
    )
    queries: int | None = Field(
        default=None, ge=1, description="mariadb-slap: statements this injector's clients ran per iteration."
    )
    stages: list[LoadStage] | None = Field(
        default=None, description="This injector's share of each stage (a staged profile only)."
    )


def split_integer(total: int, weights: Sequence[int]) -> list[int]:
    """`total` in integer parts proportional to `weights`, adding up to `total` exactly.

    Largest remainder: floor parts first, then one more each to the largest remainders, ties to
    the earlier position. Weights are integers >= 1, so the arithmetic is exact.
    """
    if not weights:
        raise ValueError("no injectors to split across")
    if any(w < 1 for w in weights):
        raise ValueError("weights must be >= 1")
    if total < 0:
        raise ValueError("total must be >= 0")
    weight_sum = sum(weights)
    parts = [total * w // weight_sum for w in weights]
    remainders = [total * w % weight_sum for w in weights]
    left = total - sum(parts)
    # Largest remainder first; on equal remainders the earlier injector (stable sort keeps order).
    for position in sorted(range(len(weights)), key=lambda i: -remainders[i])[:left]:
        parts[position] += 1
    return parts


def split_rate(rate: float, weights: Sequence[int]) -> list[float]:
    """The open-loop `rate` in shares of RATE_STEP req/s that add up to the rate asked (at that step)."""
    steps = split_integer(round(rate * RATE_STEPS_PER_REQUEST), weights)
    return [s / RATE_STEPS_PER_REQUEST for s in steps]


def _refuse_empty(field: str, what: str, parts: Sequence[float], weights: Sequence[int]) -> None:
    if min(parts) > 0:
        return
    n = len(weights)
    weighting = "" if len(set(weights)) == 1 else f" with weights {', '.join(map(str, weights))}"
    shares = " + ".join(f"{p:g}" for p in parts)
    more = f"ask for at least {n}" if not weighting else "ask for more, or change the lab's injector_weights"
    raise ShareError(
        field,
        f"{what} split across the lab's {n} injector{'s' if n > 1 else ''}{weighting} leaves an "
        f"injector with none (shares {shares}); {more}, or set load.per_injector to whole (each "
        "injector runs the whole profile)",
    )


def injector_shares(profile: LoadProfile, weights: Sequence[int]) -> list[InjectorShare]:
    """Each injector's share of `profile`, one per weight, in the injectors' order.

    Raises ShareError (naming the profile field) when an injector would get no connection, no
    rate or no statement at all.
    """
    n = len(weights)
    queries = profile.sql.number_of_queries if profile.sql is not None else None
    if profile.per_injector == "whole":
        return [
            InjectorShare(
                index=i,
                of=n,
                per_injector="whole",
                weight=w,
                connections=profile.connections,
                threads=profile.threads,
                rate=profile.rate,
                queries=queries,
                stages=list(profile.stages) or None,
            )
            for i, w in enumerate(weights)
        ]
    connections = split_integer(profile.connections, weights)
    _refuse_empty("connections", f"{profile.connections} connections", connections, weights)
    rates: list[float | None] = [None] * n
    stage_parts: list[list[LoadStage] | None] = [None] * n
    if profile.stages:
        stage_parts = list(_split_stages(profile.stages, weights))
        if profile.rate is not None:  # each injector's rate is the mean of its stages' shares
            rates = [staged_mean_rate(parts) for parts in stage_parts if parts is not None]
        else:  # and its connections its largest stage's share
            connections = [max(stage.connections or 0 for stage in parts or []) for parts in stage_parts]
    elif profile.rate is not None:
        rate_parts = split_rate(profile.rate, weights)
        _refuse_empty("rate", f"{profile.rate:g} req/s (in steps of {RATE_STEP:g})", rate_parts, weights)
        rates = list(rate_parts)
    threads = [
        min(c, max(1, t)) for c, t in zip(connections, split_integer(profile.threads, weights), strict=True)
    ]
    query_parts: list[int | None] = [None] * n
    if queries is not None:
        # mariadb-slap's statements go with the clients: each injector's clients run their part.
        query_counts = split_integer(queries, connections)
        _refuse_empty("sql.number_of_queries", f"{queries} statements", query_counts, weights)
        query_parts = list(query_counts)
    return [
        InjectorShare(
            index=i,
            of=n,
            per_injector="share",
            weight=weights[i],
            connections=connections[i],
            threads=threads[i],
            rate=rates[i],
            queries=query_parts[i],
            stages=stage_parts[i],
        )
        for i in range(n)
    ]


def _split_stages(stages: Sequence[LoadStage], weights: Sequence[int]) -> list[list[LoadStage]]:
    """Each injector's stages: every stage's rate or connections split like the profile's (its
    duration and ramp the same on every injector, so the injectors step together)."""
    per_injector: list[list[LoadStage]] = [[] for _ in weights]
    for index, stage in enumerate(stages):
        if stage.rate is not None:
            rates = split_rate(stage.rate, weights)
            _refuse_empty(
                f"stages.{index}.rate", f"{stage.rate:g} req/s (in steps of {RATE_STEP:g})", rates, weights
            )
            parts = [stage.model_copy(update={"rate": rate}) for rate in rates]
        else:
            counts = split_integer(stage.connections or 0, weights)
            _refuse_empty(f"stages.{index}.connections", f"{stage.connections} connections", counts, weights)
            parts = [stage.model_copy(update={"connections": count}) for count in counts]
        for mine, part in zip(per_injector, parts, strict=True):
            mine.append(part)
    return per_injector


def share_profile(profile: LoadProfile, share: InjectorShare) -> LoadProfile:
    """The profile one injector runs: the run's profile with its share's numbers."""
    update: dict[str, object] = {
        "connections": share.connections,
        "threads": share.threads,
        "rate": share.rate,
    }
    if share.stages is not None:
        update["stages"] = share.stages
    if profile.sql is not None and share.queries is not None:
        update["sql"] = profile.sql.model_copy(update={"number_of_queries": share.queries})
    return profile.model_copy(update=update)


def _each_runs_whole(profile: LoadProfile, shares_kept: bool) -> bool:
    # A run recorded before the split kept no share, and every injector ran the whole profile.
    return profile.per_injector == "whole" or not shares_kept


def lab_connections(profile: LoadProfile, injectors: int, *, shares_kept: bool = True) -> int:
    """Client connections the whole lab opens with `injectors` injectors: the profile's own
    (split), or each injector's all of them (whole; and runs recorded before the split, which
    kept no share: `shares_kept` False)."""
    if _each_runs_whole(profile, shares_kept):
        return profile.connections * max(1, injectors)
    return profile.connections


def lab_rate(profile: LoadProfile, injectors: int, *, shares_kept: bool = True) -> float | None:
    """Requests/s the whole lab is asked to hold (None: closed loop); as lab_connections."""
    if profile.rate is None or not _each_runs_whole(profile, shares_kept):
        return profile.rate
    return profile.rate * max(1, injectors)
