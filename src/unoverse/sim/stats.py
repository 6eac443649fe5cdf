"""Small statistics for reports: histograms of whole numbers (mean, variance, nearest-rank
percentiles), Wilson intervals for proportions, and the two-sided tests a comparison of two
rule sets uses (Welch's for means, the pooled z test for proportions)."""

from __future__ import annotations

import math
from collections import Counter

Histogram = Counter[int]
"""How many games had each value."""


def summary(hist: Histogram) -> dict[str, float]:
    """Mean, median, 90th and 99th percentiles (nearest rank) of a histogram."""
    return {
        "mean": round(mean(hist), 2),
        "p50": percentile(hist, 50),
        "p90": percentile(hist, 90),
        "p99": percentile(hist, 99),
    }


def mean(hist: Histogram) -> float:
    """The mean value of a histogram (0 when empty)."""
    n = sum(hist.values())
    return sum(v * k for v, k in hist.items()) / n if n else 0.0


def variance(hist: Histogram) -> float:
    """The sample variance of a histogram (0 below two values)."""
    n = sum(hist.values())
    if n < 2:
        return 0.0
    m = mean(hist)
    return sum(k * (v - m) ** 2 for v, k in hist.items()) / (n - 1)


def percentile(hist: Histogram, q: float) -> float:
    """The nearest-rank ``q``-th percentile (0 < q <= 100) of a histogram (0 when empty)."""
    n = sum(hist.values())
    if not n:
        return 0.0
    rank = max(1, math.ceil(q / 100 * n))
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if seen >= rank:
            return float(value)
    raise AssertionError("unreachable: the ranks add up to n")


def wilson(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def welch(a: Histogram, b: Histogram) -> tuple[float, float]:
    """Welch's test that two histograms have the same mean: ``(z, two-sided p)``. The
    samples here are thousands of games, so the normal distribution stands in for Student's
    t (the difference is below 0.1% of p from 500 games a side)."""
    na, nb = sum(a.values()), sum(b.values())
    if na < 2 or nb < 2:
        return (0.0, 1.0)
    se = math.sqrt(variance(a) / na + variance(b) / nb)
    diff = mean(b) - mean(a)
    if se == 0:
        return (0.0, 1.0) if diff == 0 else (math.copysign(math.inf, diff), 0.0)
    z = diff / se
    return (z, math.erfc(abs(z) / math.sqrt(2)))


def two_proportions(xa: float, na: int, xb: float, nb: int) -> tuple[float, float]:
    """The pooled z test that two proportions are equal: ``(z, two-sided p)``."""
    if not na or not nb:
        return (0.0, 1.0)
    pooled = (xa + xb) / (na + nb)
    se = math.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb))
    diff = xb / nb - xa / na
    if se == 0:
        return (0.0, 1.0)
    z = diff / se
    return (z, math.erfc(abs(z) / math.sqrt(2)))
