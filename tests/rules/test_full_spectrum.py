"""RULES.md §4: UNO Full Spectrum. The 8-colour decks, the chromatic step, Skip All and +3,
the first-card table, the end of round and scoring, the three modes (Seven-0, Progressive,
jump-in), the resolutions FS-0 to FS-15, §7.3 scenarios 7 and 8, and the decisions U-F-n
of docs/rules/full-spectrum.md.

Colour letters in the chromatic order: R O Y G T B V P (red, orange, yellow, green,
turquoise, blue, purple, pink). Every coloured card of both decks is unique, so a position
holds each one at most once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

import unoverse as uv
from unoverse import Phase
from unoverse.core.cards import CARD_TEXT, COLOR_LETTERS
from unoverse.core.codec import state_hash
from unoverse.core.setup import resolve_preset
from unoverse.core.windows import Window
from unoverse.match.match import Scorer, play_match
from unoverse.variants import full_spectrum

from .conftest import (
    active_color,
    cards,
    hand,
    kinds,
    legal,
    of_kind,
    seed_with_first_starter,
    starters,
    texts,
    top,
)

ORDER = "ROYGTBVP"
SIX = "ROYGBV"  # the fan deck's colours with a 0, a Skip and a +2
TWO = "TP"  # the fan deck's colours with a Skip All and a +3
WILD_DECLARES = {f"W:{c}" for c in ORDER}


def fs(body: str, options: str = "") -> uv.Game:
    """A Full Spectrum position (``options``: ``+name=value`` house rules and switches)."""
    return uv.position(f"fs{options}; {body}")


def succ(color: str) -> str:
    return ORDER[(ORDER.index(color) + 1) % 8]


def pred(color: str) -> str:
    return ORDER[(ORDER.index(color) - 1) % 8]


def plays(game: uv.Game, seat: int) -> set[str]:
    """The cards ``seat`` is offered to play (whatever colour it declares)."""
    return {CARD_TEXT[a.card] for a in game.legal_actions(seat) if a.kind is uv.Kind.PLAY}


def jumps(game: uv.Game, seat: int) -> set[str]:
    return {str(a) for a in game.legal_actions(seat) if a.kind is uv.Kind.JUMP}


def skipped(events: list[uv.Event]) -> list[int | None]:
    return [e.seat for e in of_kind(events, "skip")]


def deck(preset: str = "fs") -> Counter[str]:
    return Counter(CARD_TEXT[c] for c in uv.new_game(preset, 4, 1).all_cards())


def refused(game: uv.Game, seat: int | None, act: str, error: type[uv.UnoverseError]) -> None:
    """``act`` raises ``error`` and leaves the state exactly as it was."""
    before = state_hash(game)
    with pytest.raises(error):
        game.apply(seat, act)
    assert state_hash(game) == before


# -- §4.2 the deck (FS-14, FS-15) --------------------------------------------------------


def test_fs_15_fan_112_deck_composition() -> None:
    counts = deck()
    assert sum(counts.values()) == 112
    assert len(uv.new_game("fs", 4, 1).rules.deck) == 112
    for color in SIX:
        wanted = [*(str(n) for n in range(10)), "S", "R", "+2"]
        assert all(counts[f"{color}{k}"] == 1 for k in wanted), color
        assert sum(n for c, n in counts.items() if c[0] == color) == 13
        assert counts[f"{color}SA"] == 0 and counts[f"{color}+3"] == 0
    for color in TWO:
        wanted = [*(str(n) for n in range(1, 10)), "R", "SA", "+3"]
        assert all(counts[f"{color}{k}"] == 1 for k in wanted), color
        assert sum(n for c, n in counts.items() if c[0] == color) == 12
        # turquoise and pink have no 0, no Skip and no +2
        assert counts[f"{color}0"] == counts[f"{color}S"] == counts[f"{color}+2"] == 0
    assert counts["W"] == 6 and counts["W+4"] == 4


def test_deck_points_numbers_face_value_symbols_20_wilds_50() -> None:
    game = uv.new_game("fs", 4, 1)
    points = {CARD_TEXT[c]: game.rules.points[c] for c in game.all_cards()}
    for text, value in points.items():
        if text in ("W", "W+4"):
            assert value == 50, text
        elif text[1:].isdigit():
            assert value == int(text[1:]), text
        else:
            assert value == 20, text  # Skip, Reverse, +2, Skip All, +3
    assert points["TSA"] == points["P+3"] == points["R+2"] == points["VS"] == 20
    assert sum(game.rules.points[c] for c in game.all_cards()) == (
        6 * 45 + 2 * 45 + 6 * 3 * 20 + 2 * 3 * 20 + 10 * 50
    )


def test_symmetric_128_deck_has_15_cards_in_every_colour() -> None:
    counts = deck("fs+full_spectrum.deck=symmetric_128")
    assert sum(counts.values()) == 128
    for color in ORDER:
        wanted = [*(str(n) for n in range(10)), "S", "R", "+2", "SA", "+3"]
        assert all(counts[f"{color}{k}"] == 1 for k in wanted), color
        assert sum(n for c, n in counts.items() if c[0] == color) == 15
    assert counts["W"] == 4 and counts["W+4"] == 4


def test_fs_14_plus_two_plus_three_and_skip_all_are_coloured() -> None:
    game = fs("hands: T+3 TSA R+2 O1 | G1 G2 | Y2; top: T5@2; turn: 0")
    assert plays(game, 0) == {"T+3", "TSA"}  # colour rules apply; R+2 does not play on T
    assert "T+3" in legal(game, 0) and not any(a.startswith("T+3:") for a in legal(game, 0))
    refused(game, 0, "T+3:G", uv.IllegalAction)  # a coloured card declares nothing
    refused(game, 0, "R+2", uv.IllegalAction)


def test_u_f_1_the_guide_card_is_text_never_a_card() -> None:
    assert "R → O → Y → G → T → B → V → P → R" in full_spectrum.GUIDE
    with pytest.raises(uv.NotationError):
        uv.card("Guide")
    game = uv.new_game("fs", 4, 5)
    start = texts(game.all_cards())
    assert len(start) == 112 and start == sorted(deck().elements())
    playout(game)
    assert texts(game.all_cards()) == start  # nothing joined the deck, hands or piles


def test_fs_0_the_variant_is_full_spectrum_under_every_alias() -> None:
    names = {uv.get_variant(a).name for a in ("full_spectrum", "fs", "spectrum", "full-spectrum")}
    assert names == {"full_spectrum"}
    assert "Full Spectrum" in uv.get_variant("fs").title
    with pytest.raises(uv.UnknownVariant):
        uv.new_game("flex_spectrum", 4, 1)  # the seed's "FLEX" is a slip, not a name


def test_fs_13_eight_colour_letters_and_a_step_needs_no_other_match() -> None:
    game = uv.new_game("fs", 4, 1)
    assert "".join(COLOR_LETTERS[c] for c in game.rules.colors) == ORDER
    # "aunque no coincida en número o color exacto": neither number nor colour matches
    position = fs("hands: Y9 YS R1 | G1 G2 | B2; top: O4@2; turn: 0")
    assert plays(position, 0) == {"Y9", "YS"}


# -- §4.3 the colour order (FS-1) --------------------------------------------------------


def free_hand(*used: str) -> str:
    """Two small hands (seats 1 and 2) of cards in colours not in ``used``."""
    spare = [c for c in ORDER if c not in used]
    return f"{spare[0]}8 {spare[0]}9 | {spare[1]}8"


@pytest.mark.parametrize("color", ORDER)
def test_fs_1_the_next_colour_plays_never_the_previous_and_pink_wraps_to_red(color: str) -> None:
    nxt, prev = succ(color), pred(color)
    others = free_hand(color, nxt, prev)
    game = fs(f"hands: {nxt}3 {prev}2 | {others}; top: {color}5@2; turn: 0")
    assert plays(game, 0) == {f"{nxt}3"}
    refused(game, 0, f"{prev}2", uv.IllegalAction)
    game.apply(0, f"{nxt}3")
    assert active_color(game) == nxt and game.turn == 1


def test_fs_1_wrap_red_after_pink() -> None:
    game = fs("hands: R9 V9 T9 | G1 G2 | Y2; top: P4@2; turn: 0")
    assert plays(game, 0) == {"R9"}


def test_wrap_false_pink_is_a_dead_end() -> None:
    body = "hands: R9 P7 O4 V1 | G1 G2 | Y2; top: P4@2; turn: 0"
    assert plays(fs(body), 0) == {"R9", "P7", "O4"}
    game = fs(body, "+full_spectrum.wrap=false")
    assert plays(game, 0) == {"P7", "O4"}  # red no longer follows pink
    refused(game, 0, "R9", uv.IllegalAction)
    # purple still steps to pink
    assert plays(
        fs("hands: P7 R1 | G1 G2 | Y2; top: V4@2; turn: 0", "+full_spectrum.wrap=false"), 0
    ) == {"P7"}


def test_bidirectional_the_previous_colour_plays_too_and_wraps() -> None:
    body = "hands: P9 O5 V3 B1 | G1 G2 | Y2; top: R4@2; turn: 0"
    assert plays(fs(body), 0) == {"O5"}
    assert plays(fs(body, "+full_spectrum.bidirectional=true"), 0) == {"O5", "P9"}  # pink on red
    on_pink = "hands: R9 V3 O5 | G1 G2 | Y2; top: P4@2; turn: 0"
    assert plays(fs(on_pink, "+full_spectrum.bidirectional=true"), 0) == {"R9", "V3"}


def test_u_f_9_bidirectional_without_wrap_has_no_step_across_pink_and_red() -> None:
    options = "+full_spectrum.bidirectional=true+full_spectrum.wrap=false"
    assert plays(fs("hands: P9 O5 V3 | G1 G2 | Y2; top: R4@2; turn: 0", options), 0) == {"O5"}
    assert plays(fs("hands: R9 V3 O5 | G1 G2 | Y2; top: P4@2; turn: 0", options), 0) == {"V3"}


# -- §4.5 legal play (FS-12), checked exhaustively ---------------------------------------


def expected_legal(card: str, top_card: str, active: str, *, wrap: bool, bidir: bool) -> bool:
    """RULES.md §4.5, written out independently of the engine."""
    if card.startswith("W"):
        return True
    color, kind = card[0], card[1:]
    steps = set()
    i = ORDER.index(active)
    if wrap or i < 7:
        steps.add(ORDER[(i + 1) % 8])
    if bidir and (wrap or i > 0):
        steps.add(ORDER[(i - 1) % 8])
    same_kind = not top_card.startswith("W") and top_card[1:] == kind
    return color == active or color in steps or same_kind


SWITCHES = [
    ("", True, False),
    ("+full_spectrum.wrap=false", False, False),
    ("+full_spectrum.bidirectional=true", True, True),
    ("+full_spectrum.bidirectional=true+full_spectrum.wrap=false", False, True),
]


@pytest.mark.parametrize("deck_name", ["fan_112", "symmetric_128"])
@pytest.mark.parametrize(("switches", "wrap", "bidir"), SWITCHES)
def test_fs_12_legal_actions_match_section_4_5_for_every_top_card(
    deck_name: str, switches: str, wrap: bool, bidir: bool
) -> None:
    """Seat 0 holds every card but the top and one Wild; its offered plays are exactly the
    cards §4.5 allows: wilds, the active colour, the next colour, the same number or symbol
    (after a wild: only the colour, the next colour, wilds)."""
    options = f"+full_spectrum.deck={deck_name}{switches}"
    full = deck(f"fs{options}")
    tops = [c for c in full if not c.startswith("W")]
    tops += [f"{w}:{c}" for w in ("W", "W+4") for c in ORDER]
    for top_text in tops:
        top_card, _, declared = top_text.partition(":")
        rest = full.copy()
        rest.subtract([top_card, "W"])
        held = sorted(rest.elements())
        game = fs(f"hands: {' '.join(held)} | W; top: {top_text}@1; turn: 0", options)
        active = declared or top_card[0]
        want = {c for c in held if expected_legal(c, top_card, active, wrap=wrap, bidir=bidir)}
        assert plays(game, 0) == want, top_text
        assert {c for c in held if game.matches(uv.card(c))} == want, top_text


def test_fs_12_the_step_works_for_numbers_and_actions_whatever_the_value() -> None:
    game = fs("hands: O3 OS OR O+2 Y7 B7 | G1 G2 | T2; top: R7@2; turn: 0")
    # "Una carta naranja" on a red 7; any 7 by number
    assert plays(game, 0) == {"O3", "OS", "OR", "O+2", "Y7", "B7"}
    on_skip = fs("hands: O5 GS Y1 | G1 G2 | T2; top: RS@2; turn: 0")
    assert plays(on_skip, 0) == {"O5", "GS"}


def test_same_symbol_plays_across_colours() -> None:
    game = fs("hands: PSA P+3 PR B9 | G1 G2 | Y2; top: TSA@2; turn: 0")
    assert plays(game, 0) == {"PSA", "B9"}  # Skip All on Skip All; blue is turquoise's next
    game = fs("hands: PSA P+3 PR Y9 | G1 G2 | O2; top: T+3@2; turn: 0")
    assert plays(game, 0) == {"P+3"}
    game = fs("hands: PSA P+3 PR Y9 | G1 G2 | O2; top: RR@2; turn: 0")
    assert plays(game, 0) == {"PR"}


def test_after_a_wild_only_the_active_colour_its_next_colour_or_wilds() -> None:
    game = fs("hands: G9 T9 Y9 B9 W W+4 G+2 | R1 R2 | O2; top: W:G@2; turn: 0")
    assert plays(game, 0) == {"G9", "T9", "G+2", "W", "W+4"}
    assert {a for a in legal(game, 0) if a.startswith("W:")} == WILD_DECLARES


@pytest.mark.parametrize(
    ("drawn", "playable"), [("O7", True), ("R2", True), ("Y4", True), ("P7", False), ("Y7", False)]
)
def test_the_drawn_card_follows_the_same_test(drawn: str, playable: bool) -> None:
    """Top R4: orange (the next colour), red and any 4 play; pink (the previous) and yellow
    (two steps on) do not."""
    game = fs(f"hands: B1 B2 | G1 G2 | T2; top: R4; draw: V9 {drawn}; turn: 0")
    game.apply(0, "draw")
    assert hand(game, 0) == cards(f"B1 B2 {drawn}")
    if playable:
        assert game.windows() == (Window("drawn", 0),)
        assert legal(game, 0) == {drawn, "pass"}
        game.apply(0, drawn)
        assert top(game) == drawn and game.turn == 1
    else:
        assert game.windows() == (Window("turn", 1),)


def test_fs_11_draw_with_a_playable_card_then_play_the_drawn_card_at_once() -> None:
    game = fs("hands: O1 B2 | G1 G2 | T2; top: R4; draw: Y9 O8; turn: 0")
    assert "O1" in legal(game, 0) and "draw" in legal(game, 0)  # a voluntary draw (§4.6)
    game.apply(0, "draw")
    assert legal(game, 0) == {"O8", "pass"}  # only the drawn card (O1 no longer)
    refused(game, 0, "O1", uv.IllegalAction)
    game.apply(0, "O8")
    assert top(game) == "O8" and game.turn == 1


def test_scenario_7_pink_4_red_9_legal_purple_9_illegal_any_4_legal() -> None:
    fours = "R4 O4 Y4 G4 T4 B4 V4"
    game = fs(f"hands: R9 V9 {fours} | G1 G2 | Y2 B9; top: P4@2; turn: 0")
    assert plays(game, 0) == {"R9", *fours.split()}
    refused(game, 0, "V9", uv.IllegalAction)
    game.apply(0, "R9")
    assert top(game) == "R9" and active_color(game) == "R"


# -- +4 legality and the challenge (FS-3, P5) ----------------------------------------


def test_fs_3_a_next_colour_card_or_a_number_match_leaves_the_wd4_legal() -> None:
    """Top R5; seat 0 holds O3 (red's next colour) and G5 (the same number), no red."""
    game = fs("hands: W+4 O3 G5 | G1 G2 | Y2; top: R5@2; turn: 0")
    assert {a for a in legal(game, 0) if a.startswith("W+4:")} == {f"W+4:{c}" for c in ORDER}
    game.apply(0, "W+4:B")
    assert game.windows() == (Window("challenge", 1),)
    events = game.apply(1, "challenge")
    assert not of_kind(events, "challenge")[0].guilty
    assert len(game.hands[1]) == 2 + 6 and game.turn == 2  # challenger +6, loses the turn
    assert len(game.hands[0]) == 2 and active_color(game) == "B"


def test_fs_3_a_card_of_the_active_colour_makes_it_illegal_guilty() -> None:
    game = fs("hands: W+4 R3 | G1 G2 | Y2; top: R5@2; turn: 0")
    game.apply(0, "W+4:B")  # accepted: bluffing is part of the game
    events = game.apply(1, "challenge")
    assert of_kind(events, "challenge")[0].guilty
    assert len(game.hands[0]) == 1 + 4 and len(game.hands[1]) == 2
    # the challenger plays on, against the declared colour
    assert game.windows() == (Window("turn", 1),) and active_color(game) == "B"
    assert top(game) == "W+4"


def test_fs_3_take_the_next_seat_draws_four_and_loses_the_turn() -> None:
    game = fs("hands: W+4 R3 R4 | G1 G2 | Y2; top: R5@2; turn: 0")
    game.apply(0, "W+4:T")
    assert legal(game, 1) == {"take", "challenge"}
    game.apply(1, "take")
    assert len(game.hands[1]) == 6 and game.turn == 2 and active_color(game) == "T"


@pytest.mark.parametrize(("options", "legal_"), [("", True), ("+wd4_wilds_block", False)])
def test_wd4_wilds_block_is_off_by_default(options: str, legal_: bool) -> None:
    game = fs("hands: W+4 W G3 | G1 G2 | Y2; top: R5@2; turn: 0", options)
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    assert of_kind(events, "challenge")[0].guilty is not legal_


# -- §4.7 card effects ------------------------------------------------------------------


def test_fs_4_skip_all_skips_every_other_seat_and_the_player_takes_a_full_turn() -> None:
    game = fs("hands: TSA B1 R2 | G1 G2 | Y2 Y3 | O1 O2; top: T5@3; turn: 0")
    events = game.apply(0, "TSA")
    assert skipped(events) == [1, 2, 3]
    assert game.windows() == (Window("turn", 0),) and game.phase == Phase.TURN
    assert plays(game, 0) == {"B1"} and "draw" in legal(game, 0)  # a normal turn: play…
    game.apply(0, "B1")
    assert game.turn == 1  # … and play goes on from the player


def test_fs_4_the_extra_turn_may_be_a_draw_and_the_drawn_card_played() -> None:
    game = fs("hands: TSA R1 R2 | G1 G2 | Y2 Y3; top: T5@2; draw: O9 B8; turn: 0")
    game.apply(0, "TSA")
    game.apply(0, "draw")
    assert game.windows() == (Window("drawn", 0),) and legal(game, 0) == {"B8", "pass"}
    game.apply(0, "pass")
    assert game.turn == 1


def test_fs_4_skip_all_may_chain() -> None:
    game = fs("hands: TSA PSA R1 R2 | G1 G2 | Y2 Y3; top: T5@2; turn: 0")
    assert skipped(game.apply(0, "TSA")) == [1, 2]
    assert plays(game, 0) == {"PSA"}  # Skip All on Skip All
    assert skipped(game.apply(0, "PSA")) == [1, 2]
    assert game.turn == 0 and plays(game, 0) == {"R1", "R2"}  # red follows pink


def test_skip_all_counter_clockwise_skips_in_the_direction_of_play() -> None:
    game = fs("hands: TSA B1 R2 | G1 G2 | Y2 Y3 | O1 O2; top: T5@1; direction: ccw; turn: 0")
    assert skipped(game.apply(0, "TSA")) == [3, 2, 1]
    assert game.turn == 0 and game.direction == -1


def test_fs_4_with_two_players_skip_all_behaves_as_skip() -> None:
    skip_all = fs("hands: TSA R1 R2 | G1 G2; top: T5@1; turn: 0")
    skip = fs("hands: RS R1 R2 | G1 G2; top: R5@1; turn: 0")
    e_all, e_skip = skip_all.apply(0, "TSA"), skip.apply(0, "RS")
    assert skipped(e_all) == skipped(e_skip) == [1]
    assert skip_all.windows() == skip.windows() == (Window("turn", 0),)


def test_skip_all_as_the_last_card_ends_the_round() -> None:
    game = fs("hands: PSA | G1 G2 | Y2 Y3; top: V5@2; turn: 0")
    events = game.apply(0, "PSA")
    assert game.over and game.winner == 0 and "skip" not in kinds(events)
    assert of_kind(events, "round_over")[0].count == 1 + 2 + 2 + 3


@pytest.mark.parametrize(("card", "top_card", "amount"), [("R+2", "R5", 2), ("T+3", "T5", 3)])
def test_plus_two_and_plus_three_the_next_seat_takes_and_loses_the_turn(
    card: str, top_card: str, amount: int
) -> None:
    game = fs(f"hands: {card} Y1 Y3 | G1 G2 | O2 O3; top: {top_card}@2; turn: 0")
    game.apply(0, card)
    assert game.windows() == (Window("penalty", 1),)
    assert game.legal_actions(1) == (uv.action("take"),)  # E-1: the victim's own take
    refused(game, 1, "challenge", uv.IllegalAction)  # only a +4 may be challenged
    events = game.apply(1, "take")
    assert of_kind(events, "take")[0].count == amount
    assert len(game.hands[1]) == 2 + amount and game.windows() == (Window("turn", 2),)


def test_plus_three_with_two_players_play_comes_back() -> None:
    game = fs("hands: P+3 Y1 Y3 | G1 G2; top: P5@1; turn: 0")
    game.apply(0, "P+3")
    game.apply(1, "take")
    assert len(game.hands[1]) == 5 and game.turn == 0


def test_skip_the_next_seat_loses_the_turn() -> None:
    game = fs("hands: GS Y1 Y3 | B1 B2 | O2 O3; top: G5@2; turn: 0")
    assert skipped(game.apply(0, "GS")) == [1]
    assert game.turn == 2


@pytest.mark.parametrize(("players", "turn", "direction"), [(3, 2, -1), (2, 0, 1)])
def test_reverse_changes_the_direction_two_players_acts_as_skip(
    players: int, turn: int, direction: int
) -> None:
    hands = ["PR Y1 Y3", "B1 B2", "O2 O3"][:players]
    game = fs(f"hands: {' | '.join(hands)}; top: P5@1; turn: 0")
    game.apply(0, "PR")
    assert game.turn == turn and game.direction == direction


def test_color_declares_any_colour_including_the_current_one() -> None:
    body = "hands: W Y1 Y3 | T1 B1 | O2 O3; top: G5@2; turn: 0"
    game = fs(body)
    assert {a for a in legal(game, 0) if a.startswith("W:")} == WILD_DECLARES
    game.apply(0, "W:G")  # the current colour
    assert active_color(game) == "G" and game.turn == 1
    assert plays(game, 1) == {"T1"}  # turquoise follows green; blue does not
    game = fs(body)
    game.apply(0, "W:T")
    assert plays(game, 1) == {"T1", "B1"}  # blue follows turquoise


def test_uno_catch_costs_two_cards() -> None:
    game = fs("hands: R1 R2 | G1 G2 | Y2 Y3; top: R5@2; draw: B5 B6 B7; turn: 0")
    game.apply(0, "R1")
    assert Window("uno", 0) in game.windows()
    events = game.apply(2, "catch:0")
    assert of_kind(events, "catch")[0].count == 2
    assert hand(game, 0) == cards("R2 B7 B6")


# -- §4.4 setup and the first card (FS-2) ------------------------------------------------


def first(kind: str, players: int = 4) -> uv.Game:
    return uv.new_game("fs", players, seed_with_first_starter("fs", kind, players, 0), dealer=0)


def test_setup_deals_seven_each_left_of_the_dealer_starts_clockwise() -> None:
    game = first("number")
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]
    assert len(game.draw_pile) == 112 - 4 * 7 - 1
    assert game.windows() == (Window("turn", 1),) and game.direction == 1
    ten = uv.new_game("fs", 10, 1)
    assert [len(h) for h in ten.hands] == [7] * 10
    for bad in (1, 11):
        with pytest.raises(uv.BadPlayerCount):
            uv.new_game("fs", bad, 1)


