"""Who sees what in UNO Flip (RULES.md §8.4): a holder sees the faces of its cards and the
backs only of those it has seen both ways (FL-3: drawn, FL-2, or held through a Flip); every
other seat sees the backs (FL-5); the draw pile's top shows its back to all (FL-2); the deal
reveals nothing (FL-4). §8.14.3, then the leak test: random rounds, in which a seat's world
is changed in what it cannot know (its own unseen cards for others of the same face, other
hands' cards for others of the same back), and nothing that reaches the seat changes."""

from __future__ import annotations

import random

import pytest

import unoverse as uv
from unoverse.core import events as ev
from unoverse.core.actions import Action, Kind
from unoverse.core.backs import LIGHT_FACE
from unoverse.core.cards import CARD_TEXT, FACE, N_CARDS, TWIN, card
from unoverse.core.determinise import determinise
from unoverse.core.errors import IllegalAction, UnoverseError
from unoverse.core.events import redact
from unoverse.core.game import Game
from unoverse.core.integrity import check
from unoverse.core.options import Value
from unoverse.core.phase import Phase
from unoverse.core.rng import Rng
from unoverse.core.view import View

from ._flip_table import dealt, table


def texts(cards: tuple[int, ...]) -> list[str]:
    return sorted(CARD_TEXT[c] for c in cards)


def unseen(g: Game, seat: int) -> Game:
    """Seat ``seat`` has seen its cards by their faces only (as dealt)."""
    g.known[seat][seat] = list(g.hands[seat])
    return g


def test_8_14_3_a_holder_sees_its_faces_the_others_its_backs() -> None:
    g = unseen(table("R5|P2", "B2|O8 R2|V+5", "Y2|T1", "R1|P3 G7|O6", "B9|O5", "Y3|V1"), 1)
    assert texts(g.view(1).hand) == ["G7", "R1"]  # not R1|P3: its back is not seen
    assert texts(g.view(2).backs[1]) == ["O6", "P3"]  # the others see the backs only
    assert g.view(2).hand == (card("B9|O5"),)  # (seen both ways: the table's helper)
    assert g.view(1).backs[1] == () and texts(g.view(None).backs[1]) == ["O6", "P3"]
    assert CARD_TEXT[g.view(1).pile_back] == "V+5"  # the top card's back is public (FL-2)
    g.turn = 1
    g.apply(1, "draw")
    # the drawn card is seen both ways: R2|V+5 (R4|V+5 would read the same back)
    assert texts(g.view(1).hand) == ["G7", "R1", "R2|V+5"]
    assert CARD_TEXT[g.view(1).pile_back] == "O8"


def test_fl_4_the_deal_shows_each_seat_its_faces_only() -> None:
    g = dealt(3, 5, "R5|P2")
    deals = [e for e in g.setup_events if e.kind == ev.DEAL]
    for e in deals:
        shown = redact(e, e.seat)
        assert shown is not None and all(FACE[c] == c for c in shown.cards)
        assert [FACE[c] for c in g.hands[e.seat]] == list(shown.cards)
        assert shown.cards == g.view(e.seat).hand


def test_fl_3_with_see_own_backs_a_holder_sees_both_faces_of_its_cards() -> None:
    g = dealt(3, 5, "R5|P2", flip__see_own_backs=True)
    assert g.view(1).hand == tuple(g.hands[1])
    deal = next(e for e in g.setup_events if e.kind == ev.DEAL and e.seat == 1)
    assert deal.cards == tuple(g.hands[1])
    assert len(g.view(1).discard) == 1 and g.view(1).backs[0]  # the others' backs still


def test_fl_3_a_flip_shows_every_holder_both_faces_of_what_it_holds() -> None:
    g = unseen(table("R5|P2 G7|O6", "B2|O8", "GF|T3 R1|P3", "G3|PF B9|O5", "R2|OR"), 1)
    assert texts(g.view(1).hand) == ["B9", "G3"]
    g.apply(0, "GF|T3")
    assert texts(g.view(1).hand) == ["O5|B9", "PF|G3"]


def test_cards_not_seen_both_ways_are_offered_and_told_by_their_face() -> None:
    g = unseen(table("R5|P2", "B2|O8", "R1|P3 R1|V2 G7|O6", "Y3|V1"), 0)
    plays = [a for a in g.legal_actions(0) if a.kind.name == "PLAY"]
    assert sorted(str(a) for a in plays) == ["R1"]  # one action: the two R1s read the same
    for name in ("R1|P3", "R1|V2"):  # its own backs cannot be tried out by their ids
        with pytest.raises(IllegalAction, match=f"^{name} is not in seat 0.s hand"):
            g.copy().apply(0, name)
    events = g.apply(0, plays[0])
    play = next(e for e in events if e.kind == ev.PLAY)
    assert play.cards == (card("R1"),)  # told by its face, to every seat
    assert texts(g.view(0).hand) == ["G7", "R1"] and g.hands[0][0] == card("R1|V2")
    # the discard pile as each seat saw it: its player knows that card by its face only
    assert g.view(0).discard == (card("R5|P2"), card("R1"))
    assert g.view(2).discard == (card("R5|P2"), card("R1|P3"))


