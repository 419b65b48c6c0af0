"""The statistics of repeated runs, by SciPy: a metric's spread with its 95% confidence
interval, and whether two points differ (Welch's t-test, which does not assume equal variances).

The formulas are written out over SciPy's Student's t functions (scipy.special.stdtr/stdtrit,
what stats.t and stats.ttest_ind compute with): the same numbers, but a 50-run comparison's 225
tests take ~5 ms instead of ~60 ms of SciPy's argument handling (docs/benchmarks.md, Compare).

Repetitions of a point on a shared machine scatter; a mean without its interval invites reading
noise as a result. A point whose interval is wider than NOISY_HALF_WIDTH of its mean is marked
noisy: too wide to conclude from, whatever its mean says.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from scipy import special

CONFIDENCE = 0.95
SIGNIFICANCE = 1 - CONFIDENCE
# An interval wider than +-10% of the mean: the repetitions disagree too much to conclude.
NOISY_HALF_WIDTH = 0.10


@dataclass(frozen=True)
class Interval:
    n: int
    mean: float
    stddev: float  # sample standard deviation (n - 1); 0 for a single value
    low: float | None  # the 95% confidence interval of the mean (Student's t); None when n < 2
    high: float | None
    noisy: bool


def interval(values: Sequence[float]) -> Interval:
    n = len(values)
    mean = statistics.fmean(values)
    if n < 2:
        return Interval(n, mean, 0.0, None, None, noisy=False)
    sd = math.sqrt(_variance(values, mean))
    if sd == 0:
        return Interval(n, mean, 0.0, mean, mean, noisy=False)
    half = _t_quantile(n - 1) * sd / math.sqrt(n)
    low, high = mean - half, mean + half
    noisy = half > NOISY_HALF_WIDTH * abs(mean) if mean else half > 0
    return Interval(n, mean, sd, float(low), float(high), noisy=bool(noisy))


@dataclass(frozen=True)
class Difference:
    """`b - a` over the repetitions of two points."""

    diff: float
    diff_pct: float | None  # 100 * diff / mean(a); None when a's mean is 0
    low: float | None  # 95% interval of the difference (Welch-Satterthwaite); None if undefined
    high: float | None
    p_value: float | None  # Welch's two-sided t-test; None with fewer than 2 values on a side
    significant: bool  # p < 0.05: the difference is unlikely to be noise


def difference(a: Sequence[float], b: Sequence[float]) -> Difference:
    mean_a, mean_b = statistics.fmean(a), statistics.fmean(b)
    diff = mean_b - mean_a
    pct = 100 * diff / mean_a if mean_a else None
    if len(a) < 2 or len(b) < 2:
        return Difference(diff, pct, None, None, None, significant=False)
    var_a, var_b = _variance(a, mean_a), _variance(b, mean_b)
    if var_a == 0 and var_b == 0:
        # No spread at all: any difference is exact (and none is none).
        return Difference(diff, pct, diff, diff, 0.0 if diff else 1.0, significant=diff != 0)
    # Welch: the standard error of the difference and the Welch-Satterthwaite degrees of freedom.
    se_a, se_b = var_a / len(a), var_b / len(b)
    se = math.sqrt(se_a + se_b)
    df = (se_a + se_b) ** 2 / (se_a**2 / (len(a) - 1) + se_b**2 / (len(b) - 1))
    p = float(2 * special.stdtr(df, -abs(diff) / se))
    half = _t_quantile(df) * se
    return Difference(diff, pct, diff - half, diff + half, p, significant=p < SIGNIFICANCE)


def against_one(baseline: Sequence[float], value: float) -> Difference:
    """One new value against repeated baseline runs: is it outside what the baseline's spread
    predicts for one more run? The t-test of a new observation (prediction interval:
    sd x sqrt(1 + 1/n), n - 1 degrees of freedom); no significance from a single baseline run."""
    n = len(baseline)
    mean = statistics.fmean(baseline)
    diff = value - mean
    pct = 100 * diff / mean if mean else None
    if n < 2:
        return Difference(diff, pct, None, None, None, significant=False)
    sd = math.sqrt(_variance(baseline, mean))
    if sd == 0:
        return Difference(diff, pct, diff, diff, 0.0 if diff else 1.0, significant=diff != 0)
    se = sd * math.sqrt(1 + 1 / n)
    p = float(2 * special.stdtr(n - 1, -abs(diff) / se))
    half = _t_quantile(n - 1) * se
    return Difference(diff, pct, diff - half, diff + half, p, significant=p < SIGNIFICANCE)


def _variance(values: Sequence[float], mean: float) -> float:
    """Sample variance (n - 1), two-pass with fsum."""
    return math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)


def _t_quantile(df: float) -> float:
    """Student's t at the two-sided CONFIDENCE level, e.g. 4.303 for df 2."""
    return float(special.stdtrit(df, 1 - SIGNIFICANCE / 2))
