"""The UNO Attack card launcher on its own (RULES.md §3.6, §7.2; docs/launcher.md).

The launcher only decides how many cards a press fires, so these tests give it an unlimited
card source. Every statistical test uses a fixed seed, so it is deterministic; a wrong model
(a wrong table, a wrong state update, a biased draw) moves its statistic out of range.
Chi-square statistics are computed here and compared to critical values at p = 0.001.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

import pytest

from unoverse.core.launcher import (
    BERNOULLI_P,
    BURST_WEIGHTS,
    FIRE_PRESSES,
    HAZARD,
    MODES,
    PATTERN_LENGTH,
    UNTIL_FIRE_CAP,
    BernoulliLauncher,
    HazardLauncher,
    Launcher,
    OneCardLauncher,
    PatternLauncher,
    UniformLauncher,
    burst,
    make_launcher,
)
from unoverse.core.rng import Rng

pytestmark = pytest.mark.engine_build

SEED = 20261129
PRESSES = 100_000
# Chi-square critical values at p = 0.001 by degrees of freedom.
CRITICAL = {3: 16.27, 10: 29.59, 11: 31.26}
# The gaps between fires of the schedule, as RULES.md §7.2 lists them (the first is the press).
DOCUMENTED_GAPS = (
    2, 4, 3, 4, 4, 4, 3, 2, 1, 2, 3, 4, 1, 4, 3, 3, 1,
    3, 3, 3, 1, 4, 4, 3, 3, 1, 4, 4, 3, 1, 3, 4, 1, 3,
)  # fmt: skip


def chi_square(observed: Sequence[int], expected: Sequence[float]) -> float:
    """Pearson's statistic of ``observed`` counts against ``expected`` counts."""
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


def longest_miss_run(results: Sequence[int]) -> int:
    """The most presses in a row that fired nothing."""
    longest = run = 0
    for n in results:
        run = 0 if n else run + 1
        longest = max(longest, run)
    return longest


@cache
def run(mode: str, seed: int = SEED, presses: int = PRESSES) -> tuple[int, ...]:
    """What each of ``presses`` presses of a fresh launcher of ``mode`` fired (cached: several
    tests read the same run)."""
    launcher = make_launcher(mode)
    rng = Rng(seed)
    return tuple(launcher.press(rng) for _ in range(presses))


def press_until_fire(launcher: Launcher, rng: Rng) -> int:
    """Press until something fires, forcing the press ``UNTIL_FIRE_CAP`` as the engine does;
    the number of presses it took."""
    for count in range(1, UNTIL_FIRE_CAP + 1):
        if launcher.press(rng, force=count == UNTIL_FIRE_CAP) > 0:
            return count
    raise AssertionError(f"{launcher.mode}: the forced press {UNTIL_FIRE_CAP} fired nothing")


def schedule_gaps() -> list[int]:
    """The gaps between fires of ``FIRE_PRESSES`` (the first one from press 0)."""
    return [b - a for a, b in zip((0, *FIRE_PRESSES), FIRE_PRESSES, strict=False)]


# §7.2: the constants agree with the documented schedule.


def test_fire_presses_match_the_documented_schedule() -> None:
    assert len(FIRE_PRESSES) == 34, f"{len(FIRE_PRESSES)} fires, the schedule has 34"
    assert FIRE_PRESSES[-1] == PATTERN_LENGTH == 96
    assert tuple(schedule_gaps()) == DOCUMENTED_GAPS
    histogram = Counter(schedule_gaps())
    assert histogram == {1: 7, 2: 3, 3: 13, 4: 11}, f"gap histogram {sorted(histogram.items())}"
    assert Fraction(sum(schedule_gaps()), len(FIRE_PRESSES)) == Fraction(96, 34)  # mean 2.82


def test_hazard_table_is_derived_from_the_schedule() -> None:
    gaps = schedule_gaps()
    derived = []
    for k in range(4):  # P(fire | k misses) = gaps of k + 1 / gaps longer than k
        at_risk = sum(1 for g in gaps if g > k)
        derived.append(Fraction(sum(1 for g in gaps if g == k + 1), at_risk))
    table = [Fraction(num, den) for num, den in HAZARD]
    assert derived == table, f"schedule gives {derived}, HAZARD is {table}"
    assert HAZARD[2] == (13, 24) and HAZARD[1] == (3, 27), "HAZARD keeps the schedule's fractions"


def test_burst_weights_give_the_documented_properties() -> None:
    assert len(BURST_WEIGHTS) == 12 and sum(BURST_WEIGHTS) == 100
    mean = Fraction(sum(size * w for size, w in enumerate(BURST_WEIGHTS, 1)), 100)
    assert mean == Fraction(586, 100), f"exact burst mean {mean} is not 5.86"
    assert sum(BURST_WEIGHTS[2:8]) == 73, "73% of bursts have 3-8 cards"
    assert min(BURST_WEIGHTS) > 0, "every size 1..12 can occur"


# HazardLauncher, the default model.


