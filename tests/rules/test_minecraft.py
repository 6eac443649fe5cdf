"""RULES.md §2: UNO Minecraft. The 112-card deck, the Wild Creeper's draw trigger, the
resolutions M-0 to M-7, §7.3 scenarios 2 and 4, and the decisions U-M-n of
docs/rules/minecraft.md.

Most positions give the draw pile (`draw:`, the last card on top) so every draw is known and
no Creeper is drawn by chance.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache

import pytest

import unoverse as uv
from unoverse import Phase
from unoverse.core.cards import CARD_NUMBER, CARD_TEXT
from unoverse.core.events import PUBLIC, SPLIT, Event
from unoverse.core.windows import Window
from unoverse.match.match import play_match

from .conftest import (
    active_color,
    cards,
    hand,
    kind_code,
    kinds,
    legal,
    of_kind,
    seed_with_first_starter,
    starters,
    texts,
    top,
    unchanged,
)

WC = uv.card("WC")
#: Eight cards with no wild and no Creeper, for positions whose draws must not trigger.
PLAIN_PILE = "B1 B2 B3 B4 B5 B6 B7 B8"
COLOURS = {"WC:R", "WC:Y", "WC:G", "WC:B"}


def trace(events: Iterable[Event]) -> list[str]:
    """The drawing events in order, cards in the order drawn: ``"1 draw penalty: WC"``,
    ``"1 revealed: WC +3"``, ``"reshuffle"``, ``"1 draw_short 2"``."""
    out: list[str] = []
    for e in events:
        shown = " ".join(CARD_TEXT[c] for c in e.cards)
        if e.kind == "draw":
            out.append(f"{e.seat} draw {e.reason}: {shown}")
        elif e.kind == "revealed":
            out.append(f"{e.seat} revealed: {shown} +{e.count}")
        elif e.kind == "reshuffle":
            out.append("reshuffle")
        elif e.kind == "draw_short":
            out.append(f"{e.seat} draw_short {e.count}")
    return out


def known(game: uv.Game, observer: int, seat: int) -> list[str]:
    """What ``observer`` has seen in ``seat``'s hand, from ``observer``'s own view."""
    return texts(game.view(observer).known[seat])


def minecraft_deck() -> Counter[str]:
    return Counter(CARD_TEXT[c] for c in uv.new_game("minecraft", 4, 1).all_cards())


def every_card_placed(hands: str, top_card: str, draw: str, discard: str, extra: str) -> str:
    """A 3-seat Minecraft position where seat 2 holds every card not placed otherwise, so the
    discard pile below the top is exactly ``discard``."""
    rest = minecraft_deck()
    placed = f"{hands} {top_card.split('@')[0]} {draw} {discard}".split()
    rest.subtract(t for t in placed if t not in ("|", "-"))
    assert min(rest.values()) >= 0
    return (
        f"minecraft; hands: {hands} | {' '.join(sorted(rest.elements()))}; top: {top_card}; "
        f"discard: {discard}; draw: {draw}{extra}"
    )


# -- RULES.md §2.1: the deck -------------------------------------------------------------


def test_deck_is_112_cards_the_classic_108_and_four_wild_creepers() -> None:
    counts = minecraft_deck()
    assert sum(counts.values()) == 112
    assert len(uv.new_game("minecraft", 4, 1).rules.deck) == 112
    for color in "RYGB":
        assert counts[f"{color}0"] == 1
        for n in range(1, 10):
            assert counts[f"{color}{n}"] == 2
        for kind in ("S", "R", "+2"):
            assert counts[f"{color}{kind}"] == 2
    assert counts["W"] == 4 and counts["W+4"] == 4 and counts["WC"] == 4


def test_deck_points_wild_creeper_50_and_the_seed_example_totals_226() -> None:
    """§2.1's scoring example: numbers worth 16, Draw Two/Reverse/Skip, Wild/WD4/Creeper."""
    game = uv.position("minecraft; hands: R2 | R3 G6 B7 R+2 GR BS | W W+4 WC; top: R5")
    assert game.rules.points[WC] == 50
    assert game.hand_points(2) == 150
    game.apply(0, "R2")
    assert game.over and game.winner == 0
    assert game.round_points() == 226


# -- M-0, M-0b: the seed's wording ------------------------------------------------------


