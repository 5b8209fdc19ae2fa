"""Small statistics for reports and tests: confidence intervals, Student's t, chi-square.

Written here rather than taken from SciPy so that the core keeps its two dependencies;
each function is a textbook formula, checked against known values in the tests.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

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


def mean_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """The mean of `values` and its Student's t interval (95% by default), as (mean, low, high).

    The half-width is `t_quantile((1 + level) / 2, n - 1)` standard errors, so a small
    sample gets the wider interval it needs (3 values: 4.30 standard errors, not 1.96).

    Raises:
        ValueError: fewer than two values, or `level` outside (0, 1).

    """
    n = len(values)
    if n < 2:
        raise ValueError("a confidence interval needs at least two values")
    if not 0 < level < 1:
        raise ValueError(f"level must be within (0, 1), got {level}")
    mean = math.fsum(values) / n
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile((1 + level) / 2, n - 1) * math.sqrt(variance / n)
    return mean, mean - half, mean + half


T_SERIES_DOF = 1000
"""From this many degrees of freedom on, `t_quantile` is the Cornish-Fisher series alone
(its first neglected term is below 1e-13 there)."""


def t_quantile(p: float, dof: int) -> float:
    """The `p`-quantile of Student's t distribution with `dof` degrees of freedom.

    Exact closed forms for 1 and 2 degrees of freedom (A&S 26.7.3: `tan(pi (p - 1/2))`
    and `(2p - 1) / sqrt(2 p (1 - p))`); from 3 to `T_SERIES_DOF`, Newton's method on the
    distribution function (the regularised incomplete beta function, A&S 26.7.1), started
    from the Cornish-Fisher series (A&S 26.7.5) in the normal quantile; above, the series
    alone. Accurate to about 1e-12 relative: `t_quantile(0.975, 2)` is 4.3027.

    Raises:
        ValueError: `p` outside (0, 1), or `dof` not a positive int.

    """
    if not 0 < p < 1:
        raise ValueError(f"p must be within (0, 1), got {p}")
    if type(dof) is not int or dof < 1:
        raise ValueError(f"degrees of freedom must be a positive int, got {dof!r}")
    if p < 0.5:
        return -t_quantile(1 - p, dof)
    if p == 0.5:
        return 0.0
    if dof == 1:
        return math.tan(math.pi * (p - 0.5))
    if dof == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    t = _cornish_fisher(p, dof)
    if dof >= T_SERIES_DOF:
        return t
    tail = 1 - p  # P(T > t), which Newton's method matches
    for _ in range(100):
        step = (_t_tail(t, dof) - tail) / _t_density(t, dof)
        if t + step <= 0:  # never cross 0: halve the way there instead
            step = -t / 2
        t += step
        if abs(step) <= 1e-14 * t:
            break
    return t


def _cornish_fisher(p: float, dof: int) -> float:
    # The t quantile as a series in 1/dof around the normal quantile z (A&S 26.7.5).
    z = NormalDist().inv_cdf(p)
    z2 = z * z
    g1 = z * (z2 + 1) / 4
    g2 = z * ((5 * z2 + 16) * z2 + 3) / 96
    g3 = z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / 384
    g4 = z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) / 92160
    return z + (g1 + (g2 + (g3 + g4 / dof) / dof) / dof) / dof


def _t_density(t: float, dof: int) -> float:
    # The density of Student's t at t.
    log_norm = math.lgamma((dof + 1) / 2) - math.lgamma(dof / 2) - 0.5 * math.log(dof * math.pi)
    return math.exp(log_norm - (dof + 1) / 2 * math.log1p(t * t / dof))


def _t_tail(t: float, dof: int) -> float:
    # P(T > t) for t >= 0: half the regularised incomplete beta I_x(dof/2, 1/2), with
    # x = dof / (dof + t^2) (A&S 26.7.1); 1 - x is passed as computed, not by subtraction.
    square = t * t
    return _incomplete_beta(dof / 2, 0.5, dof / (dof + square), square / (dof + square)) / 2


def _incomplete_beta(a: float, b: float, x: float, y: float) -> float:
    # The regularised incomplete beta I_x(a, b), y = 1 - x: its continued fraction on the
    # side where it converges fast (Numerical Recipes, 6.4).
    if x <= 0:
        return 0.0
    if y <= 0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(y)
    )
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, y) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    # The continued fraction of the incomplete beta (modified Lentz).
    tiny = 1e-300
    c = 1.0
    d = 1 - (a + b) * x / (a + 1)
    d = 1 / (tiny if abs(d) < tiny else d)
    h = d
    for m in range(1, 10_000):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (tiny if abs(d) < tiny else d)
            c = 1 + numerator / c
            c = tiny if abs(c) < tiny else c
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


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
