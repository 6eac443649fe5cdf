"""RULES.md §3: UNO Attack — deck, launcher, card effects, first card, UNO, scoring, A-1 to A-12.

Most positions use ``attack+launcher=one_card`` (every press fires exactly one card, the top
of the launcher), so hands are exact. The launcher itself is tested with the ``pattern``
mode (whether a press fires is fixed: presses 2, 6, 9... after a reset) and with the default
``hazard`` mode where the rule is about it (scenario 5, A-11).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache

import pytest

import unoverse as uv
from unoverse import Phase
from unoverse.core.cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND, CARD_TEXT
from unoverse.core.events import PUBLIC, Event
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

#: Every press fires exactly one card, the top of the launcher.
ONE = "attack+launcher=one_card"
#: The documented schedule: from a reset, press 1 misses and press 2 fires.
PATTERN = "attack+launcher=pattern"


def presses(events: list[Event], seat: int | None = None) -> list[Event]:
    """The ``press`` events (of one seat), in order."""
    return [e for e in events if e.kind == "press" and (seat is None or e.seat == seat)]


def playable(game: uv.Game, seat: int) -> set[str]:
    """The cards ``seat`` may play now (whatever colour, target or UNO call goes with them)."""
    return {CARD_TEXT[a.card] for a in game.legal_actions(seat) if a.kind == uv.Kind.PLAY}


def all_in_hands(top_card: str, extra: str = "") -> str:
    """A 2-player position with an empty launcher and nothing under the top card: every card
    but the top one (``top_card`` is its text, ``WHF:G@1``) and seat 0's G1 G2 is in seat
    1's hand."""
    deck = Counter(CARD_TEXT[c] for c in uv.new_game("attack", 2, 0).all_cards())
    deck.subtract([top_card.partition("@")[0].partition(":")[0], "G1", "G2"])
    rest = " ".join(sorted(deck.elements()))
    return f"hands: G1 G2 | {rest}; top: {top_card}; draw: -{extra}"


@cache
def first_turn_seed(kind: str) -> int:
    """A seed (4 players, dealer 0) whose first card has kind ``kind`` and whose first player
    holds a card of its colour, a wild and, for a Reverse or Skip, the same symbol in another
    colour (A-7, A-8)."""
    for seed in range(5_000):
        game = uv.new_game("attack", 4, seed, dealer=0)
        first = next(e for e in game.setup_events if e.kind == "starter").cards[0]
        if kind_code(first) != kind:
            continue
        held = game.hands[game.turn]
        colour = any(CARD_COLOR[c] == CARD_COLOR[first] and not CARD_IS_WILD[c] for c in held)
        wild = any(CARD_IS_WILD[c] for c in held)
        symbol = kind == "DA" or any(
            CARD_KIND[c] == CARD_KIND[first] and CARD_COLOR[c] != CARD_COLOR[first] for c in held
        )
        if colour and wild and symbol:
            return seed
    raise AssertionError(f"no seed turns a {kind} first with the hand the test needs")


# -- §3.1 deck, §3.5 scoring ------------------------------------------------------------


def test_deck_is_the_1998_edition_112_cards_without_0() -> None:
    game = uv.new_game("attack", 4, seed_with_first_starter("attack", "number"), dealer=0)
    deck = Counter(CARD_TEXT[c] for c in game.all_cards())
    assert sum(deck.values()) == 112
    for col in "RYGB":
        assert f"{col}0" not in deck
        assert [deck[f"{col}{n}"] for n in range(1, 10)] == [2] * 9
        assert [deck[f"{col}{k}"] for k in ("H2", "R", "S", "DA", "TH")] == [2, 2, 2, 1, 1]
    assert (deck["W"], deck["WAH"], deck["WHF"]) == (4, 2, 2)
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]
    assert len(game.draw_pile) == 112 - 28 - 1  # the rest is loaded into the launcher


@pytest.mark.parametrize(
    ("card", "points"),
    [
        ("R1", 1),
        ("Y5", 5),
        ("B9", 9),
        ("RH2", 20),
        ("GR", 20),
        ("YS", 20),
        ("BDA", 30),
        ("RTH", 30),
        ("W", 50),
        ("WAH", 50),
        ("WHF", 50),
    ],
)
def test_card_points(card: str, points: int) -> None:
    """§3.5: numbers face value; Hit 2, Reverse, Skip 20; Discard All, Trade Hands 30."""
    assert uv.new_game("attack", 2, 0).rules.points[uv.card(card)] == points


def test_a_2_all_three_wilds_score_50() -> None:
    """The seed's "Wild, Wild All Hit, mientras que Hit-Fire": every wild is worth 50."""
    game = uv.position(f"{ONE}; hands: R2 | W WAH WHF | B1; top: R5@2; turn: 0")
    game.apply(0, "R2")
    assert game.over and game.winner == 0
    assert game.round_points() == 50 + 50 + 50 + 1


def test_round_over_scores_every_other_hand() -> None:
    game = uv.position(f"{ONE}; hands: R2 | RH2 GR YS B9 | BDA YTH W; top: R5@2; turn: 0")
    events = game.apply(0, "R2")
    assert of_kind(events, "round_over")[0].count == (20 + 20 + 20 + 9) + (30 + 30 + 50)


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


def test_match_first_to_500_with_attack_points() -> None:
    """§3.5: the winner of a round scores the other hands; first to 500 wins the match."""
    play = scripted(
        [
            (0, ("-", "WAH WHF W RDA RTH RH2 RR RS R9", "B1")),  # 150 + 60 + 60 + 9 + 1 = 280
            (0, ("-", "W W W W", "YDA YTH")),  # 200 + 60 = 260
        ]
    )
    result = play_match("attack", 3, 1, play)
    assert result.rounds == 2
    assert result.scores == [540, 0, 0]
    assert result.winners == (0,)


def test_challenge_game_eliminates_at_500_and_the_last_seat_wins() -> None:
    """§3.5 (S8): each seat adds its own leftovers; at 500 it is out; the last seat wins."""
    seen: list[tuple[bool, ...]] = []
    ten_wilds = "W W W W WAH WAH WHF WHF W W"  # 500 points
    play = scripted([(0, ("-", ten_wilds, "R9")), (0, ("-", "-", ten_wilds))])

    def watch(game: uv.Game, seed: int, dealer: int | None) -> None:
        seen.append(tuple(game.eliminated))
        play(game, seed, dealer)

    result = play_match("attack+scoring=lowest_total+challenge_elimination=500", 3, 1, watch)
    assert seen == [(False, False, False), (False, True, False)]
    assert result.eliminated == [1, 2]
    assert result.scores == [0, 500, 9 + 500]
    assert result.winners == (0,)


# -- §3.3 turn: the launcher replaces drawing ----------------------------------------------