def test_m_0_no_playable_card_draws_from_the_draw_pile_not_the_discard_pile() -> None:
    game = uv.position("minecraft; hands: G1 G2 | Y1 Y2 | B1; top: R5; discard: R3 R4; draw: Y7 B9")
    below = texts(game.discard)
    assert legal(game, 0) == {"draw"}
    events = game.apply(0, "draw")
    assert trace(events) == ["0 draw turn: B9"]
    assert hand(game, 0) == cards("G1 G2 B9")
    assert texts(game.discard) == below and top(game) == "R5"
    assert texts(game.draw_pile) == ["Y7"]
    assert game.turn == 1  # the drawn B9 does not match


def test_m_0b_the_seed_cards_have_their_canonical_codes() -> None:
    """Segundo sorteo = Draw Two (+2), Sorteo Cuatro = Wild Draw Four (W+4), Salvaje = Wild
    (W), Enredadera salvaje (TNT) = Wild Creeper (WC)."""
    codes = {kind_code(uv.card(code)) for code in minecraft_deck()}
    assert codes == {str(n) for n in range(10)} | {"S", "R", "+2", "W", "W+4", "WC"}
    assert CARD_TEXT[WC] == "WC"


# -- M-1: the deal ----------------------------------------------------------------------


@cache
def seed_dealing_a_creeper(limit: int = 200) -> int:
    for seed in range(limit):
        game = uv.new_game("minecraft", 4, seed, dealer=0)
        if any(WC in h for h in game.hands):
            return seed
    raise AssertionError("no seed deals a Wild Creeper")


def test_m_1_a_creeper_dealt_into_a_hand_triggers_nothing() -> None:
    game = uv.new_game("minecraft", 4, seed_dealing_a_creeper(), dealer=0)
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]
    assert "revealed" not in kinds(game.setup_events)
    assert all(k == () for o in range(4) for k in game.view(o).known)
    assert len(game.draw_pile) == 112 - 4 * 7 - 1


# -- M-2: the Creeper's trigger, for every reason ----------------------------------------


def test_m_2_creeper_on_the_turn_draw_is_revealed_and_three_more_are_drawn() -> None:
    game = uv.position("minecraft; hands: R1 G9 | G2 G3 | Y1; top: B5; draw: B1 G1 Y7 R3 Y5 WC")
    events = game.apply(0, "draw")
    assert trace(events) == ["0 draw turn: WC", "0 revealed: WC +3", "0 draw revealed: Y5 R3 Y7"]
    revealed = of_kind(events, "revealed")[0]
    assert revealed.seat == 0 and revealed.vis == PUBLIC
    assert hand(game, 0) == cards("R1 G9 WC Y5 R3 Y7")
    assert texts(game.draw_pile) == cards("B1 G1")


def test_m_2_creeper_in_a_draw_two_penalty() -> None:
    game = uv.position("minecraft; hands: R+2 G9 | G2 G3 | Y1; top: R5; draw: B1 G1 Y7 R3 Y5 WC")
    game.apply(0, "R+2")
    events = game.apply(1, "take")
    assert trace(events) == [
        "1 draw penalty: WC",
        "1 revealed: WC +3",
        "1 draw revealed: Y5 R3 Y7",
        "1 draw penalty: G1",
    ]
    assert hand(game, 1) == cards("G2 G3 WC Y5 R3 Y7 G1")
    assert game.turn == 2 and game.phase == Phase.TURN


def test_m_2_creeper_in_a_wild_draw_four_take() -> None:
    game = uv.position(
        "minecraft; hands: W+4 G9 | G2 G3 | Y1; top: R5; draw: B1 B2 G1 Y7 R3 Y5 B3 WC"
    )
    game.apply(0, "W+4:B")
    events = game.apply(1, "take")
    assert trace(events) == [
        "1 draw penalty: WC",
        "1 revealed: WC +3",
        "1 draw revealed: B3 Y5 R3",
        "1 draw penalty: Y7 G1 B2",
    ]
    assert len(game.hands[1]) == 2 + 4 + 3
    assert game.turn == 2


def test_m_2_creeper_in_a_guilty_challenge_penalty_the_offender_draws() -> None:
    game = uv.position(
        "minecraft; hands: W+4 R9 | G2 G3 | Y1; top: R5; draw: B1 B2 G1 Y7 R3 Y5 B3 WC"
    )
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    assert of_kind(events, "challenge")[0].guilty
    assert trace(events) == [
        "0 draw challenge: WC",
        "0 revealed: WC +3",
        "0 draw revealed: B3 Y5 R3",
        "0 draw challenge: Y7 G1 B2",
    ]
    assert hand(game, 0) == cards("R9 WC B3 Y5 R3 Y7 G1 B2")
    assert hand(game, 1) == cards("G2 G3")
    assert game.turn == 1 and game.phase == Phase.TURN


