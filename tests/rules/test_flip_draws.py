"""UNO Flip's wild draw cards (RULES.md §8.9), on a table of two-faced cards: the Wild Draw
Two challenged (§8.14.4), the Wild Draw Color taken and challenged (P10, §8.14.5, FL-18) and
drawn to exhaustion (§8.14.6, FL-17)."""

from __future__ import annotations

from unoverse.core import events as ev
from unoverse.core.cards import CARD_TEXT, FACE, card, color
from unoverse.core.game import Game
from unoverse.core.phase import Phase

from ._flip_table import table


def faces(g: Game, seat: int) -> list[str]:
    return sorted(CARD_TEXT[FACE[c]] for c in g.hands[seat])


def wild_draw_two(holds_green: bool) -> Game:
    """§8.14.4: light side, a green 6 on top; seat 1 plays W+2:B, with or without a G2."""
    hand = "W+2|O4 R1|P3" + (" G2|T+5" if holds_green else "")
    g = table("G6|P5", "R1|V2 Y3|V1 B4|V1 G7|O6 B8|T4", "Y2|T1", hand, "B9|VF", "R9|V5")
    g.turn = 1
    g.apply(1, "W+2|O4:B")
    assert g.phase is Phase.PENALTY and g.turn == 2
    return g


def test_fl_20_a_guilty_wild_draw_two_makes_its_player_draw_two() -> None:
    g = wild_draw_two(holds_green=True)
    events = g.apply(2, "challenge")
    challenge = next(e for e in events if e.kind == ev.CHALLENGE)
    assert challenge.cards == (card("W+2|O4"),) and challenge.guilty and challenge.count == 2
    assert len(g.hands[1]) == 2 + 2  # R1, G2 and two cards drawn instead of seat 2
    assert (g.turn, g.phase, g.color) == (2, Phase.TURN, color("B"))  # seat 2 plays on blue


def test_an_innocent_wild_draw_two_makes_its_challenger_draw_four() -> None:
    g = wild_draw_two(holds_green=False)
    g.apply(2, "challenge")
    assert len(g.hands[2]) == 1 + 4
    assert (g.turn, g.phase) == (3, Phase.TURN)  # seat 2 is skipped


def wild_draw_color(draw: str) -> Game:
    """Dark side, a pink 2 on top; seat 1, holding no pink card, plays WDC:T."""
    g = table("O8|B2 P9|B5 P2|R5", draw, "Y2|T1", "WDC|R3 O5|G1", "VF|B9", "V5|R9")
    g.turn = 1
    g.apply(1, "WDC|R3:T")
    assert (g.phase, g.turn, g.color) == (Phase.PENALTY, 2, color("T"))
    pending = g.view(3).pending
    assert pending is not None and pending.until_color and pending.challengeable
    return g


def test_p10_the_victim_draws_until_a_card_of_the_colour_comes() -> None:
    g = wild_draw_color("P9|B5 P1|Y8 T4|G5 O1|R7 W|RS")
    events = g.apply(2, "take")
    take = [e for e in events if e.kind == ev.TAKE]
    assert take and take[0].color == color("T") and take[0].count == 0
    # the dark wild has no colour (FL-17), the orange 1 is not teal, the teal 4 ends it
    assert faces(g, 2) == sorted(["VF", "W", "O1", "T4"])
    assert [CARD_TEXT[c] for c in g.draw_pile] == ["P9|B5", "P1|Y8"]
    assert (g.turn, g.phase) == (3, Phase.TURN)


def test_fl_18_an_innocent_wild_draw_color_costs_the_colour_then_two_more() -> None:
    # §8.14.5: seat 1 held no pink, so the Wild Draw Color was legal
    g = wild_draw_color("P9|B5 P1|Y8 T4|G5 O1|R7 W|RS")
    g.apply(2, "challenge")
    assert faces(g, 2) == sorted(["VF", "W", "O1", "T4", "P1", "P9"])
    assert not g.draw_pile and (g.turn, g.phase) == (3, Phase.TURN)


def test_a_guilty_wild_draw_color_makes_its_player_draw_until_the_colour() -> None:
    g = table("P2|R5", "T4|G5 O1|R7", "Y2|T1", "WDC|R3 P8|G4", "VF|B9", "V5|R9")
    g.turn = 1
    g.apply(1, "WDC|R3:T")  # seat 1 holds a pink 8: illegal
    g.apply(2, "challenge")
    assert faces(g, 1) == sorted(["P8", "O1", "T4"])
    assert (g.turn, g.phase, g.color) == (2, Phase.TURN, color("T"))


def test_fl_17_the_colour_never_coming_ends_the_draw_with_the_piles_empty() -> None:
    # §8.14.6: no teal card left to draw, in the pile or under the top card
    g = wild_draw_color("P1|Y8 O1|R7")
    events = g.apply(2, "take")
    assert faces(g, 2) == sorted(["VF", "P1", "O1", "O8", "P9", "P2"])  # the discards too
    assert [e.kind for e in events].count(ev.RESHUFFLE) == 1
    assert ev.DRAW_SHORT in [e.kind for e in events]
    assert (g.turn, g.phase) == (3, Phase.TURN)