def test_press_replaces_draw() -> None:
    game = uv.position(f"{ONE}; hands: G1 G2 | Y1 Y2 | B1 B2; top: R5@2; draw: B9 Y7; turn: 0")
    assert legal(game, 0) == {"press"}
    events = game.apply(0, "press")
    assert kinds(events) == ["press"]
    (press,) = events
    assert (press.seat, texts(press.cards), press.count, press.reason) == (0, ["Y7"], 1, "turn")
    assert hand(game, 0) == cards("G1 G2 Y7")
    assert game.draw_pile == [uv.card("B9")]


def test_press_is_split_others_see_only_the_count() -> None:
    game = uv.position(f"{ONE}; hands: G1 G2 | Y1 Y2 | B1 B2; top: R5@2; draw: B9 Y7; turn: 0")
    (press,) = game.apply(0, "press")
    assert uv.redact(press, 0) == press
    for seat in (1, 2, None):
        seen = uv.redact(press, seat)
        assert seen is not None and seen.cards == () and seen.count == 1


def test_press_ends_the_turn_even_when_a_playable_card_fires() -> None:
    """§3.3: "pressing the launcher always ends the turn, whatever fires"."""
    game = uv.position(f"{ONE}; hands: G1 G2 | Y1 Y2 | B1 B2; top: R5@2; draw: B9 R7; turn: 0")
    game.apply(0, "press")
    assert hand(game, 0) == cards("G1 G2 R7")  # R7 plays on R5...
    assert game.windows() == (Window("turn", 1),)  # ...but the turn has passed
    assert game.phase == Phase.TURN
    assert legal(game, 0) == set()


def test_fired_cards_cannot_be_played_that_turn() -> None:
    game = uv.position(f"{ONE}; hands: G1 G2 | Y1 Y2 | B1 B2; top: R5@2; draw: B9 R7; turn: 0")
    game.apply(0, "press")
    before = unchanged(game)
    with pytest.raises(uv.NotYourWindow):
        game.apply(0, "R7")
    assert unchanged(game) == before
    game.apply(1, "press")
    assert top(game) == "R5" and game.turn == 2


@pytest.mark.parametrize(
    ("option", "accepted"),
    [("", True), ("+attack.allow_renege=false", False)],
    ids=["renege_allowed_by_default", "allow_renege_false_refuses_it"],
)
def test_reneging_press_while_holding_a_playable_card(option: str, accepted: bool) -> None:
    """§3.3 (S8): a seat may press by choice; ``attack.allow_renege=false`` refuses it."""
    game = uv.position(f"{ONE}{option}; hands: R3 G1 | Y1 Y2 | B1 B2; top: R5@2; turn: 0")
    assert ("press" in legal(game, 0)) == accepted
    assert "R3" in legal(game, 0)
    before = unchanged(game)
    if accepted:
        game.apply(0, "press")
        assert len(game.hands[0]) == 3 and game.turn == 1
    else:
        with pytest.raises(uv.IllegalAction, match="reneging is off"):
            game.apply(0, "press")
        assert unchanged(game) == before


def test_reneging_off_still_presses_without_a_playable_card() -> None:
    game = uv.position(
        f"{ONE}+attack.allow_renege=false; hands: Y3 G1 | Y1 Y2 | B1 B2; top: R5@2; turn: 0"
    )
    assert legal(game, 0) == {"press"}
    game.apply(0, "press")
    assert len(game.hands[0]) == 3 and game.turn == 1


def test_a_10_play_starts_clockwise() -> None:
    """The seed: "El juego comienza a moverse en el sentido de las agujas del reloj"."""
    seed = seed_with_first_starter("attack", "number", dealer=2)
    game = uv.new_game("attack", 4, seed, dealer=2)
    assert game.direction == 1
    assert game.turn == 3  # left of the dealer
    game.apply(3, "press")
    assert game.turn == 0  # then on to the left


def test_a_11_a_bursts_cards_all_go_to_the_presser() -> None:
    """A burst of several cards (the hazard launcher after 3 misses fires for sure) goes
    whole to the presser: the top cards of the launcher, in the order they leave it."""
    loaded = "R1 R2 R3 R4 R6 R7 R8 R9 Y3 Y4 Y5 Y6"
    game = uv.position(
        f"attack; hands: G1 G2 | Y1 Y2 | B1 B2; top: R5@2; draw: {loaded}; turn: 0; "
        "launcher: 3; seed: 3"
    )
    (press,) = game.apply(0, "press")
    n = press.count
    assert n >= 2 and len(press.cards) == n
    assert [CARD_TEXT[c] for c in press.cards] == loaded.split()[::-1][:n]
    assert hand(game, 0) == sorted(["G1", "G2", *loaded.split()[-n:]])
    assert hand(game, 1) == cards("Y1 Y2") and hand(game, 2) == cards("B1 B2")
    assert len(game.draw_pile) == 12 - n
    assert game.launcher is not None and game.launcher.state == 0


def test_a_12_the_launcher_state_is_shared_by_every_seat() -> None:
    """One machine: seat 0's miss is press 1 of the schedule, so seat 1's press is press 2,
    which fires."""
    game = uv.position(f"{PATTERN}; hands: G1 G2 | Y1 Y2 | B1 B2; top: R5@2; turn: 0")
    assert game.launcher is not None and game.launcher.state == 0
    (miss,) = game.apply(0, "press")
    assert miss.count == 0 and game.launcher.state == 1
    assert {game.view(s).launcher for s in (0, 1, 2, None)} == {1}  # public
    (fire,) = game.apply(1, "press")
    assert fire.count >= 1 and len(game.hands[1]) == 2 + fire.count


def test_a_12_every_round_starts_with_a_fresh_launcher() -> None:
    """The state returns to 0 at each round start, whatever the last round left."""
    seen: list[int] = []
    end = scripted([(0, ("-", "W W W W W W", "R1"))] * 2)  # 301 points a round

    def play(game: uv.Game, seed: int, dealer: int | None) -> None:
        assert game.launcher is not None
        seen.append(game.launcher.state)
        game.launcher.state = 2  # the round leaves the machine after two misses
        end(game, seed, dealer)

    result = play_match(PATTERN, 3, 1, play)
    assert result.rounds == 2 and seen == [0, 0]


# -- the empty launcher -------------------------------------------------------------


def test_a_6_an_empty_launcher_is_reloaded_from_the_discard_pile_and_reset() -> None:
    """A-6/A-12: the press finds the launcher empty, reloads it with the discard pile but the
    top card (a public ``reload`` event) and resets it: the pattern launcher in state 1
    would fire, but after the reset the press is press 1 of the schedule and misses."""
    game = uv.position(
        f"{PATTERN}; hands: G1 G2 | Y1 Y2; top: R5@1; discard: B7 B8; draw: -; turn: 0; launcher: 1"
    )
    below = len(game.discard) - 1
    assert below == 112 - 4 - 1 and game.draw_pile == []
    events = game.apply(0, "press")
    assert kinds(events) == ["reload", "press"]
    reload, press = events
    assert reload.count == below and reload.vis == PUBLIC and reload.seat is None
    assert press.count == 0 and hand(game, 0) == cards("G1 G2")
    assert game.discard == [uv.card("R5")] and top(game) == "R5"
    assert len(game.draw_pile) == below
    assert {uv.card("B7"), uv.card("B8")} <= set(game.draw_pile)
    assert game.launcher is not None and game.launcher.state == 1  # reset to 0, then 1 press
    assert game.turn == 1