def test_hazard_fire_rate_is_0_354() -> None:
    results = run("hazard")
    rate = sum(1 for n in results if n) / len(results)
    assert abs(rate - 0.354) <= 0.005, f"hazard fire rate {rate:.4f}, expected 0.354 ± 0.005"


def test_hazard_and_pattern_never_miss_more_than_three_times_in_a_row() -> None:
    for mode in ("hazard", "pattern"):
        longest = longest_miss_run(run(mode))
        assert longest <= 3, f"{mode}: {longest} misses in a row over {PRESSES} presses"
    # the state is the current miss run, so it stays in 0..3 as well
    launcher, rng = HazardLauncher(), Rng(SEED)
    states = set()
    for _ in range(10_000):
        launcher.press(rng)
        states.add(launcher.state)
    assert states == {0, 1, 2, 3}, f"hazard states seen: {sorted(states)}"


def test_hazard_presses_to_fire_from_reset_fit_the_schedule() -> None:
    trials = 20_000
    launcher, rng = HazardLauncher(), Rng(SEED)
    counts: Counter[int] = Counter()
    for _ in range(trials):
        launcher.reset()
        presses = 1
        while launcher.press(rng) == 0:
            presses += 1
        counts[presses] += 1
    assert set(counts) <= {1, 2, 3, 4}, f"presses to fire outside 1..4: {sorted(counts)}"
    expected = [trials * p / 34 for p in (7, 3, 13, 11)]  # 0.206, 0.088, 0.382, 0.324
    statistic = chi_square([counts[i] for i in (1, 2, 3, 4)], expected)
    assert statistic < CRITICAL[3], (
        f"presses to fire {sorted(counts.items())}: chi-square {statistic:.2f} "
        f">= {CRITICAL[3]} (3 dof, p = 0.001)"
    )


def test_burst_sizes_fit_the_weights() -> None:
    draws = 50_000
    rng = Rng(SEED)
    counts = Counter(burst(rng) for _ in range(draws))
    fired = Counter(n for n in run("hazard") if n)  # the bursts a launcher fires
    for label, histogram in (("burst()", counts), ("hazard fires", fired)):
        assert set(histogram) <= set(range(1, 13)), f"{label}: sizes {sorted(histogram)}"
        total = sum(histogram.values())
        expected = [total * w / 100 for w in BURST_WEIGHTS]
        statistic = chi_square([histogram[s] for s in range(1, 13)], expected)
        assert statistic < CRITICAL[11], (
            f"{label}: chi-square {statistic:.2f} >= {CRITICAL[11]} (11 dof, p = 0.001)"
        )


def test_hazard_burst_mean_is_5_86() -> None:
    fires = [n for n in run("hazard") if n]
    mean = sum(fires) / len(fires)
    assert abs(mean - 5.86) <= 0.05, f"burst mean {mean:.3f} over {len(fires)} fires"
    per_press = sum(fires) / PRESSES
    assert abs(per_press - 2.07) <= 0.05, f"{per_press:.3f} cards per press, expected ≈ 2.07"


# Pressing until the launcher fires (Wild Hit-Fire), and forced presses.


def test_press_until_fire_takes_at_most_four_presses_for_hazard_and_pattern() -> None:
    rng = Rng(SEED)
    for k in range(4):  # hazard: at most 4 - k presses from k misses
        launcher = HazardLauncher(k)
        for _ in range(5_000):
            launcher.state = k
            presses = press_until_fire(launcher, rng)
            assert presses <= 4 - k, f"hazard from k = {k}: {presses} presses"
    pattern = PatternLauncher()
    for start in range(2 * PATTERN_LENGTH):  # every point of the cycle, and its wrap
        pattern.state = start
        presses = press_until_fire(pattern, rng)
        assert presses <= 4, f"pattern from press {start + 1}: {presses} presses"


def test_press_until_fire_ends_by_the_cap_for_bernoulli_and_uniform() -> None:
    rng = Rng(SEED)
    for launcher in (BernoulliLauncher(), UniformLauncher()):
        counts = Counter(press_until_fire(launcher, rng) for _ in range(20_000))
        assert max(counts) <= UNTIL_FIRE_CAP, f"{launcher.mode}: {sorted(counts)}"
    assert BERNOULLI_P == (354, 1000)


@pytest.mark.parametrize("mode", MODES)
def test_force_always_fires_and_resets_the_since_fire_count(mode: str) -> None:
    rng = Rng(SEED)
    for start in range(UNTIL_FIRE_CAP):
        launcher = make_launcher(mode, start)
        fired = launcher.press(rng, force=True)
        assert 1 <= fired <= 12, f"{mode} from state {start}: a forced press fired {fired}"
        want = start + 1 if mode == "pattern" else 0  # pattern counts presses since the reset
        assert launcher.state == want, f"{mode} from {start}: state {launcher.state}"


# The other modes.


