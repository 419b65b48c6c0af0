"""Regenerate migrations/versions/0001_initial.py from backend.models against a throwaway database.

Only while nothing has been released: once a deployment exists, add new revisions instead
(`alembic revision --autogenerate -m ...`).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from alembic import command
from alembic.config import Config

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from dev.services import throwaway_services

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    target = ROOT / "migrations" / "versions" / "0001_initial.py"
    target.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="haplab-regen-") as tmp, throwaway_services(Path(tmp)) as (pg, _):
        cfg = Config(str(ROOT / "alembic.ini"))
        cfg.attributes["url"] = pg.url
        command.revision(cfg, message="initial", autogenerate=True, rev_id="0001")
        generated = next((ROOT / "migrations" / "versions").glob("0001_*.py"))
        generated.rename(target)
        command.upgrade(cfg, "head")  # prove it applies
        command.downgrade(cfg, "base")  # and reverts
    print(f"wrote {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