def test_a_6_without_a_reload_the_same_press_fires() -> None:
    """The control for the test above: the same launcher state with cards loaded fires."""
    game = uv.position(
        f"{PATTERN}; hands: G1 G2 | Y1 Y2; top: R5@1; draw: B9 Y8 R7; turn: 0; launcher: 1"
    )
    events = game.apply(0, "press")
    assert kinds(events) == ["press"] and events[0].count >= 1


def test_a_6_nothing_to_reload_the_press_fires_nothing() -> None:
    game = uv.position(f"{ONE}; " + all_in_hands("R5@1", "; turn: 0; launcher: 0"))
    events = game.apply(0, "press")
    assert kinds(events) == ["press"]
    assert (events[0].count, events[0].cards) == (0, ())
    assert hand(game, 0) == cards("G1 G2")
    assert game.turn == 1 and game.phase == Phase.TURN


def test_a_6_nothing_to_reload_a_press_until_fire_stops_after_one_attempt() -> None:
    game = uv.position(
        "attack; " + all_in_hands("WHF:G@1", "; turn: 0; launcher: 2; pending: fire")
    )
    assert game.windows() == (Window("penalty", 0),)
    events = game.apply(0, "take")
    assert kinds(events) == ["take", "press"]
    assert presses(events)[0].count == 0
    assert hand(game, 0) == cards("G1 G2")
    assert game.turn == 1 and game.phase == Phase.TURN


def test_u_a_7_the_launcher_is_reloaded_when_a_press_finds_it_empty() -> None:
    """Not when the last card leaves it: that press fires it and the launcher stays empty;
    the next press reloads."""
    game = uv.position(f"{ONE}; hands: G1 G2 | Y1 Y2; top: R5@1; draw: R7; turn: 0")
    events = game.apply(0, "press")
    assert kinds(events) == ["press"] and texts(events[0].cards) == ["R7"]
    assert game.draw_pile == [] and len(game.discard) == 107  # the top card and 106 below
    events = game.apply(1, "press")
    assert kinds(events) == ["reload", "press"]
    assert events[0].count == 106 and len(game.draw_pile) == 105


# -- §3.4 card effects --------------------------------------------------------------------


def test_number_has_no_effect() -> None:
    game = uv.position(f"{ONE}; hands: R3 G1 | Y1 Y2 | B1 B2; top: R5@2; turn: 0")
    assert kinds(game.apply(0, "R3")) == ["play"]
    assert top(game) == "R3" and active_color(game) == "R"
    assert game.turn == 1 and game.direction == 1


def test_skip_the_next_seat_loses_the_turn() -> None:
    game = uv.position(f"{ONE}; hands: RS G1 G2 | Y1 Y2 | B1 B2; top: R5@2; turn: 0")
    events = game.apply(0, "RS")
    assert [e.seat for e in of_kind(events, "skip")] == [1]
    assert game.turn == 2 and hand(game, 1) == cards("Y1 Y2")


def test_skip_with_two_players_the_player_plays_again() -> None:
    game = uv.position(f"{ONE}; hands: RS G1 G2 | Y1 Y2; top: R5@1; turn: 0")
    game.apply(0, "RS")
    assert game.windows() == (Window("turn", 0),)


def test_reverse_changes_the_direction() -> None:
    game = uv.position(f"{ONE}; hands: RR G1 G2 | Y1 Y2 | B1 B2 | Y3 Y4; top: R5@3; turn: 0")
    events = game.apply(0, "RR")
    assert of_kind(events, "reverse")[0].direction == -1
    assert game.direction == -1 and game.turn == 3


def test_reverse_with_two_players_acts_as_skip() -> None:
    """§3.4 (S8): the player may play again at once; the direction does not change."""
    game = uv.position(f"{ONE}; hands: RR G1 G2 | Y1 Y2; top: R5@1; turn: 0")
    events = game.apply(0, "RR")
    assert "reverse" not in kinds(events) and of_kind(events, "skip")[0].seat == 1
    assert game.windows() == (Window("turn", 0),) and game.direction == 1


def test_hit_2_the_next_seat_presses_twice_and_loses_the_turn() -> None:
    """E-1: the penalty waits for the victim's own ``take``, which presses twice."""
    game = uv.position(
        f"{ONE}; hands: RH2 G1 G2 | Y1 Y2 | B1 B2; top: R5@2; draw: B9 W R7; turn: 0"
    )
    game.apply(0, "RH2")
    assert game.windows() == (Window("penalty", 1),)
    pending = game.view(1).pending
    assert pending is not None
    assert (pending.amount, pending.target, pending.source, pending.until_fire) == (2, 1, 0, False)
    assert legal(game, 1) == {"take"}
    events = game.apply(1, "take")
    assert kinds(events) == ["take", "press", "press"]
    assert [e.reason for e in presses(events)] == ["penalty", "penalty"]
    assert hand(game, 1) == cards("Y1 Y2 R7 W")
    assert game.turn == 2  # the victim lost the turn


def test_hit_2_with_two_players_play_returns_to_its_player() -> None:
    game = uv.position(f"{ONE}; hands: RH2 G1 G2 | Y1 Y2; top: R5@1; turn: 0")
    game.apply(0, "RH2")
    game.apply(1, "take")
    assert len(game.hands[1]) == 4
    assert game.windows() == (Window("turn", 0),)


def test_hit_2_cannot_be_answered_or_challenged() -> None:
    """§3.3: no stacking, and no Wild Draw Four so no challenge."""
    game = uv.position(f"{ONE}; hands: RH2 G1 G2 | YH2 Y2 | B1 B2; top: R5@2; turn: 0")
    game.apply(0, "RH2")
    assert legal(game, 1) == {"take"}
    before = unchanged(game)
    for act in ("YH2", "challenge", "press"):
        with pytest.raises(uv.IllegalAction):
            game.apply(1, act)
        assert unchanged(game) == before


def test_wild_declares_the_colour_and_plays_on_anything() -> None:
    game = uv.position(f"{ONE}; hands: W R3 G1 | Y1 Y2 | B1 B2; top: R5@2; turn: 0")
    assert {"W:R", "W:Y", "W:G", "W:B", "R3"} <= legal(game, 0)
    assert kinds(game.apply(0, "W:B")) == ["play"]
    assert top(game) == "W" and active_color(game) == "B" and game.turn == 1


