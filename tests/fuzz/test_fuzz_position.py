"""``uv.position`` under hostile input (docs/notation.md, "Positions").

Position texts of every kind — written from real rounds and then edited, or put together from
random keys, card texts, seats (negative, huge, not numbers) and presets — are either
refused with an ``UnoverseError`` or read as a position a game can be in: it passes the
consistency check saved games pass (and loads as a saved game), its windows are those of its
phase, the seat holding the mandatory window has an action and may take it, and it writes
back to the same text.
"""

from __future__ import annotations

import random
from functools import lru_cache

from hypothesis import event, given
from hypothesis import strategies as st

import unoverse as uv
from unoverse import Game, Phase, UnoverseError
from unoverse.core.integrity import check
from unoverse.core.position import KEYS
from unoverse.core.windows import Window

PRESETS = (
    "classic",
    "classic+jump_in+stacking=progressive+boomerang",
    "classic+classic.deck=112_blank+classic.blank_mode=copy_top",
    "minecraft",
    "attack",
    "attack+attack.launcher=one_card",
    "full_spectrum",
    "blast",
    "blast+blast.uno_call",
    "blast+blast.mode=blast",
)
#: The windows each phase opens first, by the seat holding it (``Game.windows``).
FIRST_WINDOW = {
    Phase.TURN: ("turn",),
    Phase.DRAWN: ("drawn",),
    Phase.PENALTY: ("penalty", "challenge"),
    Phase.COLOR: ("color",),
}


#: Positions of the windows a short random round rarely reaches.
WRITTEN = (
    "hands: R1 G2 | B3 Y4 | G5; top: W; declare: 1; dealer: 0; turn: 1",
    "hands: - | G1 G2 | Y1; top: W+4:B@0; turn: 1; pending: challenge 4 illegal",
    "hands: R1 | G1 G2 | B1; top: R+2@0; turn: 1; pending: take 2; uno: 2",
    "hands: - | G1 G2; top: R5@0",
    "attack; hands: G1 G2 | Y1 Y2; top: WHF:G@1; turn: 0; launcher: 2; pending: fire",
    "classic+boomerang; hands: R1 | G1 G2; top: WBO:G@1; turn: 0; pending: take 2 returned",
    "blast+blast.mode=blast; hands: R1 R5 | G1 GBL; top: RBL@0; armed: 0=R5; blocked: 1; lock: R",
)


@lru_cache(maxsize=1)
def real_positions() -> tuple[str, ...]:
    """Position texts of real rounds (built once): every state a position can write (no
    BLAST event open, no seat eliminated), every few actions of a seeded random round."""
    rng = random.Random(6)
    texts = [uv.position_text(uv.position(text)) for text in WRITTEN]
    for preset in PRESETS:
        game = uv.new_game(preset, rng.choice((2, 3, 4)), rng.getrandbits(32))
        for i in range(100):
            if game.over:
                break
            if i % 12 == 0 and game.phase != Phase.BLAST and not any(game.eliminated):
                texts.append(uv.position_text(game))
            pairs = [(s, a) for s in game.acting_seats() for a in game.legal_actions(s)]
            seat, act = rng.choice(pairs)
            game.apply(seat, act, 300.0 * i)
    return tuple(texts)