def test_fs_2_first_color_left_of_the_dealer_declares_then_plays() -> None:
    game = first("W")
    assert game.windows() == (Window("color", 1),)
    assert legal(game, 1) == {f"color:{c}" for c in ORDER}
    refused(game, 2, "color:G", uv.NotYourWindow)
    game.apply(1, "color:T")
    assert active_color(game) == "T" and game.windows() == (Window("turn", 1),)


def test_fs_2_first_skip_left_of_the_dealer_is_skipped() -> None:
    game = first("S")
    assert skipped(game.setup_events) == [1]
    assert game.windows() == (Window("turn", 2),) and game.direction == 1


def test_fs_2_first_reverse_the_dealer_starts_counter_clockwise() -> None:
    game = first("R")
    assert game.windows() == (Window("turn", 0),) and game.direction == -1
    assert game.next_seat(0) == 3


@pytest.mark.parametrize(("kind", "amount"), [("+2", 2), ("+3", 3)])
def test_fs_2_first_draw_card_left_of_the_dealer_draws_and_loses_the_turn(
    kind: str, amount: int
) -> None:
    game = first(kind)
    assert game.windows() == (Window("penalty", 1),)
    assert game.legal_actions(1) == (uv.action("take"),)
    game.apply(1, "take")
    assert len(game.hands[1]) == 7 + amount and game.windows() == (Window("turn", 2),)