def test_m_2_creeper_in_an_innocent_challenge_penalty_the_challenger_draws() -> None:
    game = uv.position(
        "minecraft; hands: W+4 G9 | G2 G3 | Y1; top: R5; draw: B1 G1 Y7 R3 B7 Y5 WC B2 B3"
    )
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    assert not of_kind(events, "challenge")[0].guilty
    assert trace(events) == [
        "1 draw challenge: B3 B2 WC",
        "1 revealed: WC +3",
        "1 draw revealed: Y5 B7 R3",
        "1 draw challenge: Y7 G1 B1",
    ]
    assert len(game.hands[1]) == 2 + 6 + 3
    assert game.turn == 2


def test_m_2_creeper_in_an_uno_catch_penalty() -> None:
    game = uv.position(
        "minecraft; hands: R1 G9 | G2 G3 | Y1 Y2; top: R5; draw: B1 G1 Y7 R3 B7 Y5 WC"
    )
    game.apply(0, "R1")
    events = game.apply(2, "catch:0")
    assert of_kind(events, "catch")[0].count == 2
    assert trace(events) == [
        "0 draw uno: WC",
        "0 revealed: WC +3",
        "0 draw revealed: Y5 B7 R3",
        "0 draw uno: Y7",
    ]
    assert hand(game, 0) == cards("G9 WC Y5 B7 R3 Y7")
    assert game.turn == 1


def test_m_2_creeper_in_a_referee_penalty() -> None:
    game = uv.position(
        "minecraft; hands: R1 G9 | G2 G3 | Y1 Y2; top: R5; draw: B1 G1 Y7 R3 B7 Y5 WC"
    )
    events = game.apply(None, "penalize:2:2")
    assert trace(events) == [
        "2 draw penalize: WC",
        "2 revealed: WC +3",
        "2 draw revealed: Y5 B7 R3",
        "2 draw penalize: Y7",
    ]
    assert hand(game, 2) == cards("Y1 Y2 WC Y5 B7 R3 Y7")
    assert game.turn == 0 and game.phase == Phase.TURN


def test_m_2_creepers_among_the_three_cards_trigger_nothing() -> None:
    game = uv.position("minecraft; hands: R1 G9 | G2 G3 | Y1; top: B5; draw: B1 WC WC WC WC")
    events = game.apply(0, "draw")
    assert trace(events) == ["0 draw turn: WC", "0 revealed: WC +3", "0 draw revealed: WC WC WC"]
    assert len(of_kind(events, "revealed")) == 1
    assert hand(game, 0) == cards("R1 G9 WC WC WC WC")
    assert texts(game.draw_pile) == ["B1"]
    assert known(game, 1, 0) == ["WC"]  # only the first Creeper was shown


def test_m_2_p3_the_pile_runs_out_during_the_three_cards_and_is_reshuffled() -> None:
    game = uv.position(
        every_card_placed("G9 | G2 G3", "R+2@0", "Y5 WC", "B7 B8 B9", "; turn: 1; pending: take 2")
    )
    events = game.apply(1, "take")
    steps = trace(events)
    assert steps[:4] == ["1 draw penalty: WC", "1 revealed: WC +3", "reshuffle", steps[3]]
    assert steps[3].startswith("1 draw revealed: Y5 ") and len(steps) == 5
    assert steps[4].startswith("1 draw penalty: ")
    assert of_kind(events, "reshuffle")[0].count == 3
    assert hand(game, 1) == cards("G2 G3 WC Y5 B7 B8 B9")
    assert game.draw_pile == [] and texts(game.discard) == ["R+2"]
    assert len(game.all_cards()) == 112


# -- M-3: the drawn Creeper may be played, not the three cards ---------------------------

CREEPER_DRAW = "hands: R1 G9 | G2 G3 | Y1; top: B5; draw: B1 G1 Y7 B7 Y5 WC"


def test_m_3_a_drawn_creeper_may_be_played_as_a_wild() -> None:
    game = uv.position(f"minecraft; {CREEPER_DRAW}")
    game.apply(0, "draw")
    assert game.phase == Phase.DRAWN and game.windows() == (Window("drawn", 0),)
    assert legal(game, 0) == COLOURS | {"pass"}  # not B7, one of the three cards
    game.apply(0, "WC:G")
    assert top(game) == "WC" and active_color(game) == "G"
    assert hand(game, 0) == cards("R1 G9 Y5 B7 Y7")
    assert game.turn == 1