def test_wild_all_hit_every_other_seat_presses_once_then_the_next_seat_plays() -> None:
    game = uv.position(
        f"{ONE}; hands: WAH G1 G2 | Y1 Y2 | B1 B2 | R1 R2; top: R5@3; draw: B9 Y7 G7 R7; turn: 0"
    )
    events = game.apply(0, "WAH:G")
    assert kinds(events) == ["play", "all_hit", "press", "press", "press"]
    assert [(e.seat, texts(e.cards)) for e in presses(events)] == [
        (1, ["R7"]),
        (2, ["G7"]),
        (3, ["Y7"]),
    ]
    assert hand(game, 0) == cards("G1 G2")  # the player does not press
    assert active_color(game) == "G"
    assert game.windows() == (Window("turn", 1),)  # the next seat is not skipped


def test_a_1_wild_hit_fire_is_press_until_fire_for_the_next_seat_only() -> None:
    """The pattern launcher from a reset misses on press 1 and fires on press 2: the next
    seat presses exactly twice and keeps the burst; nobody else presses."""
    game = uv.position(
        f"{PATTERN}; hands: WHF G1 G2 | Y1 Y2 | B1 B2 | R1 R2; top: R5@3; turn: 0; launcher: 0"
    )
    game.apply(0, "WHF:B")
    assert active_color(game) == "B" and game.windows() == (Window("penalty", 1),)
    pending = game.view(2).pending
    assert pending is not None and pending.until_fire and pending.target == 1
    assert legal(game, 1) == {"take"}
    events = game.apply(1, "take")
    assert of_kind(events, "take")[0].until_fire
    assert [e.seat for e in presses(events)] == [1, 1]
    miss, fire = presses(events)
    assert miss.count == 0 and fire.count >= 1
    assert len(game.hands[1]) == 2 + fire.count
    assert [len(h) for h in (game.hands[0], game.hands[2], game.hands[3])] == [2, 2, 2]
    assert game.windows() == (Window("turn", 2),)  # the victim lost the turn


def test_wild_hit_fire_with_two_players_play_returns_to_its_player() -> None:
    game = uv.position(f"{ONE}; hands: WHF G1 G2 | Y1 Y2; top: R5@1; turn: 0")
    game.apply(0, "WHF:G")
    game.apply(1, "take")
    assert len(game.hands[1]) == 3 and game.windows() == (Window("turn", 0),)


def test_scenario_5_wild_hit_fire_on_the_hazard_launcher_at_k_3_presses_once_and_fires() -> None:
    """§7.3 scenario 5: after 3 misses the hazard launcher fires for sure (H[3] = 1)."""
    for seed in range(20):
        game = uv.position(
            "attack; hands: WHF G1 G2 | Y1 Y2 | B1 B2 | R1 R2; top: R5@3; turn: 0; "
            f"launcher: 3; seed: {seed}"
        )
        game.apply(0, "WHF:G")
        assert game.launcher is not None and game.launcher.state == 3
        events = game.apply(1, "take")
        (press,) = presses(events)
        assert press.seat == 1 and press.count >= 1 and len(press.cards) == press.count
        assert len(game.hands[1]) == 2 + press.count
        assert game.launcher.state == 0
        assert game.turn == 2


def test_discard_all_discards_every_card_of_its_colour_under_it() -> None:
    """A-3: the Discard All's own colour; the cards go under it, their effects do not
    trigger (no skip, no Hit 2), the Discard All stays on top and its colour is active."""
    game = uv.position(f"{ONE}; hands: BDA B1 B7 BS BH2 R2 W | Y1 Y2 | G1 G2; top: B5@2; turn: 0")
    events = game.apply(0, "BDA")
    assert kinds(events) == ["play", "discard_all"]
    assert texts(of_kind(events, "discard_all")[0].cards) == cards("B1 B7 BS BH2")
    assert hand(game, 0) == cards("R2 W")
    assert top(game) == "BDA" and active_color(game) == "B"
    assert sorted(CARD_TEXT[c] for c in game.discard[-5:-1]) == cards("B1 B7 BS BH2")
    assert CARD_TEXT[game.discard[-6]] == "B5"
    assert game.windows() == (Window("turn", 1),) and game.phase == Phase.TURN


def test_scenario_6_discard_all_blue_on_discard_all_red_discards_every_blue_card() -> None:
    game = uv.position(f"{ONE}; hands: BDA B1 B7 BS R2 G3 | Y1 Y2 | B2 B3; top: RDA@2; turn: 0")
    assert "BDA" in legal(game, 0)  # a Discard All plays on another Discard All
    events = game.apply(0, "BDA")
    assert texts(of_kind(events, "discard_all")[0].cards) == cards("B1 B7 BS")
    assert hand(game, 0) == cards("R2 G3")  # the red card stays
    assert top(game) == "BDA" and active_color(game) == "B"
    assert game.turn == 1


def test_a_3_discard_all_color_covered_discards_the_covered_cards_colour() -> None:
    game = uv.position(
        f"{ONE}+attack.discard_all_color=covered\n"
        "hands: BDA B1 B7 R2 R3 G3 | Y1 Y2 | B2 B3; top: RDA@2; turn: 0"
    )
    events = game.apply(0, "BDA")
    assert texts(of_kind(events, "discard_all")[0].cards) == cards("R2 R3")
    assert hand(game, 0) == cards("B1 B7 G3")
    assert top(game) == "BDA" and active_color(game) == "B"  # its own colour is active


def test_a_3_discard_all_optional_lets_the_player_keep_the_cards() -> None:
    text = "hands: BDA B1 B7 G3 | Y1 Y2 | B2 B3; top: B5@2; turn: 0"
    game = uv.position(f"{ONE}+attack.discard_all_optional=true\n{text}")
    assert {"BDA", "BDA keep", "BDA uno"} <= legal(game, 0)
    events = game.apply(0, "BDA keep")
    assert kinds(events) == ["play"]
    assert hand(game, 0) == cards("B1 B7 G3") and top(game) == "BDA"
    game = uv.position(f"{ONE}+attack.discard_all_optional=true\n{text}")
    game.apply(0, "BDA")  # without "keep" the cards still go
    assert hand(game, 0) == cards("G3")


def test_discard_all_that_leaves_no_card_goes_out() -> None:
    game = uv.position(f"{ONE}; hands: BDA B1 B7 | Y1 Y2 | B2 RS; top: B5@2; turn: 0")
    events = game.apply(0, "BDA")
    assert kinds(events) == ["play", "discard_all", "round_over"]
    assert game.over and game.winner == 0
    assert game.round_points() == 1 + 2 + 2 + 20


def test_discard_all_that_leaves_one_card_opens_the_uno_window() -> None:
    text = "hands: BDA B1 B7 G3 | Y1 Y2 | B2 B3; top: B5@2; turn: 0; draw: R1 R2 R3"
    game = uv.position(f"{ONE}; {text}")
    assert "BDA uno" in legal(game, 0)
    game.apply(0, "BDA")
    assert hand(game, 0) == cards("G3")
    assert game.windows() == (Window("turn", 1), Window("uno", 0))
    events = game.apply(2, "catch:0")
    assert len(presses(events, 0)) == 2 and hand(game, 0) == cards("G3 R3 R2")
    game = uv.position(f"{ONE}; {text}")
    events = game.apply(0, "BDA uno")  # the declaration goes with the play
    assert "uno" in kinds(events) and game.windows() == (Window("turn", 1),)