def test_fs_2_first_skip_all_the_dealer_plays_first() -> None:
    game = first("SA")
    assert skipped(game.setup_events) == [1, 2, 3]
    assert game.windows() == (Window("turn", 0),) and game.direction == 1


def test_u_f_3_first_skip_all_with_two_players_the_dealer_plays() -> None:
    game = first("SA", players=2)
    assert skipped(game.setup_events) == [1]
    assert game.windows() == (Window("turn", 0),)


def test_fs_2_first_wild_draw_four_goes_back_and_another_card_is_turned() -> None:
    game = first("W+4")
    turned = starters(game)
    assert turned[0] == "W+4" and len(turned) >= 2 and top(game) == turned[-1] != "W+4"
    assert "starter_returned" in kinds(game.setup_events)
    assert texts(game.all_cards()) == sorted(deck().elements())
    assert game.windows()[0].kind != "challenge"  # nobody faces the returned +4


# -- §4.8 end of round and scoring (FS-5) ------------------------------------------------


@pytest.mark.parametrize(
    ("card", "top_card", "amount"), [("R+2", "R5", 2), ("P+3", "V5", 3), ("W+4:G", "R5", 4)]
)
def test_fs_5_a_last_draw_card_is_still_taken_and_the_cards_count(
    card: str, top_card: str, amount: int
) -> None:
    game = fs(
        f"hands: {card.split(':')[0]} | G1 G2 | Y2 Y3; top: {top_card}@2; "
        "draw: B1 B2 B3 B4 B5; turn: 0",
        "+scoring=winner_takes",
    )
    game.apply(0, card)
    assert not game.over and game.windows()[0].seat == 1  # provisional: the victim answers
    events = game.apply(1, "take")
    drawn = [CARD_TEXT[c] for c in of_kind(events, "draw")[0].cards]
    assert game.over and game.winner == 0 and len(drawn) == amount
    points = 1 + 2 + sum(int(c[1]) for c in drawn) + 2 + 3
    assert game.round_points() == points == of_kind(events, "round_over")[0].count


