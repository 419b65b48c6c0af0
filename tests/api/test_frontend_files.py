"""The built UI as the API serves it: hashed assets cached for good, index.html checked each load."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from backend.app import create_app
from backend.settings import get_settings


@pytest.fixture
def ui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text('<script type="module" src="/assets/index-Ab12Cd34.js"></script>')
    (tmp_path / "assets" / "index-Ab12Cd34.js").write_text("console.log(1)")
    (tmp_path / "favicon.svg").write_text("<svg/>")
    monkeypatch.setenv("HAPLAB_FRONTEND_DIST", str(tmp_path))
    get_settings.cache_clear()
    with TestClient(create_app()) as client:
        yield client
    monkeypatch.undo()
    get_settings.cache_clear()


def test_hashed_assets_are_immutable(ui: TestClient) -> None:
    r = ui.get("/assets/index-Ab12Cd34.js")

    assert r.status_code == 200
    assert r.headers["cache-control"] == "public, max-age=31536000, immutable"


@pytest.mark.parametrize("path", ["/", "/compare", "/runs/12", "/favicon.svg"])
def test_pages_and_unhashed_files_are_revalidated(ui: TestClient, path: str) -> None:
    r = ui.get(path)

    assert r.status_code == 200
    assert r.headers["cache-control"] == "no-cache"  # a new build is picked up at once


def test_unknown_asset_is_404_not_the_page(ui: TestClient) -> None:
    assert ui.get("/assets/index-Zz99.js").status_code == 404


BUILT = Path(__file__).resolve().parents[2] / "frontend" / "dist"


@pytest.mark.skipif(not (BUILT / "index.html").exists(), reason="the UI is not built (make prereqs)")
def test_the_built_ui_serves_the_experiment_file_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    # frontend/public/schemas/ is copied into the build, so any haplab serves the schema that
    # editors use for experiment files (contract/experiment_file.py), without signing in.
    monkeypatch.setenv("HAPLAB_FRONTEND_DIST", str(BUILT))
    get_settings.cache_clear()
    try:
        with TestClient(create_app()) as client:
            r = client.get("/schemas/experiment.schema.json")
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()

    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert r.json()["$id"] == "/schemas/experiment.schema.json"
    assert "thresholds" in r.json()["$defs"]["ExperimentSpec"]["properties"]
