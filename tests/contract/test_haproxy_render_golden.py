"""Golden files: each case's config renders to exactly its .cfg, and real HAProxy accepts it.

UPDATE_GOLDEN=1 rewrites the .cfg files from the renderer (review the diff before committing).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from contract.haproxy import HAProxyConfig, RenderContext, render
from tests.contract.conftest import GOLDEN_DIR, HaproxyCheck, complaints

CASES = sorted(path.stem for path in GOLDEN_DIR.glob("*.json"))
REQUIRED = {
    "seed000_listen_maxconn",
    "seed001_tcp_mysql",
    "seed002_four_servers_httpchk",
    "seed003_tls_threads",
    "seed004_http_reuse_h2",
    "every_timeout_and_option",
}


def load_case(name: str) -> tuple[HAProxyConfig, RenderContext]:
    case = json.loads((GOLDEN_DIR / f"{name}.json").read_text())
    return HAProxyConfig.model_validate(case["config"]), RenderContext.model_validate(case["ctx"])


def test_every_required_case_exists() -> None:
    assert set(CASES) >= REQUIRED


@pytest.mark.parametrize("name", CASES)
def test_renders_exactly_the_golden_text(name: str) -> None:
    config, ctx = load_case(name)
    text = render(config, ctx)
    golden = GOLDEN_DIR / f"{name}.cfg"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        golden.write_text(text)
    assert text == golden.read_text()


@pytest.mark.parametrize("name", CASES)
def test_rendering_is_deterministic(name: str) -> None:
    config, ctx = load_case(name)
    again = HAProxyConfig.model_validate_json(config.model_dump_json())
    assert render(config, ctx) == render(again, ctx)


@pytest.mark.parametrize("name", CASES)
def test_real_haproxy_accepts_it_without_warnings(
    name: str, runtime_dir: Path, haproxy_check: HaproxyCheck
) -> None:
    config, ctx = load_case(name)
    here = ctx.model_copy(update={"runtime_dir": str(runtime_dir)})
    result = haproxy_check(render(config, here), runtime_dir)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Configuration file is valid" in result.stdout
    assert complaints(result) == []