def test_fs_5_a_last_wd4_innocent_challenge_ends_the_round_with_the_six_cards() -> None:
    game = fs("hands: W+4 | G1 G2 | Y2 Y3; top: R5@2; turn: 0", "+scoring=winner_takes")
    game.apply(0, "W+4:B")  # its last card: no other card held, so legal
    assert not game.over and game.windows() == (Window("challenge", 1),)
    events = game.apply(1, "challenge")
    assert not of_kind(events, "challenge")[0].guilty
    assert game.over and game.winner == 0 and len(game.hands[1]) == 2 + 6
    assert of_kind(events, "round_over")[0].count == game.round_points() > 1 + 2 + 2 + 3


def test_fs_5_a_last_wd4_guilty_challenge_resumes_the_round() -> None:
    """P5 as written (a position: a last card leaves no other card to make it illegal)."""
    game = fs("hands: - | G1 G2 | Y2 Y3; top: W+4:B@0; pending: challenge 4 illegal; turn: 1")
    assert not game.over
    events = game.apply(1, "challenge")
    assert of_kind(events, "challenge")[0].guilty
    assert not game.over and len(game.hands[0]) == 4 and game.windows() == (Window("turn", 1),)


def test_p3_an_empty_draw_pile_is_refilled_from_the_discard_pile() -> None:
    game = fs("hands: B1 B2 | G1 G2 | T2; top: R4; discard: R1 R2; draw: -; turn: 0")
    assert game.draw_pile == []
    events = game.apply(0, "draw")
    assert kinds(events)[:2] == ["reshuffle", "draw"]
    assert top(game) == "R4" and len(game.discard) == 1
    assert len(game.all_cards()) == 112


