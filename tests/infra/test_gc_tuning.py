"""backend/gc_tuning.py, in a process of its own (freezing this test process's objects would keep
its cyclic garbage for the rest of the session)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import gc, json
import backend.app  # what an API process holds for its lifetime
before = gc.get_threshold()
from backend.gc_tuning import YOUNG_THRESHOLD, settle
settle()
print(json.dumps({"before": before, "after": gc.get_threshold(), "frozen": gc.get_freeze_count(),
                  "young": YOUNG_THRESHOLD}))
"""


def test_settle_moves_what_is_loaded_out_of_the_collectors_way() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True, timeout=120
    ).stdout
    seen = json.loads(out)
    assert seen["frozen"] > 100_000  # the app's modules, models and schemas
    assert seen["after"] == [seen["young"], *seen["before"][1:]]
    assert seen["before"][0] < seen["young"]
