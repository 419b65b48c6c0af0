"""JSONB columns that hold a pydantic model: validated on the way in, typed on the way out.

A stored document is read through the model's own reader (for a summary, `stored_summary`, which
also maps the shapes older workers stored), so every reader of the column gets the typed model and
none re-parses the JSON by hand.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

log = logging.getLogger(__name__)

M = TypeVar("M", bound=BaseModel)


class ModelJSON(TypeDecorator[M], Generic[M]):
    """A JSONB column of one pydantic model (`None` stays SQL NULL)."""

    impl = JSONB
    cache_ok = True

    def __init__(self, model: type[M], read: Callable[[object], M] | None = None) -> None:
        super().__init__(none_as_null=True)  # None is SQL NULL (`IS NULL` finds it), never JSON null
        self.model = model
        self.read = read or model.model_validate

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        if value is None:
            return None
        typed = value if isinstance(value, self.model) else self.read(value)
        return typed.model_dump(mode="json")

    def process_result_value(self, value: Any, dialect: Dialect) -> M | None:
        if value is None:
            return None
        try:
            return self.read(value)
        except ValidationError as exc:
            # A row no reader of this version understands: shown as "no summary" rather than a 500.
            log.warning("a stored %s does not validate, read as None: %s", self.model.__name__, exc)
            return None


def as_model(value: object, model: type[M], read: Callable[[object], M] | None = None) -> M | None:
    """`value` as the column's model, for ORM attribute validators (`@validates`): an attribute set
    from a dict is typed at once, not only after it was written and read back."""
    if value is None or isinstance(value, model):
        return value
    return (read or model.model_validate)(value)