@pytest.mark.parametrize(
    ("ends", "phase", "turn"), [("false", Phase.DRAWN, 0), ("true", Phase.TURN, 1)]
)
def test_m_3_creeper_ends_turn_option(ends: str, phase: Phase, turn: int) -> None:
    game = uv.position(f"minecraft+minecraft.creeper_ends_turn={ends}; {CREEPER_DRAW}")
    game.apply(0, "draw")
    assert game.phase == phase and game.turn == turn
    assert hand(game, 0) == cards("R1 G9 WC Y5 B7 Y7")


def test_m_3_creeper_ends_turn_leaves_other_drawn_cards_playable() -> None:
    game = uv.position(
        "minecraft+minecraft.creeper_ends_turn; hands: R1 G9 | G2 G3 | Y1; top: B5; draw: G1 B9"
    )
    game.apply(0, "draw")
    assert game.phase == Phase.DRAWN and legal(game, 0) == {"B9", "pass"}


def test_a_played_creeper_is_a_plain_wild() -> None:
    game = uv.position("minecraft; hands: WC G9 | G2 G3 | Y1; top: R5; turn: 0")
    events = game.apply(0, "WC:B")
    assert kinds(events) == ["play"]
    assert top(game) == "WC" and active_color(game) == "B"
    assert hand(game, 1) == cards("G2 G3")
    assert game.turn == 1 and game.direction == 1 and game.phase == Phase.TURN


# -- M-4: other wilds in hand make a Wild Draw Four illegal ------------------------------


def wd4_verdict(preset: str, hand_0: str) -> str:
    game = uv.position(f"{preset}; hands: {hand_0} | G2 G3 | Y1 Y2; top: R5; draw: {PLAIN_PILE}")
    game.apply(0, "W+4:B")
    return "guilty" if of_kind(game.apply(1, "challenge"), "challenge")[0].guilty else "innocent"


@pytest.mark.parametrize("other", ["W", "WC", "W+4"])
@pytest.mark.parametrize(
    ("preset", "verdict"),
    [("minecraft", "guilty"), ("minecraft+wd4_wilds_block=false", "innocent")],
    ids=["default", "block_off"],
)
def test_m_4_another_wild_in_hand_makes_the_wd4_illegal(
    other: str, preset: str, verdict: str
) -> None:
    assert wd4_verdict(preset, f"W+4 {other} G1") == verdict


def test_m_4_without_a_red_card_or_another_wild_the_wd4_is_legal() -> None:
    assert wd4_verdict("minecraft", "W+4 G1 B9 Y5") == "innocent"
    assert wd4_verdict("minecraft", "W+4 G1 R9") == "guilty"


# -- M-5: the first card ----------------------------------------------------------------


@cache
def seed_returning(wanted: tuple[str, ...] | None, limit: int = 300) -> int:
    """The first seed (dealer 0) whose number_only setup returns these starters (None: any)."""
    for seed in range(limit):
        game = uv.new_game("minecraft", 4, seed, dealer=0)
        returned = tuple(
            CARD_TEXT[e.cards[0]] for e in of_kind(game.setup_events, "starter_returned")
        )
        if returned and (wanted is None or returned == wanted):
            return seed
    raise AssertionError(f"no seed returns {wanted}")


@pytest.mark.parametrize("kind", ["S", "R", "+2", "W", "W+4"])
def test_m_5_number_only_returns_other_starters_into_the_draw_pile(kind: str) -> None:
    """The first card turned has kind ``kind``; it goes back, with no effect, until a number
    is turned."""
    game = uv.new_game("minecraft", 4, seed_with_first_starter("minecraft", kind), dealer=0)
    turned = starters(game)
    returned = [CARD_TEXT[e.cards[0]] for e in of_kind(game.setup_events, "starter_returned")]
    assert kind_code(uv.card(turned[0])) == kind
    assert len(turned) >= 2 and returned == turned[:-1]
    assert all(CARD_NUMBER[uv.card(c)] < 0 for c in returned)
    assert CARD_NUMBER[game.top] >= 0 and top(game) == turned[-1]
    pile = Counter(texts(game.draw_pile))
    deck = minecraft_deck()
    for c in returned:  # every copy not in a hand is back in the pile
        assert pile[c] == deck[c] - sum(h.count(uv.card(c)) for h in game.hands)
    assert len(game.draw_pile) == 112 - 4 * 7 - 1
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]
    assert "skip" not in kinds(game.setup_events) and "reverse" not in kinds(game.setup_events)
    assert game.turn == 1 and game.phase == Phase.TURN and game.direction == 1