def test_pattern_replays_the_schedule_cyclically_and_reset_restarts_it() -> None:
    launcher, rng = PatternLauncher(), Rng(SEED)

    def fires(presses: int) -> list[int]:
        return [i for i in range(1, presses + 1) if launcher.press(rng) > 0]

    assert fires(2 * PATTERN_LENGTH) == [*FIRE_PRESSES, *(96 + p for p in FIRE_PRESSES)]
    assert launcher.state == 2 * PATTERN_LENGTH
    fires(10)
    launcher.reset()
    assert launcher.state == 0
    assert fires(PATTERN_LENGTH) == list(FIRE_PRESSES), "reset() restarts the schedule"
    sizes = Counter(n for n in run("pattern") if n)
    assert set(sizes) <= set(range(1, 13)) and len(sizes) == 12, "bursts come from burst()"


def test_bernoulli_fire_rate_is_0_354() -> None:
    results = run("bernoulli")
    rate = sum(1 for n in results if n) / len(results)
    assert abs(rate - 0.354) <= 0.005, f"bernoulli fire rate {rate:.4f}"


def test_one_card_always_fires_one() -> None:
    launcher, rng = OneCardLauncher(), Rng(SEED)
    assert {launcher.press(rng, force=i % 7 == 0) for i in range(1_000)} == {1}
    assert launcher.state == 0
    assert rng.state == Rng(SEED).state, "one_card uses no randomness"


def test_uniform_0_10_is_uniform_over_0_to_10() -> None:
    presses = 55_000
    results = run("uniform_0_10", presses=presses)
    counts = Counter(results)
    assert set(counts) == set(range(11)), f"values {sorted(counts)}"
    statistic = chi_square([counts[v] for v in range(11)], [presses / 11] * 11)
    assert statistic < CRITICAL[10], (
        f"uniform_0_10 chi-square {statistic:.2f} >= {CRITICAL[10]} (10 dof, p = 0.001)"
    )
    launcher, rng = UniformLauncher(), Rng(SEED)
    misses = 0
    for _ in range(1_000):  # the state counts the misses since the last fire
        misses = 0 if launcher.press(rng) else misses + 1
        assert launcher.state == misses


# Determinism, copies and construction.


@pytest.mark.parametrize("mode", MODES)
def test_same_seed_gives_the_same_presses(mode: str) -> None:
    first, second = make_launcher(mode), make_launcher(mode)
    a, b = Rng(SEED), Rng(SEED)
    trace_a = [(first.press(a), first.state) for _ in range(2_000)]
    trace_b = [(second.press(b), second.state) for _ in range(2_000)]
    assert trace_a == trace_b and a.state == b.state
    if mode != "one_card":  # another seed, other presses (pattern: other burst sizes)
        other = make_launcher(mode)
        c = Rng(SEED + 1)
        assert [other.press(c) for _ in range(2_000)] != [n for n, _ in trace_a]


@pytest.mark.parametrize("mode", MODES)
def test_copy_is_independent(mode: str) -> None:
    launcher, rng = make_launcher(mode), Rng(SEED)
    for _ in range(5):
        launcher.press(rng)
    twin, twin_rng = launcher.copy(), rng.copy()
    assert type(twin) is type(launcher) and twin is not launcher
    assert twin.state == launcher.state
    state = twin.state
    original = [launcher.press(rng) for _ in range(50)]
    assert twin.state == state, "pressing the original changed the copy"
    assert [twin.press(twin_rng) for _ in range(50)] == original


def test_make_launcher_knows_every_mode_and_rejects_others() -> None:
    classes = {
        "hazard": HazardLauncher,
        "pattern": PatternLauncher,
        "bernoulli": BernoulliLauncher,
        "uniform_0_10": UniformLauncher,
        "one_card": OneCardLauncher,
    }
    assert set(MODES) == set(classes) and MODES[0] == "hazard"
    for mode in MODES:
        launcher = make_launcher(mode, 2)
        assert type(launcher) is classes[mode] and launcher.mode == mode
        assert launcher.state == 2
    assert make_launcher("hazard").state == 0
    with pytest.raises(ValueError, match="unknown launcher mode 'turbo'"):
        make_launcher("turbo")
    with pytest.raises(ValueError, match="state must be >= 0"):
        make_launcher("hazard", -1)


def test_rng_use_per_press_is_as_documented() -> None:
    """Hazard: one below(den) for the fire test, then one below(100) for a fire's burst;
    pattern: only the burst's below(100); bernoulli: below(1000), then the burst's;
    uniform_0_10: one below(11)."""
    rng = Rng(SEED)
    for mode in ("hazard", "pattern", "bernoulli", "uniform_0_10"):
        launcher = make_launcher(mode)
        for _ in range(500):
            replay, k = rng.copy(), launcher.state
            fired = launcher.press(rng)
            if mode == "hazard":
                replay.below(HAZARD[min(k, 3)][1])
            elif mode == "bernoulli":
                replay.below(BERNOULLI_P[1])
            if mode == "uniform_0_10":
                assert replay.below(11) == fired
            elif fired:
                assert burst(replay) == fired
            assert replay.state == rng.state, f"{mode}: a press used other draws"
