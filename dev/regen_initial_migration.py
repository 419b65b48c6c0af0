"""Regenerate migrations/versions/0001_initial.py from backend.models against a throwaway database.

Only while nothing has been released: once a deployment exists, add new revisions instead
(`alembic revision --autogenerate -m ...`).

    python dev/regen_initial_migration.py           # rewrite the file (make migration)
    python dev/regen_initial_migration.py --check   # regenerate in a copy, show the difference

Either way the new revision must apply, build exactly the models (`alembic check`) and revert.
"""

from __future__ import annotations

import argparse
import difflib
import shutil
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.operations import ops
from sqlalchemy import ForeignKeyConstraint

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from dev.services import throwaway_services

ROOT = Path(__file__).resolve().parent.parent
REVISION = Path("migrations") / "versions" / "0001_initial.py"


def split_cyclic_foreign_keys(_context: Any, _revision: Any, directives: list[ops.MigrationScript]) -> None:
    """Create `use_alter` foreign keys after every table, and drop them before any.

    Autogenerate renders them inside create_table, where CREATE TABLE silently leaves them out
    (they close a cycle, e.g. lab.active_run_id -> run and run.lab_id -> lab; Alembic #326).
    """
    script = directives[0]
    deferred: list[ForeignKeyConstraint] = []
    for upgrade_ops in script.upgrade_ops_list:
        for op in upgrade_ops.ops:
            if isinstance(op, ops.CreateTableOp):
                later = [c for c in op.columns if isinstance(c, ForeignKeyConstraint) and c.use_alter]
                # by identity: `in` would compare Columns with ==, which builds SQL expressions
                op.columns = [c for c in op.columns if all(c is not fk for fk in later)]
                deferred += later
        upgrade_ops.ops += [ops.CreateForeignKeyOp.from_constraint(fk) for fk in deferred]
    for downgrade_ops in script.downgrade_ops_list:
        downgrade_ops.ops[:0] = [ops.DropConstraintOp.from_constraint(fk) for fk in reversed(deferred)]


def regenerate(root: Path) -> Path:
    target = root / REVISION
    target.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="haplab-regen-") as tmp, throwaway_services(Path(tmp)) as (pg, _):
        cfg = Config(str(root / "alembic.ini"))
        cfg.attributes["url"] = pg.url
        command.revision(
            cfg,
            message="initial",
            autogenerate=True,
            rev_id="0001",
            process_revision_directives=split_cyclic_foreign_keys,
        )
        generated = next(target.parent.glob("0001_*.py"))
        generated.rename(target)
        command.upgrade(cfg, "head")  # it applies,
        command.check(cfg)  # builds exactly backend.models,
        command.downgrade(cfg, "base")  # and reverts
    return target


def show_difference(committed: Iterable[str], fresh: Iterable[str]) -> bool:
    diff = list(difflib.unified_diff(list(committed), list(fresh), str(REVISION), "regenerated"))
    sys.stdout.writelines(diff)
    return bool(diff)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="regenerate in a copy; exit 1 if it differs")
    args = parser.parse_args()
    if not args.check:
        print(f"wrote {regenerate(ROOT).relative_to(ROOT)}")
        return 0
    with tempfile.TemporaryDirectory(prefix="haplab-regen-copy-") as tmp:
        copy = Path(tmp)
        shutil.copy(ROOT / "alembic.ini", copy / "alembic.ini")
        skip_caches = shutil.ignore_patterns("__pycache__")
        shutil.copytree(ROOT / "migrations", copy / "migrations", ignore=skip_caches)
        fresh = regenerate(copy).read_text().splitlines(keepends=True)
    committed = (ROOT / REVISION).read_text().splitlines(keepends=True)
    if show_difference(committed, fresh):
        print(f"\n{REVISION} differs from what backend.models generates: run `make migration`")
        return 1
    print(f"{REVISION} is what backend.models generates")
    return 0


if __name__ == "__main__":
    sys.exit(main())
