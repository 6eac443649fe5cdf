"""Engine settings one at a time (``core.variant.EngineSettings``, docs/architecture.md,
"Engine settings").

A data-only variant here is Classic's deck, effects, options and hooks with engine settings
added. Each free-standing setting, alone on Classic, plays whole rounds of random legal
actions in which every action listed, and so every action accepted, does something: it
changes the state beyond its version number or reports what happened, and the state stays
one the engine can be in. A setting that is part of another is refused without it, and a
setting that belongs to a card changes nothing where the deck lacks that card.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import unoverse as uv
from unoverse.core.actions import DRAW, Kind
from unoverse.core.cards import CARD_KIND, KIND_INDEX, N_CARDS, card
from unoverse.core.codec import to_dict
from unoverse.core.errors import OptionConflict
from unoverse.core.events import Event
from unoverse.core.game import Game
from unoverse.core.integrity import check
from unoverse.core.options import Options
from unoverse.core.p1 import Steps
from unoverse.core.setup import deal
from unoverse.core.state import FIELDS, Shape, Transient
from unoverse.core.variant import DeckRow, EngineSettings, Variant
from unoverse.variants import CLASSIC

from .conftest import hand, kinds, legal

SEEDS = (1, 2, 3)
PLAYERS = 4


def classic_with(settings: EngineSettings, name: str = "classic_with") -> Variant:
    """Classic with ``settings`` added and nothing else: its deck, effects, options, first
    card and conflicts. (It delegates rather than subclasses: Classic is compiled.)"""

    class ClassicWith(Variant):
        def deck_table(self, options: Options) -> tuple[DeckRow, ...]:
            return CLASSIC.deck_table(options)

        def effects(self, options: Options) -> Mapping[str, tuple[int, int]]:
            return CLASSIC.effects(options)

        def check_conflicts(self, options: Options) -> None:
            CLASSIC.check_conflicts(options)

        def engine_settings(self, options: Options) -> EngineSettings:
            return settings

        def start(self, game: Game) -> None:
            CLASSIC.start(game)

    return ClassicWith(
        name=name,
        title="Classic with engine settings",
        aliases=(),
        option_specs=CLASSIC.option_specs,
    )


def new_round(variant: Variant, seed: int, players: int = PLAYERS, **options: Any) -> Game:
    """A new round of ``variant``, seat 0 dealing (``uv.new_game`` without the lookup by
    name: the variant is in no list)."""
    game = Game(variant.compile(variant.options(options)), players, seed)
    game.dealer = 0
    deal(game, game.setup_events)
    variant.start(game)
    return game


def on_table(settings: EngineSettings, text: str) -> Game:
    """The position ``text`` (docs/notation.md, a Classic preset) played with ``settings``."""
    classic = uv.position(text)
    variant = classic_with(settings)
    game = Game(variant.compile(variant.options(dict(classic.rules.options))), classic.n, 1)
    for f in FIELDS:
        if f.shape is Shape.PART or f.name in ("rules", "draws", "launcher", "rng"):
            continue  # (as the rules make them: a part, or none)
        if f.transient is Transient.NO:
            setattr(game, f.name, copy.deepcopy(getattr(classic, f.name)))
    check(game)
    return game


def state(game: Game) -> dict[str, object]:
    """The whole state but its version number."""
    saved = to_dict(game)
    del saved["version"]
    return saved


def offers(game: Game) -> Iterator[tuple[int, uv.Action]]:
    """Every action listed now, with its seat."""
    for seat in game.acting_seats():
        for a in game.legal_actions(seat):
            yield seat, a


def assert_effect(game: Game, seat: int, a: uv.Action) -> list[Event]:
    """Apply ``a``; it must change the state beyond the version or report events, and leave
    a state the engine can be in."""
    before = state(game)
    events = game.apply(seat, a)
    assert state(game) != before or events, f"{a} by seat {seat} was accepted and did nothing"
    check(game, f"after {a} by seat {seat}")
    return events


def pick(listed: list[tuple[int, uv.Action]], choose: random.Random) -> tuple[int, uv.Action]:
    """A random listed action: a play without an UNO call (which may be a false one) nine
    times in ten where one is listed, so that a round ends in hundreds of actions rather
    than thousands."""
    plays = [(seat, a) for seat, a in listed if a.kind is Kind.PLAY and not a.uno]
    return choose.choice(plays if plays and choose.random() < 0.9 else listed)


def play_round(game: Game, seed: int, limit: int = 20_000) -> list[tuple[int, uv.Action, Event]]:
    """Random legal actions to the end of the round, or ``limit`` actions (E-6's bound by
    default). Before each, every action listed is tried on a copy and must do something;
    so must the one applied. The log: each event with the action and seat that caused it."""
    choose = random.Random(seed)
    log: list[tuple[int, uv.Action, Event]] = []
    for _ in range(limit):
        if game.winner >= 0:
            break
        listed = list(offers(game))
        for seat, a in listed:
            assert_effect(game.copy(), seat, a)
        seat, a = pick(listed, choose)
        log.extend((seat, a, e) for e in assert_effect(game, seat, a))
    return log


def triggered(code: str, extra: int) -> bytes:
    """A draw-trigger table: drawing ``code`` makes its drawer draw ``extra`` more."""
    table = bytearray(N_CARDS)
    table[card(code)] = extra
    return bytes(table)


def red_to_yellow() -> Steps:
    """Colour steps on Classic's colours: on red, yellow plays too."""
    return tuple((2,) if col == 0 else () for col in range(8))


