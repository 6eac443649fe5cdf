"""The log's own lines: races, in words a player reads at a glance, in one line each."""

from __future__ import annotations

import pytest

from unoverse.tui.words import race_line, race_words


def _name(seat: int | None) -> str:
    return f"Bot {seat}"


@pytest.mark.parametrize(
    ("by_ms", "said"),
    [(0, "at the same instant"), (4, "under 0.01 s late"), (87.23, "0.09 s late")],
)
def test_a_race_says_the_gap_in_seconds(by_ms: float, said: str) -> None:
    race = {"first": 1, "late": 2, "kind": "play", "by_ms": by_ms, "accepted": False}
    line = race_line(race, _name)
    assert line.startswith("[b reverse] race [/] ")
    assert line.endswith(f"Bot 1 was first to play — Bot 2's came {said}: refused")


def test_a_race_names_the_cards_and_the_penalty_and_speaks_to_the_player() -> None:
    """A play refused as simultaneous (BLAST mode): who was first with which card, the late
    card, how late, and what it costs; to the player in the second person."""
    race = {"first": 1, "late": 2, "kind": "play", "by_ms": 120.0, "accepted": True}
    race |= {"won": "G7", "refused": "G5", "draws": 2}
    assert race_words(race, _name) == (
        "Bot 1 was first with G7 — Bot 2's G5 came 0.12 s late: refused, Bot 2 draws 2"
    )
    assert race_words(race, _name, me=2) == (
        "Bot 1 was first with G7 — your G5 came 0.12 s late: refused, you draw 2"
    )
    assert race_words(race, _name, me=1).startswith("You were first with G7 — Bot 2's G5")


@pytest.mark.parametrize(
    ("by_ms", "said"),
    [(4, "con menos de 0,01 s de retraso"), (87.23, "0,09 s tarde"), (1500, "1,50 s tarde")],
)
def test_in_spanish_the_gap_has_a_decimal_comma(spanish: None, by_ms: float, said: str) -> None:
    race = {"first": 1, "late": 2, "kind": "play", "by_ms": by_ms, "accepted": False}
    assert (
        race_words(race, _name) == f"Bot 1 fue antes en jugar — la de Bot 2 llegó {said}: rechazada"
    )
