"""UNO Flip's canonical pairing (RULES.md §8.3, FL-1): the deck's 112 cards and their
numbers, each side's contents against §8.2's table, the properties §8.3 records for tests,
and the two ids of each card, one for each face up."""

from __future__ import annotations

from collections import Counter

from unoverse.core.cards import (
    CARD_COLOR,
    CARD_IS_WILD,
    CARD_KIND,
    CARD_NUMBER,
    CARD_TEXT,
    DARK_UP,
    FACE,
    N_CARDS,
    TWIN,
    card,
    card_of,
    color,
)
from unoverse.core.faces import (
    CANONICAL,
    DARK_COLORS,
    LIGHT_COLORS,
    LIGHT_KINDS,
    card_text,
)

DARK_KINDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "+5", "R", "SA", "F")
LIGHT_WILDS = ("W", "W+2")
DARK_WILDS = ("W", "WDC")


def backs_of(light: str) -> list[str]:
    return [d for f, d in CANONICAL if f == light]


def fronts_of(dark: str) -> set[str]:
    return {f for f, d in CANONICAL if d == dark}


def test_fl_1_the_deck_has_112_cards_in_the_tables_order() -> None:
    assert len(CANONICAL) == 112
    assert card_text(0) == "R1|P3" and card_text(1) == "R1|V2"  # copy 1, then copy 2
    assert card_text(12 * 2) == "RF|P8"  # red 1-9, +1, S, R: 24 cards, then red Flips
    assert card_text(26) == "Y1|W"  # then yellow
    assert card_text(104) == "W|P5" and card_text(111) == "W+2|V9"


def test_fl_1_each_side_holds_what_the_sheet_lists() -> None:
    light = Counter(f for f, _ in CANONICAL)
    dark = Counter(d for _, d in CANONICAL)
    assert light == Counter(
        {c + k: 2 for c in LIGHT_COLORS for k in LIGHT_KINDS} | {w: 4 for w in LIGHT_WILDS}
    )
    assert dark == Counter(
        {c + k: 2 for c in DARK_COLORS for k in DARK_KINDS} | {w: 4 for w in DARK_WILDS}
    )


def test_fl_1_the_records_properties() -> None:
    flips = {c + "F" for c in LIGHT_COLORS + DARK_COLORS}
    wilds = set(LIGHT_WILDS + DARK_WILDS)
    for light, dark in CANONICAL:
        assert not (light in flips and dark in flips), (light, dark)  # no Flip on both faces
        assert not (light in wilds and dark in wilds), (light, dark)  # no wild on both faces
        if light.endswith("+1"):
            assert dark[1:].isdigit(), (light, dark)  # Draw One backs onto dark numbers


def test_fl_1_a_back_narrows_down_its_front() -> None:
    darks = {d for _, d in CANONICAL}
    assert len(darks) == 54
    by_count = Counter(len(fronts_of(d)) for d in darks)
    assert by_count == {2: 51, 4: 2, 1: 1}
    assert fronts_of("W") == {"Y1", "RS", "YR", "BR"}
    assert fronts_of("WDC") == {"R3", "Y6", "G6", "GF"}
    assert fronts_of("VSA") == {"B1"}


def test_fl_1_the_reading_examples_of_the_spec() -> None:
    assert backs_of("R1") == ["P3", "V2"]  # the two red 1s: a pink 3 and a purple 2
    assert backs_of("B1") == ["VSA", "VSA"]  # both blue 1s: a purple Skip Everyone
    assert backs_of("B6") == ["VR", "TSA"]  # S22's correction: a purple Reverse
    assert fronts_of("V+5") == {"R2", "R4"}  # §8.14 scenario 3: a drawn V+5 back


def test_a_two_faced_card_has_an_id_for_each_face_up() -> None:
    light, dark = card("R1|P3"), card("P3|R1")  # written face up first, then the back
    assert dark != light and TWIN[light] == dark and TWIN[dark] == light
    assert not DARK_UP[light] and DARK_UP[dark]
    # every lookup reads the face that is up: red 1, then pink 3
    assert (CARD_COLOR[light], CARD_NUMBER[light]) == (color("R"), 1)
    assert (CARD_COLOR[dark], CARD_NUMBER[dark]) == (color("P"), 3)
    assert (CARD_TEXT[FACE[light]], CARD_TEXT[FACE[dark]]) == ("R1", "P3")


def test_every_distinct_card_of_the_deck_is_one_card() -> None:
    two_faced = [c for c in range(N_CARDS) if TWIN[c] != c]
    assert len(two_faced) == 2 * 111  # the two blue 1s with a purple Skip Everyone are alike
    light_up = {CARD_TEXT[c] for c in two_faced if not DARK_UP[c]}
    assert light_up == {card_text(n) for n in range(112)}
    assert len(set(map(CARD_TEXT.__getitem__, range(N_CARDS)))) == N_CARDS  # one text, one id
    for c in two_faced:
        up = FACE[c]
        assert TWIN[TWIN[c]] == c and TWIN[up] == up and FACE[up] == up
        assert (CARD_COLOR[c], CARD_KIND[c], CARD_IS_WILD[c]) == (
            CARD_COLOR[up],
            CARD_KIND[up],
            CARD_IS_WILD[up],
        )


def test_the_faces_only_two_faced_cards_print_are_cards_of_their_own() -> None:
    for text, wild in (("P+5", False), ("OF", False), ("RF", False), ("W+2", True), ("WDC", True)):
        c = card(text)
        assert CARD_TEXT[c] == text and CARD_IS_WILD[c] is wild and TWIN[c] == c
        assert card_of(CARD_COLOR[c], CARD_KIND[c]) == c
    assert card("R7") == card_of(color("R"), 7)  # the one-faced cards keep their ids
