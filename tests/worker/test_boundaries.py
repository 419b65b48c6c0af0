"""The worker runs without the web app: importing its tasks must not build or import it."""

from __future__ import annotations

import json
import subprocess
import sys

from live_processes import ROOT


def test_worker_tasks_do_not_import_the_web_app() -> None:
    probe = "import json, sys, worker.tasks; print(json.dumps([m for m in sys.modules if 'backend' in m]))"
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True
    ).stdout
    loaded = json.loads(out)
    assert "backend.models" in loaded  # the probe really imported the worker
    assert "backend.app" not in loaded
    assert not [m for m in loaded if m.endswith(".endpoints")]
