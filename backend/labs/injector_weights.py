"""Lab settings check for injector weights (contract.lab): the split of a run's load across the
lab's injectors (contract.injector_split).

`settings.injector_weights` maps agent names to integer weights >= 1. A name that is not one of
the lab's (unrevoked) injector agents is refused: a typo would otherwise weigh nothing and the
split would silently be even. So weights are set once the injectors have enrolled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from backend.errors import invalid, validation_error_from
from backend.models import Agent
from contract.lab import INJECTOR_WEIGHTS_KEY, injector_weights_of

FIELD = f"settings.{INJECTOR_WEIGHTS_KEY}"


def check_injector_weights(settings: Mapping[str, Any], agents: Sequence[Agent]) -> None:
    """Refuse (422, naming the field) weights that are malformed or name no injector of the lab."""
    try:
        # Validated as a LabSettings document: the error paths start with injector_weights.
        weights = injector_weights_of(settings)
    except ValidationError as exc:
        raise validation_error_from(exc, prefix="settings") from None
    injectors = sorted(a.name for a in agents if "injector" in a.roles)
    for name in weights:
        if name not in injectors:
            known = ", ".join(injectors) or "none yet: weights are set once the injectors have enrolled"
            raise invalid(
                f"{FIELD}.{name}", f"{name!r} is not an injector of this lab (its injectors: {known})"
            )
