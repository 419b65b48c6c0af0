"""The proxy sampler: every second of the run's clock, read the Runtime API and emit one sample.

Each tick (agents.ticker: at t0 + n, labelled n - 1, the second it closes) reads `show info`,
`show stat` and `show servers conn` (three short connections to the stats socket) and emits
SamplePoint(source="proxy", t, ts=now, data)
with gauges and per-second deltas of counters (agents.proxy.metrics). A reading taken when
sampling starts is the baseline, so the first tick already has deltas; a tick whose reading
fails is skipped and the next delta covers both seconds, so sums stay exact.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime

from agents.proxy.metrics import Snapshot, sample_data, split_for_samples, take_snapshot
from agents.proxy.runtime_api import RuntimeApi, RuntimeApiError
from agents.ticker import SecondTicker
from contract.results import SamplePoint

log = logging.getLogger(__name__)

SOURCE = "proxy"
# contract.results.SamplePoint.data holds at most 500 values.
MAX_VALUES_PER_SAMPLE = 500


def sources_for(count: int) -> list[str]:
    """ "proxy", then "proxy:2", "proxy:3" ... for the overflow parts of a large config."""
    return [SOURCE if index == 0 else f"{SOURCE}:{index + 1}" for index in range(count)]


class ProxySampler:
    def __init__(self, api: RuntimeApi, t0: datetime, emit: Callable[[list[SamplePoint]], None]) -> None:
        self._api = api
        self._t0 = t0.timestamp()
        self._emit = emit
        self._previous: Snapshot | None = None
        self._ticker = SecondTicker("proxy-sampler", self._t0, self._tick)
        self.failed_reads = 0

    def start(self) -> None:
        try:
            self._previous = self._read()
        except RuntimeApiError as exc:
            log.warning("proxy sampler: no baseline reading (%s); counters start at the next one", exc)
        self._ticker.start()

    def stop(self) -> None:
        self._ticker.stop()

    @property
    def running(self) -> bool:
        return self._ticker.running

    def _read(self) -> Snapshot:
        return take_snapshot(self._api.show_info(), self._api.show_stat(), self._api.show_servers_conn())

    def _tick(self, t: int, now: float) -> None:
        try:
            current = self._read()
        except RuntimeApiError as exc:
            self.failed_reads += 1
            log.warning("proxy sampler: reading the Runtime API failed (%s); skipping this second", exc)
            return
        data = sample_data(self._previous, current)
        self._previous = current
        ts = datetime.fromtimestamp(now, UTC)
        parts = split_for_samples(data, MAX_VALUES_PER_SAMPLE)
        self._emit(
            [
                SamplePoint(source=source, t=t, ts=ts, data=part)
                for source, part in zip(sources_for(len(parts)), parts, strict=True)
            ]
        )
