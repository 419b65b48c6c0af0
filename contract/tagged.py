"""Base for the members of a discriminated union: the tag always survives serialization.

`kind` has a default so Python code can write ManagedTarget(servers=4). A default field is not
"set", so `model_dump(exclude_unset=True)` would drop the tag and the JSON could not be read
back. Marking the tag as set keeps it. (Do not dump specs with exclude_defaults: that drops
tags regardless.)
"""

from __future__ import annotations

from typing import Self

from pydantic import model_validator

from contract.strict import StrictModel


class Tagged(StrictModel):
    @model_validator(mode="after")
    def _tag_is_always_set(self) -> Self:
        self.model_fields_set.add("kind")
        return self