def test_m_5_a_creeper_turned_first_is_returned_and_draws_nothing() -> None:
    game = uv.new_game("minecraft", 4, seed_returning(("WC",)), dealer=0)
    assert starters(game)[0] == "WC" and CARD_NUMBER[game.top] >= 0
    assert "revealed" not in kinds(game.setup_events)
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]
    assert texts(game.draw_pile).count("WC") == 4 - sum(h.count(WC) for h in game.hands)


def test_m_5_mattel_current_creeper_first_is_a_plain_wild() -> None:
    seed = seed_with_first_starter("minecraft", "WC")
    game = uv.new_game("minecraft+minecraft.first_card=mattel_current", 4, seed, dealer=0)
    assert starters(game) == ["WC"] and top(game) == "WC"
    assert (game.phase, game.windows()) == (Phase.COLOR, (Window("color", 1),))
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]
    assert "revealed" not in kinds(game.setup_events)
    game.apply(1, "color:G")
    assert active_color(game) == "G" and game.turn == 1 and game.phase == Phase.TURN


def test_m_5_mattel_current_wild_draw_four_first_is_returned() -> None:
    seed = seed_with_first_starter("minecraft", "W+4")
    game = uv.new_game("minecraft+minecraft.first_card=mattel_current", 4, seed, dealer=0)
    assert starters(game)[0] == "W+4"
    assert CARD_TEXT[of_kind(game.setup_events, "starter_returned")[0].cards[0]] == "W+4"
    assert kind_code(game.top) != "W+4"
    assert len(game.all_cards()) == 112


# -- M-6: two-player rules --------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "turn", "direction"),
    [("minecraft", 0, 1), ("minecraft+two_player_rules=false", 1, -1)],
    ids=["default", "off"],
)
def test_m_6_two_players_reverse_acts_as_skip(preset: str, turn: int, direction: int) -> None:
    game = uv.position(f"{preset}; hands: RR G9 G7 | G2 G3; top: R5; turn: 0")
    game.apply(0, "RR")
    assert game.turn == turn and game.direction == direction


def test_m_6_two_players_draw_two_comes_back_to_the_player() -> None:
    game = uv.position(f"minecraft; hands: R+2 G9 G7 | G2 G3; top: R5; draw: {PLAIN_PILE}")
    game.apply(0, "R+2")
    game.apply(1, "take")
    assert len(game.hands[1]) == 4 and game.turn == 0


# -- M-7: the challenge outcomes --------------------------------------------------------


def test_m_7_guilty_the_offender_draws_four_and_the_challenger_plays_on() -> None:
    game = uv.position(f"minecraft; hands: W+4 R9 | G2 B3 | Y1; top: R5; draw: {PLAIN_PILE}")
    game.apply(0, "W+4:B")
    game.apply(1, "challenge")
    assert hand(game, 0) == cards("R9 B8 B7 B6 B5")
    assert game.turn == 1 and active_color(game) == "B"
    game.apply(1, "B3")
    assert top(game) == "B3" and game.turn == 2


def test_m_7_innocent_the_challenger_draws_six_and_loses_the_turn() -> None:
    game = uv.position(f"minecraft; hands: W+4 G9 | G2 G3 | Y1; top: R5; draw: {PLAIN_PILE}")
    game.apply(0, "W+4:B")
    game.apply(1, "challenge")
    assert hand(game, 1) == cards("G2 G3 B8 B7 B6 B5 B4 B3")
    assert hand(game, 0) == cards("G9")
    assert game.turn == 2


# -- RULES.md §7.3 scenarios 2 and 4 ----------------------------------------------------


def test_scenario_2_minecraft_wd4_with_a_wild_but_no_red_is_illegal() -> None:
    """Classic's scenario 2 hand (`test_scenarios.py`): in Minecraft the challenge succeeds."""
    game = uv.position(
        f"minecraft; hands: W W+4 G1 | B2 G3 Y4 | Y1 Y2; top: R5; draw: {PLAIN_PILE}"
    )
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    assert of_kind(events, "challenge")[0].guilty
    assert len(game.hands[0]) == 2 + 4
    assert len(game.hands[1]) == 3  # the challenger draws nothing
    assert game.turn == 1 and active_color(game) == "B"
    game.apply(1, "B2")
    assert top(game) == "B2" and game.turn == 2


