"""Latency histograms as haplab exchanges them: HdrHistogram, microseconds, 1 µs .. 1 h, 3 digits.

contract.results fixes the wire form (base64 of HdrHistogram's compressed V2 encoding); this module
builds one from the (value, count) pairs a load tool reports, encodes, decodes, merges, and reads
percentiles back. Merging adds counts, so histograms of many injectors merge exactly (up to
HdrHistogram's bounded error of 0.1 %), which averaged percentiles never do.
"""

from __future__ import annotations

from collections.abc import Iterable

from hdrh.histogram import HdrHistogram

from contract.results import HISTOGRAM_SIGNIFICANT_DIGITS, LatencyPercentiles

LOWEST_US = 1
HIGHEST_US = 3_600_000_000  # one hour: no request a benchmark waits for lasts longer


def new_histogram() -> HdrHistogram:
    return HdrHistogram(LOWEST_US, HIGHEST_US, HISTOGRAM_SIGNIFICANT_DIGITS)


def histogram_of(pairs: Iterable[tuple[int, int]]) -> HdrHistogram:
    """A histogram of (latency in µs, count) pairs; values are clamped into 0 .. 1 h."""
    histogram = new_histogram()
    for value, count in pairs:
        if count > 0:
            histogram.record_value(min(max(int(value), 0), HIGHEST_US), int(count))
    return histogram


def encode(histogram: HdrHistogram) -> str:
    """The wire form: base64 of the compressed V2 encoding (hdrh's encode() already base64s)."""
    encoded: bytes = histogram.encode()
    return encoded.decode("ascii")


def decode(encoded: str) -> HdrHistogram:
    return HdrHistogram.decode(encoded)


def merge(encoded: Iterable[str]) -> HdrHistogram:
    """The sum of encoded histograms (an empty histogram when there are none)."""
    merged = new_histogram()
    for blob in encoded:
        merged.add(decode(blob))
    return merged


def percentiles(histogram: HdrHistogram) -> LatencyPercentiles | None:
    """p50 .. max and the mean in milliseconds; None when nothing was recorded."""
    if histogram.get_total_count() == 0:
        return None

    def ms(us: float) -> float:
        return round(us / 1000.0, 3)

    return LatencyPercentiles(
        p50=ms(histogram.get_value_at_percentile(50)),
        p90=ms(histogram.get_value_at_percentile(90)),
        p95=ms(histogram.get_value_at_percentile(95)),
        p99=ms(histogram.get_value_at_percentile(99)),
        p999=ms(histogram.get_value_at_percentile(99.9)),
        max=ms(histogram.get_max_value()),
        mean=ms(histogram.get_mean_value()),
    )