NUMBERS = frozenset(KIND_INDEX[str(n)] for n in range(10))
SKIP_REVERSE = frozenset({KIND_INDEX["S"], KIND_INDEX["R"]})

#: The free-standing settings, each with a value that acts on Classic's rules.
FREE_STANDING: dict[str, EngineSettings] = {
    "launcher": {"launcher": "bernoulli"},
    "draw_trigger": {"draw_trigger": triggered("R0", 3)},
    "no_last": {"no_last": NUMBERS},
    "lands_last": {"lands_last": SKIP_REVERSE},
    "steps": {"steps": red_to_yellow()},
    "uno_calls": {"uno_calls": False},
    "must_play": {"must_play": True},
    "elimination": {"elimination": 12},
}


def test_every_free_standing_setting_is_tested_alone() -> None:
    """The settings ``EngineSettings`` names as free-standing are the ones played here."""
    doc = EngineSettings.__doc__ or ""
    listed = doc.split("Free-standing, each works alone with any deck:")[1].split(".")[0]
    assert {name.strip(" `\n") for name in listed.split(",")} == set(FREE_STANDING)


@pytest.mark.parametrize("name", FREE_STANDING)
def test_a_free_standing_setting_alone_plays_whole_rounds_where_every_action_acts(
    name: str,
) -> None:
    variant = classic_with(FREE_STANDING[name], f"classic+{name}")
    rounds = [new_round(variant, seed) for seed in SEEDS]
    logs = [play_round(game, seed) for game, seed in zip(rounds, SEEDS, strict=True)]
    assert all(game.winner >= 0 for game in rounds)
    events = [e for log in logs for _, _, e in log]
    # what the setting does, seen in the rounds (so that they tested it)
    if name == "launcher":
        presses = [e for e in events if e.kind == "press"]
        assert "draw" not in kinds(events) and {e.count == 0 for e in presses} == {True, False}
    elif name == "draw_trigger":
        assert "revealed" in kinds(events)
    elif name == "no_last":
        for log in logs:
            last = next(e for _, _, e in reversed(log) if e.kind == "play")
            assert CARD_KIND[last.cards[-1]] not in NUMBERS  # (numbers are most cards)
    elif name == "lands_last":  # a last Skip or Reverse lands, then the round ends
        for log in logs:
            last = max(i for i, (_, _, e) in enumerate(log) if e.kind == "play")
            if CARD_KIND[log[last][2].cards[-1]] in SKIP_REVERSE:
                assert [e.kind for _, _, e in log[last + 1 : last + 3]] in (
                    ["skip", "round_over"],
                    ["reverse", "round_over"],
                )
    elif name == "steps":
        assert any(e.kind == "play" and e.reason == "step" for e in events)
    elif name == "uno_calls":
        assert not {"uno", "catch"} & set(kinds(events))
    elif name == "must_play":  # a card drawn that plays is played: no pass
        actions = {str(a) for log in logs for _, a, _ in log}
        assert "draw" in actions and "pass" not in actions
    else:
        assert "eliminated" in kinds(events)
        # the elimination check is a per-card hook of P2: a turn's draw is still one card
        assert all(e.count == 1 for e in events if e.kind == "draw" and e.reason == "turn")


