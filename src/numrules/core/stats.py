"""Small statistics for reports and tests: confidence intervals and a chi-square test.

Written here rather than taken from SciPy so that the core keeps its two dependencies;
each function is a textbook formula, checked against known values in the tests.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default), as (low, high).

    Good for small counts and for proportions near 0 or 1, unlike the normal
    approximation. `successes` may be fractional (a shared win counted as a part).

    Raises:
        ValueError: `trials` is not positive, or `successes` is outside [0, trials].

    """
    if trials <= 0:
        raise ValueError(f"trials must be positive, got {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be within [0, {trials}], got {successes}")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # The exact ends (no rounding residue) when every trial failed or succeeded.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of `values` and its normal-approximation interval, as (mean, low, high).

    Raises:
        ValueError: fewer than two values.

    """
    n = len(values)
    if n < 2:
        raise ValueError("a confidence interval needs at least two values")
    mean = math.fsum(values) / n
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def chi_square(observed: Sequence[float], expected: Sequence[float]) -> tuple[float, float]:
    """Pearson's goodness-of-fit test: the statistic and its p-value, as (chi2, p).

    The degrees of freedom are `len(observed) - 1` (the expected counts sum to the
    observed total).

    Raises:
        ValueError: the sequences differ in length, have fewer than two cells, or an
            expected count is not positive.

    """
    if len(observed) != len(expected) or len(observed) < 2:
        raise ValueError("observed and expected need the same length, at least 2")
    if any(e <= 0 for e in expected):
        raise ValueError("every expected count must be positive")
    statistic = math.fsum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    return statistic, chi_square_survival(statistic, len(observed) - 1)


def chi_square_survival(statistic: float, dof: int) -> float:
    """P(X >= statistic) for X chi-square distributed with `dof` degrees of freedom."""
    if dof <= 0:
        raise ValueError(f"degrees of freedom must be positive, got {dof}")
    if statistic <= 0:
        return 1.0
    return _upper_gamma(dof / 2, statistic / 2)


def _upper_gamma(a: float, x: float) -> float:
    # The regularised upper incomplete gamma Q(a, x): a series below a + 1, a continued
    # fraction (modified Lentz) above (Numerical Recipes, 6.2).
    if x < a + 1:
        term = total = 1.0 / a
        k = a
        for _ in range(10_000):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - math.lgamma(a)))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(-x + a * math.log(x) - math.lgamma(a)) * h)