def test_scenario_4_draw_two_victim_draws_a_creeper_and_a_5() -> None:
    game = uv.position("minecraft; hands: R+2 G9 | G2 G3 | Y1; top: R5; draw: B1 G5 Y7 R3 B2 WC")
    game.apply(0, "R+2")
    events = game.apply(1, "take")
    assert trace(events) == [
        "1 draw penalty: WC",
        "1 revealed: WC +3",
        "1 draw revealed: B2 R3 Y7",
        "1 draw penalty: G5",
    ]
    assert hand(game, 1) == cards("G2 G3 WC B2 R3 Y7 G5")  # 5 new cards


def test_scenario_4_a_creeper_among_the_three_draws_nothing_more() -> None:
    game = uv.position("minecraft; hands: R+2 G9 | G2 G3 | Y1; top: R5; draw: B1 G5 WC R3 B2 WC")
    game.apply(0, "R+2")
    events = game.apply(1, "take")
    assert len(of_kind(events, "revealed")) == 1
    assert trace(events)[2:] == ["1 draw revealed: B2 R3 WC", "1 draw penalty: G5"]
    assert hand(game, 1) == cards("G2 G3 WC B2 R3 WC G5")  # still 5 new cards
    assert texts(game.draw_pile) == ["B1"]


# -- §2.5: UNO and scoring --------------------------------------------------------------


def test_uno_catch_costs_two_cards() -> None:
    game = uv.position(f"minecraft; hands: R1 G9 | G2 G3 | Y1 Y2; top: R5; draw: {PLAIN_PILE}")
    game.apply(0, "R1")
    assert Window("uno", 0) in game.windows()
    game.apply(2, "catch:0")
    assert hand(game, 0) == cards("G9 B8 B7")


Round = tuple[int, tuple[str, ...]]  # (winner, every seat's hand at the end)


def scripted(rounds: list[Round]) -> Callable[[uv.Game, int, int | None], None]:
    """A round player that ends each round with the scripted hands."""
    script = iter(rounds)

    def play(game: uv.Game, seed: int, dealer: int | None) -> None:
        winner, hands = next(script)
        game.hands = [uv.cards(h) for h in hands]
        game.winner = winner
        game.phase = Phase.OVER

    return play


def test_scoring_none_by_default_one_round_decides() -> None:
    result = play_match("minecraft", 3, 1, scripted([(2, ("WC WC", "R2", "-"))]))
    assert result.winners == (2,) and result.rounds == 1


def test_scoring_winner_takes_counts_creepers_at_50_to_500() -> None:
    rounds: list[Round] = [
        (1, ("WC WC WC WC", "-", "W+4 W+4 W+4 W+4")),  # 400
        (1, ("WC WC", "-", "R0")),  # 100: 500 reached
    ]
    result = play_match("minecraft+scoring=winner_takes", 3, 1, scripted(rounds))
    assert result.scores == [0, 500, 0]
    assert result.winners == (1,) and result.rounds == 2


def test_scoring_a_last_card_draw_two_victims_creeper_cards_count() -> None:
    game = uv.position("minecraft; hands: R+2 | G2 G3 | Y1; top: R5; draw: B1 G1 Y7 R3 Y5 WC")
    game.apply(0, "R+2")
    events = game.apply(1, "take")
    assert game.over and game.winner == 0
    assert hand(game, 1) == cards("G2 G3 WC Y5 R3 Y7 G1")
    assert game.round_points() == (2 + 3 + 50 + 5 + 3 + 7 + 1) + 1
    assert of_kind(events, "round_over")[0].count == 72


# -- what the other seats see -----------------------------------------------------------


def test_view_others_know_the_revealed_creeper_not_the_three_cards() -> None:
    game = uv.position(f"minecraft; {CREEPER_DRAW}")
    events = game.apply(0, "draw")
    revealed = of_kind(events, "revealed")[0]
    extra = of_kind(events, "draw")[1]
    assert extra.reason == "revealed" and extra.vis == SPLIT
    for seat in (1, 2, None):
        assert uv.redact(revealed, seat) == revealed
    for seat in (1, 2):
        assert known(game, seat, 0) == ["WC"]
        seen = uv.redact(extra, seat)
        assert seen is not None and seen.cards == () and seen.count == 3
    assert uv.redact(extra, 0) == extra


# -- decisions where RULES.md is silent (U-M-n) -----------------------------------------


