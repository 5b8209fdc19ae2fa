"""The statistics helpers against values from tables (SciPy's, to the digits shown)."""

from __future__ import annotations

import math

import pytest

from numrules.core.stats import (
    chi_square,
    chi_square_survival,
    mean_interval,
    t_quantile,
    wilson_interval,
)


@pytest.mark.parametrize(
    ("statistic", "dof", "p"),
    [
        (3.841458820694124, 1, 0.05),
        (5.991464547107979, 2, 0.05),
        (18.307038053275146, 10, 0.05),
        (1.0, 1, 0.31731050786291415),
        (0.5, 3, 0.918891411654),
        (30.0, 6, 128.5 * math.exp(-15)),  # even dof: e^-x/2 * sum (x/2)^i / i!
        (124.342112, 100, 0.05),
    ],
)
def test_chi_square_survival_matches_the_tables(statistic: float, dof: int, p: float) -> None:
    assert chi_square_survival(statistic, dof) == pytest.approx(p, rel=1e-6)


def test_chi_square_of_a_perfect_fit_and_of_a_bad_one() -> None:
    assert chi_square([25, 25, 25, 25], [25, 25, 25, 25]) == (0.0, 1.0)
    statistic, p = chi_square([50, 0], [25, 25])
    assert statistic == 50.0
    assert p < 1e-10


def test_chi_square_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="same length"):
        chi_square([1, 2], [1.5])
    with pytest.raises(ValueError, match="positive"):
        chi_square([1, 2], [3, 0])


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert (low, high) == pytest.approx((0.4038315, 0.5961685), rel=1e-6)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    with pytest.raises(ValueError, match=r"within \[0, 10\]"):
        wilson_interval(11, 10)


@pytest.mark.parametrize(
    ("p", "dof", "quantile"),
    [
        (0.975, 1, 12.706204736174694),  # the closed forms
        (0.975, 2, 4.302652729749462),
        (0.999, 2, 22.327124770119866),
        (0.975, 3, 3.1824463052837078),  # Newton's method on the distribution function
        (0.975, 4, 2.7764451051977934),
        (0.975, 5, 2.5705818356363146),
        (0.975, 10, 2.228138851986274),
        (0.975, 30, 2.0422724563012378),
        (0.975, 100, 1.9839715185235518),
        (0.995, 5, 4.032142983555228),
        (0.95, 7, 1.8945786050900062),
        (0.9, 3, 1.637744353696209),
        (0.6, 4, 0.2707222947075976),
        (0.9995, 3, 12.923978636687961),
        (0.975, 1000, 1.9623390808264083),  # the series alone
        (0.975, 10**6, 1.959966356814107),
    ],
)
def test_t_quantile_matches_the_tables(p: float, dof: int, quantile: float) -> None:
    assert t_quantile(p, dof) == pytest.approx(quantile, rel=1e-10)
    assert t_quantile(1 - p, dof) == pytest.approx(-quantile, rel=1e-10)


def test_t_quantile_tends_to_the_normal_one() -> None:
    assert t_quantile(0.5, 3) == 0.0
    previous = math.inf
    for dof in (1, 2, 3, 5, 10, 100, 999, 1000, 10**5, 10**9):
        value = t_quantile(0.975, dof)
        assert 1.959963984540054 < value < previous  # falls towards z as dof grows
        previous = value
    assert previous == pytest.approx(1.959963984540054, rel=1e-8)


def test_t_quantile_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match=r"within \(0, 1\)"):
        t_quantile(1.0, 3)
    with pytest.raises(ValueError, match="positive int"):
        t_quantile(0.975, 0)


def test_mean_interval_uses_student_s_t() -> None:
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    half = 3.1824463052837078 * math.sqrt(1.6666666666666667 / 4)
    assert (mean, low, high) == pytest.approx((2.5, 2.5 - half, 2.5 + half))
    # Three games scoring 1, 2 and 3: 2.0 +- 2.5 (t, 2 dof), not the 2.0 +- 1.1 of z.
    mean, low, high = mean_interval([1, 2, 3])
    assert (mean, high - mean) == pytest.approx((2.0, 4.302652729749462 / math.sqrt(3)))
    mean, low, high = mean_interval([1, 2, 3], level=0.99)
    assert high - mean == pytest.approx(9.924843200918287 / math.sqrt(3))
    with pytest.raises(ValueError, match="two values"):
        mean_interval([1.0])