def test_trade_hands_swaps_hands_with_the_named_seat() -> None:
    game = uv.position(f"{ONE}; hands: RTH G1 G2 | Y1 Y2 | B1 B2 B3 | G5; top: R5@2; turn: 0")
    assert playable(game, 0) == {"RTH"}
    assert {"RTH>1", "RTH>2", "RTH>3"} <= legal(game, 0)
    assert not {"RTH", "RTH>0"} & legal(game, 0)
    events = game.apply(0, "RTH>2")
    assert of_kind(events, "swap")[0].target == 2
    assert hand(game, 0) == cards("B1 B2 B3") and hand(game, 2) == cards("G1 G2")
    assert hand(game, 1) == cards("Y1 Y2") and hand(game, 3) == cards("G5")
    assert top(game) == "RTH" and game.turn == 1


def test_trade_hands_to_one_card_opens_no_uno_window() -> None:
    """C-4: a hand that reaches 1 card by a trade carries no UNO obligation."""
    game = uv.position(f"{ONE}; hands: RTH G1 | Y1 Y2 | B1 B2 B3 | G5; top: R5@2; turn: 0")
    game.apply(0, "RTH>3")
    assert hand(game, 0) == cards("G5") and hand(game, 3) == cards("G1")
    assert game.windows() == (Window("turn", 1),)
    with pytest.raises(uv.NotYourWindow):
        game.apply(1, "catch:0")


@pytest.mark.parametrize(
    ("option", "allowed"),
    [("", True), ("+attack.trade_hands_can_go_out=false", False)],
    ids=["can_go_out_by_default", "can_go_out_false"],
)
def test_a_4_trade_hands_as_the_last_card(option: str, allowed: bool) -> None:
    """By default the round ends and nothing is traded; the option forbids the play."""
    game = uv.position(f"{ONE}{option}; hands: RTH | Y1 Y2 | B1 B2 B3; top: R5@2; turn: 0")
    assert legal(game, 0) == ({"RTH", "press"} if allowed else {"press"})
    before = unchanged(game)
    if allowed:
        events = game.apply(0, "RTH")
        assert kinds(events) == ["play", "round_over"]
        assert game.over and game.winner == 0
        assert hand(game, 1) == cards("Y1 Y2") and hand(game, 2) == cards("B1 B2 B3")
        assert game.round_points() == 3 + 6
    else:
        with pytest.raises(uv.IllegalAction, match="trade_hands_can_go_out"):
            game.apply(0, "RTH")
        assert unchanged(game) == before


# -- Hit 2, Wild Hit-Fire, Wild All Hit as the last card ----------------------------


def test_a_5_hit_2_as_the_last_card_the_victim_presses_then_the_round_ends() -> None:
    game = uv.position(f"{ONE}; hands: RH2 | Y1 Y2 | B1 B2; top: R5@2; draw: B9 W R9; turn: 0")
    game.apply(0, "RH2")
    assert game.windows() == (Window("penalty", 1),)  # the round is not over yet
    events = game.apply(1, "take")
    assert kinds(events) == ["take", "press", "press", "round_over"]
    assert game.over and game.winner == 0
    assert hand(game, 1) == cards("Y1 Y2 R9 W")
    assert game.round_points() == (1 + 2 + 9 + 50) + (1 + 2)


def test_a_5_wild_hit_fire_as_the_last_card_the_victim_presses_then_the_round_ends() -> None:
    game = uv.position(f"{ONE}; hands: WHF | Y1 Y2 | B1 B2; top: R5@2; draw: B9 W; turn: 0")
    game.apply(0, "WHF:G")
    assert game.windows() == (Window("penalty", 1),)  # the round is not over yet
    events = game.apply(1, "take")
    assert kinds(events) == ["take", "press", "round_over"]
    assert game.over and hand(game, 1) == cards("Y1 Y2 W")
    assert game.round_points() == (1 + 2 + 50) + (1 + 2)


def test_a_5_wild_all_hit_as_the_last_card_every_other_seat_presses_then_it_ends() -> None:
    game = uv.position(f"{ONE}; hands: WAH | Y1 Y2 | B1 B2; top: R5@2; draw: B9 W R9; turn: 0")
    events = game.apply(0, "WAH:G")
    assert kinds(events) == ["play", "all_hit", "press", "press", "round_over"]
    assert game.over and game.winner == 0
    assert hand(game, 1) == cards("Y1 Y2 R9") and hand(game, 2) == cards("B1 B2 W")
    assert game.round_points() == (1 + 2 + 9) + (1 + 2 + 50)


# -- §3.5 UNO ----------------------------------------------------------------------------


def test_uno_not_called_and_caught_the_offender_presses_twice() -> None:
    game = uv.position(f"{ONE}; hands: R3 G1 | Y1 Y2 | B1 B2; top: R5@2; draw: B9 Y8 R7; turn: 0")
    game.apply(0, "R3")
    assert game.windows() == (Window("turn", 1), Window("uno", 0))
    events = game.apply(2, "catch:0")
    assert kinds(events) == ["catch", "press", "press"]
    assert of_kind(events, "catch")[0].count == 2
    assert [(e.seat, e.reason) for e in presses(events)] == [(0, "uno"), (0, "uno")]
    assert hand(game, 0) == cards("G1 R7 Y8")
    assert game.windows() == (Window("turn", 1),)


def test_uno_window_closes_when_the_next_seat_presses() -> None:
    game = uv.position(f"{ONE}; hands: R3 G1 | Y1 Y2 | B1 B2; top: R5@2; turn: 0")
    game.apply(0, "R3")
    game.apply(1, "press")
    before = unchanged(game)
    with pytest.raises(uv.NotYourWindow):
        game.apply(2, "catch:0")
    assert unchanged(game) == before


def test_p4_a_press_with_uno_that_leaves_one_card_is_no_false_call() -> None:
    """P4: a false call is a declaration in an action that does not leave the declarer at
    exactly 1 card. A press that fires nothing (pattern press 1) leaves the 1-card hand at
    1 card, so the declaration costs nothing."""
    game = uv.position(
        f"{PATTERN}+false_uno_penalty=2; hands: G1 | Y2 Y3 | B1 B2; top: R5@1; turn: 0; launcher: 0"
    )
    assert "press uno" in legal(game, 0)
    events = game.apply(0, "press uno")
    assert "false_uno" not in kinds(events)
    assert len(presses(events)) == 1
    assert hand(game, 0) == cards("G1")