def test_u_m_1_the_three_cards_come_right_after_the_creeper() -> None:
    """A Wild Draw Four whose second card is the Creeper: 1, Creeper, its 3, then 2 more."""
    game = uv.position("minecraft; hands: W+4 G9 | G2 G3 | Y1; top: R5; draw: B1 B2 G1 Y7 R3 WC Y5")
    game.apply(0, "W+4:B")
    assert trace(game.apply(1, "take")) == [
        "1 draw penalty: Y5 WC",
        "1 revealed: WC +3",
        "1 draw revealed: R3 Y7 G1",
        "1 draw penalty: B2 B1",
    ]


def test_u_m_2_both_piles_empty_during_the_three_cards_the_drawer_gets_fewer() -> None:
    game = uv.position(
        every_card_placed("G9 | G2 G3", "R+2@0", "Y5 WC", "-", "; turn: 1; pending: take 2")
    )
    events = game.apply(1, "take")
    assert trace(events) == [
        "1 draw penalty: WC",
        "1 revealed: WC +3",
        "1 draw_short 2",  # logged when the pile runs dry, before the draw of the Y5
        "1 draw revealed: Y5",
        "1 draw_short 1",
    ]
    assert hand(game, 1) == cards("G2 G3 WC Y5")
    assert game.turn == 2 and game.phase == Phase.TURN


def test_u_m_3_draw_until_playable_stops_at_a_drawn_creeper() -> None:
    game = uv.position(
        "minecraft+draw_until_playable; hands: R1 G9 | G2 G3 | Y1; top: B5\n"
        "draw: B1 G1 Y7 B7 Y5 WC G4 Y2"
    )
    events = game.apply(0, "draw")
    assert trace(events) == [
        "0 draw turn: Y2",
        "0 draw turn: G4",
        "0 draw turn: WC",
        "0 revealed: WC +3",
        "0 draw revealed: Y5 B7 Y7",
    ]
    assert game.phase == Phase.DRAWN
    assert legal(game, 0) == COLOURS | {"pass"}  # the Creeper, not the B7 among the three


def test_u_m_4_a_revealed_creeper_stays_known_until_it_leaves_the_hand() -> None:
    game = uv.position(
        "minecraft; hands: R1 G9 | G2 G3 | Y1; top: B5; draw: Y9 Y8 B1 G1 Y7 R3 Y5 WC"
    )
    game.apply(0, "draw")
    game.apply(0, "pass")
    game.apply(1, "draw")  # G1: unplayable, the turn passes
    game.apply(2, "draw")  # B1
    game.apply(2, "pass")
    assert known(game, 1, 0) == ["WC"] and known(game, 2, 0) == ["WC"]
    game.apply(0, "WC:G")
    assert known(game, 1, 0) == [] and known(game, 2, 0) == []


def test_u_m_4_a_known_creeper_moves_with_its_hand_under_seven_zero() -> None:
    game = uv.position(
        "minecraft+seven_zero; hands: B0 G9 | G2 G3 | Y1 Y2; top: B5; draw: Y9 G1 Y7 R3 Y5 WC"
    )
    game.apply(0, "draw")
    game.apply(0, "pass")
    game.apply(1, "draw")  # G1: unplayable
    game.apply(2, "draw")  # Y9: unplayable
    assert known(game, 2, 0) == ["WC"] and known(game, 2, 1) == []
    game.apply(0, "B0")  # every hand passes to the next seat: seat 0's goes to seat 1
    assert hand(game, 1) == cards("G9 WC Y5 R3 Y7")
    assert known(game, 2, 1) == ["WC"]


def test_u_m_5_a_creeper_drawn_for_a_false_uno_call_triggers() -> None:
    game = uv.position(
        "minecraft+false_uno_penalty=2; hands: R1 G9 G7 | G2 G3 | Y1; top: B5\n"
        "draw: B1 G1 Y7 R3 Y5 WC B4"
    )
    events = game.apply(0, "draw uno")
    assert trace(events) == [
        "0 draw turn: B4",
        "0 draw false_uno: WC",
        "0 revealed: WC +3",
        "0 draw revealed: Y5 R3 Y7",
        "0 draw false_uno: G1",
    ]
    assert legal(game, 0) == {"B4", "B4 uno", "pass"}  # only the turn's card may be played


@cache
def seed_drawing_a_creeper_for_dealer(limit: int = 500) -> int:
    """A seed whose first dealer-selection round has a Creeper and a single highest number."""
    for seed in range(limit):
        game = uv.new_game("minecraft", 4, seed)
        row = of_kind(game.setup_events, "dealer_draw")[:4]
        values = [max(CARD_NUMBER[e.cards[0]], 0) for e in row]
        if any(e.cards[0] == WC for e in row) and values.count(max(values)) == 1:
            return seed
    raise AssertionError("no seed draws a Creeper to choose the dealer")