def test_lands_last_alone_a_last_skip_skips_then_the_round_ends() -> None:
    game = on_table({"lands_last": SKIP_REVERSE}, "hands: RS | Y2 Y3 | B2 B3; top: R5")
    events = game.apply(0, "RS")
    assert kinds(events) == ["play", "skip", "round_over"] and game.winner == 0
    plain = on_table({}, "hands: RS | Y2 Y3 | B2 B3; top: R5")
    assert kinds(plain.apply(0, "RS")) == ["play", "round_over"]


def test_must_play_lists_no_draw_while_a_card_plays() -> None:
    game = new_round(classic_with({"must_play": True}), 1)
    choose = random.Random(1)
    while game.winner < 0:
        turn = [a for a in game.legal_actions(game.turn) if a.kind in (Kind.PLAY, Kind.DRAW)]
        if game.phase == uv.Phase.TURN:
            assert DRAW not in turn or turn == [DRAW]
        game.apply(*pick(list(offers(game)), choose))


def test_elimination_alone_a_draw_while_holding_a_playable_card_draws_one_card() -> None:
    """Classic's draw, even with a card that plays (§1.3): one card, which may be played."""
    game = on_table({"elimination": 30}, "hands: R3 G7 | Y2 Y3 | B2 B3; top: R5; draw: B9 R9")
    events = game.apply(0, "draw")
    assert kinds(events) == ["draw"] and hand(game, 0) == ["G7", "R3", "R9"]
    assert game.phase == uv.Phase.DRAWN and legal(game, 0) == {"R9", "pass"}


def test_elimination_alone_a_draw_without_a_playable_card_draws_one_card_and_passes() -> None:
    game = on_table({"elimination": 30}, "hands: G3 G7 | Y2 Y3 | B2 B3; top: R5; draw: R9 B9")
    game.apply(0, "draw")
    assert hand(game, 0) == ["B9", "G3", "G7"] and game.turn == 1


ELIMINATED_AT_5: EngineSettings = {"elimination": 5}


def test_an_innocent_challenger_eliminated_by_the_challenge_ends_the_round() -> None:
    game = on_table(ELIMINATED_AT_5, "hands: W+4 G1 | Y2 Y3; top: R5; draw: B1 B2 B3 B4 B5 B6")
    game.apply(0, "W+4:B")
    events = game.apply(1, "challenge")
    assert kinds(events)[-2:] == ["eliminated", "round_over"]
    assert game.phase == uv.Phase.OVER and game.winner == 0 and game.windows() == ()


def test_a_guilty_offender_eliminated_by_the_challenge_ends_the_round() -> None:
    game = on_table(ELIMINATED_AT_5, "hands: W+4 R1 G1 | Y2 Y3; top: R5; draw: B1 B2 B3 B4")
    game.apply(0, "W+4:B")
    game.apply(1, "challenge")
    assert game.phase == uv.Phase.OVER and game.winner == 1


