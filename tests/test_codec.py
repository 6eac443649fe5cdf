"""Saved games (``core.codec``, docs/notation.md "Saved states"): every state round-trips,
and a corrupt or edited one is refused with a ``NotationError`` naming the field, never
loaded to fail later."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

import unoverse as uv
from unoverse import Game, Phase, UnoverseError

pytestmark = pytest.mark.engine_build

#: Presets of every variant and mode, with house rules that add state (jump-ins, stacking).
PRESETS = (
    "classic",
    "classic+jump_in+stacking=progressive+seven_zero",
    "classic+permissive_illegal_plays",
    "minecraft",
    "attack",
    "full_spectrum",
    "blast",
    "blast+blast.mode=blast",
)

State = dict[str, Any]


def played(preset: str, players: int, seed: int, until: Callable[[Game], bool]) -> Game:
    """A game of ``preset`` after seeded random legal actions, stopped once ``until`` holds
    (or the round ends)."""
    rng = random.Random(seed)
    game = uv.new_game(preset, players, seed)
    clock = 0.0
    while not until(game) and not game.over:
        pairs = [(s, a) for s in game.acting_seats() for a in game.legal_actions(s)]
        seat, act = rng.choice(pairs)
        clock += rng.choice((0.0, 100.0, 1000.0))
        game.apply(seat, act, clock)
    return game


def reach(preset: str, players: int, wanted: Callable[[Game], bool]) -> Game:
    """The first seeded random game of ``preset`` that reaches a state where ``wanted``."""
    for seed in range(200):
        game = played(preset, players, seed, wanted)
        if wanted(game):
            return game
    raise AssertionError(f"no game of {preset} reached the state wanted")


def state(game: Game) -> State:
    data: State = json.loads(uv.to_json(game))
    return data


def refused(data: object, field: str) -> str:
    """Load ``data``; it must be refused with a message naming ``field``."""
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(uv.NotationError) as info:
        uv.from_json(text)
    message = str(info.value)
    assert message.startswith(f"saved game: {field}"), message
    return message


@pytest.mark.parametrize("preset", PRESETS)
def test_every_state_of_a_round_loads_and_saves_to_the_same_text(preset: str) -> None:
    rng = random.Random(preset)
    game = uv.new_game(preset, 4, 3)
    for _ in range(400):
        text = uv.to_json(game)
        loaded = uv.from_json(text)
        assert uv.to_json(loaded) == text
        assert loaded.view(None) == game.view(None)
        if game.over:
            break
        pairs = [(s, a) for s in game.acting_seats() for a in game.legal_actions(s)]
        seat, act = rng.choice(pairs)
        game.apply(seat, act, rng.choice((0.0, 10.0)) + 1000.0 * game.version)


def test_the_corruptions_of_the_issue_are_refused_naming_the_field() -> None:
    base = state(uv.new_game("classic", 4, 7))
    cases: list[tuple[str, State]] = [
        ("cards", {**base, "draw": base["draw"] + " R5 R5 R5 R5 R5"}),  # 113 cards
        ("hands", {**base, "hands": base["hands"][:3]}),  # three hands for four players
        ("turn", {**base, "turn": 9}),
        ("players", {**base, "players": 0}),
        ("color", {**base, "color": 99}),
        ("winner", {**base, "phase": "over"}),  # over without a winner
        ("winner", {**base, "winner": 2}),  # a winner, yet not over
        ("hands", {**base, "hands": 5}),  # wrong types
        ("penalty", {**base, "penalty": "x"}),
        ("known", {**base, "known": []}),
        ("discard_by", {**base, "discard_by": "nobody"}),
        ("jump", {**base, "jump": 3}),
    ]
    for field, data in cases:
        refused(data, field)


def test_a_huge_player_count_is_refused_before_anything_is_built() -> None:
    start = time.perf_counter()
    message = refused({**state(uv.new_game("classic", 4, 7)), "players": 100_000}, "players")
    assert "2 to 10" in message
    assert time.perf_counter() - start < 0.5


def test_the_piles_must_hold_the_deck_the_options_make() -> None:
    """Checked before the deck is built: the options alone must not make a huge one."""
    data = state(uv.new_game("blast", 3, 1))
    data["options"]["blast.numbers"] = "3"
    message = refused(data, "cards")
    assert message.endswith("300 cards in the piles; the blast deck has 360"), message


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "not JSON"),
        ("\x00\xff binary", "not JSON"),
        ("[" * 100_000 + "]" * 100_000, "not JSON"),  # nesting deeper than the parser goes
        ('{"format": ' + "9" * 5000 + "}", "not JSON"),  # beyond Python's integer digits
        ("[1, 2]", "expected a JSON object"),
        ("{}", "format: missing"),
        ('{"format": true}', "format: True"),
        ('{"format": 1.0}', "format: 1.0"),
        ('{"format": 1, "variant": "nope"}', "variant: unknown variant 'nope'"),
        ('{"format": 1, "variant": "classic", "options": {"stacking": "bogus"}}', "options"),
        (
            '{"format": 1, "options": {"stacking": ' + "[" * 900 + "]" * 900 + "}}",
            "options: nested",
        ),
    ],
)
def test_text_that_is_no_saved_game_is_refused(text: str, why: str) -> None:
    with pytest.raises(uv.NotationError, match=why):
        uv.from_json(text)


def test_a_field_written_twice_is_refused() -> None:
    text = uv.to_json(uv.new_game("classic", 4, 7))
    refused(text.replace('"turn":', '"turn":9,"turn":', 1), "turn")


def test_only_text_is_read() -> None:
    """In both builds (the compiled one once raised a bare ``TypeError``)."""
    for value in (b"{}", None, 5):
        with pytest.raises(uv.NotationError, match="a JSON text, not"):
            uv.from_json(value)


def test_cards_must_be_the_deck_each_once_and_in_their_place() -> None:
    base = state(uv.new_game("classic", 3, 2))
    first = base["hands"][0].split()[0]
    moved = {**base, "draw": " ".join([first, *base["draw"].split()[1:]])}
    message = refused(moved, "draw")  # a card of a hand copied over one of the pile
    assert f"{first} is one copy too many" in message
    turquoise = {**base, "draw": " ".join(["T5", *base["draw"].split()[1:]])}
    assert "the classic deck has none" in refused(turquoise, "draw")
    blast = state(uv.new_game("blast", 3, 2))
    pile = blast["draw"].split()
    blast_card = next(c for c in pile if c.startswith("!"))
    pile.remove(blast_card)
    top = blast["discard"].split()[-1]
    pile.append(top)
    on_top = {**blast, "draw": " ".join(pile), "discard": blast_card}
    assert "is a BLAST card" in refused(on_top, "discard")


@pytest.mark.parametrize(
    ("field", "change"),
    [
        ("direction", {"direction": 0}),
        ("dealer", {"dealer": -1}),
        ("discard_by", {"discard_by": [0, 1]}),
        ("rng", {"rng": -1}),
        ("rng", {"rng": 2**64}),
        ("version", {"version": 1.5}),
        ("version", {"version": True}),
        ("top_kind", {"top_kind": "Q"}),
        ("phase", {"phase": "nap"}),
        ("uno_open", {"uno_open": [0]}),  # seat 0 holds seven cards
        ("said_uno", {"said_uno": [1]}),
        ("said_uno", {"said_uno": [7]}),
        ("eliminated", {"eliminated": [5]}),
        ("illegal", {"illegal": [1, 0, 0, 0, 1]}),  # permissive_illegal_plays is off
        ("illegal", {"illegal": [1, 0, 0, 0, 1, -1]}),  # 7 numbers
        ("penalty", {"penalty": [2, -1, False, True, 1, False]}),  # in the turn window
        ("drawn", {"drawn": 5}),  # in the turn window
        ("launcher", {"launcher": 0}),  # Classic has none
        ("pen_until", {"pen_until": "count"}),  # written only when not a count
        ("penalty", {"pen_until": "fire"}),  # no penalty is pending
        ("pen_fire", {"pen_fire": True}),  # no such field: pen_until says it
        ("strict", {"strict": -1}),  # written only when set
        ("owed", {"owed": [[0, 2, "penalty"]], "then": [0, -1]}),  # no BLAST event
        ("then", {"then": [1, 0]}),  # without owed draws
        ("live", {"live": {}}),
        ("colour", {"colour": 3}),  # no such field
    ],
)
def test_every_field_is_checked(field: str, change: State) -> None:
    refused({**state(uv.new_game("classic", 4, 7)), **change}, field)


def test_known_cards_are_in_the_hand_they_are_said_to_be_in() -> None:
    data = state(uv.new_game("classic", 3, 2))
    elsewhere = data["hands"][2].split()[0]
    assert "seat 1's hand does not hold" in refused({**data, "known": {"0:1": elsewhere}}, "known")
    assert "own hand" in refused({**data, "known": {"1:1": data["hands"][1]}}, "known")
    refused({**data, "known": {"0:9": elsewhere}}, "known")
    refused({**data, "known": {" 0:1": elsewhere}}, "known")


def test_the_phase_agrees_with_the_rest() -> None:
    base = state(uv.new_game("classic", 4, 7))
    assert "no draw penalty" in refused(
        {**base, "phase": "penalty", "penalty": [2, -1, False, True, 1, False]}, "penalty"
    )  # the top card, a number, made no penalty
    refused({**base, "phase": "penalty"}, "penalty")  # a penalty of no cards
    refused({**base, "phase": "drawn"}, "drawn")  # no card drawn
    assert "BLAST" in refused({**base, "phase": "live"}, "phase")
    refused({**base, "phase": "blast"}, "phase")
    refused({**base, "phase": "color"}, "color")  # the colour is set already


def test_a_penalty_comes_from_the_top_card_and_its_player() -> None:
    game = reach("classic+stacking=progressive", 3, lambda g: g.phase == Phase.PENALTY)
    data = state(game)
    assert uv.to_json(uv.from_json(json.dumps(data))) == uv.to_json(game)
    amount, source, challenge, legal, chain, returned = data["penalty"]
    refused({**data, "penalty": [0, source, challenge, legal, chain, returned]}, "penalty")
    refused({**data, "penalty": [10**6, source, challenge, legal, chain, returned]}, "penalty")
    other = (source + 1) % 3
    refused({**data, "penalty": [amount, other, challenge, legal, chain, returned]}, "penalty")
    refused({**data, "penalty": [amount, source, challenge, legal, chain, True]}, "penalty")


def test_a_drawn_card_is_in_the_hand_of_the_turn() -> None:
    game = reach("classic", 3, lambda g: g.phase == Phase.DRAWN)
    data = state(game)
    other = data["hands"][(game.turn + 1) % 3].split()[0]
    assert "is not in seat" in refused({**data, "drawn": uv.card(other)}, "drawn")


def test_an_open_blast_event_is_checked() -> None:
    game = reach("blast", 4, lambda g: g.phase == Phase.BLAST)
    data = state(game)
    assert uv.to_json(uv.from_json(json.dumps(data))) == uv.to_json(game)
    blast = data["blast"]
    refused({**data, "blast": {**blast, "due": [*blast["due"], 9]}}, "blast.due")
    refused({**data, "blast": {**blast, "drawer": (blast["drawer"] + 1) % 4}}, "blast.drawer")
    refused({**data, "blast": {**blast, "saved": [0, 4, -1]}}, "blast.saved")
    refused({**data, "blast": {**blast, "chosen": {"12": "R1"}}}, "blast.chosen")
    refused({**data, "phase": "turn"}, "blast")


def test_blast_mode_live_play_is_checked() -> None:
    game = reach("blast+blast.mode=blast", 3, lambda g: g.phase == Phase.LIVE and g.version > 5)
    data = state(game)
    live = data["live"]
    holder = next(s for s in range(3) if game.hands[s])
    held = {uv.core.cards.CARD_TEXT[c] for c in game.hands[holder]}
    stranger = next(c for c in data["draw"].split() if c not in held)
    armed = {**live, "armed": {str(holder): stranger}}
    assert "does not hold" in refused({**data, "live": armed}, "live.armed")
    refused({**data, "live": {**live, "lock": "T"}}, "live.lock")  # no turquoise in Blast
    refused({**data, "live": {**live, "blocked": 7}}, "live.blocked")
    refused({**data, "live": {**live, "accepted": [float("nan"), 0, "R1"]}}, "live.accepted")
    refused({**data, "phase": "penalty"}, "phase")


def test_a_part_of_the_state_is_refused_for_a_rule_set_without_it() -> None:
    """UNO Blast's keys (its part of the state, ``core.blast.part``) in a Classic game are
    refused by name; cards in them are counted against the deck first, and refused there."""
    data = state(reach("classic", 3, lambda g: g.version > 4))
    blast = state(reach("blast+blast.mode=blast", 3, lambda g: g.version > 4))
    for key, value in (
        ("live", blast["live"]),
        ("owed", [[0, 1, "turn"]]),
        ("then", [0, -1]),
        ("spent", ""),
    ):
        assert "not written for this game" in refused({**data, key: value}, key)
    assert "the classic deck has 108" in refused({**data, "spent": "!2SC"}, "cards")
    assert refused({**data, "spent": [0]}, "spent") == "saved game: spent: a string, not [0]"


def test_what_to_json_writes_is_exactly_what_loads() -> None:
    """A loaded game saves to the text it came from: no field coerced, dropped or defaulted."""
    game = reach("attack", 3, lambda g: g.version > 10)
    text = uv.to_json(game)
    assert uv.to_json(uv.from_json(text)) == text
    data = state(game)
    refused({**data, "launcher": 99}, "launcher")  # the hazard launcher counts 0 to 3 misses
    refused({**data, "said_uno": [2, 1]}, "said_uno")  # not as written: sorted


def test_a_loaded_game_plays_on_like_the_original() -> None:
    for preset in PRESETS:
        game = reach(preset, 3, lambda g: g.version >= 8)
        loaded = uv.from_json(uv.to_json(game))
        for _ in range(20):
            if game.over:
                break
            seat = game.acting_seats()[0]
            act = game.legal_actions(seat)[0]
            try:
                game.apply(seat, act, 1e6)
            except UnoverseError:
                pytest.fail(f"{preset}: an offered action was refused")
            loaded.apply(seat, act, 1e6)
            assert uv.to_json(loaded) == uv.to_json(game)
