"""Positions from text and back (docs/notation.md)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import unoverse as uv
from unoverse.core.cards import cards
from unoverse.core.windows import Window

pytestmark = pytest.mark.engine_build


def test_position_reads_hands_top_turn_and_defaults() -> None:
    game = uv.position("hands: R3 W+4 | G7 B2 | Y1; top: R5@2; turn: 0")
    assert game.n == 3 and game.turn == 0 and game.dealer == 2 and game.direction == 1
    assert game.hands[0] == cards("R3 W+4")
    assert game.top == uv.card("R5") and game.discard_by[-1] == 2
    assert Counter(game.all_cards()) == Counter(game.rules.deck)


def test_position_text_round_trips() -> None:
    for seed in range(5):
        game = uv.new_game("classic+draw_ends_turn", 3, seed)
        text = uv.position_text(game)
        again = uv.position(text)
        assert uv.position_text(again) == text
        assert again.hands == game.hands and again.draw_pile == game.draw_pile


@pytest.mark.parametrize(
    ("text", "play", "illegal"),
    [
        ("no_mercy+permissive_illegal_plays; hands: GDA G4 G5 B1", "GDA", "R5 cw under 2"),
        ("classic+seven_zero+permissive_illegal_plays; hands: G7 B1", "G7>1", "R5 cw swap 1"),
    ],
)
def test_what_a_catch_undoes_reads_back(text: str, play: str, illegal: str) -> None:
    """The catch window of an illegal Discard All or 7 names what the catch gives back."""
    game = uv.position(f"{text} | Y2 Y3 | B2 B3; top: R5; turn: 0")
    game.apply(0, play)
    written = uv.position_text(game)
    assert f"illegal: {illegal}" in written.splitlines()
    again = uv.position(written)
    assert again.illegal == game.illegal and uv.to_json(again) == uv.to_json(game)


def test_an_eliminated_seat_reads_back_eliminated_not_the_winner() -> None:
    """A Blast round goes on after a seat is eliminated (its hand buried, empty): its text
    reads back as that very state, not as a round won by the empty hand."""
    game = uv.new_game("blast", 4, 0)
    rng = random.Random(0)
    for i in range(200):
        if any(game.eliminated):
            break
        pairs = [(s, a) for s in game.acting_seats() for a in game.legal_actions(s)]
        seat, act = rng.choice(pairs)
        game.apply(seat, act, float(i))
    assert any(game.eliminated) and not game.over
    text = uv.position_text(game)
    again = uv.position(text)
    assert not again.over and again.eliminated == game.eliminated
    assert again.buried == game.buried
    assert uv.to_json(again) == uv.to_json(game)


def test_explicit_draw_pile_is_drawn_from_its_end() -> None:
    game = uv.position("hands: R3 R4 | G7 B2; top: Y5; draw: B9 Y4; turn: 0")
    game.apply(0, "draw")
    assert game.hands[0][-1] == uv.card("Y4")
    # the cards the position does not place lie under the discard pile
    assert len(game.discard) == 108 - 4 - 2


def test_wild_top_needs_its_colour_and_keeps_it() -> None:
    game = uv.position("hands: G1 R2 | B3; top: W+4:G@1; turn: 0")
    assert game.color == 3  # green
    with pytest.raises(uv.NotationError, match="needs a colour"):
        uv.position("hands: G1 | B3; top: W")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hands: R1", "'hands:' and 'top:' are required"),
        ("hands: R1 | R2; top: R5; colour: R", "'colour': unknown key"),
        ("hands: R0 R0 | G1; top: R5", "more copies than the classic deck has of: R0"),
        ("hands: R1 | G1; top: R5; turn: 4", "turn: 4 is not a seat"),
        ("hands: R1 | G1; top: X5", "unknown card 'X5'"),
        ("hands: R1 | G1; top: R5; direction: up", "direction: cw or ccw"),
        ("hands: R1 | G1; top: R5; pending: take", "pending: 'take N"),
        ("hands: R1 R2 | G1; top: R5; uno: 0", "needs a 1-card hand"),
        ("hands: R1 | G1; top: R5; top: R6", "top: given twice"),
        ("hands: R1; top: R5", "played by 2 to 10 players"),
    ],
)
def test_malformed_positions_name_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(uv.UnoverseError, match=message):
        uv.position(text)


def test_pending_and_drawn_and_uno_keys() -> None:
    game = uv.position("hands: R1 R2 | G1 G2 | B1; top: R+2@0; turn: 1; pending: take 2; uno: 2")
    assert game.windows() == (Window("penalty", 1), Window("uno", 2))
    game = uv.position(
        "hands: R1 | G1 G2 | B1; top: W+4:G@0; turn: 1; pending: challenge 4 illegal"
    )
    assert game.windows()[0] == Window("challenge", 1)
    game = uv.position("hands: R1 R7 | G1; top: R5; turn: 0; drawn: R7")
    assert game.legal_actions(0) == (uv.action("R7"), uv.action("R7 uno"), uv.action("pass"))


@pytest.mark.parametrize(
    ("text", "key", "message"),
    [
        # a challenge against the first card's "player" -1 (the last seat would draw 4)
        ("hands: R1 | G1 G2 | B1; top: W+4:G; turn: 1; pending: challenge 4 illegal", "pending",
         "only a Wild Draw Four or Wild Draw Color a seat played is challenged"),
        ("hands: R1 | G1; top: W:T@1", "top", "turquoise is not a colour of classic"),
        ("hands: R1 | G1; top: R5; declare: 0", "declare", "has its colour"),
        ("hands: R1 | G1; top: W:G; declare: 0", "declare", "written without a colour"),
        ("hands: R1 R7 | G1; top: R+2@1; turn: 0; pending: take 2; drawn: R7", "pending",
         "'pending' and 'drawn' exclude each other"),
        ("blast; hands: R1 R2 | G1 G2; top: !2SC", "top", "BLAST card"),
        ("hands: R1 | G1 | B1; top: R5; uno: 1 1", "uno", "listed twice"),
        ("hands: R1 | G1; top: R5:G", "top", "not a wild"),
        ("hands: R1 | G1; top: R5; players: abc", "players", "a whole number, not 'abc'"),
        ("hands: R1 | G1; top: R5; seed: 1.5", "seed", "an integer, not '1.5'"),
    ],
)  # fmt: skip
def test_impossible_positions_are_refused_naming_the_key(text: str, key: str, message: str) -> None:
    with pytest.raises(uv.NotationError, match=f"^position: {key}: .*{message}"):
        uv.position(text)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("hands: R1 | G1; top: R5; seed: " + "9" * 5000, "seed"),  # beyond int's digits
        ("attack; hands: R1 | G1; top: R5; launcher: ²", "launcher"),  # a digit, not 0-9
        ("hands: R1 | G1; top: R+2@1; turn: 0; pending: take ²", "pending"),
        ("hands: R1 | G1; top: R5; dealer: --1", "dealer"),
        ("hands: R1 | G1; top: R+2@1; turn: 0; pending: take 0", "pending"),
        ("hands: R1 | G1; top: R+2@1; turn: 0; pending: take 99999", "pending"),
        ("hands: R1 | G1; top: R5@1; turn: 0; pending: take 2", "pending"),  # no draw card
        ("hands: R1 | G1; top: R+2@1; turn: 0; pending: take 2 returned", "pending"),
        ("hands: R1 | G1; top: R+2@1; turn: 0; pending: fire", "pending"),
        ("hands: R1 R7 | G1; top: G5; turn: 0; drawn: R7", "drawn"),  # R7 does not play
        ("hands: R1 | G1; top: R5=G7", "top"),  # counts as a card of another colour
        ("hands: R1 | G1; top: R5=R7", "top"),  # only a Numeral or a Blank counts as another
        ("blast; hands: R1 R2 | G1 G2; top: RN", "top"),  # a Numeral counts as its number
        ("blast; hands: R1 !2SC | G1 G2; top: R5", "hands"),  # BLAST cards are never dealt
        ("blast; hands: R1 | G1 G2; top: R5; uno: 0", "uno"),  # Blast has no UNO calls
        ("blast+blast.mode=blast; hands: R1 | G1; top: R+2@0; pending: take 2", "pending"),
        ("blast+blast.mode=blast; hands: R1 R5 | G1; top: R2; armed: 0=R1 0=R5", "armed"),
        ("blast+blast.mode=blast; hands: R1 | G1; top: R2; lock: RG", "lock"),
        ("blast+blast.mode=blast; hands: R1 | G1; top: R2; lock: T", "lock"),
        ("attack; hands: R1 | G1; top: R5; launcher: 9", "launcher"),  # hazard: 0 to 3
        ("hands: - | G1; top: R+2@1; turn: 0; pending: take 2", "pending"),  # the round is over
        ("hands: - | G1; top: R5; turn: 1; uno: 1", "uno"),
        ("hands: R1 | G1 | B1; top: R5; eliminated: 0 1 2", "eliminated"),
        ("blast; hands: R1 | G1 | -; top: R5; eliminated: 2 2", "eliminated"),
        ("blast; hands: R1 | G1 | B1; top: R5; eliminated: 2", "hands"),  # a hand of cards
        ("blast; hands: R1 | G1 | -; top: R5; eliminated: 2; winner: 2", "winner"),
        ("hands: R1 | - | B1; top: R5; winner: 0", "winner"),  # the empty hand won
        ("hands: R1 | G1; top: R5; winner: 0; pending: take 2", "pending"),
        ("hands: R1 | G1; top: R5; said: 0 0", "said"),
        ("hands: R1 R2 | G1; top: R5; said: 0", "said"),  # two cards: no UNO declared
        ("hands: R1 | G1; top: R5; known: 0:0=R1", "known"),  # a seat's own hand
        ("hands: R1 | G1; top: R5; known: 0:1=R1", "known"),  # not in seat 1's hand
        ("hands: R1 | G1; top: R5; known: 0:1=G1 0:1=G1", "known"),
        ("hands: R1 | G1; top: R5; known: 01", "known"),
        ("hands: R1 | G1; top: R5; landed: -1", "landed"),
        ("hands: R1 | G1; top: R5; version: 1e3", "version"),
        ("hands: R1 | G1; top: R5; strict: Q", "strict"),
        ("hands: R1 | G1; top: R5; strict: R", "strict"),  # no attack.strict_first_color
        (
            "classic+permissive_illegal_plays; hands: R1 | G1; top: G5@1; discard: R4; turn: 0; "
            "illegal: R4",
            "illegal",
        ),
        (
            "classic+permissive_illegal_plays; hands: R1 | G1; top: G5@1; discard: R4; turn: 0; "
            "illegal: W cw",
            "illegal",
        ),  # a wild's colour
        (
            "classic+permissive_illegal_plays; hands: R1 | G1; top: G5@1; discard: R4; turn: 0; "
            "illegal: R4 cw swap 0",
            "illegal",
        ),  # G5 names no seat to swap back with
        (
            "classic+permissive_illegal_plays; hands: R1 | G1; top: G5@1; discard: R4; turn: 0; "
            "illegal: R4 cw under 1",
            "illegal",
        ),  # G5 laid no card under itself
        (
            "classic+permissive_illegal_plays; hands: R1 | G1; top: G5@1; discard: R4; turn: 0; "
            "illegal: R4 cw under",
            "illegal",
        ),
        ("classic+jump_in; hands: R1 | G1; top: G5@1; turn: 0; jump: cw 1 sideways", "jump"),
        ("classic+jump_in; hands: R1 | G1; top: G5@1; turn: 0; jump: cw 1 turn x0", "jump"),
        ("classic+jump_in; hands: R1 | G1; top: G5@1; turn: 0; jump: cw 1 turn swap 0", "jump"),
        (
            "classic+jump_in; hands: R1 | G1; top: G+2@1; turn: 0; pending: take 2; "
            "jump: cw 1 pending take 2",
            "jump",
        ),  # no '@SOURCE'
        ("hands: R1 | G1; top: R+2@1; turn: 0; pending: take 2 chain", "pending"),
        ("hands: R1 | G1; top: R+2@1; turn: 0; pending: take 2 returned returned", "pending"),
        ("blast+blast.mode=blast; hands: R1 | G1; top: R5@1; accepted: nan", "accepted"),
        ("blast+blast.mode=blast; hands: R1 | G1; top: R5@1; accepted: 1e999", "accepted"),
        ("blast+blast.mode=blast; hands: R1 | G1; top: R5@1; accepted: 5; paid: 0", "paid"),
        ("blast+blast.mode=blast; hands: R1 | G1; top: R5; accepted: 5", "accepted"),  # no player
        ("blast; hands: R1 | G1; top: R5; turn: 0; blast: R7", "blast"),  # not a BLAST card
        ("blast; hands: R1 | G1; top: R5; turn: 0; chosen: 0=R1", "chosen"),  # no event
        (
            "blast; hands: R1 | G1; top: R5; turn: 0; blast: !2SC; owed: 0:until:turn; "
            "resume: sideways 0",
            "resume",
        ),
        ("blast; hands: R1 R2 | G1; top: R5; turn: 0; blast: !2SC", "owed"),  # none interrupted
        ("blast; hands: R1 R2 | G1; top: R5; turn: 0; blast: !2SC; owed: 0:until", "owed"),
        ("blast; hands: R1 R2 | G1; top: R5; turn: 0; blast: !2SC; owed: 0:1:dreaming", "owed"),
        (
            "blast; hands: R1 R2 | G1; top: R5; turn: 0; blast: !2SC; owed: 0:1:turn; then: next",
            "then",
        ),
        ("hands: R1 | G1; top: R5; resume: turn 0", "resume"),
        # UNO Blast's part of the state, for another rule set
        ("hands: R1 | G1; top: R5; armed: 0=R1", "armed"),
        ("hands: R1 | G1; top: R5; spent: !2SC", "spent"),
        ("attack; hands: R1 | G1; top: R5; owed: 0:1:turn", "owed"),
        ("minecraft; hands: R1 | G1; top: R5; then: next 0", "then"),
    ],
)
def test_more_impossible_positions_are_refused_naming_the_key(text: str, key: str) -> None:
    with pytest.raises(uv.NotationError, match=f"^position: {key}: "):
        uv.position(text)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        # a draw penalty faces another seat than the one that played it (RULES.md E-1)
        ("hands: R1 R2 | G1 G2 | B1; top: R+2@1; turn: 1; pending: take 2", "pending"),
        ("hands: R1 | G1 G2 | B1; top: W+4:G@2; turn: 2; pending: challenge 4 legal", "pending"),
        ("attack; hands: R1 | G1 G2; top: WHF:G@0; turn: 0; pending: fire", "pending"),
        ("blast; hands: R1 R2 | G1 G2 | B1 B2; top: R+2@0; turn: 0; pending: take 2; "
         "blast: !2SC; resume: penalty 0; owed: 0:2:penalty", "pending"),
        # a Bloqueo blocks the seat after its player (§5.8)
        ("blast+blast.mode=blast; hands: R1 R2 | G1 G2 | B3 B4; top: RBL@1; blocked: 1; lock: R",
         "blocked"),
    ],
)  # fmt: skip
def test_a_seat_is_never_the_target_of_its_own_card(text: str, key: str) -> None:
    with pytest.raises(uv.NotationError, match=f"^position: {key}: seat \\d played the top card"):
        uv.position(text)


@pytest.mark.parametrize(
    "text",
    [
        "hands: R1 R2 | G1 G2 | B1; top: R+2@0; turn: 1; pending: take 2",
        "hands: R1 | G1 G2 | B1; top: W+4:G@1; turn: 2; pending: challenge 4 legal",
        "attack; hands: R1 | G1 G2; top: WHF:G@1; turn: 0; pending: fire",
        "blast; hands: R1 R2 | G1 G2 | B1 B2; top: R+2@1; turn: 0; pending: take 2; "
        "blast: !2SC; resume: penalty 0; owed: 0:2:penalty",
        "blast+blast.mode=blast; hands: R1 R2 | G1 G2 | B3 B4; top: RBL@1; blocked: 2; lock: R",
    ],
)
def test_the_same_card_aimed_at_another_seat_is_a_position(text: str) -> None:
    game = uv.position(text)
    assert uv.position(uv.position_text(game)).windows() == game.windows()


def test_the_keys_of_the_whole_state_read_as_written() -> None:
    game = uv.position(
        "blast; hands: R1 R2 R3 | G1 G2 | -; eliminated: 2; buried: B1 B2; spent: !3SN; "
        "top: R+2@1; turn: 0; dealer: 1; pending: take 4 chain 2; blast: !2SC; chosen: 1=G1,G2; "
        "resume: penalty 0; owed: 0:4:penalty; known: 1:0=R3; landed: 7; version: 9; seed: 5; "
        "draw: -"
    )
    assert game.phase == uv.Phase.BLAST and game.eliminated == [False, False, True]
    assert game.buried == cards("B1 B2") and game.blast.spent == cards("!3SN")
    assert (game.pen_amount, game.pen_chain, game.pen_source) == (4, 2, 1)
    assert game.blast.card == uv.card("!2SC") and game.blast.due == [0, 1]
    assert game.blast.chosen == {1: tuple(cards("G1 G2"))} and game.blast.saved == (0, 2, -1)
    assert game.blast.owed == [(0, 4, "penalty")] and game.known[1][0] == cards("R3")
    assert (game.landed, game.version, game.rng.state) == (7, 9, 5)
    assert uv.position("hands: R1 | G1 G2; top: R5; said: 0").said_uno == [True, False]


def test_a_finished_round_keeps_its_winner_with_cards_in_hand() -> None:
    game = uv.position("hands: R1 R2 | G1 | B1 B2; top: R5@0; winner: 1")
    assert game.over and game.winner == 1 and game.windows() == ()


def test_only_text_is_a_position() -> None:
    with pytest.raises(uv.NotationError, match="a text, not int"):
        uv.position(5)  # type: ignore[arg-type]