def test_a_card_of_the_deck_twice_played_blind_leaves_its_copy_playable_by_face() -> None:
    # both blue 1s carry a purple Skip Everyone (one id twice, §8.3): one blind in the
    # discard pile, the other blind in the hand, is still offered and played by its face
    g = table("B5|P9", "Y8|O2 Y7|O2 B2|O8", "B1|VSA B1|VSA R6|O9 Y9|V4", "B9|O5 G4|P8", players=2)
    g = unseen(g, 0)
    g.apply(0, "B1")
    g.apply(1, "B9|O5")
    assert "B1" in [str(a) for a in g.legal_actions(0)]
    g.apply(0, "B1")
    assert texts(g.view(0).discard[-2:]) == ["B1", "B9|O5"]


def test_a_refusal_names_the_cards_by_what_its_seat_sees() -> None:
    # after a draw, only the drawn card may be played: the refusal of a blind R1 (R1|P3)
    # says R1, never the back its holder has not seen
    g = unseen(table("R5|P2", "B2|O8 R9|V5", "R1|P3 G7|O6", "Y3|V1"), 0)
    g.apply(0, "draw")
    with pytest.raises(IllegalAction) as refused:
        g.apply(0, "R1")
    said = f"{refused.value.message} {refused.value.fields}"
    assert "R1" in said and "P3" not in said and "R9|V5" in said, said
    # an error that names no blind card is left as it was
    with pytest.raises(IllegalAction, match=r"^G7\|O6 "):
        table("R5|P2", "B2|O8", "G7|O6").apply(0, "G7|O6")


def test_a_timeout_names_the_action_by_what_its_seat_sees() -> None:
    g = unseen(table("W+2|O4", "B2|O8", "R1|P3", "Y3|V1", "B9|O5"), 0)
    g.phase, g.color_next = Phase.COLOR, 0
    (timeout, *_) = g.apply(None, "timeout")
    assert timeout.kind == ev.TIMEOUT and "|" not in timeout.action


# -- the leak test ---------------------------------------------------------------------------
#: The actions that show their seat no card of the draw pile.
QUIET = frozenset({Kind.PLAY, Kind.COLOR, Kind.UNO, Kind.PASS})
#: By card id, the face the card shows the other seats.
BACK = tuple(FACE[TWIN[c]] for c in range(N_CARDS))


def twin_world(g: Game, seat: int, rng: random.Random) -> Game | None:
    """A copy of ``g`` that ``seat`` cannot tell from it: each of its cards it has not seen
    both ways, and each card of another hand it has not seen, exchanged with a card below the
    draw pile's top that shows it the same (the same face; the same back). None when no
    exchange can be made."""
    w = g.copy()
    below = list(range(len(w.draw_pile) - 1))
    rng.shuffle(below)
    changed = False
    for h, hand in enumerate(w.hands):
        # what the seat knows of the hand: its own cards but the blind ones; what it saw
        known = [c for c in hand if c not in w.known[seat][seat]] if h == seat else []
        known += list(w.known[seat][h]) if h != seat else []
        for i, c in enumerate(hand):
            if c in known:
                known.remove(c)
                continue
            look = LIGHT_FACE if h == seat else BACK  # what the seat sees of it
            for j in below:
                other = w.draw_pile[j]
                if other != c and look[other] == look[c]:
                    hand[i], w.draw_pile[j] = other, c
                    for o, row in enumerate(w.known):  # the stand-in takes its place as blind
                        row[o][:] = [other if x == c else c if x == other else x for x in row[o]]
                    below.remove(j)
                    changed = True
                    break
    return w if changed else None


def told(g: Game, seat: int, action: Action | str, actor: int) -> tuple[object, ...]:
    """What ``seat`` is told of ``actor``'s action in ``g``: the events as it sees them."""
    return tuple(redact(e, seat) for e in g.apply(actor, action))


def refusal(g: Game, seat: int, action: str) -> tuple[object, ...]:
    """What ``seat`` is told when ``g`` refuses its ``action`` (which it must refuse)."""
    with pytest.raises(UnoverseError) as refused:
        g.apply(seat, action)
    return type(refused.value), refused.value.message, refused.value.fields


