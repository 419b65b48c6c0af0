"""The statistics of repeated runs against known distributions and hand-computed values."""

from __future__ import annotations

import math

import numpy as np
import pytest

from backend.runs.statistics import difference, interval


def test_the_interval_of_a_small_sample_is_students_t() -> None:
    # mean 12, sd 2, n 3: t(0.975, df 2) = 4.302653 -> half width 4.302653 * 2 / sqrt(3)
    got = interval([10.0, 12.0, 14.0])
    half = 4.302653 * 2 / math.sqrt(3)
    assert got.mean == 12 and got.stddev == pytest.approx(2)
    assert got.low == pytest.approx(12 - half, abs=1e-4) and got.high == pytest.approx(12 + half, abs=1e-4)
    assert got.noisy  # +-41% of the mean: nothing to conclude from


def test_one_repetition_has_no_interval_and_identical_ones_a_point() -> None:
    assert interval([42.0]).low is None and not interval([42.0]).noisy
    same = interval([5.0, 5.0, 5.0])
    assert (same.low, same.high, same.noisy) == (5.0, 5.0, False)


def test_tight_repetitions_are_not_noisy_and_scattered_ones_are() -> None:
    assert not interval([1000.0, 1010.0, 995.0, 1005.0]).noisy
    assert interval([600.0, 1000.0, 1400.0]).noisy


def test_95_percent_intervals_cover_the_true_mean_95_percent_of_the_time() -> None:
    rng = np.random.default_rng(20261125)
    trials = 4000
    covered = 0
    for _ in range(trials):
        got = interval(list(rng.normal(100.0, 10.0, size=5)))
        assert got.low is not None and got.high is not None
        covered += got.low <= 100.0 <= got.high
    # Binomial(4000, 0.95): sd 0.34%, so 3 sd either side.
    assert 0.94 <= covered / trials <= 0.96


def test_welch_matches_its_formula() -> None:
    a, b = [10.0, 11.0, 9.0, 10.5], [12.0, 14.0, 13.0, 15.0, 12.5]
    got = difference(a, b)
    va, vb = np.var(a, ddof=1) / len(a), np.var(b, ddof=1) / len(b)
    t = (np.mean(b) - np.mean(a)) / math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va**2 / (len(a) - 1) + vb**2 / (len(b) - 1))
    from scipy import stats

    assert got.diff == pytest.approx(np.mean(b) - np.mean(a))
    assert got.diff_pct == pytest.approx(100 * got.diff / np.mean(a))
    assert got.p_value == pytest.approx(2 * stats.t.sf(abs(t), df))
    half = stats.t.ppf(0.975, df) * math.sqrt(va + vb)
    assert got.low == pytest.approx(got.diff - half) and got.high == pytest.approx(got.diff + half)
    assert got.significant


def test_same_distribution_is_significant_5_percent_of_the_time_and_a_real_gap_nearly_always() -> None:
    rng = np.random.default_rng(7)

    def significant(mean_b: float, n: int) -> bool:
        return difference(list(rng.normal(100, 10, n)), list(rng.normal(mean_b, 10, n))).significant

    trials = 2000
    false_alarms = sum(significant(100, 5) for _ in range(trials))
    assert 0.035 <= false_alarms / trials <= 0.065  # binomial sd 0.5%: 3 sd either side
    # Two standard deviations apart with 10 runs a side: the t-test's power is about 0.99.
    found = sum(significant(120, 10) for _ in range(500))
    assert found / 500 >= 0.95


def test_too_few_repetitions_conclude_nothing() -> None:
    got = difference([100.0], [150.0, 160.0])
    assert got.diff == pytest.approx(55) and got.p_value is None and not got.significant
