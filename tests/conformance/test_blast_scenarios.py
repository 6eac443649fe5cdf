"""UNO Blast (Normal mode) scenarios from RULES.md §7.3 (9, 11, 12) and rare paths of §5.5,
played from positions through the checked playout (``_playout.playout`` with ``start`` and
``script``): the scenario's moves first, then the bots to the end of the round, every check
after every action. Then the scenario's own facts are asserted on a replay of its moves.

The position notation has no key for the spent BLAST pile, and puts the cards a position
does not place under the discard pile when ``draw:`` is given; ``_position`` moves the BLAST
cards found there to ``game.blast.spent``, where resolved BLAST cards lie (B-15).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest

import unoverse as uv
from unoverse import Game, Phase, UnoverseError
from unoverse.core.cards import CARD_KIND, CARD_NUMBER

from ._blast import (
    BLAST_CODE,
    CHALLENGES,
    can_meet,
    is_blast_card,
    qualifies,
    qualifying_sets,
)
from ._playout import Playout, playout


def _others(drawn: str) -> str:
    """The nine BLAST cards a scenario does not draw, for the bottom of its draw pile."""
    return " ".join(code for code in BLAST_CODE.values() if code != drawn)


def _position(text: str) -> Game:
    game = uv.position(text)
    keep = [i for i, c in enumerate(game.discard[:-1]) if not is_blast_card(c)]
    spent = [c for c in game.discard[:-1] if is_blast_card(c)]
    game.discard = [game.discard[i] for i in keep] + game.discard[-1:]
    game.discard_by = [game.discard_by[i] for i in keep] + game.discard_by[-1:]
    game.blast.spent = spent
    return game


def _play(text: str, script: Sequence[tuple[int, str]], preset: str = "blast") -> Playout:
    """Play the scenario checked, then return a replay of its moves alone."""
    game = _position(text)
    start = uv.to_json(game)
    playout(preset, game.n, 0, "bots", start=game, script=script)
    again = uv.from_json(start)
    done = Playout(preset, again.n, 0, "script", again)
    for seat, act in script:
        for e in again.apply(seat, act):
            done.events[e.kind] += 1
            if e.kind in ("draw", "eliminated"):
                done.events[f"{e.kind}:{e.seat}"] += e.count
    return done


def test_scenario_9_chain_of_at_least_the_last_value() -> None:
    """§7.3/9, B-19: +2, then +4 (4 >= 2), then +2 refused (2 < 4), then +10: the next seat,
    unable to answer, draws 2 + 4 + 10 = 16 and is eliminated on reaching 30."""
    numbers = " ".join(f"{c}{n}" for c in "YO" for n in range(10))
    text = (
        "blast\n"
        "hands: R+2 R1 | B+4 B1 | G+2 W+10 G5 | Y0 Y1 Y2 Y3 Y4 Y6 Y7 Y8 Y9 O0 O1 O2 O3 O4\n"
        f"top: R5@3; turn: 0; draw: {_others('!2SC')} !2SC {numbers} P0 P1 P2 P3"
    )
    game = _position(text)
    for seat, act in ((0, "R+2"), (1, "B+4")):
        game.apply(seat, act)
    assert uv.action("G+2") not in game.legal_actions(2)
    with pytest.raises(UnoverseError):
        game.apply(2, "G+2")
    done = _play(text, [(0, "R+2"), (1, "B+4"), (2, "W+10:R"), (3, "take")])
    after = done.game
    assert done.events["draw:3"] == 16 and done.events["eliminated:3"] == 30
    assert after.eliminated[3] and not after.hands[3]
    assert after.phase == Phase.TURN and after.turn == 0


@pytest.mark.parametrize("wild", [True, False])
def test_scenario_11_numeral_in_a_same_number_challenge(wild: bool) -> None:
    """§7.3/11: 3 SAME # NUMBER; a seat holding 7, 7 and a Numeral meets it with the Numeral
    as a 7 (``blast.numeral_wild_in_challenges``); without the option it cannot, and draws
    3."""
    preset = "blast" + ("" if wild else "+blast.numeral_wild_in_challenges=false")
    text = (
        f"{preset}\nhands: Y1 G2 | R7 B7 YN P3 | O1 O2 | G3 B4\n"
        f"top: R5@3; turn: 0; draw: {_others('!3SN')} P0 P1 P2 P4 G1 G0 B3 !3SN"
    )
    game = _position(text)
    events = game.apply(0, "draw")
    assert [e.cards for e in events if e.kind == "blast"] == [(uv.card("!3SN"),)]
    sets = qualifying_sets(CARD_KIND[uv.card("!3SN")], uv.cards("R7 B7 YN P3"), wild)
    assert sets == ({tuple(sorted(uv.cards("R7 B7 YN")))} if wild else set())
    if wild:
        assert game.phase == Phase.BLAST and game.acting_seats() == (1,)
        done = _play(text, [(0, "draw"), (1, "blast:R7,B7,YN")], preset)
        assert done.events["blast_discard"] == 1 and done.events["blast_penalty"] == 3
    else:  # nobody can meet it: resolved at once, every seat draws 3
        assert game.phase != Phase.BLAST
        assert sum(e.kind == "blast_penalty" for e in events) == 4
        _play(text, [(0, "draw")], preset)


def test_scenario_12_elimination_cancels_the_rest_of_the_penalty() -> None:
    """§7.3/12, B-12: a seat at 28 cards cannot meet the challenge; it draws 2 of its 3
    cards, reaches 30 and is eliminated, and the third card is never drawn. The drawer, who
    could not meet it either, draws its 3 first (it comes first in resolution order), then
    goes on drawing until a card plays (§5.5 step 7)."""
    wilds = " ".join(["WR4"] * 12 + ["W+6"] * 8 + ["W+10"] * 3)
    text = (
        f"blast\nhands: Y7 G8 | R1 Y2 G3 B4 O5 {wilds} | B1 B2 P9\n"
        f"top: R5@2; turn: 0; draw: {_others('!2SC')} P0 P1 R9 Y1 Y3 Y4 G1 G4 !2SC"
    )
    done = _play(text, [(0, "draw"), (2, "blast:B1,B2")])
    after = done.game
    assert done.events["eliminated:1"] == 30 and done.events["blast_penalty"] == 2
    assert after.eliminated[1] and after.hands[0][-1] == uv.card("R9")
    assert (after.phase, after.turn, after.drawn) == (Phase.DRAWN, 0, uv.card("R9"))
    assert uv.card("P1") in after.draw_pile  # the third penalty card was never drawn


def test_a_hand_emptied_by_a_blast_discard_wins_at_once() -> None:
    """§5.5 step 4, B-26: the seat that discards its last cards wins; nobody draws."""
    text = (
        f"blast\nhands: Y7 G8 | R1 Y2 | B1 B2\n"
        f"top: R5@2; turn: 0; draw: {_others('!2SC')} P0 P1 R9 Y1 Y3 Y4 G1 G4 !2SC"
    )
    done = _play(text, [(0, "draw"), (2, "blast:B1,B2")])
    assert done.game.over and done.game.winner == 2
    assert done.events["blast_penalty"] == 0


def test_a_reshuffle_during_the_penalty_leaves_the_active_blast_card_out() -> None:
    """§5.5 steps 1, 5, 7 and B-15: the BLAST card stays in the active zone until the
    event's penalties are drawn; a reshuffle they need takes the discards under the top and
    the spent BLAST cards, not the active one."""
    text = "blast\nhands: Y7 G8 | R1 Y2 | B1 G2\ntop: R5@2; turn: 0; draw: Y1 !2SC"
    done = _play(text, [(0, "draw")])
    assert done.events["blast_penalty"] == 3 and done.events["reshuffle"] == 1
    assert uv.card("!2SC") in done.game.blast.spent


def test_a_seat_out_on_a_last_plus_n_sits_out_an_event() -> None:
    """P6, U-B-11: seat 0 goes out on a +2; its victim's take draws a BLAST card; seat 0,
    with no cards, is not due and draws no penalty (that would undo its going out); the take
    then goes on and seat 0 wins."""
    text = (
        f"blast\nhands: R+2 | B1 B2 G3 | Y1 G2\n"
        f"top: R5@2; turn: 0; draw: {_others('!2SC')} P0 P1 P2 P3 P4 R9 Y3 Y4 G1 !2SC"
    )
    done = _play(text, [(0, "R+2"), (1, "take"), (1, "blast:B1,B2")])
    assert done.game.over and done.game.winner == 0 and not done.game.hands[0]
    assert done.events["blast_penalty"] == 1 and done.events["draw:1"] == 2


def test_a_seat_out_on_a_last_multiple_roba_sits_out_an_event() -> None:
    """§5.5 (a), as U-B-11: seat 0 goes out on a Múltiple Roba 2; seat 1 draws a BLAST card
    among its 2; seat 0, with no cards, sits the event out, the Múltiple's draws go on, and
    seat 0 wins with an empty hand."""
    text = (
        f"blast\nhands: WM2 | B1 B2 G3 | Y1 G2\n"
        f"top: R5@2; turn: 0; draw: {_others('!2SC')} P0 P1 P2 P3 P4 R9 Y3 Y4 G1 !2SC"
    )
    done = _play(text, [(0, "WM2:R"), (1, "blast:B1,B2")])
    assert done.game.over and done.game.winner == 0 and not done.game.hands[0]


# -- the oracle's own challenge checks agree ----------------------------------------------------
@pytest.mark.parametrize("wild", [True, False])
def test_the_oracles_challenge_checks_agree(wild: bool) -> None:
    """On random hands of Blast's deck: the sets ``qualifying_sets`` lists are exactly the
    multisets of N cards from the hand that ``qualifies`` accepts (brute force), and
    ``can_meet`` says whether there is one."""
    rng = random.Random(5)
    deck = [c for c in uv.new_game("blast", 2, 0).rules.deck if not is_blast_card(c)]
    met: Counter[int] = Counter()
    numbers = [c for c in deck if CARD_NUMBER[c] >= 0]
    for i in range(120):
        hand = rng.sample(deck, rng.randrange(2, 9))
        v = rng.randrange(6)  # and, in two hands of three, 4 equal numbers or 5 in a row
        want = [v] * 4 if i % 3 == 1 else list(range(v, v + 5)) if i % 3 == 2 else []
        for value in want:
            hand.append(rng.choice([c for c in numbers if CARD_NUMBER[c] == value]))
        for kind, (_, n) in CHALLENGES.items():
            brute = {x for x in combinations(sorted(hand), n) if qualifies(kind, x, wild)}
            listed = qualifying_sets(kind, hand, wild)
            assert listed == brute, (BLAST_CODE[kind], uv.core.cards.cards_text(hand))
            assert can_meet(kind, hand, wild) == bool(brute), BLAST_CODE[kind]
            met[kind] += bool(brute)
    assert all(met[kind] for kind in CHALLENGES), met
