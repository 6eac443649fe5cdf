"""RULES.md §5: UNO Blast in Normal mode. The 300-card deck and its count options, the
set-up, legal play and the Numeral, the ten BLAST challenges and the event's whole sequence,
elimination at 30, the Normal-mode turn (no voluntary draw, draw until a card plays, the
``blast_ge`` chain) and card effects, the UNO-call option, §7.3 scenarios 9, 11 and 12, the
resolutions B-0 to B-30 that concern Normal mode, and the decisions U-B-n of
docs/rules/blast.md.

Colour letters: R Y G B O P (red, yellow, green, blue, orange, pink). Bloqueo ``BL``,
Reversa ``R``, Descartar Todo ``DA``, ``+1`` ``+2`` ``+4`` (coloured), Numeral ``N`` (played
as ``GN=7``), wilds ``WR4`` ``W+6`` ``W+10`` ``WM2`` ``WM4``, BLAST cards ``!2SC`` ...
``!4SN``. A position's ``draw:`` lists the draw pile bottom first (the last card is drawn
first); with ``draw:`` the cards the position does not place lie under the discard pile.
Numbers have 2 copies per colour, so a position holds each number card at most twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import combinations

import pytest

import unoverse as uv
from unoverse.core.cards import CARD_TEXT, COLOR_LETTERS
from unoverse.core.codec import state_hash
from unoverse.core.events import PRIVATE, redact
from unoverse.core.game import number_value
from unoverse.core.windows import Window
from unoverse.variants import blast as blast_variant

from .conftest import cards, hand, kinds, legal, of_kind, starters, texts, top

SIX = "RYGBOP"
COLOURED_KINDS = (*(str(n) for n in range(10)), "BL", "R", "DA", "+1", "+2", "+4", "N")
WILDS = ("WR4", "W+6", "W+10", "WM2", "WM4")
BLAST_CARDS = ("!2SC", "!3SC", "!4SC", "!4DC", "!5DC", "!3CN", "!5CN", "!2SN", "!3SN", "!4SN")
#: Seats' declarable colours: every wild play is offered once per colour.
DECLARE = "ROYGBP"


def blast(body: str, options: str = "") -> uv.Game:
    """A Blast position (``options``: ``+name=value`` switches)."""
    return uv.position(f"blast{options}; {body}")


def refused(game: uv.Game, seat: int | None, act: str, error: type[uv.UnoverseError]) -> None:
    """``act`` raises ``error`` and leaves the state exactly as it was."""
    before = state_hash(game)
    with pytest.raises(error):
        game.apply(seat, act)
    assert state_hash(game) == before


def plays(game: uv.Game, seat: int) -> set[str]:
    """The cards ``seat`` is offered to play (whatever it declares)."""
    return {CARD_TEXT[a.card] for a in game.legal_actions(seat) if a.kind is uv.Kind.PLAY}


def deck(preset: str = "blast") -> Counter[str]:
    return Counter(CARD_TEXT[c] for c in uv.new_game(preset, 4, 1).all_cards())


def filler(n: int, colours: str = "RY") -> str:
    """``n`` number cards of ``colours`` (both copies of each number, colour by colour)."""
    out = [f"{c}{k}" for c in colours for k in range(10) for _ in range(2)]
    assert n <= len(out)
    return " ".join(out[:n])


def drawn(events: Iterable[uv.Event], seat: int, info: str | None = None) -> list[str]:
    """The cards ``seat`` drew in ``events`` (of one reason, ``info``), in order."""
    return [
        CARD_TEXT[c]
        for e in events
        if e.kind == "draw" and e.seat == seat and (info is None or e.reason == info)
        for c in e.cards
    ]


def seats_of(events: Iterable[uv.Event], kind: str) -> list[int | None]:
    return [e.seat for e in events if e.kind == kind]


def total(game: uv.Game) -> int:
    return len(game.all_cards())


def choices(game: uv.Game, seat: int) -> set[str]:
    return {str(a) for a in game.legal_actions(seat) if a.kind is uv.Kind.BLAST}


def open_event(
    challenge: str, hands: list[str], *, options: str = "", extra: str = "", top_card: str = "O5"
) -> tuple[uv.Game, list[uv.Event]]:
    """A position where seat 0 (holding no legal card) draws ``challenge`` for its turn."""
    pile = f"{extra} {challenge}".strip()
    game = blast(f"hands: {' | '.join(hands)}; top: {top_card}; draw: {pile}", options)
    events = game.apply(0, "draw")
    return game, events


# -- §5.3 the deck ---------------------------------------------------------------------------


def test_deck_has_300_cards_40_a_colour_50_wilds_and_the_10_blast_cards() -> None:
    counts = deck()
    assert sum(counts.values()) == 300
    assert len(uv.new_game("blast", 4, 1).rules.deck) == 300
    for colour in SIX:
        for n in range(10):
            assert counts[f"{colour}{n}"] == 2, f"{colour}{n}"
        for kind, copies in (("BL", 3), ("R", 3), ("DA", 3), ("+1", 3), ("+2", 3), ("N", 3)):
            assert counts[f"{colour}{kind}"] == copies, f"{colour}{kind}"
        assert counts[f"{colour}+4"] == 2
        assert sum(n for c, n in counts.items() if c[0] == colour) == 40
    assert {w: counts[w] for w in WILDS} == {"WR4": 12, "W+6": 8, "W+10": 6, "WM2": 12, "WM4": 12}
    assert {b: counts[b] for b in BLAST_CARDS} == dict.fromkeys(BLAST_CARDS, 1)
    # the other colours of the notation (turquoise, purple) and other kinds are not in the deck
    assert not [c for c in counts if c[0] in "TV" or c in ("W", "W+4") or c.endswith("S")]


#: (option, a card it counts, cards per unit: one a colour, one, or one of each BLAST card)
COUNT_OPTIONS = [
    ("blast.numbers", "G7", 60),
    ("blast.bloqueo", "RBL", 6),
    ("blast.reversa", "YR", 6),
    ("blast.descartar_todo", "BDA", 6),
    ("blast.plus_one", "O+1", 6),
    ("blast.plus_two", "P+2", 6),
    ("blast.plus_four", "G+4", 6),
    ("blast.numeral", "RN", 6),
    ("blast.reversa_toma_4", "WR4", 1),
    ("blast.plus_six", "W+6", 1),
    ("blast.plus_ten", "W+10", 1),
    ("blast.multiple_2", "WM2", 1),
    ("blast.multiple_4", "WM4", 1),
    ("blast.blast_copies", "!3CN", 10),
]


@pytest.mark.parametrize(("option", "sample", "unit"), COUNT_OPTIONS)
def test_every_count_option_changes_only_its_own_cards(option: str, sample: str, unit: int) -> None:
    base = deck()
    default = blast_variant.BLAST.specs[option].default
    assert base[sample] == default
    for value in (default + 1, 0) if option != "blast.numbers" else (default + 1, 1):
        counts = deck(f"blast+{option}={value}")
        assert counts[sample] == value
        assert sum(counts.values()) == 300 + (value - default) * unit
        changed = {c for c in set(base) | set(counts) if base[c] != counts[c]}
        same_kind = {c for c in changed if c[1:] == sample[1:] or c == sample}
        if option == "blast.numbers":
            same_kind = {c for c in changed if c[1:].isdigit()}
        elif option == "blast.blast_copies":
            same_kind = {c for c in changed if c.startswith("!")}
        assert changed == same_kind, option


def test_count_examples_plus_ten_0_is_294_and_two_blast_copies_is_310() -> None:
    counts = deck("blast+blast.plus_ten=0")
    assert sum(counts.values()) == 294 and counts["W+10"] == 0
    counts = deck("blast+blast_copies=2")
    assert sum(counts.values()) == 310
    assert all(counts[b] == 2 for b in BLAST_CARDS)


def test_deck_points_numbers_face_value_coloured_actions_20_wilds_50() -> None:
    game = uv.new_game("blast+scoring=winner_takes", 4, 1)
    points = {CARD_TEXT[c]: game.rules.points[c] for c in game.all_cards()}
    for text, value in points.items():
        if text in WILDS:
            assert value == 50, text
        elif text.startswith("!"):
            assert value == 0, text  # never held at the end: BLAST cards are never in a hand
        elif text[1:].isdigit():
            assert value == int(text[1:]), text
        else:
            assert value == 20, text  # Bloqueo, Reversa, Descartar Todo, +1, +2, +4, Numeral


# -- §5.4 set-up (B-2, B-13, B-23) ------------------------------------------------------------


def test_blast_cards_are_never_dealt() -> None:
    for seed in range(60):
        game = uv.new_game("blast", 10, seed)
        for s in range(10):
            assert not [c for c in hand(game, s) if c.startswith("!")], (seed, s)
            assert len(game.hands[s]) == 7
    # a deck where BLAST cards are a third of the cards: the deal still never holds one
    many = "blast+blast_copies=15"
    for seed in range(20):
        game = uv.new_game(many, 10, seed)
        assert sum(1 for c in game.all_cards() if CARD_TEXT[c].startswith("!")) == 150
        assert not [c for s in range(10) for c in hand(game, s) if c.startswith("!")]
        assert not of_kind(game.setup_events, "blast")


@cache
def seed_with_starters(want: str) -> int:
    """The first 4-player seed whose starter flips match ``want``: ``"blast"`` (a BLAST card
    turned), ``"several"`` (3 or more cards turned)."""
    for seed in range(5000):
        flips = starters(uv.new_game("blast", 4, seed))
        if want == "blast" and any(f.startswith("!") for f in flips):
            return seed
        if want == "several" and len(flips) >= 3:
            return seed
    raise AssertionError(f"no seed turns {want}")


def test_the_starter_is_a_number_other_cards_go_back_and_another_is_turned() -> None:
    for seed in range(80):
        game = uv.new_game("blast", 4, seed)
        flips = starters(game)
        assert flips[-1][1:].isdigit(), (seed, flips)
        assert all(not f[1:].isdigit() for f in flips[:-1])
        returned = [
            CARD_TEXT[e.cards[0]] for e in game.setup_events if e.kind == "starter_returned"
        ]
        assert returned == flips[:-1]
        assert top(game) == flips[-1] and game.discard_by == [-1]
        assert COLOR_LETTERS[game.color] == flips[-1][0] and game.top_kind == int(flips[-1][1:])
        assert total(game) == 300
    game = uv.new_game("blast", 4, seed_with_starters("several"))
    assert len(starters(game)) >= 3 and len(game.discard) == 1


def test_b_13_a_blast_card_turned_as_the_starter_opens_no_event() -> None:
    game = uv.new_game("blast", 4, seed_with_starters("blast"))
    flips = starters(game)
    assert any(f.startswith("!") for f in flips[:-1])
    assert not of_kind(game.setup_events, "blast")
    assert game.phase is uv.Phase.TURN and game.blast.card == -1 and game.blast.spent == []
    # the BLAST card went back into the draw pile
    assert sum(1 for c in game.draw_pile if CARD_TEXT[c].startswith("!")) == 10


def test_setup_deals_seven_each_left_of_the_dealer_starts_clockwise_2_to_10_players() -> None:
    for players in range(2, 11):
        game = uv.new_game("blast", players, 3)
        assert [len(h) for h in game.hands] == [7] * players
        assert game.turn == (game.dealer + 1) % players and game.direction == 1
        assert game.windows() == (Window("turn", game.turn),)
        assert total(game) == 300
    for players in (1, 11):
        with pytest.raises(uv.BadPlayerCount):
            uv.new_game("blast", players, 3)


def test_b_2_mode_normal_is_the_default_and_mode_blast_is_real_time() -> None:
    game = uv.new_game("blast", 4, 1)
    assert game.rules.options["blast.mode"] == "normal"
    assert not game.rules.realtime
    assert uv.new_game("blast+mode=normal", 4, 1).rules.options["blast.mode"] == "normal"
    for preset in ("blast+mode=blast", "blast+blast.mode=blast", "uno_blast+mode=blast"):
        live = uv.new_game(preset, 4, 1)
        assert live.rules.realtime
        assert live.windows() == (Window("live"),)


def test_b_0_the_variant_is_blast_under_its_alias() -> None:
    assert uv.new_game("uno_blast", 3, 1).rules.name == "blast"
    assert uv.get_variant("uno_blast") is uv.get_variant("blast")
    for name in ("one_blast", "one-blast"):
        with pytest.raises(uv.UnknownVariant):
            uv.new_game(name, 3, 1)


def test_b_23_gaps_players_dealer_two_player_rules_uno_call_scoring_defaults() -> None:
    options = uv.new_game("blast", 4, 1).rules.options
    assert options["two_player_rules"] is True
    assert options["blast.uno_call"] is False
    assert options["scoring"] == "none"
    assert options["dealer_selection"] == "highest_card"
    game = uv.new_game("blast+dealer_selection=random", 5, 2)
    assert not of_kind(game.setup_events, "dealer_draw") and total(game) == 300


# -- §5.5 / §5.6 legal play and the Numeral (B-11) ---------------------------------------------

#: Every coloured card once, in the six colours, and the five wild types: 107 cards.
EVERYTHING = " ".join([f"{c}{k}" for c in SIX for k in COLOURED_KINDS] + list(WILDS))

#: (top in the position notation, active colour, the number the top counts as or None, the
#: top's symbol or None, whether the top is a Numeral)
TOPS = [
    ("R5", "R", 5, None, False),
    ("Y0", "Y", 0, None, False),
    ("P9", "P", 9, None, False),
    ("GBL@1", "G", None, "BL", False),
    ("BR@1", "B", None, "R", False),
    ("ODA@1", "O", None, "DA", False),
    ("P+1@1", "P", None, "+1", False),
    ("R+2@1", "R", None, "+2", False),
    ("Y+4@1", "Y", None, "+4", False),
    ("GN=G7@1", "G", 7, None, True),
    ("ON=O0@1", "O", 0, None, True),
    ("W+6:B@1", "B", None, None, False),
    ("WR4:O@1", "O", None, None, False),
    ("W+10:P@1", "P", None, None, False),
    ("WM2:Y@1", "Y", None, None, False),
    ("WM4:R@1", "R", None, None, False),
]


def expected_offers(
    colour: str, number: int | None, symbol: str | None, numeral_top: bool, number_match: bool
) -> set[str]:
    """RULES.md §5.5 and §5.6, written out: what a hand of every card may play."""
    out = {f"{w}:{c}" for w in WILDS for c in DECLARE}
    for c in SIX:
        for k in COLOURED_KINDS:
            if k == "N":
                if c == colour or numeral_top:
                    out.update(f"{c}N={n}" for n in range(10))
                elif number_match and number is not None:
                    out.add(f"{c}N={number}")
            elif c == colour or k == symbol or (k.isdigit() and int(k) == number):
                out.add(f"{c}{k}")
    return out


@pytest.mark.parametrize("number_match", [True, False])
def test_legal_actions_match_section_5_5_for_every_top_card(number_match: bool) -> None:
    option = "" if number_match else "+numeral_number_match=false"
    for top_text, colour, number, symbol, numeral_top in TOPS:
        game = blast(f"hands: {EVERYTHING} | G1 G2; top: {top_text}", option)
        offered = legal(game, 0)
        assert offered == expected_offers(colour, number, symbol, numeral_top, number_match), (
            top_text,
            sorted(offered ^ expected_offers(colour, number, symbol, numeral_top, number_match)),
        )


def test_the_five_wild_types_play_on_anything_and_declare_any_of_the_six_colours() -> None:
    for top_text in ("R5", "GBL@1", "P+2@1", "GN=G7@1", "W+10:O@1", "WM4:B@1"):
        game = blast(f"hands: {' '.join(WILDS)} | G1 G2; top: {top_text}")
        assert legal(game, 0) == {f"{w}:{c}" for w in WILDS for c in DECLARE}, top_text
    game = blast("hands: W+6 R1 | G1 G2; top: Y5")
    refused(game, 0, "W+6", uv.IllegalAction)  # a wild needs its colour
    refused(game, 0, "W+6:T", uv.IllegalAction)  # turquoise is not a Blast colour
    refused(game, 0, "W+6:V", uv.IllegalAction)


def test_numeral_by_colour_declares_any_number_and_counts_as_it_in_its_own_colour() -> None:
    game = blast("hands: RN R1 | G1 G7 Y7 B3; top: R5")
    assert legal(game, 0) >= {f"RN={n}" for n in range(10)}
    game.apply(0, "RN=7")
    assert COLOR_LETTERS[game.color] == "R" and game.top_kind == 7
    # §5.6: the declared number then matches numbers of any colour; its colour stays red
    assert plays(game, 1) == {"G7", "Y7"}
    assert uv.position_text(game).splitlines()[2] == "top: RN=R7@0"


def test_numeral_on_another_numeral_declares_any_number() -> None:
    game = blast("hands: GN B1 | Y1 Y2; top: RN=R3@1")
    assert legal(game, 0) == {f"GN={n}" for n in range(10)}
    game.apply(0, "GN=9")
    assert COLOR_LETTERS[game.color] == "G" and game.top_kind == 9


def test_numeral_by_number_match_declares_only_the_tops_number() -> None:
    game = blast("hands: GN B1 | Y1 Y2; top: R5")
    assert legal(game, 0) == {"GN=5"}
    refused(game, 0, "GN=4", uv.IllegalAction)
    game.apply(0, "GN=5")
    assert COLOR_LETTERS[game.color] == "G" and game.top_kind == 5


def test_numeral_number_match_false_only_colour_and_symbol() -> None:
    game = blast("hands: GN B1 | Y1 Y2; top: R5", "+numeral_number_match=false")
    assert legal(game, 0) == {"draw"}
    refused(game, 0, "GN=5", uv.IllegalAction)
    game = blast("hands: GN B1 | Y1 Y2; top: RN=R5@1", "+numeral_number_match=false")
    assert legal(game, 0) == {f"GN={n}" for n in range(10)}  # symbol: any number
    game = blast("hands: GN B1 | Y1 Y2; top: G5", "+numeral_number_match=false")
    assert legal(game, 0) == {f"GN={n}" for n in range(10)}  # colour: any number


def test_b_11_numeral_never_plays_on_an_action_or_a_wild_of_another_colour() -> None:
    for top_text in ("RBL@1", "R+2@1", "W+6:R@1"):
        game = blast(f"hands: GN B1 | Y1 Y2; top: {top_text}")
        assert legal(game, 0) == {"draw"}, top_text


def test_b_1_normal_mode_is_strictly_turn_based_one_card_a_turn() -> None:
    game = blast("hands: R1 R2 | R3 R4 | R6 R7; top: R5")
    refused(game, 2, "R6", uv.NotYourWindow)  # a legal card, out of turn
    refused(game, 1, "R3", uv.NotYourWindow)
    refused(game, 0, "R1,R2", uv.IllegalAction)  # one card per play
    assert legal(game, 1) == set() and legal(game, 2) == set()
    game.apply(0, "R1")
    assert game.windows() == (Window("turn", 1),)


# -- §5.5 the ten BLAST challenges (B-18, B-24, B-25) ----------------------------------------


def offered_sets(challenge: str, cards_text: str, options: str = "") -> set[frozenset[str]]:
    """The sets seat 1 is offered for ``challenge`` (drawn by seat 0) holding ``cards_text``
    (as multisets written ``card#n`` for repeated cards)."""
    game, _ = open_event(challenge, ["B1", cards_text], options=options, top_card="Y5@1")
    if game.phase is not uv.Phase.BLAST:
        return set()
    out = set()
    for a in game.legal_actions(1):
        laid = [CARD_TEXT[c] for c in (a.card, *a.more)]
        seen: Counter[str] = Counter()
        tagged = []
        for c in laid:
            seen[c] += 1
            tagged.append(f"{c}#{seen[c]}" if seen[c] > 1 else c)
        out.add(frozenset(tagged))
    return out


def sets(*groups: str) -> set[frozenset[str]]:
    return {frozenset(g.split()) for g in groups}


def test_same_colour_challenges_need_exactly_n_coloured_cards_of_one_colour() -> None:
    assert offered_sets("!2SC", "R1 R2 G3") == sets("R1 R2")
    assert offered_sets("!2SC", "R1 G2 O3") == set()
    assert offered_sets("!3SC", "R1 R2 RBL G3") == sets("R1 R2 RBL")
    assert offered_sets("!3SC", "R1 R2 G3 G4") == set()
    assert offered_sets("!4SC", "RN R+2 RDA R7 G1") == sets("RN R+2 RDA R7")
    # exactly N: four red cards offer every 3 of them, never the 4
    assert offered_sets("!3SC", "R1 R2 R3 R4") == sets(
        "R1 R2 R3", "R1 R2 R4", "R1 R3 R4", "R2 R3 R4"
    )


def test_different_colour_challenges_need_exactly_n_cards_of_n_colours() -> None:
    assert offered_sets("!4DC", "R1 Y1 G1 B1") == sets("R1 Y1 G1 B1")
    assert offered_sets("!4DC", "R1 Y1 G1 G2") == set()
    assert offered_sets("!5DC", "R1 YBL G+4 BN O9 O8") == sets(
        "R1 YBL G+4 BN O9", "R1 YBL G+4 BN O8"
    )
    assert offered_sets("!5DC", "R1 Y1 G1 B1") == set()


def test_b_25_wild_type_cards_never_count_in_colour_challenges() -> None:
    assert offered_sets("!2SC", "R1 W+6 WR4") == set()
    assert offered_sets("!4DC", "R1 Y1 G1 WM2 W+10") == set()
    assert offered_sets("!2SN", "R7 WM4") == set()
    assert offered_sets("!3CN", "R1 R2 W+6") == set()


def test_b_24_consecutive_counts_0_any_colours_and_never_wraps_9_to_0() -> None:
    assert offered_sets("!3CN", "R0 Y1 G2") == sets("R0 Y1 G2")
    assert offered_sets("!3CN", "R8 Y9 G0") == set()
    assert offered_sets("!3CN", "R9 Y0 G1") == set()
    assert offered_sets("!3CN", "R1 Y1 G2") == set()
    assert offered_sets("!5CN", "R5 Y6 G7 B8 O9") == sets("R5 Y6 G7 B8 O9")
    assert offered_sets("!5CN", "R7 Y8 G9 B0 O1") == set()
    assert offered_sets("!5CN", "R0 R1 R2 R3 R4 R5") == sets("R0 R1 R2 R3 R4", "R1 R2 R3 R4 R5")


def test_b_18_the_titles_govern_same_number_discards_exactly_n() -> None:
    assert offered_sets("!2SN", "R8 Y8 G1") == sets("R8 Y8")
    # "3 SAME #: Ejemplo: 2 cartas con número 8": three are needed
    assert offered_sets("!3SN", "R8 Y8 G1") == set()
    assert offered_sets("!3SN", "R8 Y8 G8") == sets("R8 Y8 G8")
    # "4 SAME #: Ejemplo: 2 cartas con número 9": four are needed
    assert offered_sets("!4SN", "R9 Y9 G9") == set()
    assert offered_sets("!4SN", "R9 Y9 G9 B9 O1") == sets("R9 Y9 G9 B9")
    game, _ = open_event("!3SN", ["B1", "R8 Y8 G8 O2"], top_card="Y5@1")
    refused(game, 1, "blast:R8,Y8", uv.IllegalAction)
    refused(game, 1, "blast:R8,Y8,G8,O2", uv.IllegalAction)


def test_action_cards_are_coloured_cards_but_never_number_cards() -> None:
    assert offered_sets("!2SC", "RBL RR") == sets("RBL RR")
    assert offered_sets("!2SN", "R+2 Y+2") == set()
    assert offered_sets("!3CN", "R1 R2 RBL") == set()


def test_numeral_is_any_number_in_challenges_by_option() -> None:
    assert offered_sets("!3CN", "R7 GN R9") == sets("R7 GN R9")
    assert offered_sets("!2SN", "R7 GN") == sets("R7 GN")
    assert offered_sets("!3CN", "R7 GN R9", "+numeral_wild_in_challenges=false") == set()
    assert offered_sets("!2SN", "R7 GN", "+numeral_wild_in_challenges=false") == set()
    # a Numeral is a coloured card in colour challenges whatever the option
    off = "+numeral_wild_in_challenges=false"
    assert offered_sets("!2SC", "GN G1", off) == sets("GN G1")


def test_scenario_11_three_same_number_7_7_numeral_complies_with_the_numeral_as_7() -> None:
    game, events = open_event("!3SN", ["B1", "R7 Y7 GN"], extra="P1 P2 P3 O1 O2 O3")
    assert game.windows() == (Window("blast", 0),)
    assert choices(game, 1) == {"blast:R7,Y7,GN"}
    events = game.apply(1, "blast:R7,GN,Y7")
    assert of_kind(events, "blast_discard")[0].seat == 1
    assert texts(of_kind(events, "blast_discard")[0].cards) == cards("R7 Y7 GN")
    # seat 1 emptied its hand: it wins at once (B-26)
    assert game.over and game.winner == 1
    # without the option the same hand cannot comply: it draws 3
    game, _ = open_event(
        "!3SN", ["B1", "R7 Y7 GN", "G1"], options="+numeral_wild_in_challenges=false",
        extra="P1 P2 P3 O4 O2 O3 Y1 Y2 Y3",
    )  # fmt: skip
    assert game.phase is not uv.Phase.BLAST
    assert len(game.hands[1]) == 6


# -- §5.5 the BLAST event ---------------------------------------------------------------------


def test_trigger_on_a_turn_draw_the_blast_card_is_shown_and_is_no_drawn_card() -> None:
    game, events = open_event("!2SN", ["B1", "Y7 G7 B3", "P1 P2"], extra="G4 G3 G2 O2 O3 P4")
    assert kinds(events) == ["blast"]
    event = events[0]
    assert event.seat == 0 and CARD_TEXT[event.cards[0]] == "!2SN"
    assert event.vis == 0  # public
    assert game.windows() == (Window("blast", 0),) and game.phase is uv.Phase.BLAST
    assert CARD_TEXT[game.blast.card] == "!2SN" and game.view(2).blast == game.blast.card
    assert hand(game, 0) == ["B1"]  # the BLAST card is not in the hand
    assert total(game) == 300


def test_u_b_1_a_take_resumes_after_the_event_for_the_remaining_count() -> None:
    game = blast("hands: R1 B1 G9 | Y7 G7 | G1 P3; top: R+4@0; pending: take 4; turn: 1; "
                 "draw: B2 B3 B4 B6 O2 O3 O4 !2SN B7")  # fmt: skip
    events = game.apply(1, "take")
    assert kinds(events) == ["take", "draw", "blast"]
    assert drawn(events, 1) == ["B7"] and game.windows() == (Window("blast", 1),)
    assert game.blast.owed == [(1, 3, "penalty")]
    game.apply(0, "blast:R1,B1")
    events = game.apply(1, "blast:Y7,G7")
    # seat 2 cannot meet 2 SAME #: 3 cards; then seat 1 draws the 3 cards still owed
    assert drawn(events, 2, "blast") == ["O4", "O3", "O2"]
    assert drawn(events, 1, "penalty") == ["B6", "B4", "B3"]
    assert hand(game, 1) == cards("B7 B6 B4 B3")  # 4 cards drawn, the BLAST card not one
    assert game.windows() == (Window("turn", 2),)  # seat 1 lost its turn
    assert total(game) == 300


def test_b_10_trigger_on_a_multiple_victims_draw_resolved_before_the_next_victim() -> None:
    game = blast("hands: WM2 R1 | B1 B2 | Y7 G7 B3 | P1 P2; top: R5; draw: "
                 "P3 P4 P5 P6 O1 O2 O3 O4 O5 O6 O7 O8 O9 !2SN G8 G9")  # fmt: skip
    events = game.apply(0, "WM2:R")
    assert kinds(events) == ["play", "all_hit", "draw", "blast"]
    assert drawn(events, 1, "all_draw") == ["G9", "G8"]
    assert game.windows() == (Window("blast", 2),)  # seat 2, the second victim, drew it
    assert hand(game, 3) == ["P1", "P2"]  # seat 3 has not drawn yet
    events = game.apply(2, "blast:Y7,G7")
    # resolution order from the drawer: 2, 3, 0, 1 — seats 3, 0, 1 cannot comply
    assert seats_of(events, "blast_penalty") == [3, 0, 1]
    assert drawn(events, 3, "blast") == ["O9", "O8", "O7"]
    assert drawn(events, 1, "blast") == ["O3", "O2", "O1"]
    # then the Múltiple goes on: seat 2 draws its 2, then seat 3 its 2
    assert drawn(events, 2, "all_draw") == ["P6", "P5"]
    assert drawn(events, 3, "all_draw") == ["P4", "P3"]
    order = [e.seat for e in events if e.kind in ("draw", "blast_penalty")]
    assert order == [3, 3, 0, 0, 1, 1, 2, 3]
    assert game.windows() == (Window("turn", 1),)  # nobody skipped: next(0) plays (B-10)


def test_b_14_blast_cards_drawn_in_the_events_penalty_are_put_back_and_replaced() -> None:
    game, events = open_event("!2SN", ["B1", "P8 Y9", "Y7 G7 B9"], extra="G1 G2 !3SC G3 P4 P3 O2")
    events = game.apply(2, "blast:Y7,G7")
    assert drawn(events, 0, "blast") == ["O2", "P3", "P4"]
    returned = of_kind(events, "blast_returned")
    assert returned and all(texts(e.cards) == ["!3SC"] and e.seat == 1 for e in returned)
    assert drawn(events, 1, "blast") == ["G3", "G2", "G1"]  # replaced by the next cards
    assert "!3SC" in texts(game.draw_pile)
    assert kinds(events).count("blast") == 0  # no new event (B-14)
    assert game.windows() == (Window("turn", 0),) and total(game) == 300


def test_resolution_order_is_the_drawer_then_the_current_direction() -> None:
    game = blast("hands: P1 P2 | B1 | O7 O8 | G1 G2; top: Y5; turn: 1; direction: ccw; draw: "
                 + filler(12, "R") + " !4DC")  # fmt: skip
    events = game.apply(1, "draw")
    assert kinds(events)[0] == "blast" and events[0].seat == 1
    # nobody can meet 4 DIFFERENT COLOR: each draws 3, from the drawer counter-clockwise
    assert seats_of(events, "blast_penalty") == [1, 0, 3, 2]
    for e in of_kind(events, "blast_penalty"):
        assert e.count == 3


def test_u_b_3_choices_are_hidden_until_every_due_seat_has_chosen() -> None:
    game, _ = open_event("!2SN", ["Y7 G7 B1", "P8 O9", "R3 B3 B2"], extra=filler(9, "G"))
    assert game.windows() == (Window("blast", 0),)
    assert game.view(1).windows == (Window("blast", 0),)
    assert legal(game, 1) == set()  # seat 1 cannot comply: it has nothing to do
    assert choices(game, 0) == {"blast:Y7,G7"} and choices(game, 2) == {"blast:R3,B3"}
    sizes = game.view(None).hand_sizes
    events = game.apply(2, "blast:R3,B3")
    assert kinds(events) == ["blast_choice"]
    assert events[0].vis == PRIVATE
    assert redact(events[0], 2) == events[0]
    assert redact(events[0], 0) is None and redact(events[0], 1) is None
    assert redact(events[0], None) is None
    # nothing public moves: the cards stay in the hand until the reveal
    assert game.view(None).hand_sizes == sizes and game.windows() == (Window("blast", 0),)
    assert legal(game, 2) == set()
    events = game.apply(0, "blast:Y7,G7")
    assert kinds(events)[:3] == ["blast_choice", "blast_discard", "blast_discard"]
    assert [e.vis for e in of_kind(events, "blast_discard")] == [0, 0]


def test_b_16_discards_go_under_the_top_card_and_change_nothing_else() -> None:
    game = blast("hands: B1 | Y7 G7 B9 | O1 | R3 R8 B8; top: Y5@3; discard: G2; direction: ccw; "
                 "draw: P2 P3 P4 P5 P6 P7 O2 O3 Y2 !2SN")  # fmt: skip
    before = (game.top, game.color, game.top_kind, game.direction, game.discard_by[-1])
    game.apply(0, "draw")
    game.apply(1, "blast:Y7,G7")
    events = game.apply(3, "blast:R8,B8")
    assert (game.top, game.color, game.top_kind, game.direction, game.discard_by[-1]) == before
    assert top(game) == "Y5"
    # resolution order 0, 3, 2, 1: seat 3's cards first, then seat 1's, under the top card
    assert [e.seat for e in of_kind(events, "blast_discard")] == [3, 1]
    tail = [CARD_TEXT[c] for c in game.discard[-6:]]
    assert tail[:1] == ["G2"] and tail[-1] == "Y5"
    assert sorted(tail[1:3]) == cards("R8 B8") and sorted(tail[3:5]) == cards("Y7 G7")
    assert game.discard_by[-5:-1] == [3, 3, 1, 1]


def test_b_30_a_pending_chain_is_untouched_by_an_event_and_goes_on() -> None:
    game = blast("hands: R+2 R1 | G+4 Y9 | B3 B4 B5; top: R5; draw: "
                 "Y1 Y2 Y3 Y4 Y5 Y6 O1 O2 O3 !2SC", "+uno_call")  # fmt: skip
    game.apply(0, "R+2")  # seat 0 is down to one card without UNO
    assert game.windows() == (Window("penalty", 1), Window("uno", 0))
    events = game.apply(2, "catch:0")  # seat 0 draws 2: the first is a BLAST card
    assert kinds(events) == ["catch", "blast"] and game.windows()[0] == Window("blast", 0)
    events = game.apply(2, "blast:B3,B4")
    assert drawn(events, 0, "blast") == ["O3", "O2", "O1"]
    assert drawn(events, 1, "blast") == ["Y6", "Y5", "Y4"]
    assert drawn(events, 0, "uno") == ["Y3", "Y2"]  # the catch's 2 cards, after the event
    # the chain stands: seat 1 still faces +2 and may answer it
    assert game.windows() == (Window("penalty", 1),)
    assert top(game) == "R+2" and game.pen_amount == 2
    assert "G+4" in plays(game, 1)
    game.apply(1, "G+4")
    assert game.pen_amount == 6 and game.windows() == (Window("penalty", 2),)


def test_b_26_an_emptied_hand_wins_at_once_first_in_resolution_order() -> None:
    for direction, winner in (("cw", 1), ("ccw", 2)):
        game = blast(f"hands: B1 | R1 R2 | G1 G2; top: O5; direction: {direction}; draw: "
                     + filler(8, "P") + " !2SC")  # fmt: skip
        game.apply(0, "draw")
        game.apply(1, "blast:R1,R2")
        events = game.apply(2, "blast:G1,G2")
        assert game.over and game.winner == winner, direction
        assert of_kind(events, "round_over")[0].seat == winner
        assert not of_kind(events, "blast_penalty")  # no penalty is drawn
        assert hand(game, 0) == ["B1"]


def test_scenario_12_a_player_at_28_fails_draws_2_of_3_and_is_eliminated() -> None:
    big = filler(28)  # red and yellow only: it cannot meet 5 DIFFERENT COLOR
    game = blast(f"hands: B1 | {big} | G1 B2 O1 P1 Y9 Y8; top: O5; "
                 "draw: G4 G6 G7 P2 P3 O2 !5DC")  # fmt: skip
    game.apply(0, "draw")
    assert choices(game, 1) == set()
    events = game.apply(2, "blast:G1,B2,O1,P1,Y9")
    assert drawn(events, 0, "blast") == ["O2", "P3", "P2"]
    assert drawn(events, 1, "blast") == ["G7", "G6"]  # 2 of its 3
    eliminated = of_kind(events, "eliminated")
    assert [(e.seat, e.count) for e in eliminated] == [(1, 30)]
    assert game.eliminated[1] and game.hands[1] == []
    assert CARD_TEXT[game.draw_pile[-1]] == "G4"  # the third card is not drawn
    # seat 0 now holds a legal card (O2): its draw stops and it must play
    assert game.windows() == (Window("turn", 0),)
    assert plays(game, 0) == {"O2"} and "draw" not in legal(game, 0)
    assert total(game) == 300


def test_u_b_10_when_nobody_can_comply_the_event_resolves_at_once() -> None:
    game, events = open_event(
        "!5DC", ["B1", "P1 P2", "G1 G2"], extra="R2 Y1 Y2 Y3 Y4 Y5 Y6 O2 O3 O4"
    )
    assert kinds(events)[0] == "blast"
    assert seats_of(events, "blast_penalty") == [0, 1, 2]
    assert drawn(events, 0, "blast") == ["O4", "O3", "O2"]
    assert game.phase is not uv.Phase.BLAST
    assert game.windows() == (Window("turn", 0),)  # O2, O3, O4 play on O5
    assert [CARD_TEXT[c] for c in game.blast.spent] == ["!5DC"]


def test_b_17_a_seat_that_can_comply_must_and_may_not_take_the_cards_instead() -> None:
    game, _ = open_event("!2SN", ["B1", "R7 Y7 G7", "P1"], extra=filler(9, "O"))
    assert choices(game, 1) == {"blast:R7,Y7", "blast:R7,G7", "blast:Y7,G7"}
    assert legal(game, 1) == choices(game, 1)  # nothing else: no take, no draw
    refused(game, 1, "take", uv.StaleAction)  # play stops during the event (§5.5)
    refused(game, 1, "draw", uv.StaleAction)
    refused(game, 2, "blast:P1", uv.NotYourWindow)
    game.apply(1, "blast:Y7,G7")
    assert hand(game, 1) == ["R7"]


def test_after_an_event_draw_until_playable_stops_when_the_player_holds_a_legal_card() -> None:
    game, _ = open_event("!2SN", ["B1", "Y7 G7 B3", "P1 P2"], extra="R9 G4 G3 G2 R2 O3 P4")
    events = game.apply(1, "blast:Y7,G7")
    assert drawn(events, 0, "blast") == ["P4", "O3", "R2"]
    assert drawn(events, 0, "turn") == []  # it stopped drawing
    assert game.windows() == (Window("turn", 0),) and game.drawn == -1
    assert plays(game, 0) == {"O3"} and "draw" not in legal(game, 0)
    assert drawn(events, 2, "blast") == ["G2", "G3", "G4"]
    assert CARD_TEXT[game.draw_pile[-1]] == "R9"  # left on the pile


def test_u_b_2_without_a_legal_card_the_turns_draw_goes_on_at_once_after_the_event() -> None:
    game, _ = open_event("!2SN", ["B1", "Y7 G7 B3", "P1 P2"], extra="O9 G4 G3 G2 P4 P3 P2")
    events = game.apply(1, "blast:Y7,G7")
    assert drawn(events, 0, "blast") == ["P2", "P3", "P4"]
    assert drawn(events, 2, "blast") == ["G2", "G3", "G4"]
    # no window in between: seat 0 draws on in the same action, until O9 plays
    assert drawn(events, 0, "turn") == ["O9"]
    assert game.windows() == (Window("drawn", 0),) and legal(game, 0) == {"O9"}


def test_b_15_spent_blast_cards_and_buried_hands_are_shuffled_with_the_discards() -> None:
    big = filler(29)  # red and yellow: it cannot meet 5 DIFFERENT COLOR
    game = blast(f"hands: B1 | {big} | G1 G2; top: O5; draw: Y6 Y7 Y8 Y9 O1 O2 O3 !5DC")
    game.apply(0, "draw")  # nobody complies: 3 cards each, seat 1 eliminated at 30
    assert game.eliminated[1] and texts(game.buried) == cards(big + " Y9")
    assert [CARD_TEXT[c] for c in game.blast.spent] == ["!5DC"] and game.draw_pile == []
    game.apply(0, "O3")
    events = game.apply(2, "draw")  # G1 G2 Y8 Y7 Y6: nothing plays on O3
    reshuffle = of_kind(events, "reshuffle")
    assert len(reshuffle) == 1
    # at the reshuffle seat 0 holds 3, seat 2 holds 5, the top stays: everything else,
    # the buried hand (30) and the spent BLAST card included, forms the new draw pile
    assert reshuffle[0].count == 300 - 3 - 5 - 1
    assert game.buried == [] and game.blast.spent == []
    assert total(game) == 300


def test_u_b_5_a_quiet_draw_that_finds_only_blast_cards_reshuffles_then_stops_short() -> None:
    options = "".join(
        f"+{name}=0"
        for name in (
            "bloqueo", "reversa", "descartar_todo", "plus_one", "plus_two", "plus_four",
            "numeral", "reversa_toma_4", "plus_six", "plus_ten", "multiple_2", "multiple_4",
        )
    ) + "+numbers=1+elimination_threshold=100"  # fmt: skip
    seat0 = " ".join(f"{c}{n}" for c in "YGBOP" for n in range(10) if n != 5)
    seat1 = " ".join(f"R{n}" for n in range(10) if n != 5)
    seat2 = "Y5 G5 B5 O5 P5"
    rest = "!2SC !3SC !4SC !5DC !3CN !5CN !2SN !3SN !4SN"
    game = blast(f"hands: {seat0} | {seat1} | {seat2}; top: R5; draw: {rest} !4DC", options)
    assert total(game) == 70 and len(game.draw_pile) == 10
    game.apply(0, "draw")
    game.apply(0, "blast:Y0,G0,B0,O0")
    events = game.apply(2, "blast:Y5,G5,B5,O5")
    # only BLAST cards left: they go back, the discard pile is shuffled in (P3: the 8 cards
    # the challenges discarded), seat 1 draws 2 of them, and the third is short
    kinds_ = [e.kind for e in events if e.seat in (1, None)]
    assert kinds_.index("reshuffle") < kinds_.index("draw_short")
    assert [(e.seat, e.count) for e in of_kind(events, "reshuffle")] == [(None, 8)]
    assert [(e.seat, e.count) for e in of_kind(events, "draw_short")] == [(1, 1)]
    assert len(drawn(events, 1, "blast")) == 2 and len(game.hands[1]) == 9 + 2
    assert of_kind(events, "blast_returned") and total(game) == 70


# -- §5.5 elimination (B-12, B-21, B-27) -------------------------------------------------------


def test_b_12_eliminated_at_30_after_every_card_and_the_rest_of_the_draw_is_cancelled() -> None:
    game = blast(f"hands: B9 | {filler(28)} | G1 G2; top: G+4@0; pending: take 4; turn: 1; "
                 "draw: B1 B2 B3 B4 B6")  # fmt: skip
    events = game.apply(1, "take")
    assert drawn(events, 1) == ["B6", "B4"]
    assert [(e.seat, e.count) for e in of_kind(events, "eliminated")] == [(1, 30)]
    assert texts(game.draw_pile[-3:]) == cards("B1 B2 B3")  # the other 2 stay
    assert game.eliminated[1] and game.active == 2
    assert game.windows() == (Window("turn", 2),)


def test_elimination_inclusive_false_eliminates_only_above_the_threshold() -> None:
    body = f"hands: B9 | {filler(28)} | G1 G2; top: G+4@0; pending: take 2; turn: 1; draw: B1 B2 B3"
    game = blast(body, "+elimination_inclusive=false")
    game.apply(1, "take")
    assert len(game.hands[1]) == 30 and not game.eliminated[1]
    game = blast(body.replace("take 2", "take 3"), "+elimination_inclusive=false")
    events = game.apply(1, "take")
    assert [(e.seat, e.count) for e in of_kind(events, "eliminated")] == [(1, 31)]


def test_elimination_threshold_option() -> None:
    game = blast("hands: R1 | G1 G2 G3 | Y1; top: B+4@0; pending: take 4; turn: 1; "
                 "draw: O1 O2 O3 O4", "+elimination_threshold=5")  # fmt: skip
    events = game.apply(1, "take")
    assert drawn(events, 1) == ["O4", "O3"]
    assert game.eliminated[1] and [e.count for e in of_kind(events, "eliminated")] == [5]
    refused_preset = "blast+elimination_threshold=1"
    with pytest.raises(uv.InvalidOptionValue):
        uv.new_game(refused_preset, 3, 1)


def test_u_b_6_the_eliminated_hand_is_buried_face_down_and_hidden_from_every_view() -> None:
    game = blast("hands: R1 | G1 G2 G3 | Y1; top: B+2@0; pending: take 2; turn: 1; draw: O1 O2 O3",
                 "+elimination_threshold=5")  # fmt: skip
    events = game.apply(1, "take")
    assert texts(game.buried) == cards("G1 G2 G3 O3 O2")
    assert game.hands[1] == [] and game.known[0][1] == [] and game.known[2][1] == []
    eliminated = of_kind(events, "eliminated")[0]
    assert eliminated.cards == () and eliminated.count == 5 and eliminated.vis == 0
    for seat in (0, 2, None):
        view = game.view(seat)
        assert view.hand_sizes[1] == 0 and view.eliminated[1]
        assert view.discard == tuple(game.discard)
        # the buried cards are nowhere in the view: not in a hand, the discards or the pile
        seen = sum(view.hand_sizes) + len(view.discard) + view.draw_count
        assert seen == total(game) - 5
    assert game.legal_actions(1) == ()
    refused(game, 1, "G1", uv.NotYourWindow)
    assert total(game) == len(game.rules.deck)


def test_the_eliminated_seat_leaves_turn_order_and_p7_follows_the_active_seats() -> None:
    game = blast("hands: R+1 R2 | G1 G2 G3 G4 | RR R8 R7; top: R5; draw: O1 O2",
                 "+elimination_threshold=5")  # fmt: skip
    game.apply(0, "R+1")
    game.apply(1, "take")
    assert game.eliminated[1] and game.windows() == (Window("turn", 2),)
    events = game.apply(2, "RR")  # 2 active seats: Reversa acts as Bloqueo (P7)
    assert [e.seat for e in of_kind(events, "skip")] == [0]
    assert game.windows() == (Window("turn", 2),) and game.direction == 1
    game.apply(2, "R8")
    assert game.windows() == (Window("turn", 0),)  # seat 1 is passed over


def test_b_27_the_game_ends_when_one_active_seat_remains() -> None:
    game = blast(f"hands: B9 B8 | {filler(28)}; top: G+4@0; pending: take 4; turn: 1; "
                 "draw: B1 B2 B3 B4")  # fmt: skip
    events = game.apply(1, "take")
    assert kinds(events)[-2:] == ["eliminated", "round_over"]
    assert game.over and game.winner == 0
    assert texts(game.draw_pile) == cards("B1 B2")  # the outstanding draws are cancelled


def test_b_27_penalties_dealt_seat_by_seat_the_draw_order_decides_who_is_left() -> None:
    game, events = open_event(
        "!5DC", ["B1 B2 B3 B4", "G1 G2 G3 G4", "RBL YBL GBL O1 P1 B9"],
        options="+elimination_threshold=5", extra="O7 O8", top_card="YR",
    )  # fmt: skip
    events = game.apply(2, "blast:RBL,YBL,GBL,O1,P1")
    assert seats_of(events, "eliminated") == [0, 1]
    assert drawn(events, 0) == ["O8"] and drawn(events, 1) == ["O7"]
    assert game.over and game.winner == 2


def test_multiple_victims_are_dealt_seat_by_seat_with_the_per_card_check() -> None:
    game = blast("hands: WM4 R1 | G1 G2 G3 G4 | Y1 | P1; top: R5; draw: " + filler(14, "O"),
                 "+elimination_threshold=6")  # fmt: skip
    events = game.apply(0, "WM4:B")
    assert [(e.kind, e.seat) for e in events if e.kind in ("draw", "eliminated")] == [
        ("draw", 1),
        ("eliminated", 1),
        ("draw", 2),
        ("draw", 3),
    ]
    assert len(drawn(events, 1)) == 2 and len(drawn(events, 2)) == 4 and len(drawn(events, 3)) == 4
    assert game.windows() == (Window("turn", 2),)  # next(0) among the active seats


def test_b_21_draw_until_playable_stops_when_the_player_is_eliminated() -> None:
    game = blast("hands: B1 B2 B3 B4 | G1 G2 | O7 O8; top: YR; draw: R1 O2 P3",
                 "+elimination_threshold=5")  # fmt: skip
    events = game.apply(0, "draw")
    assert drawn(events, 0) == ["P3"] and seats_of(events, "eliminated") == [0]
    assert texts(game.draw_pile[-2:]) == cards("R1 O2")
    assert game.windows() == (Window("turn", 1),)
    # eliminated by the event's penalty in the middle of its turn's draw: the turn passes on
    game, events = open_event(
        "!2SC", ["B1 G2 O3 P4", "G1 O2", "P3 R4"], options="+elimination_threshold=6",
        extra="O5 O6 O7 O8 O9 G5 G6 G7", top_card="YR",
    )  # fmt: skip
    assert drawn(events, 0) == ["G7", "G6"] and seats_of(events, "eliminated") == [0]
    assert drawn(events, 1) == ["G5", "O9", "O8"] and drawn(events, 2) == ["O7", "O6", "O5"]
    assert game.windows() == (Window("turn", 1),) and not game.over


# -- §5.7 Normal mode: the turn (B-1, B-19, B-22) ----------------------------------------------


def test_b_22_no_voluntary_draw() -> None:
    game = blast("hands: R1 B2 | G1 G2; top: R5")
    assert legal(game, 0) == {"R1"}
    refused(game, 0, "draw", uv.IllegalAction)


def test_draw_until_playable_then_play_it_at_once_and_no_pass() -> None:
    game = blast("hands: B1 | G1 G2; top: R5; draw: G7 R9 O1 P2")
    events = game.apply(0, "draw")
    assert drawn(events, 0, "turn") == ["P2", "O1", "R9"]
    assert game.windows() == (Window("drawn", 0),) and legal(game, 0) == {"R9"}
    refused(game, 0, "pass", uv.IllegalAction)
    refused(game, 0, "B1", uv.IllegalAction)
    refused(game, 0, "draw", uv.IllegalAction)
    game.apply(0, "R9")
    assert game.windows() == (Window("turn", 1),)
    # a drawn wild is played at once with a colour; a drawn Numeral with a number it may take
    game = blast("hands: B1 | G1 G2; top: R5; draw: G7 WM2")
    game.apply(0, "draw")
    assert legal(game, 0) == {f"WM2:{c}" for c in DECLARE}
    game = blast("hands: B1 | G1 G2; top: R5; draw: G7 YN")
    game.apply(0, "draw")
    assert legal(game, 0) == {"YN=5"}


def test_u_b_18_a_numeral_that_may_declare_nothing_does_not_stop_the_draw() -> None:
    game = blast("hands: B1 | G1 G2; top: R5; draw: R7 YN", "+numeral_number_match=false")
    events = game.apply(0, "draw")
    assert drawn(events, 0, "turn") == ["YN", "R7"]
    assert legal(game, 0) == {"R7"}


def test_with_nothing_left_to_draw_the_draw_ends_and_the_player_passes() -> None:
    options = "".join(
        f"+{name}=0"
        for name in (
            "bloqueo", "reversa", "descartar_todo", "plus_one", "plus_two", "plus_four",
            "numeral", "reversa_toma_4", "plus_six", "plus_ten", "multiple_2", "multiple_4",
            "blast_copies",
        )
    ) + "+numbers=1+elimination_threshold=100"  # fmt: skip
    seat0 = " ".join(f"{c}{n}" for c in "YGBOP" for n in range(10) if n != 5)
    seat1 = " ".join(f"R{n}" for n in range(10) if n != 5) + " Y5 G5 B5 O5 P5"
    game = blast(f"hands: {seat0} | {seat1}; top: R5; draw: -", options)
    events = game.apply(0, "draw")
    assert kinds(events) == ["draw_short"]
    assert game.windows() == (Window("turn", 1),)


def test_scenario_9_plus_2_plus_4_a_smaller_plus_2_refused_plus_10_the_next_draws_16() -> None:
    fourteen = "R0 R1 R2 R3 R4 R6 R7 R8 R9 Y0 Y1 Y2 Y3 Y4"
    pile = " ".join(f"B{n}" for n in range(10)) + " " + " ".join(f"G{n}" for n in range(6))
    game = blast(f"hands: R+2 R3 | G+4 G5 | B+2 W+10 B5 | {fourteen}; top: R5; draw: {pile}")
    game.apply(0, "R+2")
    assert "G+4" in plays(game, 1)
    events = game.apply(1, "G+4")  # 4 >= 2
    assert of_kind(events, "play")[0].reason == "stack" and game.pen_amount == 6
    refused(game, 2, "B+2", uv.IllegalAction)  # 2 < 4
    assert plays(game, 2) == {"W+10"}
    game.apply(2, "W+10:Y")
    assert game.pen_amount == 16 and legal(game, 3) == {"take"}
    events = game.apply(3, "take")
    assert len(drawn(events, 3)) == 16
    assert [(e.seat, e.count) for e in of_kind(events, "eliminated")] == [(3, 30)]
    assert game.windows() == (Window("turn", 0),)
    # one card short of 30 after the 16: not eliminated
    thirteen = fourteen.removeprefix("R0 ")
    game = blast(f"hands: R+2 R3 | G+4 G5 | B+2 W+10 B5 | {thirteen}; top: R5; draw: {pile}")
    for seat, act in ((0, "R+2"), (1, "G+4"), (2, "W+10:Y"), (3, "take")):
        game.apply(seat, act)
    assert len(game.hands[3]) == 29 and not game.eliminated[3]


def test_b_19_an_answer_must_be_worth_the_last_card_not_the_running_total() -> None:
    game = blast("hands: R+2 R1 | G+4 G1 | Y+4 W+6 Y1 | B1 B2; top: R5")
    game.apply(0, "R+2")
    game.apply(1, "G+4")  # total 6
    assert plays(game, 2) == {"Y+4", "W+6"}  # 4 >= 4, though the total is 6
    game.apply(2, "Y+4")
    assert game.pen_amount == 10
    game = blast("hands: R+2 R1 | B+2 G1 | Y1 Y2; top: R5")
    game.apply(0, "R+2")
    assert plays(game, 1) == {"B+2"}  # equal value, another colour: colour is waived


def test_b_19_colour_and_symbol_matching_are_waived_for_an_answer_only() -> None:
    game = blast("hands: R+2 R1 | Y+4 G+2 B7 W+10 | Y1 Y2; top: R5")
    game.apply(0, "R+2")
    assert legal(game, 1) == {"take", "Y+4", "G+2"} | {f"W+10:{c}" for c in DECLARE}
    refused(game, 1, "B7", uv.IllegalAction)  # an ordinary card cannot answer


def test_b_19_plus_one_and_multiple_neither_answer_nor_are_answered() -> None:
    game = blast("hands: R+2 R1 | G+1 WM2 WM4 WR4 G1 | Y1 Y2; top: R5")
    game.apply(0, "R+2")
    assert legal(game, 1) == {"take"}
    for act in ("G+1", "WM2:G", "WM4:G", "WR4:G"):
        refused(game, 1, act, uv.IllegalAction)
    game = blast("hands: R+1 R1 | G+2 G+4 W+10 G1 | Y1 Y2; top: R5")
    game.apply(0, "R+1")
    assert legal(game, 1) == {"take"}
    refused(game, 1, "G+2", uv.IllegalAction)


def test_plus_one_the_next_draws_1_and_loses_the_turn() -> None:
    game = blast("hands: R+1 R1 | G1 G2 | Y1 Y2; top: R5; draw: O1 O2")
    game.apply(0, "R+1")
    assert game.windows() == (Window("penalty", 1),)
    events = game.apply(1, "take")
    assert drawn(events, 1) == ["O2"] and game.windows() == (Window("turn", 2),)


def test_plus_two_and_plus_four_the_final_victim_takes_the_total_and_loses_the_turn() -> None:
    game = blast("hands: R+2 R1 | G+2 G1 | Y+4 Y2 | B1 B2; top: R5; draw: " + filler(10, "O"))
    game.apply(0, "R+2")
    game.apply(1, "G+2")
    game.apply(2, "Y+4")
    assert game.windows() == (Window("penalty", 3),) and game.pen_amount == 8
    events = game.apply(3, "take")
    assert len(drawn(events, 3)) == 8 and game.windows() == (Window("turn", 0),)
    assert COLOR_LETTERS[game.color] == "Y"  # the last card's colour stands


def test_bloqueo_the_next_player_loses_the_turn() -> None:
    game = blast("hands: RBL R1 | G1 G2 | Y1 Y2; top: R5")
    events = game.apply(0, "RBL")
    assert [e.seat for e in of_kind(events, "skip")] == [1]
    assert game.windows() == (Window("turn", 2),)
    game = blast("hands: RBL R1 | G1 G2; top: R5")  # two players: play comes back
    game.apply(0, "RBL")
    assert game.windows() == (Window("turn", 0),)


def test_reversa_changes_the_direction_with_two_players_it_acts_as_bloqueo() -> None:
    game = blast("hands: RR R1 | G1 G2 | Y1 Y2; top: R5")
    events = game.apply(0, "RR")
    assert game.direction == -1 and of_kind(events, "reverse")
    assert game.windows() == (Window("turn", 2),)
    game = blast("hands: RR R1 | G1 G2; top: R5")
    events = game.apply(0, "RR")
    assert [e.seat for e in of_kind(events, "skip")] == [1]
    assert game.windows() == (Window("turn", 0),)
    game = blast("hands: RR R1 | G1 G2; top: R5", "+two_player_rules=false")
    game.apply(0, "RR")
    assert game.direction == -1 and game.windows() == (Window("turn", 1),)


def test_descartar_todo_discards_its_colour_under_it_without_their_effects() -> None:
    game = blast("hands: RDA R3 R+2 RBL RR RN G1 | G1 G2 | Y1 Y2; top: R5")
    events = game.apply(0, "RDA")
    gone = of_kind(events, "discard_all")[0]
    assert gone.seat == 0 and texts(gone.cards) == cards("R3 R+2 RBL RR RN")
    assert hand(game, 0) == ["G1"]
    assert top(game) == "RDA" and game.discard_by[-6:] == [0] * 6
    assert sorted(CARD_TEXT[c] for c in game.discard[-6:-1]) == cards("R3 R+2 RBL RR RN")
    # no effect of the discarded cards: no penalty, no skip, no reversal
    assert game.windows() == (Window("turn", 1),) and game.direction == 1
    assert not of_kind(events, "skip") and not of_kind(events, "reverse")
    assert COLOR_LETTERS[game.color] == "R" and top(game) == "RDA"


def test_b_26_going_out_by_descartar_todo_wins() -> None:
    game = blast("hands: RDA R3 R+2 | G1 GN | W+6 Y2; top: R5", "+scoring=winner_takes")
    events = game.apply(0, "RDA")
    assert game.over and game.winner == 0 and kinds(events)[-1] == "round_over"
    # winner_takes: numbers at face value, a Numeral 20, a wild 50
    assert events[-1].count == game.round_points() == 1 + 20 + 50 + 2


def test_reversa_y_toma_4_reverses_then_the_next_in_the_new_direction_takes_4() -> None:
    game = blast("hands: WR4 R1 | G1 G2 | Y1 Y2 | B1 B2; top: R5; draw: " + filler(6, "O"))
    events = game.apply(0, "WR4:B")
    assert kinds(events) == ["play", "reverse"] and game.direction == -1
    assert game.windows() == (Window("penalty", 3),) and COLOR_LETTERS[game.color] == "B"
    events = game.apply(3, "take")
    assert len(drawn(events, 3)) == 4 and game.windows() == (Window("turn", 2),)
    # two players: the other seat takes 4 and play comes back
    game = blast("hands: WR4 R1 | G1 G2; top: R5")
    game.apply(0, "WR4:G")
    game.apply(1, "take")
    assert game.windows() == (Window("turn", 0),)


def test_b_20_reversa_y_toma_4_is_not_stackable_by_default() -> None:
    game = blast("hands: R+2 R1 | WR4 G1 | Y1 Y2; top: R5")
    game.apply(0, "R+2")
    refused(game, 1, "WR4:G", uv.IllegalAction)
    game = blast("hands: WR4 R1 | G1 G2 | Y1 Y2 | G+4 W+6 W+10 WR4; top: R5")
    game.apply(0, "WR4:G")
    assert legal(game, 3) == {"take"}


def test_u_b_9_rev4_stackable_a_reversa_y_toma_4_answer_reverses_and_passes_the_total() -> None:
    options = "+rev4_stackable"
    game = blast("hands: R+2 R1 | WR4 G1 | Y1 Y2 | B1 B2; top: R5", options)
    game.apply(0, "R+2")
    assert {f"WR4:{c}" for c in DECLARE} <= legal(game, 1)
    events = game.apply(1, "WR4:G")
    assert kinds(events) == ["play", "reverse"] and game.direction == -1
    assert game.windows() == (Window("penalty", 0),) and game.pen_amount == 6
    # as a chain card it is worth 4: +4 and up answer it, a +2 does not
    game = blast("hands: WR4 R1 | G1 G2 | Y1 Y2 | B+2 B+4 W+6 WR4; top: R5", options)
    game.apply(0, "WR4:B")
    assert plays(game, 3) == {"B+4", "W+6", "WR4"}
    game.apply(3, "WR4:Y")  # reverses again: the total goes to seat 0
    assert (
        game.direction == 1 and game.windows() == (Window("penalty", 0),) and game.pen_amount == 8
    )


def test_plus_six_and_plus_ten_declare_a_colour_and_start_a_chain() -> None:
    game = blast("hands: W+6 R1 | W+10 W+6 G1 | Y1 Y2; top: R5")
    game.apply(0, "W+6:Y")
    assert COLOR_LETTERS[game.color] == "Y" and game.windows() == (Window("penalty", 1),)
    assert plays(game, 1) == {"W+10", "W+6"}
    game.apply(1, "W+10:B")
    assert game.pen_amount == 16 and legal(game, 2) == {"take"}
    game = blast("hands: W+10 R1 | W+6 G+4 G1 | Y1 Y2; top: R5")
    game.apply(0, "W+10:Y")
    assert legal(game, 1) == {"take"}  # 6 < 10, 4 < 10


def test_b_10_multiple_roba_every_other_seat_draws_from_next_and_nobody_is_skipped() -> None:
    game = blast("hands: WM2 R1 | G1 G2 | Y1 Y2 | B1 B2; top: R5; direction: ccw; draw: "
                 + filler(6, "O"))  # fmt: skip
    events = game.apply(0, "WM2:G")
    assert of_kind(events, "all_hit")[0].count == 2
    assert [e.seat for e in of_kind(events, "draw")] == [3, 2, 1]
    assert not of_kind(events, "skip") and COLOR_LETTERS[game.color] == "G"
    assert game.windows() == (Window("turn", 3),)
    assert legal(game, 3) == {"draw"}  # seat 3 plays its turn: nothing green, it draws
    game = blast("hands: WM4 R1 | G1 G2 | Y1 Y2; top: R5; draw: " + filler(8, "O"))
    events = game.apply(0, "WM4:P")
    assert [len(drawn(events, s)) for s in (1, 2)] == [4, 4]
    assert game.windows() == (Window("turn", 1),)
    refused(blast("hands: WM2 R1 | G1; top: R5"), 0, "WM2", uv.IllegalAction)  # a colour


def test_no_uno_calls_by_default() -> None:
    game = blast("hands: R2 R3 | G1 G2 | B1 B2; top: R5")
    assert legal(game, 0) == {"R2", "R3"}
    refused(game, 0, "R2 uno", uv.IllegalAction)
    game.apply(0, "R2")
    assert game.windows() == (Window("turn", 1),)
    refused(game, 0, "uno", uv.IllegalAction)
    refused(game, 2, "catch:0", uv.IllegalAction)


def test_uno_call_true_turns_p4_on_with_a_two_card_catch() -> None:
    game = blast("hands: R2 R3 | G1 G2 | B1 B2; top: R5; draw: O1 O2 O3", "+uno_call")
    assert legal(game, 0) == {"R2", "R2 uno", "R3", "R3 uno"}
    game.apply(0, "R2")
    assert game.windows() == (Window("turn", 1), Window("uno", 0))
    events = game.apply(2, "catch:0")
    assert drawn(events, 0, "uno") == ["O3", "O2"]
    game = blast("hands: R2 R3 | G1 G2 | B1 B2; top: R5", "+uno_call")
    game.apply(0, "R2 uno")
    assert game.windows() == (Window("turn", 1),)
    refused(game, 2, "catch:0", uv.NotYourWindow)


# -- decisions where RULES.md is silent (U-B-n) ------------------------------------------------


def test_u_b_4_a_timeout_picks_each_missing_seats_first_set_in_card_id_order() -> None:
    game, _ = open_event("!2SN", ["Y7 G7 B7 B1", "P7 O7 R7", "P1 P2"], extra=filler(9, "G"))
    game.apply(1, "blast:P7,R7")
    events = game.apply(None, "timeout")
    assert events[0].kind == "timeout" and events[0].seat == 0 and events[0].action == ""
    first = min(
        tuple(sorted(uv.card(c) for c in pair)) for pair in combinations(["Y7", "G7", "B7"], 2)
    )
    chosen = {e.seat: e.cards for e in of_kind(events, "blast_discard")}
    assert chosen[0] == first
    assert texts(chosen[1]) == cards("P7 R7")  # its own choice stands


def test_u_b_11_a_seat_out_on_a_last_plus_n_sits_out_an_event_and_wins_after_the_take() -> None:
    # nobody can meet 2 SAME COLOR: seats 1 and 2 draw 3, seat 0 (out, no cards) draws
    # nothing; then seat 1 finishes its take and seat 0 wins
    game = blast("hands: R+2 | G1 Y2 | B3 P4; top: R5; draw: B5 Y1 Y3 O7 O1 O2 O3 !2SC O9")
    game.apply(0, "R+2")
    assert legal(game, 1) == {"take"}  # the chain has ended: it may not be answered
    events = game.apply(1, "take")
    assert [e.seat for e in of_kind(events, "blast_penalty")] == [1, 2]
    assert drawn(events, 1, "penalty") == ["O9", "B5"]  # one before the event, one after
    assert game.over and game.winner == 0 and game.hands[0] == []
    # a seat that empties its hand in the event wins at once, before the take is done
    game = blast("hands: R+2 | G1 Y2 | B3 B4; top: R5; draw: Y1 Y3 O7 !2SC O9")
    game.apply(0, "R+2")
    game.apply(1, "take")
    game.apply(2, "blast:B3,B4")
    assert game.over and game.winner == 2


def test_u_b_15_a_last_plus_n_is_taken_then_the_round_ends() -> None:
    game = blast("hands: R+2 | G+4 Y2 | B3 P4; top: R5; draw: O1 O2 O3")
    game.apply(0, "R+2")
    assert legal(game, 1) == {"take"}
    refused(game, 1, "G+4", uv.IllegalAction)
    events = game.apply(1, "take")
    assert drawn(events, 1) == ["O3", "O2"] and game.over and game.winner == 0


def test_u_b_12_timeouts_in_the_turn_play_the_first_offer_and_draw_only_without_one() -> None:
    game = blast("hands: R1 WM2 | G1 G2 | Y3 Y4; top: R5")
    events = game.apply(None, "timeout")
    assert events[0].action == "R1" and top(game) == "R1"
    game = blast("hands: B1 | G1 G2 | Y3 Y4; top: R5; draw: O1 W+6 O2")
    events = game.apply(None, "timeout")
    assert events[0].action == "draw" and game.windows() == (Window("drawn", 0),)
    events = game.apply(None, "timeout")
    assert events[0].action == "W+6:R" and game.windows() == (Window("penalty", 1),)
    game = blast("hands: R1 | G1 G2 | Y3 Y4; top: R+2@2; pending: take 2; turn: 0")
    events = game.apply(None, "timeout")
    assert events[0].action == "take"


def test_u_b_7_house_options_are_refused_but_stacking_blast_ge_or_off() -> None:
    for name in (
        "jump_in", "seven_zero", "draw_until_playable", "draw_ends_turn", "revive",
        "play_duplicates", "zero_discard_color", "zero_chooses_direction", "downpour",
        "bar_special", "boomerang", "friendly_swap", "permissive_illegal_plays",
        "wd4_wilds_block", "challenge_elimination",
    ):  # fmt: skip
        with pytest.raises(uv.UnknownOption):
            uv.new_game(f"blast+{name}", 3, 1)
    with pytest.raises(uv.UnknownOption):
        uv.new_game("blast+false_uno_penalty=2", 3, 1)
    for mode in ("same", "progressive"):
        with pytest.raises(uv.InvalidOptionValue):
            uv.new_game(f"blast+stacking={mode}", 3, 1)
    assert uv.new_game("blast", 3, 1).rules.options["stacking"] == "blast_ge"


def test_u_b_17_stacking_off_every_plus_n_is_a_plain_penalty() -> None:
    game = blast("hands: R+2 R1 | G+2 G+4 W+10 G1 | Y1 Y2; top: R5; draw: O1 O2 O3",
                 "+stacking=off")  # fmt: skip
    game.apply(0, "R+2")
    assert legal(game, 1) == {"take"}
    refused(game, 1, "G+4", uv.IllegalAction)
    game.apply(1, "take")
    assert len(game.hands[1]) == 6 and game.windows() == (Window("turn", 2),)


def test_u_b_14_a_blast_card_in_the_dealer_draw_counts_as_0_and_opens_nothing() -> None:
    for seed in range(3000):
        game = uv.new_game("blast", 4, seed)
        draws = of_kind(game.setup_events, "dealer_draw")
        if any(CARD_TEXT[e.cards[0]].startswith("!") for e in draws):
            break
    else:
        raise AssertionError("no dealer draw turned a BLAST card")
    assert not of_kind(game.setup_events, "blast") and game.phase is uv.Phase.TURN
    # replay the rounds of the dealer draw: the highest number deals, a BLAST card counts 0
    seats, i = [0, 1, 2, 3], 0
    while len(seats) > 1:
        values = [number_value(draws[i + k].cards[0]) for k in range(len(seats))]
        assert [draws[i + k].seat for k in range(len(seats))] == seats
        i += len(seats)
        seats = [s for s, v in zip(seats, values, strict=True) if v == max(values)]
    assert i == len(draws) and seats == [game.dealer]
    assert number_value(uv.card("!4SN")) == 0
    assert total(game) == 300


def test_u_b_13_a_numeral_top_is_written_with_the_number_it_counts_as() -> None:
    game = blast("hands: GN B1 | Y1 Y2; top: R5")
    game.apply(0, "GN=5")
    text = uv.position_text(game)
    assert "top: GN=G5@0" in text
    again = uv.position(text)
    assert again.top_kind == 5 and COLOR_LETTERS[again.color] == "G"
    assert legal(again, 1) == {"draw"}  # Y1 Y2: neither green nor a 5


def test_u_b_16_discards_of_the_event_are_stacked_in_resolution_order() -> None:
    game, _ = open_event("!2SC", ["B1 B2 P9", "G1 G2 Y9", "O1 O2 R9"], extra="O9")
    game.apply(2, "blast:O1,O2")
    game.apply(1, "blast:G1,G2")
    events = game.apply(0, "blast:B1,B2")
    assert [e.seat for e in of_kind(events, "blast_discard")] == [0, 1, 2]
    assert [CARD_TEXT[c] for c in game.discard[-7:-1]] == ["B1", "B2", "G1", "G2", "O1", "O2"]
    assert game.discard_by[-7:-1] == [0, 0, 1, 1, 2, 2]


# -- bad input -----------------------------------------------------------------------------


def test_bad_input_blast_choices_are_refused_and_change_nothing() -> None:
    game, _ = open_event("!2SN", ["Y7 G7 B7 P1", "Y3 Y4 P1", "G2 B2 P9"], extra=filler(9, "R"))
    refused(game, 0, "blast:Y7,P1", uv.IllegalAction)  # does not qualify
    refused(game, 0, "blast:Y7", uv.IllegalAction)  # too few
    refused(game, 0, "blast:Y7,G7,B7", uv.IllegalAction)  # too many
    refused(game, 0, "blast:Y7,Y7", uv.IllegalAction)  # one Y7 in the hand
    refused(game, 0, "blast:R7,P7", uv.IllegalAction)  # not in the hand
    refused(game, 1, "blast:Y3,Y4", uv.NotYourWindow)  # seat 1 cannot comply
    refused(game, 1, "blast:P1,P1", uv.IllegalAction)
    refused(game, 0, "Y7", uv.StaleAction)  # a play during an open event (§5.5 step 7)
    refused(game, 0, "draw", uv.StaleAction)
    refused(game, None, "color:R", uv.NotYourWindow)
    game.apply(0, "blast:G7,B7")
    refused(game, 0, "blast:Y7,G7", uv.NotYourWindow)  # already chose
    refused(game, 0, "blast:Y7,B7", uv.NotYourWindow)
    refused(game, 2, "blast:", uv.NotationError)
    game.apply(2, "blast:G2,B2")
    refused(game, 0, "blast:Y7,P1", uv.NotYourWindow)  # no event open any more


def test_bad_input_plays_draws_and_numbers_are_refused_and_change_nothing() -> None:
    game = blast("hands: R1 GN B+2 W+6 | G1 G2 | Y1 Y2; top: R5")
    refused(game, 0, "draw", uv.IllegalAction)  # voluntary draw
    refused(game, 0, "pass", uv.IllegalAction)
    refused(game, 0, "GN=3", uv.IllegalAction)  # on a red 5 a green Numeral declares 5
    refused(game, 0, "GN", uv.IllegalAction)  # a Numeral needs its number
    refused(game, 0, "GN=5:R", uv.IllegalAction)  # and takes no colour
    refused(game, 0, "R1=3", uv.IllegalAction)  # a number on a non-Numeral
    refused(game, 0, "B+2", uv.IllegalAction)  # no match
    refused(game, 0, "W+6", uv.IllegalAction)  # no colour
    refused(game, 0, "Y7", uv.IllegalAction)  # not in the hand
    refused(game, 1, "G1", uv.NotYourWindow)  # out of turn
    refused(game, 0, "take", uv.IllegalAction)
    refused(game, 0, "GN=x", uv.NotationError)
    game = blast("hands: R+4 R1 | G+2 G1 | Y1 Y2; top: R5")
    game.apply(0, "R+4")
    refused(game, 1, "G+2", uv.IllegalAction)  # a chain answer below the last value
    game = blast("hands: B1 | G1 G2; top: R5; draw: G7 R9")
    game.apply(0, "draw")
    refused(game, 0, "pass", uv.IllegalAction)  # pass after drawing
    game = blast("hands: R1 | G1 G2 G3 | Y1; top: B+2@0; pending: take 2; turn: 1; draw: O1 O2 O3",
                 "+elimination_threshold=5")  # fmt: skip
    game.apply(1, "take")
    refused(game, 1, "G1", uv.NotYourWindow)  # eliminated
    refused(game, 1, "draw", uv.NotYourWindow)
    refused(game, None, "penalize:1:2", uv.IllegalAction)


def test_bad_options_are_refused() -> None:
    for preset, error in (
        ("blast+nope", uv.UnknownOption),
        ("blast+classic.deck=108", uv.UnknownOption),
        ("blast+mode=fast", uv.InvalidOptionValue),
        ("blast+blast.plus_ten=x", uv.InvalidOptionValue),
        ("blast+rev4_stackable=maybe", uv.InvalidOptionValue),
        ("blast+elimination_threshold=1", uv.InvalidOptionValue),
        ("blast+mode=blast+uno_call", uv.OptionConflict),
        ("blast+lock_scope=forever", uv.InvalidOptionValue),
        ("blast+simultaneity_window_ms=-1", uv.InvalidOptionValue),
        ("blast+blast.numbers=0", uv.OptionConflict),
        ("classic+stacking=blast_ge", uv.OptionConflict),
    ):
        with pytest.raises(error):
            uv.new_game(preset, 4, 1)


def test_u_b_19_blast_numbers_is_offered_from_1() -> None:
    """``blast.numbers=0`` is always refused, so no listing offers it (``Variant.offered``)."""
    spec = blast_variant.BLAST.offered["blast.numbers"]
    assert (spec.minimum, spec.maximum) == (1, blast_variant.MAX_COPIES)
    assert spec.allowed() == "an integer from 1 to 20"
    with pytest.raises(uv.OptionConflict, match=r"blast\.numbers=0: the first card must be"):
        uv.new_game("blast+numbers=0", 4, 1)


# -- §5.5 play stops during an event (step 1, step 7, B-15) -----------------------------------


def test_a_play_during_an_open_event_is_rejected_as_stale() -> None:
    game = blast("hands: WM2 R1 | R3 Y7 | G7 B7 P1; top: R5; draw: "
                 + filler(12, "O") + " !2SN")  # fmt: skip
    game.apply(0, "WM2:R")  # seat 1, the first victim, draws the BLAST card
    assert game.windows() == (Window("blast", 1),)
    # seat 1 plays next once the Múltiple is done, and R3 plays on the red wild
    refused(game, 1, "R3", uv.StaleAction)


def test_the_blast_card_is_spent_only_after_the_penalties() -> None:
    game, _ = open_event("!2SN", ["B1", "Y3 Y4 O1", "Y7 G7 P9"], extra="B8 R1")
    events = game.apply(2, "blast:Y7,G7")
    reshuffle = of_kind(events, "reshuffle")
    assert reshuffle
    # at the reshuffle seat 0 holds 1 card + 2 drawn (B8 R1 are not enough for 3), seat 1
    # 3, seat 2 1; the top stays; the BLAST card is still in the active zone
    assert reshuffle[0].count == 300 - 3 - 3 - 1 - 1 - 1
    assert "!2SN" in [CARD_TEXT[c] for c in game.blast.spent]


def test_u_b_20_a_catch_during_an_event_waits_for_it_and_the_draws_go_on() -> None:
    game = blast("hands: WM2 R1 | G1 Y1 | B3 B4 | P5 P6; top: R5; draw: "
                 + filler(16, "O") + " !2SN O8 O9", "+uno_call")  # fmt: skip
    game.apply(0, "WM2:R")  # seat 0 is down to one card without UNO
    assert game.windows() == (Window("blast", 2),)  # seat 2, the second victim, drew the BLAST card
    refused(game, 3, "catch:0", uv.StaleAction)  # play stops: nothing else happens now
    game.apply(1, "blast:G1,Y1")
    # seats 2 and 3 each drew the 3-card penalty and their 2 Múltiple cards
    assert len(game.hands[2]) == 2 + 3 + 2
    assert len(game.hands[3]) == 2 + 3 + 2
    assert total(game) == 300
    # seat 0 could not meet the challenge either: its 3 cards took it above one card, so
    # the UNO window closed (P4) and the catch has nothing left to catch
    assert len(game.hands[0]) == 4 and Window("uno", 0) not in game.windows()
    refused(game, 3, "catch:0", uv.NotYourWindow)


def test_u_b_20_a_referee_penalty_during_an_event_is_refused() -> None:
    game = blast("hands: WM2 R1 | G1 Y1 | B3 B4 | P5 P6; top: R5; draw: "
                 + filler(16, "O") + " !3SC !2SN O8 O9")  # fmt: skip
    game.apply(0, "WM2:R")
    assert game.windows() == (Window("blast", 2),)
    refused(game, None, "penalize:1:2", uv.StaleAction)
    while game.phase is uv.Phase.BLAST:
        game.apply(None, "timeout")
        assert total(game) == 300
    assert len(game.hands[3]) >= 2 + 2  # seat 3 drew its Múltiple cards
