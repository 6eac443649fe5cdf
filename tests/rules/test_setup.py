"""RULES.md §1.1 deck (C-0), §1.2 setup: dealer (C-1), dealing, the first-card table (C-6,
C-2), player counts."""

from __future__ import annotations

from collections import Counter

import pytest

import unoverse as uv
from unoverse import Phase
from unoverse.core.cards import CARD_IS_WILD, CARD_NUMBER, CARD_TEXT
from unoverse.core.windows import Window

from .conftest import (
    active_color,
    kind_code,
    kinds,
    legal,
    of_kind,
    seed_with_dealer_tie,
    seed_with_first_starter,
    starters,
)

# -- C-0: the deck ----------------------------------------------------------------------


def deck(preset: str) -> Counter[str]:
    game = uv.new_game(preset, 4, 1)
    return Counter(CARD_TEXT[c] for c in game.all_cards())


@pytest.mark.parametrize(
    ("deck_option", "size", "extra"),
    [
        ("108", 108, {}),
        ("112_blank", 112, {"WBK": 4}),
        ("112_modern", 112, {"WSH": 1, "WCU": 3}),
    ],
)
def test_c0_deck_size_and_extra_cards(deck_option: str, size: int, extra: dict[str, int]) -> None:
    counts = deck(f"classic+classic.deck={deck_option}")
    assert sum(counts.values()) == size
    for code in ("WBK", "WSH", "WCU", "WSW"):
        assert counts[code] == extra.get(code, 0)


def test_c0_default_deck_is_the_108_card_mattel_deck() -> None:
    counts = deck("classic")
    assert sum(counts.values()) == 108
    for color in "RYGB":
        assert counts[f"{color}0"] == 1
        for n in range(1, 10):
            assert counts[f"{color}{n}"] == 2
        for kind in ("S", "R", "+2"):
            assert counts[f"{color}{kind}"] == 2
    assert counts["W"] == 4 and counts["W+4"] == 4


@pytest.mark.parametrize(
    ("deck_option", "hand_text", "points"),
    [
        ("108", "R7 RS G+2 BR W W+4", 7 + 20 + 20 + 20 + 50 + 50),
        ("112_blank", "WBK R0", 50),
        ("112_modern", "WSH WCU", 40 + 40),
    ],
)
def test_p6_card_points_by_deck(deck_option: str, hand_text: str, points: int) -> None:
    game = uv.position(f"classic+classic.deck={deck_option}; hands: {hand_text} | G1; top: R5")
    assert game.hand_points(0) == points


# -- C-1: choosing the dealer ----------------------------------------------------------


def test_c1_dealer_ties_redraw_among_the_tied_players() -> None:
    seed = seed_with_dealer_tie()
    game = uv.new_game("classic", 4, seed)
    draws = [e for e in game.setup_events if e.kind == "dealer_draw"]
    seats: list[int | None] = [0, 1, 2, 3]
    while draws:
        row, draws = draws[: len(seats)], draws[len(seats) :]
        assert [e.seat for e in row] == seats
        values = [max(CARD_NUMBER[e.cards[0]], 0) for e in row]  # symbols count 0
        seats = [e.seat for e, v in zip(row, values, strict=True) if v == max(values)]
    assert len(seats) == 1
    assert of_kind(game.setup_events, "dealer")[0].seat == seats[0] == game.dealer


@pytest.mark.parametrize(("selection", "draws"), [("highest_card", True), ("random", False)])
def test_c1_dealer_selection_option(selection: str, draws: bool) -> None:
    game = uv.new_game(f"classic+dealer_selection={selection}", 4, seed_with_dealer_tie())
    assert ("dealer_draw" in kinds(game.setup_events)) is draws
    assert of_kind(game.setup_events, "dealer")[0].seat == game.dealer


def test_dealer_given_by_the_match_skips_selection() -> None:
    game = uv.new_game("classic", 4, 3, dealer=2)
    assert "dealer_draw" not in kinds(game.setup_events)
    assert game.dealer == 2


# -- §1.2.2: dealing, player counts ----------------------------------------------------