def scripted(
    rounds: list[tuple[int, tuple[str, ...]]],
) -> Callable[[uv.Game, int, int | None], None]:
    """A round player that ends each round with the scripted hands."""
    script = iter(rounds)

    def play(game: uv.Game, seed: int, dealer: int | None) -> None:
        winner, hands = next(script)
        game.hands = [uv.cards(h) for h in hands]
        game.winner = winner
        game.phase = Phase.OVER

    return play


def playout(game: uv.Game) -> None:
    """Play the round to its end: each turn the first offered play, else take, draw, pass
    or declare (RULES.md E-6: at most 20,000 actions)."""
    for _ in range(20_000):
        if game.over:
            return
        seat = game.turn
        offered = game.legal_actions(seat)
        moves = [a for a in offered if a.kind is uv.Kind.PLAY and not a.uno]
        moves += [a for a in offered if a.kind in (uv.Kind.TAKE, uv.Kind.DRAW, uv.Kind.PASS)]
        moves += [a for a in offered if a.kind is uv.Kind.COLOR]
        game.apply(seat, moves[0])
    raise AssertionError("the round did not end within 20,000 actions (E-6)")


def test_traditional_mode_scoring_none_is_a_single_round_by_default() -> None:
    _, options = resolve_preset("fs")
    assert options["scoring"] == "none"
    result = play_match("fs", 3, 1, scripted([(2, ("W W", "TSA P+3", "-"))]))
    assert result.winners == (2,) and result.rounds == 1 and result.scores == [0, 0, 0]


def test_points_mode_winner_takes_to_500() -> None:
    scorer = Scorer.for_rules(uv.new_game("fs+scoring=winner_takes", 3, 0).rules, 3)
    assert (scorer.scoring, scorer.target) == ("winner_takes", 500)
    rounds = [
        (1, ("W W W W W W", "-", "TSA P+3 R9")),  # 300 + 20 + 20 + 9 = 349
        (1, ("W+4 W+4", "-", "R+2 R1 G0")),  # 100 + 20 + 1 + 0 = 121: 470
        (0, ("-", "PR", "Y9")),  # seat 0: 29
        (1, ("O9 V1 TR", "-", "-")),  # 30: seat 1 reaches 500
    ]
    result = play_match("fs+scoring=winner_takes", 3, 1, scripted(rounds))
    assert result.scores == [29, 500, 0]
    assert result.winners == (1,) and result.rounds == 4


def test_points_mode_a_played_match_adds_each_rounds_points() -> None:
    won: list[tuple[int, int]] = []

    def play(game: uv.Game, seed: int, dealer: int | None) -> None:
        playout(game)
        won.append((game.winner, game.round_points()))

    result = play_match("fs+scoring=winner_takes", 3, 1, play)
    assert result.rounds == len(won) > 1
    for seat in range(3):
        assert result.scores[seat] == sum(p for w, p in won if w == seat)
    assert max(result.scores) >= 500 and result.winners == (won[-1][0],)
    assert sorted(result.scores)[-2] < 500


# -- §4.9 Seven-0 (FS-6, FS-7, C-4) ------------------------------------------------------

ZERO = "hands: O0 R1 R2 | G1 G2 | Y2 Y3 Y4 | B1; top: R5@3; turn: 0"


@pytest.mark.parametrize(
    ("direction", "source"), [("cw", {0: 3, 1: 0, 2: 1, 3: 2}), ("ccw", {0: 1, 1: 2, 2: 3, 3: 0})]
)
def test_seven_zero_a_0_passes_every_hand_to_the_next_seat(
    direction: str, source: dict[int, int]
) -> None:
    before = fs(f"{ZERO}; direction: {direction}", "+seven_zero")
    game = fs(f"{ZERO}; direction: {direction}", "+seven_zero")
    game.apply(0, "O0")
    before.hands[0].remove(uv.card("O0"))
    for seat, src in source.items():
        assert hand(game, seat) == hand(before, src)
    assert game.turn == (1 if direction == "cw" else 3)


def test_seven_zero_off_a_0_is_a_number() -> None:
    game = fs(ZERO)
    game.apply(0, "O0")
    assert hand(game, 0) == cards("R1 R2") and hand(game, 3) == cards("B1")


def test_fs_6_a_7_may_swap_with_a_chosen_seat_or_with_nobody() -> None:
    body = "hands: O7 R1 R2 | G1 G2 | Y2 Y3 Y4 | B1; top: R5@3; turn: 0"
    game = fs(body, "+seven_zero")
    assert {a for a in legal(game, 0) if a.startswith("O7")} == {
        "O7", "O7>1", "O7>2", "O7>3", "O7>3 uno"
    }  # fmt: skip
    game.apply(0, "O7>2")
    assert hand(game, 0) == cards("Y2 Y3 Y4") and hand(game, 2) == cards("R1 R2")
    nobody = fs(body, "+seven_zero")
    nobody.apply(0, "O7")  # "puede": no swap
    assert hand(nobody, 0) == cards("R1 R2") and nobody.turn == 1


@pytest.mark.parametrize("card", ["O0", "O7"])
def test_fs_7_a_0_or_7_as_the_last_card_ends_the_round_first(card: str) -> None:
    game = fs(f"hands: {card} | G1 G2 | Y2 Y3 Y4 | B1; top: R5@3; turn: 0", "+seven_zero")
    assert legal(game, 0) == {card, "draw"}  # a last 7 names nobody
    events = game.apply(0, card)
    assert game.over and game.winner == 0
    assert "rotate" not in kinds(events) and "swap" not in kinds(events)
    assert hand(game, 3) == cards("B1") and hand(game, 0) == []


def test_c4_hands_changed_by_seven_zero_open_no_uno_window() -> None:
    game = fs(ZERO, "+seven_zero")
    game.apply(0, "O0")
    assert hand(game, 0) == cards("B1") and game.windows() == (Window("turn", 1),)
    refused(game, 2, "catch:0", uv.NotYourWindow)
    swap = fs("hands: O7 R1 R2 | G1 G2 | Y2 Y3 Y4 | B1; top: R5@3; turn: 0", "+seven_zero")
    swap.apply(0, "O7>3")
    assert hand(swap, 0) == cards("B1") and swap.windows() == (Window("turn", 1),)


# -- §4.9 Progressive (FS-8, FS-9) -------------------------------------------------------

PROG = "+stacking=progressive"
CHAIN = "hands: R+2 R1 R3 | T+3 G4 G5 | W+4 T7 B1 | Y1 Y2 V+2; top: R5@3; turn: 0"


def test_fs_8_any_draw_card_answers_any_draw_card_no_colour_matching() -> None:
    game = fs("hands: R+2 R1 R3 | T+3 P+3 V+2 W+4 R4 | Y1 Y2; top: R5@2; turn: 0", PROG)
    game.apply(0, "R+2")
    answers = {a for a in legal(game, 1) if a != "take"}
    assert answers == {"T+3", "P+3", "V+2", *(f"W+4:{c}" for c in ORDER)}
    refused(game, 1, "R4", uv.IllegalAction)  # red, but not a draw card
    off = fs("hands: R+2 R1 R3 | T+3 P+3 V+2 W+4 R4 | Y1 Y2; top: R5@2; turn: 0")
    off.apply(0, "R+2")
    assert off.legal_actions(1) == (uv.action("take"),)
    refused(off, 1, "V+2", uv.IllegalAction)


