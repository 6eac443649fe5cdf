"""The log's own lines: races, in words a player reads at a glance."""

from __future__ import annotations

import pytest

from unoverse.tui.words import race_line


@pytest.mark.parametrize(
    ("by_ms", "said"),
    [(0, "at the same instant"), (0.4, "under 1 ms later"), (87.23, "87 ms later")],
)
def test_a_race_says_the_gap_in_whole_milliseconds(by_ms: float, said: str) -> None:
    race = {"first": 1, "late": 2, "kind": "play", "by_ms": by_ms, "accepted": False}
    line = race_line(race, lambda seat: f"Bot {seat}")
    assert f"Bot 2's answer came {said}: refused" in line
