"""The statistics helpers against values from tables (SciPy's, to the digits shown)."""

from __future__ import annotations

import math

import pytest

from numrules.core.stats import (
    chi_square,
    chi_square_survival,
    mean_interval,
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


def test_mean_interval() -> None:
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    half = 1.959963984540054 * math.sqrt(1.6666666666666667 / 4)
    assert (mean, low, high) == pytest.approx((2.5, 2.5 - half, 2.5 + half))