@pytest.mark.parametrize("players", [2, 10])
def test_deal_seven_cards_each_for_two_to_ten_players(players: int) -> None:
    game = uv.new_game("classic", players, 5)
    assert [len(h) for h in game.hands] == [7] * players
    assert len(game.all_cards()) == 108
    assert game.phase in (Phase.TURN, Phase.PENALTY, Phase.COLOR)


@pytest.mark.parametrize("players", [1, 11])
def test_player_count_outside_two_to_ten_is_refused(players: int) -> None:
    with pytest.raises(uv.BadPlayerCount):
        uv.new_game("classic", players, 0)


def test_ten_players_reverse_changes_direction_not_skip() -> None:
    hands = " | ".join(["RR G1 G2"] + [f"Y{n} B{n}" for n in range(1, 10)])
    game = uv.position(f"hands: {hands}; top: R5; turn: 0")
    game.apply(0, "RR")
    assert game.direction == -1 and game.turn == 9


# -- C-6: the first-card table, dealer 0 of 4 (left(d) = 1, right(d) = 3) -----------------

MODES = ("mattel_current", "mattel_old", "seed_as_dealer")


def first_card_game(mode: str, kind: str) -> uv.Game:
    seed = seed_with_first_starter("classic", kind)
    return uv.new_game(f"classic+classic.first_card={mode}", 4, seed, dealer=0)


@pytest.mark.parametrize("mode", MODES)
def test_c6_first_card_number_left_of_dealer_starts(mode: str) -> None:
    game = first_card_game(mode, "number")
    assert game.turn == 1 and game.phase == Phase.TURN and game.direction == 1


@pytest.mark.parametrize("mode", MODES)
def test_c6_first_card_skip_left_of_dealer_is_skipped(mode: str) -> None:
    game = first_card_game(mode, "S")
    assert of_kind(game.setup_events, "skip")[0].seat == 1
    assert game.turn == 2 and game.phase == Phase.TURN and game.direction == 1


@pytest.mark.parametrize(
    ("mode", "starts"),
    [("mattel_current", 0), ("mattel_old", 3), ("seed_as_dealer", 3)],
    ids=["current_dealer_starts", "old_right_of_dealer", "seed_right_of_dealer"],
)
def test_c6_first_card_reverse(mode: str, starts: int) -> None:
    game = first_card_game(mode, "R")
    assert game.direction == -1
    assert game.turn == starts and game.phase == Phase.TURN


@pytest.mark.parametrize("mode", MODES)
def test_c6_first_card_draw_two_left_of_dealer_takes_two_and_loses_turn(mode: str) -> None:
    game = first_card_game(mode, "+2")
    assert game.turn == 1 and game.windows() == (Window("penalty", 1),)
    assert legal(game, 1) == {"take"}
    game.apply(1, "take")
    assert len(game.hands[1]) == 9
    assert game.turn == 2


@pytest.mark.parametrize(
    ("mode", "declarer"),
    [("mattel_current", 1), ("seed_as_dealer", 0)],
    ids=["current_left_of_dealer_declares", "seed_dealer_declares"],
)
def test_c6_first_card_wild_colour_then_left_of_dealer_plays(mode: str, declarer: int) -> None:
    game = first_card_game(mode, "W")
    assert starters(game)[-1] == "W"
    assert game.windows() == (Window("color", declarer),)
    assert legal(game, declarer) == {"color:R", "color:Y", "color:G", "color:B"}
    game.apply(declarer, "color:G")
    assert active_color(game) == "G"
    assert game.turn == 1 and game.phase == Phase.TURN


