"""A sweep point's identity across launches: its swept values, as canonical JSON.

Params, not point_index, identify a point: re-runs, later launches and new versions of an
experiment with the same values belong together even if the sweep's order changed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def point_key(params: Mapping[str, Any]) -> str:
    return json.dumps(dict(params), sort_keys=True, separators=(",", ":"))
