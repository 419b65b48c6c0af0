"""Runtime directories for roles started in tests: reachable by the lab's unprivileged users.

A root agent runs nginx, MariaDB, HAProxy and the load tools as other users (agents.privileges),
which must pass through the directories above a role's own; pytest's tmp_path lives in a 0700
directory of root's, so roles get a directory under /tmp instead (traverse-only, as the agent
makes its runtime directory).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from proxy_setup import short_runtime_dir


@pytest.fixture
def runtime_dir() -> Iterator[Path]:
    with short_runtime_dir() as path:
        yield path


@pytest.fixture(scope="module")
def module_runtime_dir() -> Iterator[Path]:
    with short_runtime_dir() as path:
        yield path