def test_u_m_6_a_creeper_drawn_to_choose_the_dealer_triggers_nothing_and_counts_0() -> None:
    game = uv.new_game("minecraft", 4, seed_drawing_a_creeper_for_dealer())
    row = of_kind(game.setup_events, "dealer_draw")[:4]
    values = [max(CARD_NUMBER[e.cards[0]], 0) for e in row]
    assert len(of_kind(game.setup_events, "dealer_draw")) == 4  # no redraw
    assert game.dealer == row[values.index(max(values))].seat
    assert "revealed" not in kinds(game.setup_events)
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]


@pytest.mark.parametrize(
    ("preset", "hand_0", "act", "drawer", "reason"),
    [
        ("downpour", "WD1 B3 B4", (0, "WD1:G"), 1, "all_draw"),
        ("zero_chooses_direction", "B0 B3 B4", (0, "B0>cw"), 1, "zero"),
        ("permissive_illegal_plays", "G9 B3 B4", (0, "G9"), 0, "illegal"),
    ],
    ids=["downpour", "zero_chooses_direction", "catch_illegal"],
)
def test_u_m_7_house_rule_draws_trigger_the_creeper(
    preset: str, hand_0: str, act: tuple[int, str], drawer: int, reason: str
) -> None:
    game = uv.position(
        f"minecraft+{preset}; hands: {hand_0} | G2 G3 | Y1 Y2; top: B5\ndraw: B1 G1 Y7 R3 Y5 WC"
    )
    events = game.apply(*act)
    if preset == "permissive_illegal_plays":
        events = game.apply(2, "catch_illegal")
    assert trace(events)[:3] == [
        f"{drawer} draw {reason}: WC",
        f"{drawer} revealed: WC +3",
        f"{drawer} draw revealed: Y5 R3 Y7",
    ]
    assert {"WC", "Y5", "R3", "Y7"} <= set(hand(game, drawer))


def test_u_m_8_creeper_ends_turn_with_draw_until_playable_ends_the_turn() -> None:
    game = uv.position(
        "minecraft+draw_until_playable+minecraft.creeper_ends_turn\n"
        "hands: R1 G9 | G2 G3 | Y1; top: B5; draw: B1 G1 Y7 R3 Y5 WC G4 Y2"
    )
    game.apply(0, "draw")
    assert hand(game, 0) == cards("R1 G9 Y2 G4 WC Y5 R3 Y7")
    assert game.turn == 1 and game.phase == Phase.TURN


# -- bad input and options --------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "error"),
    [
        ("minecraft+nope", uv.UnknownOption),
        ("minecraft+classic.deck=108", uv.UnknownOption),  # Classic's own option
        ("minecraft+minecraft.first_card=bogus", uv.InvalidOptionValue),
        ("minecraft+stacking=blast_ge", uv.OptionConflict),
    ],
)
def test_bad_options_are_refused(preset: str, error: type[uv.UnoverseError]) -> None:
    with pytest.raises(error):
        uv.new_game(preset, 4, 1)


@pytest.mark.parametrize("act", ["B7", "Y5", "Y7", "B7 uno"])
def test_bad_input_the_three_cards_cannot_be_played_after_a_creeper_draw(act: str) -> None:
    game = uv.position(f"minecraft; {CREEPER_DRAW}")
    game.apply(0, "draw")
    before = unchanged(game)
    with pytest.raises(uv.IllegalAction):
        game.apply(0, act)
    assert unchanged(game) == before


@pytest.mark.parametrize(
    ("preset", "size"),
    [
        ("stacking=same", 112),
        ("stacking=progressive", 112),
        ("stacking=same+revive", 112),
        ("draw_until_playable", 112),
        ("seven_zero", 112),
        ("zero_chooses_direction", 112),
        ("zero_discard_color", 112),
        ("jump_in", 112),
        ("play_duplicates", 112),
        ("downpour", 112),
        ("bar_special", 114),
        ("boomerang", 114),
        ("friendly_swap", 113),
        ("friendly_swap+friendly_count=3", 115),
    ],
)
def test_every_house_rule_is_accepted(preset: str, size: int) -> None:
    game = uv.new_game(f"minecraft+{preset}", 4, 1)
    assert len(game.all_cards()) == size
    assert texts(game.all_cards()).count("WC") == 4
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]