def test_progressive_totals_add_and_the_first_seat_that_does_not_answer_draws_them_all() -> None:
    game = fs(CHAIN.replace("T7", "B7"), PROG)
    game.apply(0, "R+2")
    game.apply(1, "T+3")
    game.apply(2, "W+4:G")
    assert game.windows()[0] == Window("challenge", 3) and game.pen_amount == 9
    assert "V+2" in plays(game, 3)  # it could go on, but will not
    game.apply(3, "take")
    assert len(game.hands[3]) == 3 + 9 and game.windows() == (Window("turn", 0),)


def test_progressive_one_draw_card_per_turn() -> None:
    game = fs("hands: R+2 R1 R3 | T+3 P+3 G4 | Y1 Y2; top: R5@2; turn: 0", PROG)
    game.apply(0, "R+2")
    game.apply(1, "T+3")
    assert game.windows() == (Window("penalty", 2),) and game.pen_amount == 5
    refused(game, 1, "P+3", uv.NotYourWindow)  # the chain has passed on
    assert legal(game, 2) == {"take"}  # seat 2 holds no draw card: it cannot continue
    game.apply(2, "take")
    assert len(game.hands[2]) == 2 + 5 and game.windows() == (Window("turn", 0),)


def test_progressive_a_last_wd4s_declared_colour_stands() -> None:
    game = fs(CHAIN.replace("T7", "B7"), PROG)
    game.apply(0, "R+2")
    game.apply(1, "T+3")
    game.apply(2, "W+4:G")
    game.apply(3, "take")
    assert active_color(game) == "G" and top(game) == "W+4"
    assert plays(game, 0) == set()  # red is not green or turquoise


def test_scenario_8_progressive_plus_two_plus_three_then_an_illegal_wd4_offender_draws_9() -> None:
    game = fs(CHAIN, PROG)
    game.apply(0, "R+2")
    game.apply(1, "T+3")  # no colour matching inside the chain
    game.apply(2, "W+4:G")  # seat 2 holds T7, of the active colour (turquoise)
    assert game.pen_amount == 2 + 3 + 4
    events = game.apply(3, "challenge")
    assert of_kind(events, "challenge")[0].guilty
    assert of_kind(events, "draw")[0].seat == 2 and of_kind(events, "draw")[0].count == 9
    assert len(game.hands[2]) == 2 + 9 and len(game.hands[3]) == 3
    # the chain ends; the challenger takes a normal turn against the declared colour
    assert game.windows() == (Window("turn", 3),) and active_color(game) == "G"


def test_going_out_on_a_draw_card_ends_the_chain_the_next_seat_takes_the_total() -> None:
    game = fs("hands: R+2 R1 R3 | T+3 | V+2 Y2; top: R5@2; turn: 0", PROG)
    game.apply(0, "R+2")
    game.apply(1, "T+3")  # seat 1's last card
    assert not game.over and game.legal_actions(2) == (uv.action("take"),)
    refused(game, 2, "V+2", uv.IllegalAction)
    game.apply(2, "take")
    assert game.over and game.winner == 1 and len(game.hands[2]) == 2 + 5


def test_fs_9_innocent_challenge_inside_a_chain_costs_the_total_plus_two() -> None:
    game = fs(CHAIN.replace("T7", "B7"), PROG)
    game.apply(0, "R+2")
    game.apply(1, "T+3")
    game.apply(2, "W+4:G")  # no turquoise in seat 2's hand: legal
    events = game.apply(3, "challenge")
    assert not of_kind(events, "challenge")[0].guilty
    assert len(game.hands[3]) == 3 + 9 + 2 and game.windows() == (Window("turn", 0),)


def test_fs_9_applies_under_stacking_same_too() -> None:
    game = fs("hands: W+4 R1 R3 | W+4 G4 G5 | Y1 Y2; top: R5@2; turn: 0", "+stacking=same")
    game.apply(0, "W+4:B")
    game.apply(1, "W+4:O")  # seat 1 holds no blue: legal
    game.apply(2, "challenge")
    assert len(game.hands[2]) == 2 + 8 + 2 and game.turn == 0


def test_u_f_6_under_stacking_same_a_plus_three_answers_only_a_plus_three() -> None:
    game = fs("hands: T+3 R1 | P+3 V+2 W+4 G4 | Y1 Y2; top: T5@2; turn: 0", "+stacking=same")
    game.apply(0, "T+3")
    assert plays(game, 1) == {"P+3"}
    refused(game, 1, "V+2", uv.IllegalAction)
    game.apply(1, "P+3")
    assert game.pen_amount == 6 and game.windows() == (Window("penalty", 2),)
    two = fs("hands: R+2 R1 | P+3 V+2 W+4 G4 | Y1 Y2; top: R5@2; turn: 0", "+stacking=same")
    two.apply(0, "R+2")
    assert plays(two, 1) == {"V+2"}


# -- §4.9 jump-in (FS-10) ----------------------------------------------------------------

JUMP = "+jump_in"


def test_fs_10_a_wild_jumps_in_on_a_wild_and_the_jumpers_colour_stands() -> None:
    game = fs("hands: W R1 R2 | G1 G2 | W Y3 | B1 B2; top: R5@3; turn: 0", JUMP)
    game.apply(0, "W:G")
    assert game.windows() == (Window("turn", 1), Window("jump", number=1))
    assert jumps(game, 2) == {f"W:{c}^1" for c in ORDER} | {f"W:{c}^1 uno" for c in ORDER}
    assert jumps(game, 1) == jumps(game, 3) == set()
    events = game.apply(2, "W:B^1")
    assert of_kind(events, "jump")[0].target == 0
    assert active_color(game) == "B" and game.turn == 3  # next(jumper)


def test_fs_10_a_wd4_jump_in_cancels_the_covered_penalty_and_aims_from_the_jumper() -> None:
    game = fs(
        "hands: W+4 R1 R2 | G1 G2 | W+4 Y3 | B1 B2; top: R5@3; draw: O1 O2 O3 O4 O5; turn: 0", JUMP
    )
    game.apply(0, "W+4:G")
    assert game.windows()[0] == Window("challenge", 1)
    game.apply(2, "W+4:B^1")
    assert game.windows()[0] == Window("challenge", 3) and game.pen_amount == 4  # not 8
    game.apply(3, "take")
    assert hand(game, 1) == cards("G1 G2")  # the covered +4 draws nothing
    assert len(game.hands[3]) == 6 and game.turn == 0


def test_fs_10_wilds_jump_in_only_on_the_same_wild_type() -> None:
    game = fs("hands: W R1 R2 | G1 G2 | W+4 Y3 | B1 B2; top: R5@3; turn: 0", JUMP)
    game.apply(0, "W:G")
    assert jumps(game, 2) == set()
    refused(game, 2, "W+4:B^1", uv.IllegalAction)


def test_fs_10_the_chromatic_step_never_applies_to_a_jump_in() -> None:
    game = fs("hands: R7 R1 R2 | G1 G2 | O7 G7 Y3 | B1 B2; top: R5@3; turn: 0", JUMP)
    game.apply(0, "R7")
    assert jumps(game, 2) == set()
    refused(game, 2, "O7^1", uv.IllegalAction)  # the next colour, same number
    refused(game, 2, "G7^1", uv.IllegalAction)  # same number, other colour
    assert hand(game, 2) == cards("O7 G7 Y3") and game.turn == 1


