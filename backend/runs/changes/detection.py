"""Where a series of runs' figures changed level, and whether the change is real.

The search is ruptures' PELT (Killick et al. 2012) on the mean (`l2` cost), with a penalty of
PENALTY x sigma^2 x log(n): sigma is the noise of the series, estimated robustly from the
differences of consecutive runs (median absolute deviation, so a step does not inflate it),
floored at SIGMA_FLOOR of the median so identical runs do not turn every wobble into a step.
Each candidate is then tested: Student's t-test (pooled variance) of the runs before against the
runs after, which with one run after (a change seen at the newest run) is the test of a new
observation against the spread before.
A change is kept when p < ALPHA and the means differ by at least MIN_CHANGE_PCT: both knobs
trade a missed change for a false alarm (docs/history.md). A single run between two
candidates that are not the newest is an outlier, not a new level: both candidates go.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import ruptures
from scipy import special

PENALTY = 3.0
SIGMA_FLOOR = 0.005  # of the series' median: half a percent
ALPHA = 0.001
MIN_CHANGE_PCT = 5.0
MIN_RUNS = 4  # a series shorter than this says nothing about levels


@dataclass(frozen=True)
class Settings:
    alpha: float = ALPHA
    min_change_pct: float = MIN_CHANGE_PCT
    penalty: float = PENALTY


@dataclass(frozen=True)
class Change:
    index: int  # the first run of the new level, in the series
    before_mean: float
    after_mean: float
    before_n: int
    after_n: int
    change_pct: float
    p_value: float


def _sigma(values: Sequence[float]) -> float:
    diffs = np.diff(np.asarray(values, dtype=float))
    mad = float(np.median(np.abs(diffs - np.median(diffs)))) if len(diffs) else 0.0
    # MAD -> sd of a normal (1.4826), and consecutive differences carry the noise twice.
    sigma = 1.4826 * mad / math.sqrt(2)
    return max(sigma, SIGMA_FLOOR * abs(float(np.median(values))), 1e-12)


def _candidates(values: Sequence[float], penalty: float) -> list[int]:
    """Indexes where a new level starts, by PELT on the mean."""
    signal = np.asarray(values, dtype=float).reshape(-1, 1)
    pen = penalty * _sigma(values) ** 2 * math.log(len(values))
    ends = ruptures.Pelt(model="l2", min_size=1, jump=1).fit(signal).predict(pen=pen)
    return [end for end in ends if end < len(values)]  # the last "end" is the series' end


def _without_outliers(starts: list[int], n: int) -> list[int]:
    """Drop a one-run segment that is not the newest run: a wild run, then back to the level
    (its start and the start after it, which is its end)."""
    kept = list(starts)
    for i in range(len(kept) - 2, -1, -1):
        if i + 1 < len(kept) and kept[i + 1] - kept[i] == 1:
            del kept[i : i + 2]
    return kept


def _p_value(before: Sequence[float], after: Sequence[float]) -> float | None:
    """Student's two-sample t-test with pooled variance: under "no change" both sides share the
    series' noise, and a 1- or 2-run side cannot estimate it alone (Welch's test would trust its
    near-zero spread). One run after the change: the test of a new observation."""
    n_a, n_b = len(before), len(after)
    if n_a + n_b < 3:
        return None
    mean_a, mean_b = statistics.fmean(before), statistics.fmean(after)
    ss = math.fsum((v - mean_a) ** 2 for v in before) + math.fsum((v - mean_b) ** 2 for v in after)
    df = n_a + n_b - 2
    pooled = ss / df
    if pooled == 0:
        return 0.0 if mean_a != mean_b else 1.0
    t = (mean_b - mean_a) / math.sqrt(pooled * (1 / n_a + 1 / n_b))
    return float(2 * special.stdtr(df, -abs(t)))


def _tested(values: Sequence[float], starts: list[int], settings: Settings) -> list[Change | None]:
    """Each candidate against its neighbours' segments: the change, or None when it fails."""
    n = len(values)
    bounds = [0, *starts, n]
    out: list[Change | None] = []
    for i, start in enumerate(starts, start=1):
        before, after = values[bounds[i - 1] : start], values[start : bounds[i + 1]]
        before_mean, after_mean = statistics.fmean(before), statistics.fmean(after)
        p_value = _p_value(before, after)
        if before_mean == 0 or p_value is None:
            out.append(None)  # no % change from nothing; no test without spread
            continue
        # The split was chosen among n - 1 places after looking: Bonferroni for the search.
        p_value = min(1.0, p_value * (n - 1))
        pct = 100 * (after_mean - before_mean) / abs(before_mean)
        if p_value >= settings.alpha or abs(pct) < settings.min_change_pct:
            out.append(None)
            continue
        out.append(Change(start, before_mean, after_mean, len(before), len(after), round(pct, 3), p_value))
    return out


def find_changes(values: Sequence[float], settings: Settings = Settings()) -> list[Change]:
    """The changes of level in `values` (oldest first) that pass the significance and size tests.

    Candidates that fail are dropped one at a time, the weakest first, and the others tested
    again over the longer segments that leaves (a spurious split must not shorten a real one's).
    """
    n = len(values)
    if n < MIN_RUNS:
        return []
    starts = _without_outliers(_candidates(values, settings.penalty), n)
    while True:
        tested = _tested(values, starts, settings)
        failing = [i for i, change in enumerate(tested) if change is None]
        if not failing:
            return [change for change in tested if change is not None]
        weakest = max(failing, key=lambda i: _p_value(*_sides(values, starts, i)) or 1.0)
        del starts[weakest]


def _sides(values: Sequence[float], starts: list[int], i: int) -> tuple[Sequence[float], Sequence[float]]:
    bounds = [0, *starts, len(values)]
    return values[bounds[i] : starts[i]], values[starts[i] : bounds[i + 2]]