def test_p4_trade_hands_with_uno_that_leaves_two_cards_is_a_false_call() -> None:
    """P4: declaring UNO with a Trade Hands that leaves the declarer holding 2 cards (the
    target's hand) is a false call: with ``false_uno_penalty=2`` it costs 2 presses."""
    game = uv.position(
        f"{ONE}+false_uno_penalty=2; hands: RTH G1 | Y1 Y2 | B1 B2 B3; top: R5@2; "
        "draw: B9 R8 R7; turn: 0"
    )
    events = game.apply(0, "RTH>1 uno")
    assert "false_uno" in kinds(events)
    assert [e.reason for e in presses(events, 0)] == ["false_uno", "false_uno"]
    assert hand(game, 0) == cards("Y1 Y2 R7 R8")


# -- §3.2 the first card (dealer 0, 4 players: seat 1 is left of the dealer) ---------------


def test_first_card_number_normal_start() -> None:
    game = uv.new_game("attack", 4, seed_with_first_starter("attack", "number"), dealer=0)
    assert kind_code(game.top).isdigit() and len(starters(game)) == 1
    assert not {"skip", "reverse", "all_draw", "all_hit", "press"} & set(kinds(game.setup_events))
    assert game.windows() == (Window("turn", 1),) and game.direction == 1
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]


def test_first_card_reverse_the_dealer_plays_first_counterclockwise() -> None:
    game = uv.new_game("attack", 4, seed_with_first_starter("attack", "R"), dealer=0)
    assert kind_code(game.top) == "R"
    assert "reverse" in kinds(game.setup_events)
    assert game.windows() == (Window("turn", 0),) and game.direction == -1
    game.apply(0, "press")
    assert game.turn == 3


def test_first_card_skip_left_of_the_dealer_is_skipped() -> None:
    game = uv.new_game("attack", 4, seed_with_first_starter("attack", "S"), dealer=0)
    assert kind_code(game.top) == "S"
    assert [e.seat for e in of_kind(game.setup_events, "skip")] == [1]
    assert game.windows() == (Window("turn", 2),) and game.direction == 1


def test_first_card_wild_left_of_the_dealer_declares_then_plays() -> None:
    game = uv.new_game("attack", 4, seed_with_first_starter("attack", "W"), dealer=0)
    assert top(game) == "W" and game.phase == Phase.COLOR
    assert game.windows() == (Window("color", 1),)
    assert legal(game, 1) == {"color:R", "color:Y", "color:G", "color:B"}
    game.apply(1, "color:Y")
    assert active_color(game) == "Y" and game.windows() == (Window("turn", 1),)


def test_first_card_hit_2_left_of_the_dealer_presses_twice_and_loses_the_turn() -> None:
    game = uv.new_game(ONE, 4, seed_with_first_starter(ONE, "H2"), dealer=0)
    assert kind_code(game.top) == "H2"
    assert game.windows() == (Window("penalty", 1),) and legal(game, 1) == {"take"}
    pending = game.view(1).pending
    assert pending is not None and (pending.amount, pending.source) == (2, -1)
    events = game.apply(1, "take")
    assert [e.seat for e in presses(events)] == [1, 1]
    assert len(game.hands[1]) == 9
    assert game.windows() == (Window("turn", 2),)


def test_first_card_trade_hands_goes_back_into_the_launcher_and_another_is_turned() -> None:
    game = uv.new_game("attack", 4, seed_with_first_starter("attack", "TH"), dealer=0)
    first, *then = starters(game)
    assert first.endswith("TH") and then and not then[-1].endswith("TH")
    assert "starter_returned" in kinds(game.setup_events)
    assert uv.card(first) in game.draw_pile  # reloaded into the launcher
    assert top(game) == then[-1]
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]  # nothing was traded


def test_a_8_first_card_discard_all_left_of_the_dealer_plays_on_it_wilds_allowed() -> None:
    """§3.2: a card of its colour or another Discard All, otherwise a press; A-8: any wild
    too. Nobody discards anything at the start."""
    game = uv.new_game("attack", 4, first_turn_seed("DA"), dealer=0)
    da = game.top
    assert kind_code(da) == "DA" and game.windows() == (Window("turn", 1),)
    held = game.hands[1]
    expected = {
        CARD_TEXT[c]
        for c in held
        if CARD_IS_WILD[c] or CARD_COLOR[c] == CARD_COLOR[da] or kind_code(c) == "DA"
    }
    assert any(CARD_IS_WILD[c] for c in held)
    assert playable(game, 1) == expected
    assert "press" in legal(game, 1)
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]


def test_a_9_first_card_wild_all_hit_the_first_player_declares_after_the_presses() -> None:
    """§3.2 (S9): every seat but the dealer presses once, from left of the dealer
    clockwise; A-9: then left of the dealer, who starts play, declares the colour."""
    game = uv.new_game(ONE, 4, seed_with_first_starter(ONE, "WAH"), dealer=0)
    assert top(game) == "WAH"
    setup = game.setup_events
    assert kinds(setup)[-4:] == ["all_hit", "press", "press", "press"]
    assert [e.seat for e in presses(setup)] == [1, 2, 3]  # from left of the dealer, clockwise
    assert [len(h) for h in game.hands] == [7, 8, 8, 8]  # the dealer does not press
    assert game.windows() == (Window("color", 1),)
    game.apply(1, "color:G")
    assert active_color(game) == "G" and game.windows() == (Window("turn", 1),)


def test_u_a_5_first_card_wild_hit_fire_the_seat_after_the_presser_declares() -> None:
    """§3.2: left of the dealer presses until it fires and loses the turn (its own take,
    E-1); A-9 / U-A-5: the next seat, who starts play, declares the colour once it has."""
    game = uv.new_game(ONE, 4, seed_with_first_starter(ONE, "WHF"), dealer=0)
    assert top(game) == "WHF" and game.windows() == (Window("penalty", 1),)
    pending = game.view(1).pending
    assert pending is not None and pending.until_fire and pending.source == -1
    assert legal(game, 1) == {"take"}
    events = game.apply(1, "take")
    assert [e.seat for e in presses(events)] == [1]
    assert len(game.hands[1]) == 8
    assert game.phase == Phase.COLOR and game.windows() == (Window("color", 2),)
    game.apply(2, "color:R")
    assert active_color(game) == "R" and game.windows() == (Window("turn", 2),)