def test_an_offender_eliminated_by_a_caught_illegal_play_ends_the_round() -> None:
    game = on_table(
        ELIMINATED_AT_5,
        "classic+permissive_illegal_plays; hands: G1 G2 G3 G4 | Y2 Y3; top: R5; draw: B1 B2",
    )
    game.apply(0, "G1")
    game.apply(1, "catch_illegal")
    assert game.phase == uv.Phase.OVER and game.winner == 1


def test_a_zeros_victim_eliminated_passes_the_turn_to_the_next_active_seat() -> None:
    """zero_chooses_direction: the next seat draws 1 and keeps its turn, unless the card
    eliminated it."""
    game = on_table(
        ELIMINATED_AT_5,
        "classic+zero_chooses_direction; hands: R0 G1 | Y2 Y3 Y4 Y5 | B2 B3; top: R5; draw: B1",
    )
    game.apply(0, "R0>cw")
    assert game.eliminated[1] and game.turn == 2 and game.phase == uv.Phase.TURN


def test_a_false_uno_call_with_a_draw_that_eliminates_ends_the_round() -> None:
    game = on_table(
        ELIMINATED_AT_5,
        "classic+false_uno_penalty=2; hands: G1 G2 | Y2 Y3; top: R5; draw: B1 B2 B3",
    )
    events = game.apply(0, "draw uno")
    assert kinds(events)[-2:] == ["eliminated", "round_over"]
    assert game.phase == uv.Phase.OVER and game.winner == 1


def test_a_player_eliminated_by_its_own_false_call_leaves_the_turn_it_kept() -> None:
    """Two Skips at 3 seats bring the turn back to their player (H-1); its false UNO call
    eliminates it, and the next seat plays."""
    game = on_table(
        ELIMINATED_AT_5,
        "classic+false_uno_penalty=3+play_duplicates\n"
        "hands: RS RS G1 G2 | Y2 Y3 | B2 B3; top: R5; draw: B4 B5 B6",
    )
    game.apply(0, "RS,RS uno")
    assert game.eliminated[0] and game.turn == 1 and game.phase == uv.Phase.TURN


def test_the_card_of_a_seat_eliminated_meanwhile_is_no_longer_challenged_or_undone() -> None:
    """Its hand is buried face down: nothing to judge a challenge by, and no jump-in or
    catch takes back a card of a seat that has left."""
    game = on_table(
        ELIMINATED_AT_5,
        "classic+jump_in; hands: W+4 G1 | Y2 Y3 | W+4 B3; top: R5; draw: B1 B2 B3 B4",
    )
    game.apply(0, "W+4:B")
    assert "challenge" in legal(game, 1) and "W+4:B^1" in legal(game, 2)
    game.apply(None, "penalize:0:4")
    assert game.eliminated[0]
    assert legal(game, 1) == {"take"} and legal(game, 2) == set()


def test_an_illegal_play_of_a_seat_eliminated_meanwhile_is_no_longer_caught() -> None:
    game = on_table(
        ELIMINATED_AT_5,
        "classic+permissive_illegal_plays; hands: G1 G2 | Y2 Y3 | B2 B3; top: R5; draw: B4 B5 B6",
    )
    game.apply(0, "G1")
    assert "catch_illegal" in legal(game, 2)
    game.apply(None, "penalize:0:4")
    assert game.eliminated[0] and "catch_illegal" not in legal(game, 2)
    check(game)


def test_a_card_whose_draws_end_the_round_opens_no_jump_in_window() -> None:
    """A Wild Downpour 2 eliminates the last other seat: the round is over at once."""
    game = on_table(
        ELIMINATED_AT_5, "classic+jump_in+downpour; hands: WD2 G1 | Y2 Y3 Y4; top: R5; draw: B1 B2"
    )
    game.apply(0, "WD2:B")
    assert game.phase == uv.Phase.OVER and game.winner == 0 and game.jump_undo is None
    check(game)