CARD = st.one_of(
    st.sampled_from(["R5", "G7", "B+2", "Y0", "W", "W+4", "WBK", "RN", "OBL", "!2SC", "T3"]),
    st.sampled_from(["R5=R7", "W:G", "W:T", "R5:G", "W+4:B@1", "R+2@0", "W=R5", "X9", "-"]),
    st.text(alphabet="RGBYOTPVW+!0123456789=:@-SNDAHC", max_size=5),
)
SEAT = st.one_of(
    st.integers(-2, 11).map(str),
    st.sampled_from(["-1", "99999999999999999999999", "9" * 30, "²", "1.5", "abc", "", "--1"]),
)
VALUE = st.one_of(
    st.lists(CARD, max_size=6).map(" ".join),
    st.lists(st.lists(CARD, max_size=3).map(" ".join), min_size=1, max_size=5).map(" | ".join),
    SEAT,
    st.lists(SEAT, max_size=3).map(" ".join),
    st.sampled_from(["take 2", "take 4 returned", "fire", "challenge 4 legal", "take 0", "cw"]),
    st.sampled_from(["challenge 4 illegal", "take 99999", "ccw", "0=R5", "1=W+4 1=R1", "RG"]),
    st.text(max_size=8),
)
LINE = st.builds(
    lambda key, value: f"{key}: {value}",
    st.one_of(st.sampled_from(KEYS), st.text(max_size=5)),
    VALUE,
)


@st.composite
def position_texts(draw: st.DrawFn) -> str:
    """A real position, edited (lines dropped, replaced, added); or random lines."""
    if draw(st.integers(0, 3)) == 0:
        preset = draw(st.one_of(st.sampled_from(PRESETS), st.text(max_size=8)))
        lines = [preset, *draw(st.lists(LINE, min_size=1, max_size=8))]
        return "\n".join(lines)
    lines = draw(st.sampled_from(real_positions())).split("\n")
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(lines)))
        how = draw(st.sampled_from(["drop", "replace", "add", "value", "word", "word"]))
        if how == "word" and 0 < i < len(lines):  # one word of a line for another
            key, _, value = lines[i].partition(": ")
            words = value.split()
            if words:
                j = draw(st.integers(0, len(words) - 1))
                words[j] = draw(st.one_of(CARD, SEAT, st.sampled_from(value.split())))
            lines[i] = f"{key}: {' '.join(words)}"
        elif how == "drop" and i < len(lines) and i > 0:
            del lines[i]
        elif how == "replace" and i < len(lines) and i > 0:
            lines[i] = draw(LINE)
        elif how == "value" and 0 < i < len(lines):
            key = lines[i].partition(":")[0]
            lines[i] = f"{key}: {draw(VALUE)}"
        else:
            lines.insert(max(i, 1), draw(LINE))
    return "\n".join(lines)


def windows_agree_with_the_phase(game: Game) -> None:
    """Not over: the first window is the phase's, and its seat has an action it may take."""
    windows = game.windows()
    if game.over:
        assert windows == () and game.winner >= 0
        return
    if game.phase == Phase.LIVE:
        assert windows == (Window("live"),)
        seats = [s for s in range(game.n) if game.hands[s]]
        assert seats and all(game.legal_actions(s) for s in seats)
        seat, act = seats[0], game.legal_actions(seats[0])[0]
    else:
        seat = windows[0].seat
        assert windows[0].kind in FIRST_WINDOW[game.phase] and seat == game.turn, (
            windows,
            game.phase,
        )
        act = game.legal_actions(seat)[0]
    game.copy().apply(seat, act)  # offered, so accepted


@given(text=position_texts())
def test_a_position_is_refused_or_is_one_a_game_can_be_in(text: str) -> None:
    try:
        game = uv.position(text)
    except UnoverseError as exc:
        event(f"refused: {type(exc).__name__}")
        return
    event(f"accepted: {game.phase.name}")
    check(game, "position")
    windows_agree_with_the_phase(game)
    written = uv.position_text(game)
    assert uv.position_text(uv.position(written)) == written
    assert uv.to_json(uv.from_json(uv.to_json(game))) == uv.to_json(game)


def test_every_real_position_reads_back() -> None:
    """No possible position is refused: each written from a real round reads back, to the
    same text once written again (the spent BLAST cards a round's text leaves out come back
    under the discard pile)."""
    for text in real_positions():
        game = uv.position(text)
        written = uv.position_text(game)
        assert uv.position_text(uv.position(written)) == written
        windows_agree_with_the_phase(game)
