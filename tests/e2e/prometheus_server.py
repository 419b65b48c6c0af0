"""A real Prometheus server (Debian's `prometheus`) scraping haplab's /metrics, for e2e tests."""

from __future__ import annotations

import shutil
import subprocess
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import redis

from backend.settings import get_settings
from dev.services import free_port, wait_for_port


class Prometheus:
    def __init__(self, url: str) -> None:
        self.url = url

    def query(self, expr: str) -> list[dict[str, Any]]:
        """An instant query through Prometheus's HTTP API: its result vector."""
        body = httpx.get(f"{self.url}/api/v1/query", params={"query": expr}, timeout=5).json()
        assert body["status"] == "success", body
        return list(body["data"]["result"])


@contextmanager
def scraping(api_url: str, token: str, directory: Path) -> Iterator[Prometheus]:
    """Prometheus scraping `api_url`/metrics every second with `token`; stopped afterwards."""
    binary = shutil.which("prometheus")
    assert binary, "prometheus is not installed (dev/prereqs.sh installs Debian's)"
    target = urllib.parse.urlsplit(api_url).netloc
    (directory / "token").write_text(token)
    (directory / "token").chmod(0o600)
    (directory / "prometheus.yml").write_text(
        "global: {scrape_interval: 1s, evaluation_interval: 1s}\n"
        "scrape_configs:\n"
        "  - job_name: haplab\n"
        "    metrics_path: /metrics\n"
        f"    authorization: {{type: Bearer, credentials_file: {directory / 'token'}}}\n"
        f"    static_configs: [{{targets: ['{target}']}}]\n"
    )
    port = free_port()
    log = (directory / "prometheus.log").open("wb")
    proc = subprocess.Popen(
        [
            binary,
            f"--config.file={directory / 'prometheus.yml'}",
            f"--storage.tsdb.path={directory / 'data'}",
            f"--web.listen-address=127.0.0.1:{port}",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for_port(port, 30, proc)
        yield Prometheus(f"http://127.0.0.1:{port}")
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
        _forget_scrapes()
        tail = (directory / "prometheus.log").read_text(errors="replace")[-5000:]
        print(f"===== prometheus log =====\n{tail}")


def wait_for(prometheus: Prometheus, expr: str, timeout_s: float) -> list[dict[str, Any]]:
    deadline = time.monotonic() + timeout_s
    while True:
        result = prometheus.query(expr)
        if result or time.monotonic() > deadline:
            return result
        time.sleep(0.5)


def _forget_scrapes() -> None:
    """The scraper is gone: its teams are no longer watched. The API's mark would outlive it by
    SCRAPE_WATCH_S, and later tests on the same stack count the sample batches of unwatched runs
    (backend.messaging.viewers.mark_scraped). The test's settings point at that stack's Redis."""
    from backend.messaging import keys

    client = redis.Redis.from_url(get_settings().redis_url)
    try:
        for key in client.scan_iter(match=keys.team_scraped_key("*")):
            client.delete(key)
    finally:
        client.close()