def test_fs_10_a_jump_in_inside_a_progressive_chain_keeps_the_total_and_retargets() -> None:
    body = "hands: R+2 R1 R2 | W+4 G2 B5 | Y3 Y4 | W+4 B1 B2; top: R5@3; turn: 0"
    game = fs(body, JUMP + PROG)
    game.apply(0, "R+2")
    game.apply(1, "W+4:G")
    assert game.windows()[0] == Window("challenge", 2) and game.pen_amount == 6
    game.apply(3, "W+4:B^2")
    assert game.windows()[0] == Window("challenge", 0) and game.pen_amount == 6
    game.apply(0, "take")
    assert len(game.hands[0]) == 2 + 6 and len(game.hands[2]) == 2 and game.turn == 1


def test_fs_10_a_wd4_jump_in_is_challenged_by_the_seat_that_must_draw() -> None:
    game = fs("hands: W+4 R1 R2 | G1 G2 | W+4 G3 | B1 B2; top: R5@3; turn: 0", JUMP)
    game.apply(0, "W+4:G")
    game.apply(2, "W+4:B^1")  # seat 2 holds G3, of the active colour (the covered green)
    assert game.windows()[0] == Window("challenge", 3)
    refused(game, 1, "challenge", uv.NotYourWindow)
    events = game.apply(3, "challenge")
    assert of_kind(events, "challenge")[0].guilty
    assert len(game.hands[2]) == 1 + 4 and game.windows()[0] == Window("turn", 3)


def test_a_stale_jump_in_is_refused_and_the_card_stays() -> None:
    game = fs("hands: W R1 R2 | W G2 | W Y3 | B1 B2; top: R5@3; turn: 0", JUMP)
    game.apply(0, "W:G")
    game.apply(2, "W:B^1")
    refused(game, 1, "W:R^1", uv.StaleAction)  # card #1 is covered by seat 2's Wild
    assert hand(game, 1) == cards("W G2")
    game.apply(1, "W:R^2")  # it may jump in again on the new window
    assert active_color(game) == "R" and game.turn == 2


def test_u_f_2_every_coloured_card_is_unique_so_only_wilds_can_be_jumped_on() -> None:
    for preset in ("fs", "fs+full_spectrum.deck=symmetric_128"):
        counts = deck(preset)
        assert {n for c, n in counts.items() if not c.startswith("W")} == {1}
        assert counts["W"] > 1 and counts["W+4"] > 1
    # Under Seven-0 a 0 or 7 can never be covered, so its rotation or swap always stands
    game = fs("hands: O7 R1 R2 | G1 G2 | Y2 Y3 Y4 | B1; top: R5@3; turn: 0", JUMP + "+seven_zero")
    game.apply(0, "O7>2")
    assert Window("jump", number=1) in game.windows()
    assert all(jumps(game, s) == set() for s in range(4))
    refused(game, 3, "B1^1", uv.IllegalAction)
    assert hand(game, 0) == cards("Y2 Y3 Y4")


def test_the_three_modes_together() -> None:
    """Seven-0, Progressive and jump-in at once: a 0 rotates the hands, a +2 and a Wild +4
    chain, a Wild +4 jumps in (keeping the total, cancelling the covered penalty) and is
    challenged."""
    game = fs(
        "hands: O0 O+2 O9 | W+4 G5 | Y3 Y4 T9 | W+4 B1 B2; top: R5@3; turn: 0",
        "+seven_zero" + PROG + JUMP,
    )
    game.apply(0, "O0")  # every hand passes on: seat 1 now holds O+2 O9, seat 0 W+4 B1 B2
    assert hand(game, 1) == cards("O+2 O9") and hand(game, 0) == cards("W+4 B1 B2")
    game.apply(1, "O+2 uno")
    game.apply(2, "W+4:B uno")  # seat 2 (W+4 G5, no orange) answers: 6 at seat 3
    assert game.windows()[0] == Window("challenge", 3) and game.pen_amount == 6
    game.apply(0, "W+4:G^3")  # seat 0 holds blue, the covered card's colour: illegal
    assert game.windows()[0] == Window("challenge", 1) and game.pen_amount == 6
    game.apply(1, "challenge")
    assert len(game.hands[0]) == 2 + 6 and hand(game, 3) == cards("Y3 Y4 T9")
    assert game.windows()[0] == Window("turn", 1) and active_color(game) == "G"


# -- U-FS decisions ----------------------------------------------------------------------

SA_UNO = "hands: TSA B1 | G1 G2 | Y2 Y3; top: T5@2; draw: R1 R2 R3; turn: 0"


def test_u_f_4_skip_all_keeps_the_players_uno_window_open_for_its_extra_turn() -> None:
    game = fs(SA_UNO)
    game.apply(0, "TSA")  # to one card, no UNO: seats 1 and 2 are skipped and act not
    assert game.windows() == (Window("turn", 0), Window("uno", 0))
    assert "catch:0" in legal(game, 1) and "catch:0" in legal(game, 2)
    caught = game.copy()
    events = caught.apply(2, "catch:0")
    assert of_kind(events, "catch")[0].count == 2 and len(caught.hands[0]) == 3
    declared = game.copy()
    declared.apply(0, "uno")
    refused(declared, 2, "catch:0", uv.NotYourWindow)
    drew = game.copy()
    drew.apply(0, "draw")  # its own action: the hand grows to 2 and the window closes
    assert drew.windows() == (Window("turn", 1),)
    refused(drew, 2, "catch:0", uv.NotYourWindow)


def test_u_f_5_downpour_replaces_two_of_the_four_wild_draw_fours() -> None:
    for preset, size, wilds in (
        ("fs+downpour", 112, 6),
        ("fs+downpour+full_spectrum.deck=symmetric_128", 128, 4),
    ):
        counts = deck(preset)
        assert sum(counts.values()) == size
        assert (counts["W"], counts["W+4"], counts["WD1"], counts["WD2"]) == (wilds, 2, 1, 1)


def test_u_f_7_zero_discard_color_uses_only_the_active_colour() -> None:
    options = "+zero_discard_color"
    game = fs("hands: R0 R1 R3 O0 O1 | G1 G2 | Y2; top: R5@2; turn: 0", options)
    multi = {a for a in legal(game, 0) if "," in a}
    assert multi == {"R0,R1,R3", "R0,R3,R1"}  # no orange card joins, no orange 0 leads
    refused(game, 0, "R0,R1,R3,O1", uv.IllegalAction)
    next_colour = fs("hands: O0 O1 O3 | G1 G2 | Y2; top: R5@2; turn: 0", options)
    assert not any("," in a for a in legal(next_colour, 0))
    refused(next_colour, 0, "O0,O1,O3", uv.IllegalAction)  # the step plays one card


@pytest.mark.parametrize(
    ("held", "declared"), [("T1 T2 P3 W", "T"), ("P1 P2 T3 T4 W", "T"), ("W W+4", "R")]
)
def test_u_f_8_a_timeout_in_the_colour_window_declares_the_most_held_colour(
    held: str, declared: str
) -> None:
    """Ties go to the earlier colour in the chromatic order; only wilds: red."""
    game = fs(f"hands: {held} | G1 G2 | Y2; top: W@-; dealer: 2; declare: 0")
    assert game.windows() == (Window("color", 0),)
    events = game.apply(None, "timeout")
    assert of_kind(events, "timeout")[0].action == f"color:{declared}"
    assert active_color(game) == declared and game.windows() == (Window("turn", 0),)