@pytest.mark.parametrize("kind", ["R", "S"])
@pytest.mark.parametrize("strict", [False, True], ids=["p1_by_default", "strict_first_color"])
def test_a_7_first_reverse_or_skip(kind: str, strict: bool) -> None:
    """By default the first player plays by P1 (colour, the same symbol, a wild) or
    presses; ``attack.strict_first_color`` allows only a card of that colour, or a press."""
    preset = "attack+attack.strict_first_color=true" if strict else "attack"
    game = uv.new_game(preset, 4, first_turn_seed(kind), dealer=0)
    first = game.top
    seat = game.turn
    assert kind_code(first) == kind and seat == (0 if kind == "R" else 2)
    held = game.hands[seat]
    colour = {
        CARD_TEXT[c] for c in held if CARD_COLOR[c] == CARD_COLOR[first] and not CARD_IS_WILD[c]
    }
    others = {CARD_TEXT[c] for c in held if CARD_IS_WILD[c] or CARD_KIND[c] == CARD_KIND[first]}
    assert colour and others - colour  # the hand tells the two settings apart
    assert playable(game, seat) == (colour if strict else colour | others)
    assert "press" in legal(game, seat)
    wild = next(CARD_TEXT[c] for c in held if CARD_IS_WILD[c])
    before = unchanged(game)
    if strict:
        with pytest.raises(uv.IllegalAction):
            game.apply(seat, f"{wild}:G")
        assert unchanged(game) == before
    else:
        game.apply(seat, f"{wild}:G")
        assert top(game) == wild


def test_u_a_11_the_strict_first_turn_ends_with_the_first_players_action() -> None:
    preset = "attack+attack.strict_first_color=true"
    game = uv.new_game(preset, 4, first_turn_seed("R"), dealer=0)
    assert not game.matches(uv.card("W"))  # the dealer's restricted first turn
    game.apply(0, "press")
    assert game.turn == 3 and game.matches(uv.card("W"))  # the next seat plays by P1


# -- U-A: decisions where RULES.md is silent ---------------------------------------------


UNO2 = f"{ONE}+false_uno_penalty=2"


@pytest.mark.parametrize(
    ("preset", "hands", "actions", "seat", "infos", "size"),
    [
        (ONE, "R3 G1 | Y1 Y2 | B1 B2", [(0, "R3"), (2, "catch:0")], 0, ["uno"] * 2, 3),
        (ONE, "R3 G1 | Y1 Y2 | B1 B2", [(None, "penalize:1:4")], 1, ["penalize"] * 4, 6),
        (f"{ONE}+bar_special", "WBS G1 | Y1 Y2 | B1 B2", [(0, "WBS")], 2, ["all_draw"] * 2, 4),
        (UNO2, "R3 G1 G2 | Y1 Y2 | B1 B2", [(0, "R3 uno")], 0, ["false_uno"] * 2, 4),
        (UNO2, "G1 G2 | Y1 Y2 | B1 B2", [(0, "press uno")], 0, ["turn", *["false_uno"] * 2], 5),
    ],
    ids=["uno_catch", "penalize", "bar_special", "false_uno_on_a_play", "false_uno_on_a_press"],
)
def test_u_a_1_every_draw_of_n_cards_is_n_presses(
    preset: str,
    hands: str,
    actions: list[tuple[int | None, str]],
    seat: int,
    infos: list[str],
    size: int,
) -> None:
    """The shared rules' "draw N" (a catch, a referee penalty, Bar special, a false UNO
    call) is N presses of the launcher; one press fires one card here."""
    game = uv.position(f"{preset}; hands: {hands}; top: R5@2; turn: 0")
    events: list[Event] = []
    for actor, act in actions:
        events = game.apply(actor, act)
    assert [e.reason for e in presses(events, seat)] == infos
    assert "draw" not in kinds(events)
    assert len(game.hands[seat]) == size


def test_u_a_2_wild_all_hit_presses_are_dealt_at_once_from_the_next_seat() -> None:
    """No ``take``: every other seat presses within the play, in the current direction from
    the next seat (here counter-clockwise: 3, 2, 1); the player's UNO window stays open
    until the next seat acts (P4)."""
    game = uv.position(
        f"{ONE}; hands: WAH G1 | Y1 Y2 | B1 B2 | R1 R2; top: R5@1; turn: 0; direction: ccw"
    )
    events = game.apply(0, "WAH:G")
    assert [e.seat for e in presses(events)] == [3, 2, 1]
    assert {e.reason for e in presses(events)} == {"all_draw"}
    assert game.windows() == (Window("turn", 3), Window("uno", 0))
    assert game.phase == Phase.TURN
    game.apply(1, "catch:0")
    assert len(game.hands[0]) == 3


def test_u_a_3_discarded_cards_are_public() -> None:
    game = uv.position(f"{ONE}; hands: BDA B1 B7 G3 R4 | Y1 Y2 | G1 G2; top: B5@2; turn: 0")
    events = game.apply(0, "BDA")
    (gone,) = of_kind(events, "discard_all")
    assert gone.vis == PUBLIC and gone.seat == 0 and len(gone.cards) == 2
    assert uv.redact(gone, 1) == gone and uv.redact(gone, None) == gone
    for seat in (1, 2, None):
        assert texts(game.view(seat).discard[-3:-1]) == cards("B1 B7")


def test_u_a_4_keep_is_offered_only_when_there_is_something_to_keep() -> None:
    preset = f"{ONE}+attack.discard_all_optional=true"
    game = uv.position(f"{preset}; hands: BDA G3 Y4 | Y1 Y2 | G1 G2; top: B5@2; turn: 0")
    assert "BDA" in legal(game, 0) and not any("keep" in a for a in legal(game, 0))
    before = unchanged(game)
    with pytest.raises(uv.IllegalAction, match="no card of its colour to keep"):
        game.apply(0, "BDA keep")
    assert unchanged(game) == before


def test_u_a_6_stacking_a_hit_2_answers_a_hit_2_and_the_totals_add() -> None:
    game = uv.position(
        f"{ONE}+stacking=same; hands: RH2 G1 G2 | YH2 Y2 | B1 B2; top: R5@2; turn: 0"
    )
    game.apply(0, "RH2")
    assert "YH2" in legal(game, 1)
    game.apply(1, "YH2")
    pending = game.view(2).pending
    assert pending is not None and (pending.amount, pending.target) == (4, 2)
    events = game.apply(2, "take")
    assert len(presses(events, 2)) == 4 and len(game.hands[2]) == 6
    assert game.turn == 0


@pytest.mark.parametrize("stacking", ["same", "progressive"])
def test_u_a_6_stacking_nothing_answers_a_wild_hit_fire(stacking: str) -> None:
    """A press-until-fire is no number of cards to add to; a Wild Hit-Fire does not answer
    a Hit 2 either."""
    preset = f"{ONE}+stacking={stacking}"
    game = uv.position(f"{preset}; hands: WHF G1 G2 | YH2 WHF Y2 | B1 B2; top: R5@2; turn: 0")
    game.apply(0, "WHF:G")
    assert legal(game, 1) == {"take"}
    game = uv.position(f"{preset}; hands: RH2 G1 G2 | WHF Y2 | B1 B2; top: R5@2; turn: 0")
    game.apply(0, "RH2")
    assert legal(game, 1) == {"take"}
    before = unchanged(game)
    with pytest.raises(uv.IllegalAction):
        game.apply(1, "WHF:G")
    assert unchanged(game) == before


