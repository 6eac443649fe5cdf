"""A bot's human pace at a table (``unoverse.bots.pace``, docs/bots.md "Pace at a table"):
its think and reaction times by level and speed, drawn from streams of the round's seed and
the seat, and the easy bot's lapses."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

import pytest

import unoverse as uv
from unoverse.bots.base import make_bot
from unoverse.bots.pace import (
    FORGETS,
    HICK_MS,
    REACT,
    SPEEDS,
    TURN,
    Pace,
    answer_of,
    level_of,
    paced,
)
from unoverse.core.actions import Action, Kind, parse_action

pytestmark = pytest.mark.any_build  # a table's: the server and the terminal use it

DRAWS = 4000


def median(values: list[float]) -> float:
    return statistics.median(values)


def test_a_seats_times_are_its_own_and_repeat_with_the_seed() -> None:
    one, again, other = Pace(7, 1, "normal"), Pace(7, 1, "normal"), Pace(7, 2, "normal")
    first = [one.think_ms(3) for _ in range(20)]
    assert first == [again.think_ms(3) for _ in range(20)]
    assert first != [other.think_ms(3) for _ in range(20)]
    assert first != [Pace(8, 1, "normal").think_ms(3) for _ in range(20)]
    # a lapse drawn or not never moves the times: they are another stream
    lapsing = Pace(7, 1, "easy")
    steady = Pace(7, 1, "easy")
    for _ in range(10):
        lapsing._lapse("catch")
    assert [lapsing.react_ms("catch") for _ in range(5)] == [
        steady.react_ms("catch") for _ in range(5)
    ]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_turns_median_is_the_levels_plus_hicks_term(level: str) -> None:
    pace = Pace(1, 0, level)  # type: ignore[arg-type]
    alone = median([pace.think_ms(1) for _ in range(DRAWS)])
    assert alone == pytest.approx(TURN[level].median_ms, rel=0.05)
    among_eight = median([pace.think_ms(8) for _ in range(DRAWS)])
    assert among_eight == pytest.approx(TURN[level].median_ms + 3 * HICK_MS, rel=0.05)
    # a hand of 40 choices counts as 16 (the cap): no slower than that
    among_many = median([pace.think_ms(40) for _ in range(DRAWS)])
    assert among_many == pytest.approx(TURN[level].median_ms + 4 * HICK_MS, rel=0.05)


def test_levels_order_and_the_normal_targets_hold() -> None:
    for kind, by_level in REACT.items():
        assert by_level["easy"].median_ms > by_level["normal"].median_ms, kind
        assert by_level["normal"].median_ms > by_level["hard"].median_ms, kind
    assert TURN["normal"].median_ms >= 1200.0  # time between two bot turns (issue target)
    assert REACT["catch"]["normal"].median_ms >= 1500.0  # a normal bot's catch


@pytest.mark.parametrize("speed", ["relaxed", "fast"])
def test_the_rooms_speed_scales_every_time(speed: str) -> None:
    normal = Pace(3, 1, "normal", "normal")
    scaled = Pace(3, 1, "normal", speed)  # type: ignore[arg-type]
    for _ in range(50):
        base = normal.react_ms("catch")
        assert scaled.react_ms("catch") == pytest.approx(base * SPEEDS[speed])


def test_answers_are_timed_by_kind() -> None:
    def kind(text: str, holds: bool) -> str:
        return answer_of(parse_action(text), holds)

    assert kind("R5", True) == "turn" and kind("draw", True) == "turn"
    assert kind("take", True) == "turn" and kind("challenge", True) == "turn"
    assert kind("R5", False) == "live"  # BLAST mode: no turns
    assert kind("uno", False) == "uno" and kind("catch:2", True) == "catch"
    assert kind("catch_illegal", False) == "catch"


def test_levels_and_own_timing_of_specs() -> None:
    assert [level_of(s) for s in ("easy", "naive", "heuristic", "hard", "ismcts")] == [
        "easy",
        "easy",
        "normal",
        "hard",
        "hard",
    ]
    assert level_of("random") == "normal" and level_of("normal:sigma=0.2") == "normal"
    assert paced("normal") and paced("hard:iterations=50")
    assert not paced("easy:median_ms=5") and not paced("random:sigma=0.1")


def test_only_easy_bots_forget_and_at_their_rates() -> None:
    game = uv.position("hands: R5 G2 | Y1 Y2 Y3; top: R9")
    legal = game.legal_actions(0)
    assert "R5 uno" in [str(a) for a in legal]
    for level in ("normal", "hard"):
        pace = Pace(5, 0, level)  # type: ignore[arg-type]
        calls = [pace.choose(_call_r5, legal, game.windows()) for _ in range(200)]
        assert all(a is not None and a.uno for a in calls), level
    pace = Pace(5, 0, "easy")
    answers = [pace.choose(_call_r5, legal, game.windows()) for _ in range(DRAWS)]
    forgot = sum(1 for a in answers if a is not None and not a.uno) / DRAWS
    rate = FORGETS["easy"]["uno"]
    assert abs(forgot - rate) < 4 * math.sqrt(rate * (1 - rate) / DRAWS)
    assert all(a is not None and str(a).startswith("R5") for a in answers)  # the same card


def test_an_easy_bot_that_forgets_its_call_plays_its_card_all_the_same() -> None:
    """The easy bot's own strategy, asked again without the call, plays a card."""
    game = uv.position("hands: R5 G2 | Y1 Y2 Y3; top: R9")
    legal = game.legal_actions(0)
    view = game.view(0)
    forgot = 0
    for seed in range(60):
        bot, pace = make_bot("easy", seed, 0), Pace(seed, 0, "easy")
        action = pace.choose(lambda offered, bot=bot: bot.act(view, offered), legal, [])
        assert action is not None and action.kind is Kind.PLAY
        forgot += not action.uno
    assert 0 < forgot < 60