REFUSED: dict[str, tuple[EngineSettings, str]] = {
    "allow_renege": ({"allow_renege": False}, "part of a launcher"),
    "trigger_ends_turn": ({"trigger_ends_turn": True}, "part of draw_trigger"),
    "never_dealt": ({"never_dealt": triggered("!2SC", 1)}, "it needs must_play"),
    "never_dealt, not a BLAST card": (
        {"never_dealt": triggered("W+4", 1), "must_play": True},
        "not W+4",
    ),
    "realtime": ({"realtime": True}, "it needs must_play and uno_calls=False"),
    "simultaneity_ms": ({"simultaneity_ms": 250}, "it needs realtime"),
    "lock_until_wild": ({"lock_until_wild": True}, "it needs realtime"),
    "reverse_return": ({"reverse_return": "none"}, "it needs realtime"),
    "big_draw_next": ({"big_draw_next": True}, "it needs realtime"),
    "elimination with a launcher": ({"elimination": 20, "launcher": "hazard"}, "do not combine"),
    "elimination with draw triggers": (
        {"elimination": 20, "draw_trigger": triggered("R0", 3)},
        "do not combine",
    ),
}


@pytest.mark.parametrize("name", REFUSED)
def test_a_setting_that_is_part_of_another_is_refused_without_it(name: str) -> None:
    settings, why = REFUSED[name]
    variant = classic_with(settings)
    with pytest.raises(OptionConflict, match=re.escape(why)):
        variant.compile(variant.options())


CARD_SETTINGS: dict[str, EngineSettings] = {
    "discard_all_covered": {"discard_all_covered": True},
    "discard_all_optional": {"discard_all_optional": True},
    "numeral_number_match": {"numeral_number_match": False},
    "numeral_wild": {"numeral_wild": False},
    "stackable": {"stackable": frozenset({KIND_INDEX["+2"]})},
}


@pytest.mark.parametrize("name", CARD_SETTINGS)
def test_a_setting_of_a_card_changes_nothing_without_the_card(name: str) -> None:
    """Classic has no Discard All, no Numeral and no ``stacking=blast_ge``: the same seeds
    and choices play the same rounds as Classic itself."""
    for seed in SEEDS[:2]:
        plain = new_round(classic_with({}), seed)
        other = new_round(classic_with(CARD_SETTINGS[name]), seed)
        choose = random.Random(seed)
        while plain.winner < 0:
            seat, a = choose.choice(list(offers(plain)))
            assert plain.apply(seat, a) == other.apply(seat, a)
        assert state(other) == state(plain)


DEEP_OPTIONS = (
    {"false_uno_penalty": 2, "jump_in": True},
    {"permissive_illegal_plays": True, "zero_chooses_direction": True},
    {"stacking": "progressive", "play_duplicates": True, "seven_zero": True},
    {"downpour": True, "draw_until_playable": True, "boomerang": True, "friendly_swap": True},
    {"draw_ends_turn": True, "bar_special": True, "classic.deck": "112_modern"},
)


@pytest.mark.deep
@pytest.mark.parametrize("options", DEEP_OPTIONS, ids=lambda o: "+".join(o))
@pytest.mark.parametrize("name", FREE_STANDING)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_free_standing_setting_with_classics_options(
    name: str, options: dict[str, Any], players: int
) -> None:
    settings = FREE_STANDING[name]
    if name == "elimination":
        settings = {"elimination": 9}  # (often, with every option's draws)
    variant = classic_with(settings, f"classic+{name}")
    for seed in range(4):  # (a round may stall, the launcher empty: it is cut off)
        play_round(new_round(variant, seed, players, **options), seed, limit=3000)


def test_without_uno_calls_no_false_call_is_listed() -> None:
    """``false_uno_penalty`` charges a false UNO call; with ``uno_calls`` off there is no
    call at all, so a draw with one is neither listed nor accepted."""
    game = on_table(
        {"uno_calls": False}, "classic+false_uno_penalty=2; hands: G1 G2 | Y2 Y3; top: R5"
    )
    assert legal(game, 0) == {"draw"}
    with pytest.raises(uv.IllegalAction):
        game.apply(0, "draw uno")
