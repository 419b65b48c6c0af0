"""A metrics scrape counts as a live viewer of the team's runs (agents then send each second
as it is measured)."""

from __future__ import annotations

import logging

import redis

from backend.messaging.clients import sync_redis
from backend.messaging.keys import team_scraped_key

log = logging.getLogger(__name__)

# A scrape counts as a live viewer of the team's runs for this long: past Prometheus's usual
# intervals (15-30 s), so a scraped team stays watched between scrapes.
SCRAPE_WATCH_S = 60


def mark_scraped(team_id: int) -> None:
    """The metrics endpoint served the team's figures (best effort, as publishing is)."""
    try:
        sync_redis().set(team_scraped_key(team_id), "1", ex=SCRAPE_WATCH_S)
    except redis.RedisError as exc:
        log.warning("could not mark team %s as scraped: %s", team_id, exc)