@pytest.mark.parametrize(
    ("mode", "declarer"), [("mattel_current", 1), ("seed_as_dealer", 0)], ids=["current", "seed"]
)
def test_c6_first_card_wild_matches_only_its_declared_colour(mode: str, declarer: int) -> None:
    """P1 after a Wild turned first: the colour declared, never a number (the first player
    holds a non-green 2 here)."""
    for seed in range(20_000):
        game = uv.new_game(f"classic+classic.first_card={mode}", 4, seed, dealer=0)
        twos = [c for c in game.hands[1] if CARD_NUMBER[c] == 2 and CARD_TEXT[c][0] != "G"]
        if starters(game) == ["W"] and twos:
            break
    else:
        raise AssertionError("no seed turns a Wild first with a 2 in the first hand")
    game.apply(declarer, "color:G")
    plays = {a.card for a in game.legal_actions(1) if a.kind == uv.Kind.PLAY}
    expected = {c for c in game.hands[1] if CARD_IS_WILD[c] or CARD_TEXT[c][0] == "G"}
    assert plays == expected


def test_c6_first_card_wild_returned_under_mattel_old() -> None:
    game = first_card_game("mattel_old", "W")
    assert starters(game)[0] == "W"
    assert "starter_returned" in kinds(game.setup_events)
    assert not CARD_IS_WILD[game.top]
    assert game.phase != Phase.COLOR


@pytest.mark.parametrize("mode", MODES)
def test_c6_first_card_wild_draw_four_returned_and_another_turned(mode: str) -> None:
    game = first_card_game(mode, "W+4")
    assert starters(game)[0] == "W+4"
    returned = of_kind(game.setup_events, "starter_returned")
    assert CARD_TEXT[returned[0].cards[0]] == "W+4"
    assert kind_code(game.top) != "W+4"
    assert len(game.all_cards()) == 108


# -- C-2: a blank or modern wild as the first card is a plain Wild ------------------------


@pytest.mark.parametrize(
    ("deck_option", "kind"),
    [("112_modern", "WSH"), ("112_modern", "WCU"), ("112_blank", "WBK")],
)
@pytest.mark.parametrize(
    ("mode", "declarer"),
    [("mattel_current", 1), ("seed_as_dealer", 0), ("mattel_old", None)],
)
def test_c2_modern_wild_first_card_is_treated_as_a_plain_wild(
    deck_option: str, kind: str, mode: str, declarer: int | None
) -> None:
    preset = f"classic+classic.deck={deck_option}"
    seed = seed_with_first_starter(preset, kind)
    game = uv.new_game(f"{preset}+classic.first_card={mode}", 4, seed, dealer=0)
    deals = {e.seat: sorted(e.cards) for e in of_kind(game.setup_events, "deal")}
    if declarer is None:  # mattel_old: returned to the deck
        assert "starter_returned" in kinds(game.setup_events)
        assert not CARD_IS_WILD[game.top]
        return
    assert starters(game) == [kind]
    assert game.windows() == (Window("color", declarer),)
    events = game.apply(declarer, "color:Y")
    assert "shuffle_hands" not in kinds(events)
    assert {s: sorted(h) for s, h in enumerate(game.hands)} == deals  # no hand effect
    assert game.turn == 1 and active_color(game) == "Y"
    assert kind_code(game.top) == kind  # the card stays; it only counts as a Wild


def test_c2_blank_copy_top_first_card_is_a_plain_wild() -> None:
    preset = "classic+classic.deck=112_blank+classic.blank_mode=copy_top"
    seed = seed_with_first_starter("classic+classic.deck=112_blank", "WBK")
    game = uv.new_game(preset, 4, seed, dealer=0)
    assert game.windows() == (Window("color", 1),)


# -- U-C-7: the first Draw Two's penalty ------------------------------------------------


def test_u_c_7_first_draw_two_is_the_first_players_own_take_with_no_source() -> None:
    game = first_card_game("mattel_current", "+2")
    pending = game.view(1).pending
    assert pending is not None
    assert (pending.amount, pending.target, pending.source) == (2, 1, -1)
    assert not pending.challengeable
    assert len(game.hands[1]) == 7  # nothing drawn until the take


@pytest.mark.parametrize(
    "preset",
    [
        "classic+classic.blank_mode=copy_top",  # no blank cards in the 108 deck
        "classic+challenge_elimination=500",  # needs scoring=lowest_total
    ],
)
def test_options_that_cannot_mean_anything_are_refused(preset: str) -> None:
    with pytest.raises(uv.OptionConflict):
        uv.new_game(preset, 4, 0)
