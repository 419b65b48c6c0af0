"""Numbers in sentences people read, rounded as the browser rounds the figures beside them.

Python's format() rounds the float's exact binary value half to even (55.25 -> "55.2"); the
browser's Intl.NumberFormat rounds the number as written, half away from zero (55.25 -> "55.3").
A verdict sentence saying "55.2 req/s" under a headline saying "55.3 req/s" reads as two figures,
so every sentence the API writes with a number rounds the way the page does: `fixed`.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal


def fixed(value: float | None, digits: int = 0, *, grouping: bool = False) -> str:
    """`value` with exactly `digits` decimals, a half rounded away from zero on its shortest
    written form (repr), thousands separated by commas when `grouping`: fixed(55.25, 1) == "55.3",
    fixed(12345.5, 0, grouping=True) == "12,346". None (a figure not measured): "—", as the
    browser shows it. Not finite: as format() writes it."""
    if value is None:
        return "—"
    spec = f"{',' if grouping else ''}.{digits}f"
    if not math.isfinite(value):
        return format(value, spec)
    rounded = Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    return format(rounded, spec)