def test_u_f_10_no_challenge_elimination_lowest_total_accepted() -> None:
    with pytest.raises(uv.UnknownOption):
        uv.new_game("fs+challenge_elimination=500", 4, 1)
    _, options = resolve_preset("fs+scoring=lowest_total")
    assert options["scoring"] == "lowest_total"


def test_u_f_11_skip_all_gives_the_extra_turn_whatever_two_player_rules_says() -> None:
    game = fs("hands: TSA R1 R2 | G1 G2; top: T5@1; turn: 0", "+two_player_rules=false")
    assert skipped(game.apply(0, "TSA")) == [1] and game.turn == 0
    reverse = fs("hands: TR R1 R2 | G1 G2; top: T5@1; turn: 0", "+two_player_rules=false")
    reverse.apply(0, "TR")
    assert reverse.turn == 1  # the Reverse reverses, as P7 off says


def test_u_f_12_play_duplicates_the_first_card_plays_the_others_share_its_value() -> None:
    game = fs("hands: O7 B7 V1 | G1 G2 | Y2; top: R5@2; turn: 0", "+play_duplicates")
    assert {a for a in legal(game, 0) if "," in a} == {"O7,B7", "O7,B7 uno"}
    refused(game, 0, "B7,O7", uv.IllegalAction)  # blue does not follow red
    game.apply(0, "O7,B7")
    assert top(game) == "B7" and active_color(game) == "B"


def test_u_f_13_draw_until_playable_stops_at_a_next_colour_card() -> None:
    game = fs("hands: B1 B2 | G1 G2 | T2; top: R4; draw: O7 Y5 G3; turn: 0", "+draw_until_playable")
    game.apply(0, "draw")  # G3, Y5: not playable on red; O7: orange follows red
    assert hand(game, 0) == cards("B1 B2 G3 Y5 O7")
    assert legal(game, 0) == {"O7", "pass"}


def test_u_f_14_permissive_a_previous_colour_play_is_illegal_and_may_be_caught() -> None:
    game = fs("hands: R3 B1 B2 | G1 G2 | Y2; top: O5@2; turn: 0", "+permissive_illegal_plays")
    events = game.apply(0, "R3")  # red precedes orange: accepted, but illegal
    assert of_kind(events, "play")[0].reason == "illegal"
    game.apply(2, "catch_illegal")
    assert top(game) == "O5" and active_color(game) == "O"
    assert len(game.hands[0]) == 3 + 2 and "R3" in hand(game, 0) and game.turn == 1


def test_u_f_15_a_first_plus_three_may_be_answered_under_stacking() -> None:
    body = "hands: P+3 B1 | G1 G2 | Y2; top: T+3@-; dealer: 2; pending: take 3"
    game = fs(body, "+stacking=same")
    assert legal(game, 0) >= {"P+3", "take"}
    game.apply(0, "P+3")
    assert game.pen_amount == 6 and game.windows()[0] == Window("penalty", 1)
    assert fs(body).legal_actions(0) == (uv.action("take"),)


# -- bad input: a typed error, the state unchanged ---------------------------------------


@pytest.mark.parametrize(
    ("seat", "act", "error"),
    [
        (0, "R3", uv.IllegalAction),  # red is orange's previous colour
        (0, "G3", uv.IllegalAction),  # two steps on
        (0, "W:X", uv.NotationError),  # a colour letter outside the 8
        (0, "W", uv.IllegalAction),  # a wild needs a colour
        (2, "TSA", uv.NotYourWindow),  # a Skip All out of turn
        (1, "TSA", uv.NotYourWindow),
        (0, "TSA", uv.IllegalAction),  # not in seat 0's hand
        (0, "uno", uv.NotYourWindow),
    ],
)
def test_bad_input_is_refused_and_the_state_is_unchanged(
    seat: int, act: str, error: type[uv.UnoverseError]
) -> None:
    game = fs("hands: R3 G3 W B1 | G1 G2 | TSA Y2; top: O5@2; turn: 0")
    refused(game, seat, act, error)


def test_bad_input_a_colour_letter_outside_the_8_in_the_colour_window() -> None:
    game = fs("hands: T1 T2 | G1 G2 | Y2; top: W@-; dealer: 2; declare: 0")
    refused(game, 0, "color:Z", uv.NotationError)
    refused(game, 0, "color:W", uv.NotationError)


def test_bad_input_jump_ins_that_are_not_identical() -> None:
    game = fs("hands: R7 R1 R2 | W G2 | O7 Y3 | B1 B2; top: R5@3; turn: 0", JUMP)
    game.apply(0, "R7")
    refused(game, 2, "O7^1", uv.IllegalAction)  # the chromatic next colour
    refused(game, 1, "W:G^1", uv.IllegalAction)  # a wild on a number
    refused(game, 2, "O7^9", uv.StaleAction)  # a card that is not the top card


@pytest.mark.parametrize(
    ("preset", "error"),
    [
        ("fs+full_spectrum.nope", uv.UnknownOption),
        ("fs+nope", uv.UnknownOption),
        ("fs+classic.deck=108", uv.UnknownOption),  # Classic's own option
        ("fs+full_spectrum.deck=200", uv.InvalidOptionValue),
        ("fs+full_spectrum.wrap=maybe", uv.InvalidOptionValue),
        ("fs+full_spectrum.deck", uv.InvalidOptionValue),  # a choice needs a value
        ("fs+stacking=blast_ge", uv.OptionConflict),
        ("fs+seven_zero+zero_discard_color", uv.OptionConflict),
        ("fs+revive", uv.OptionConflict),
    ],
)
def test_bad_options_are_refused(preset: str, error: type[uv.UnoverseError]) -> None:
    with pytest.raises(error):
        uv.new_game(preset, 4, 1)


# -- house rules -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "size"),
    [
        ("stacking=same", 112),
        ("stacking=progressive", 112),
        ("stacking=same+revive", 112),
        ("draw_until_playable", 112),
        ("draw_ends_turn", 112),
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
        ("false_uno_penalty=2", 112),
        ("permissive_illegal_plays", 112),
        ("seven_zero+stacking=progressive+jump_in", 112),
        ("full_spectrum.deck=symmetric_128+bar_special", 130),
    ],
)
def test_every_house_rule_is_accepted(preset: str, size: int) -> None:
    game = uv.new_game(f"fs+{preset}", 4, 1)
    assert len(game.all_cards()) == size
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]
    playout(game)
    assert game.over and len(game.all_cards()) == size


def test_a_play_by_the_chromatic_step_alone_says_so_in_its_event() -> None:
    """The play event's ``info`` is ``step`` when the card matched only by the chromatic step
    (a client can show it; ``simulate`` counts it), and empty for a colour or value match."""
    game = uv.position("fs; hands: O9 R5 R9 | Y1 Y2 | G5 G6; top: R4")
    (play,) = of_kind(game.apply(0, "O9"), "play")
    assert play.reason == "step"
    game = uv.position("fs; hands: O9 R5 R9 | Y1 Y2 | G5 G6; top: R4")
    (play,) = of_kind(game.apply(0, "R9"), "play")
    assert play.reason == "match"
    game = uv.position("fs; hands: O4 R5 R9 | Y1 Y2 | G5 G6; top: R4")
    (play,) = of_kind(game.apply(0, "O4"), "play")
    assert play.reason == "match"  # the same number: not the step alone