def _call_r5(legal: Sequence[Action]) -> Action | None:
    """A strategy that plays R5, with its UNO call when it may."""
    for text in ("R5 uno", "R5"):
        for a in legal:
            if str(a) == text:
                return a
    return None


def test_an_easy_bot_misses_a_catch_for_as_long_as_its_window_stays_open() -> None:
    game = uv.position("hands: R1 | R9 G3 | Y4 Y5; top: R5@0; turn: 1; uno: 0")
    windows = game.windows()
    legal = game.legal_actions(2)
    assert "catch:0" in [str(a) for a in legal]

    def passes(_legal: Sequence[Action]) -> Action | None:
        return None  # the easy bot's strategy never catches

    caught = missed = 0
    for seed in range(400):
        pace = Pace(seed, 2, "easy")
        first = pace.choose(passes, legal, windows)
        # asked again while the window stays open: the same answer
        assert all(str(pace.choose(passes, legal, windows)) == str(first) for _ in range(5))
        if first is None:
            missed += 1
            pace.forget_closed(())  # the window closes; when it opens again, a new chance
            assert not pace.noticed
        else:
            assert str(first) == "catch:0"
            caught += 1
    rate = FORGETS["easy"]["catch"]
    assert abs(missed / 400 - rate) < 4 * math.sqrt(rate * (1 - rate) / 400)
    assert caught + missed == 400
    normal = Pace(1, 2, "normal")
    assert all(str(normal.choose(passes, legal, windows)) == "catch:0" for _ in range(50))


def test_a_bot_that_forgot_its_call_calls_late_when_its_strategy_passes() -> None:
    game = uv.position("hands: R1 | R9 G3 | Y4 Y5; top: R5@0; turn: 1; uno: 0")
    legal = game.legal_actions(0)
    assert "uno" in [str(a) for a in legal]
    pace = Pace(1, 0, "easy")
    call = pace.choose(lambda _legal: None, legal, game.windows())
    assert call is not None and str(call) == "uno"