@pytest.mark.parametrize("players", [2, 4, 7])
def test_what_a_seat_cannot_see_never_reaches_it(players: int) -> None:
    compared = 0
    differed = 0
    for seed in range(6):
        g = dealt(players, seed, "R5|P2")
        rng = random.Random(seed)
        for _step in range(400):
            if g.phase is Phase.OVER:
                break
            seat = rng.randrange(players)
            w = twin_world(g, seat, rng)
            if w is not None:
                differed += w.hands != g.hands
                assert w.view(seat) == g.view(seat)
                assert w.legal_actions(seat) == g.legal_actions(seat)
                # a refused play of a card it holds says the same in both (no back unseen)
                offered = {str(a) for a in g.legal_actions(seat)}
                for c in set(g.view(seat).hand):
                    if CARD_TEXT[c] not in offered:
                        assert refusal(w, seat, CARD_TEXT[c]) == refusal(g, seat, CARD_TEXT[c])
                # its own play or choice (a draw shows it cards of the pile, which differ)
                mine = [a for a in g.legal_actions(seat) if a.kind in QUIET]
                if seat in g.acting_seats() and mine:
                    a = rng.choice(mine)
                    real = g.copy()
                    events = told(real, seat, a, seat)
                    assert told(w, seat, str(a), seat) == events
                    if not any(e is not None and e.kind == ev.TURN_OVER for e in events):
                        assert w.view(seat) == real.view(seat)  # (a Flip shows other faces)
                compared += 1
            actor = rng.choice(g.acting_seats())
            try:
                g.apply(actor, rng.choice(g.legal_actions(actor)))
            except UnoverseError:  # (a random action cannot fail: offered)
                raise
    assert compared > 100 and differed > 50


# -- determinisation -------------------------------------------------------------------------
def comparable(view: View) -> tuple[object, ...]:
    """A view's fields, the windows a determinisation cannot rebuild (an illegal play's, a
    jump-in's: the view does not carry what they restore) left out."""
    fields = list(view.fields())
    i = view.FIELDS.index("windows")
    fields[i] = tuple(w for w in view.windows if w.kind not in ("illegal", "jump"))
    return tuple(fields)


def flip_states(players: int, seeds: range, options: dict[str, Value]) -> list[Game]:
    """States of random rounds of UNO Flip, every few actions."""
    states = []
    for seed in seeds:
        g = dealt(players, seed, "RF|P8" if seed % 2 else "R5|P2", **options)
        rng = random.Random(seed)
        for step in range(600):
            if g.phase is Phase.OVER:
                break
            if step % 7 == 0:
                states.append(g.copy())
            actor = rng.choice(g.acting_seats())
            g.apply(actor, rng.choice(g.legal_actions(actor)))
    return states


OPTIONS: tuple[dict[str, Value], ...] = (
    {},
    {"flip__see_own_backs": True},
    {"stacking": "progressive", "jump_in": True, "permissive_illegal_plays": True},
)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "+".join(o) or "default")
def test_a_determinisation_agrees_with_what_the_seat_sees(options: dict[str, Value]) -> None:
    """Each place of a determinisation shows the seat what it saw: its view is the seat's
    view, and it is a state the engine can be in."""
    for i, g in enumerate(flip_states(4, range(3), options) + flip_states(2, range(2), options)):
        for seat in range(g.n):
            d = determinise(g, seat, Rng(i))
            check(d, f"state {i}, seat {seat}")
            assert comparable(d.view(seat)) == comparable(g.view(seat)), (i, seat)


def test_a_determinisation_never_depends_on_what_the_seat_cannot_see() -> None:
    rng = random.Random(3)
    compared = 0
    for i, g in enumerate(flip_states(4, range(4), {})):
        for seat in range(g.n):
            w = twin_world(g, seat, rng)
            if w is None:
                continue
            compared += 1
            a, b = determinise(g, seat, Rng(i)), determinise(w, seat, Rng(i))
            assert uv.to_json(a) == uv.to_json(b), (i, seat)
    assert compared > 50


def test_fl_5_by_card_an_observer_follows_each_card_held_through_a_flip() -> None:
    hands = ("GF|T3 R1|P3", "G3|PF B9|O5", "R2|OR", "Y2|T1")
    multiset = table("R5|P2 G7|O6", "B2|O8", *hands)
    multiset.apply(0, "GF|T3")
    assert multiset.view(1).known[2] == ()  # the faces only, as a multiset
    g = table("R5|P2 G7|O6", "B2|O8", *hands, flip__observer_tracking="by_card")
    g.apply(0, "GF|T3")
    assert texts(g.view(1).known[2]) == ["OR|R2"] and texts(g.view(1).known[0]) == ["P3|R1"]
    assert g.view(1).backs == multiset.view(1).backs


def test_fl_21_a_challenger_sees_the_challenged_hand_by_id_privately() -> None:
    g = table("P2|R5", "T4|G5 O1|R7 T6|G+1", "Y2|T1", "WDC|R3 P8|G4 O5|B9", "VF|B9", "V5|R9")
    g.turn = 1
    g.apply(1, "WDC|R3:T")
    events = g.apply(2, "challenge")
    reveal = next(e for e in events if e.kind == ev.REVEAL)
    assert redact(reveal, 2) is not None and redact(reveal, 0) is None
    assert texts(reveal.cards) == ["O5|B9", "P8|G4"]  # its faces up, and the backs it saw
    assert texts(g.view(2).known[1]) == texts(reveal.cards)  # (then a card drawn: a back)
    assert g.view(0).known[1] == ()