def test_u_a_6_a_boomerang_sends_a_wild_hit_fire_back_as_press_until_fire() -> None:
    game = uv.position(
        f"{PATTERN}+boomerang; hands: WHF G1 G2 | WBO Y2 Y3 | B1 B2; top: R5@2; turn: 0; "
        "launcher: 0"
    )
    game.apply(0, "WHF:G")
    assert {"WBO:Y", "take"} <= legal(game, 1)
    events = game.apply(1, "WBO:Y")
    assert of_kind(events, "boomerang")[0].target == 0
    pending = game.view(0).pending
    assert pending is not None and pending.until_fire and pending.target == 0
    assert game.windows() == (Window("penalty", 0),) and legal(game, 0) == {"take"}
    events = game.apply(0, "take")
    assert [e.count > 0 for e in presses(events, 0)] == [False, True]  # pattern: miss, fire
    assert game.turn == 2 and game.direction == -1  # the Boomerang reversed the play


def test_u_a_8_two_discard_alls_laid_together_each_discard_their_own_colour() -> None:
    game = uv.position(
        f"{ONE}+play_duplicates; hands: RDA BDA R1 B2 G3 Y4 | Y1 Y2 | B1 B3; top: R5@2; turn: 0"
    )
    assert "RDA,BDA" in legal(game, 0)
    events = game.apply(0, "RDA,BDA")
    assert texts(of_kind(events, "discard_all")[0].cards) == cards("R1 B2")
    assert hand(game, 0) == cards("G3 Y4")
    assert [CARD_TEXT[c] for c in game.discard[-4:]] == ["RDA", "R1", "B2", "BDA"]
    assert top(game) == "BDA" and active_color(game) == "B"


def test_u_a_9_renege_off_a_card_that_may_not_be_played_does_not_block_the_press() -> None:
    """With ``attack.allow_renege=false`` only a card that may be played forbids a press: a
    last Trade Hands under ``attack.trade_hands_can_go_out=false`` does not."""
    game = uv.position(
        f"{ONE}+attack.allow_renege=false+attack.trade_hands_can_go_out=false\n"
        "hands: RTH | Y1 Y2 | B1 B2; top: R5@2; turn: 0"
    )
    assert legal(game, 0) == {"press"}
    game.apply(0, "press")
    assert len(game.hands[0]) == 2 and game.turn == 1


# -- house rules (RULES.md §1.8, H-5) ----------------------------------------------------


@pytest.mark.parametrize(
    ("option", "added"),
    [
        ("stacking=same", ""),
        ("stacking=progressive", ""),
        ("stacking=same+revive", ""),
        ("jump_in", ""),
        ("play_duplicates", ""),
        ("bar_special", "WBS WBS"),
        ("boomerang", "WBO WBO"),
        ("friendly_swap", "WF"),
    ],
)
def test_house_rules_attack_accepts(option: str, added: str) -> None:
    game = uv.new_game(f"attack+{option}", 4, 0)
    deck = Counter(CARD_TEXT[c] for c in game.all_cards())
    assert sum(deck.values()) == 112 + len(added.split())
    assert Counter(added.split()) == Counter({c: deck[c] for c in added.split()})


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (
            "wd4_wilds_block",
            "wd4_wilds_block needs the Wild Draw Four: the Attack deck has none",
        ),
        ("downpour", "downpour replaces two Wild Draw Four: the Attack deck has none"),
        ("seven_zero", "seven_zero needs 0 and 7 cards: the Attack deck has no 0"),
        (
            "zero_chooses_direction",
            "zero_chooses_direction redefines the 0: the Attack deck has none",
        ),
        ("zero_discard_color", "zero_discard_color needs a 0: the Attack deck has none"),
        (
            "draw_until_playable",
            "draw_until_playable needs a draw that may be played: in Attack pressing the "
            "launcher always ends the turn and fired cards cannot be played that turn (§3.3)",
        ),
        (
            "permissive_illegal_plays",
            "permissive_illegal_plays is not fitted to Attack: a catch's 2 cards come from a "
            "draw pile (§1.5), and Attack draws only by pressing the launcher (§3.6)",
        ),
    ],
)
def test_options_attack_refuses_name_their_reason(option: str, message: str) -> None:
    """H-5: an option that needs a card the deck lacks, or a draw that may be played; no
    listing of Attack's options offers it (``Variant.offered``)."""
    with pytest.raises(uv.OptionConflict) as refused:
        uv.new_game(f"attack+{option}", 4, 0)
    assert str(refused.value) == message
    attack = uv.get_variant("attack")
    assert option in attack.specs and option not in attack.offered


def test_stacking_blast_ge_is_refused_in_attack() -> None:
    with pytest.raises(uv.OptionConflict, match=r"built-in stacking .*: set stacking=off, same or"):
        uv.new_game("attack+stacking=blast_ge", 4, 0)


# -- bad input ---------------------------------------------------------------------------

BASE = "hands: RTH G1 G2 | Y1 Y2 | B1 B2 B3 | G5; top: R5@2; draw: B9 R7; turn: 0"
DA = "hands: RDA R1 G2 | Y1 Y2 | B1 B2 B3 | G5; top: R5@2; turn: 0"


@pytest.mark.parametrize(
    ("text", "before", "seat", "act", "error"),
    [
        (f"{ONE}; {BASE}", [(0, "press")], 0, "R7", uv.NotYourWindow),  # the turn has passed
        (f"{ONE}; {BASE}", [], 0, "draw", uv.IllegalAction),  # no draw pile in Attack
        ("classic; hands: G1 G2 | Y1 Y2; top: R5@1; turn: 0", [], 0, "press", uv.IllegalAction),
        (f"{ONE}; {BASE}", [], 0, "RTH", uv.IllegalAction),  # Trade Hands needs a target
        (f"{ONE}; {BASE}", [], 0, "RTH>7", uv.IllegalAction),  # not a seat
        (f"{ONE}; {BASE}", [], 0, "RTH>0", uv.IllegalAction),  # not another seat
        (f"{ONE}; {DA}", [], 0, "RDA keep", uv.IllegalAction),  # keep needs the option
        (f"{ONE}; {BASE}", [], 0, "press uno", uv.IllegalAction),  # false call refused
        (f"{ONE}; {BASE}", [], 1, "press", uv.NotYourWindow),  # out of turn
    ],
    ids=[
        "play_after_pressing",
        "draw_in_attack",
        "press_in_classic",
        "trade_hands_without_target",
        "trade_hands_with_seat_7",
        "trade_hands_with_itself",
        "keep_without_the_option",
        "press_uno_without_false_uno_penalty",
        "press_out_of_turn",
    ],
)
def test_bad_input_is_refused_and_the_state_is_unchanged(
    text: str,
    before: list[tuple[int, str]],
    seat: int,
    act: str,
    error: type[uv.UnoverseError],
) -> None:
    game = uv.position(text)
    for actor, action in before:
        game.apply(actor, action)
    state = unchanged(game)
    with pytest.raises(error):
        game.apply(seat, act)
    assert unchanged(game) == state
