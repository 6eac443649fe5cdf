"""The bots and the simulation driver (DESIGN.md "One simulation driver")."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest

import unoverse as uv
from unoverse.bots.base import Bot, make_bot, parse_bot_specs
from unoverse.bots.heuristic import HeuristicBot
from unoverse.bots.ismcts import IsmctsBot
from unoverse.bots.naive import NaiveBot
from unoverse.bots.random_bot import RandomBot
from unoverse.core.actions import Action, Kind
from unoverse.core.errors import BadBotSpec
from unoverse.core.view import View
from unoverse.sim.driver import BotError, NonTermination, RoundRecord, play_round

pytestmark = pytest.mark.engine_build


class Scripted(Bot):
    """Answers from a fixed table: ``{kind: (action text, delay)}``; else the naive move,
    1 s later."""

    name = "scripted"

    def __init__(self, seed: int, table: dict[str, tuple[str, float]]) -> None:
        super().__init__(seed)
        self.table = table
        self.fallback = NaiveBot(seed)
        self.next_delay = 0.0

    def act(self, view: View, legal: Sequence[Action]) -> Action | None:
        for a in legal:
            for kind, (text, delay) in self.table.items():
                if a.kind.name.lower() == kind and str(a) == text:
                    self.next_delay = delay
                    return a
        self.next_delay = 1000.0
        return self.fallback.act(view, legal)

    def delay(self) -> float:
        return self.next_delay


def test_naive_plays_a_legal_card_calls_uno_in_its_play_and_never_catches() -> None:
    bot = NaiveBot(1)
    game = uv.position("hands: R3 G4 | B1 B2; top: R5@1; turn: 0")
    act = bot.act(game.view(0), game.legal_actions(0))
    assert act == uv.action("R3 uno") and bot.delay() > 0
    game = uv.position("hands: R3 G4 | B1; top: G5@1; turn: 0; uno: 1")
    assert bot.act(game.view(0), game.legal_actions(0)) == uv.action("G4 uno")
    # seat 1 could declare; seat 0 could catch on its own turn, but naive only plays
    assert uv.action("catch:1") in game.legal_actions(0)


def test_naive_draws_only_when_it_cannot_play_and_plays_the_drawn_card() -> None:
    bot = NaiveBot(2)
    game = uv.position("hands: G3 G4 | B1 B2; top: R5@1; draw: R9; turn: 0")
    act = bot.act(game.view(0), game.legal_actions(0))
    assert act == uv.action("draw")
    game.apply(0, act)
    act = bot.act(game.view(0), game.legal_actions(0))
    assert act == uv.action("R9")


def test_naive_takes_penalties_and_never_challenges() -> None:
    game = uv.position("hands: G3 | B1 B2; top: W+4:R@0; turn: 1; pending: challenge 4 illegal")
    assert NaiveBot(3).act(game.view(1), game.legal_actions(1)) == uv.action("take")


def test_random_picks_a_kind_first_and_may_pass_optional_windows() -> None:
    game = uv.position("hands: R3 G4 G5 | B1; top: G5@1; turn: 0; uno: 1")
    bot = RandomBot(4)
    seen = {bot.act(game.view(0), game.legal_actions(0)) for _ in range(200)}
    kinds = {a.kind for a in seen if a is not None}
    assert kinds == {Kind.PLAY, Kind.DRAW, Kind.CATCH}
    assert None not in seen  # the turn-holder must act
    other = {bot.act(game.view(1), game.legal_actions(1)) for _ in range(50)}
    assert other == {None, uv.action("uno")}


def test_reaction_times_follow_the_spec_parameters() -> None:
    fast = make_bot("naive:median_ms=100,sigma=0", 0, 0)
    assert fast.delay() == pytest.approx(100.0)
    slow = make_bot("naive", 0, 0)
    delays = sorted(slow.delay() for _ in range(2001))
    assert 400 < delays[1000] < 500  # median near 450 ms


def test_bot_specs_one_for_all_or_one_per_seat() -> None:
    assert parse_bot_specs("naive", 3) == ["naive"] * 3
    assert parse_bot_specs("naive,random:median_ms=3,sigma=0", 2) == [
        "naive",
        "random:median_ms=3,sigma=0",
    ]


def first_actions(game: uv.Game, bots: list[Bot], n: int) -> list[str]:
    """The first ``n`` actions the driver applies, as ``seat:action``."""
    events: list[str] = []
    with pytest.raises(NonTermination):
        play_round(
            game, bots, RoundRecord(0, None), max_actions=n,
            on_events=lambda s, a, ev: events.append(f"{s}:{a}"),
        )  # fmt: skip
    return events


@pytest.mark.parametrize(("next_delay", "caught"), [(500.0, True), (200.0, False)])
def test_earliest_answer_wins_a_catch_races_the_next_players_first_action(
    next_delay: float, caught: bool
) -> None:
    # seat 0 plays to one card without UNO; seat 2 catches 300 ms later; seat 1 (next) moves.
    game = uv.position("hands: R3 G4 | R1 R2 | B1 B2; top: R5@2; turn: 0")
    bots: list[Bot] = [
        Scripted(0, {"play": ("R3", 10.0)}),
        Scripted(1, {"play": ("R1", next_delay)}),
        Scripted(2, {"catch": ("catch:0", 300.0)}),
    ]
    events = first_actions(game, bots, 2)
    assert events[0] == "0:R3"
    assert (events[1] == "2:catch:0") is caught
    assert (len(game.hands[0]) == 3) is caught


def test_c5_a_declaration_in_the_same_instant_as_a_catch_wins() -> None:
    text = "hands: R3 G4 | G1 G2 | B1 B2; top: R5@2; turn: 0"
    game = uv.position(text)
    bots: list[Bot] = [
        Scripted(0, {"play": ("R3", 10.0), "uno": ("uno", 250.0)}),
        Scripted(1, {"catch": ("catch:0", 240.0)}),
        Scripted(2, {"catch": ("catch:0", 240.0)}),
    ]
    # both catch 240 ms after the play, the call comes 250 ms after: a catch wins
    assert first_actions(game, bots, 2)[1] in ("1:catch:0", "2:catch:0")
    # same instant: the declaration wins (C-5)
    game = uv.position(text)
    bots[1] = Scripted(1, {"catch": ("catch:0", 250.0)})
    bots[2] = Scripted(2, {"catch": ("catch:0", 250.0)})
    assert first_actions(game, bots, 2)[1] == "0:uno"


class Sleeper(Bot):
    name = "sleeper"

    def act(self, view: View, legal: Sequence[Action]) -> Action | None:
        return None


def test_a_bot_that_does_not_act_in_its_turn_is_an_error() -> None:
    game = uv.new_game("classic", 2, 0)
    with pytest.raises(BotError, match="did not act"):
        play_round(game, [Sleeper(0), Sleeper(1)], RoundRecord(0, None))


def test_round_record_replays_and_hashes_every_100_actions() -> None:
    """A state hash after action 0, every 100 actions and the last; a tag of the action
    chain for every action."""
    from unoverse.match.replay import action_tags, replay_round

    game = uv.new_game("classic", 3, 8)
    bots = [make_bot("random" if s == 0 else "naive", 8, s) for s in range(3)]
    record = play_round(game, bots, RoundRecord(8, None), hashes=True)
    n = len(record.actions)
    assert n > 100 and n % 100
    assert [k for k, _ in record.hashes] == [*range(0, n, 100), n]
    saved = record.to_dict()
    tags = list(action_tags(record.actions))
    assert saved["tags"] == "".join(tags) and len(tags) == n
    assert all(len(t) == 8 and set(t) <= set("0123456789abcdef") for t in tags)
    assert tags[1:] != list(action_tags(record.actions[1:]))  # each chained onto the last
    assert replay_round("classic", 3, saved, "test") == n


JUMP_TABLE = "classic+jump_in\nhands: W R1 R2 | B1 B2 | W G1 G2 | W Y1 Y2\ntop: R5@3\nturn: 0"


def jump_race(seat3_delay: float) -> list[Bot]:
    """Seat 0 plays a Wild; seats 2 and 3 both hold a Wild and jump in (seat 2 after 200 ms),
    while seat 1, whose turn it is, takes 1 s to draw."""
    return [
        Scripted(0, {"play": ("W:R", 10.0)}),
        Scripted(1, {"draw": ("draw", 1000.0)}),
        Scripted(2, {"jump": ("W:G^1", 200.0)}),
        Scripted(3, {"jump": ("W:Y^1", seat3_delay)}),
    ]


def test_two_seats_jump_in_in_the_same_instant_one_wins_the_other_is_stale() -> None:
    winners = set()
    for seed in range(12):
        game = uv.position(JUMP_TABLE)
        record = RoundRecord(seed, None)
        with pytest.raises(NonTermination):
            play_round(game, jump_race(200.0), record, max_actions=2)
        seat, act, when = record.actions[1]
        assert act.endswith("^1") and when == 210.0
        loser = 5 - seat
        with pytest.raises(uv.StaleAction, match="already been covered"):
            game.apply(loser, "W:G^1" if loser == 2 else "W:Y^1")
        assert uv.card("W") in game.hands[loser]  # the card stays in the hand
        winners.add(seat)
    assert winners == {2, 3}  # the seeded tie-break picks either


def test_a_late_answer_is_refused_recorded_and_its_seat_asked_again() -> None:
    game = uv.position(JUMP_TABLE)
    record = RoundRecord(0, None)
    with pytest.raises(NonTermination):
        play_round(game, jump_race(250.0), record, max_actions=3)
    assert record.actions[1] == (2, "W:G^1", 210.0)
    assert record.rejected[0] == (3, "W:Y^1", 260.0, "stale")


# --- bot specs: every parameter has a declared range ----------------------------------------


@pytest.mark.parametrize(
    ("spec", "fragments"),
    [
        ("naive:median_ms=-300", ("naive", "median_ms", "-300", "from 0 to 60000")),
        ("naive:median_ms=nan", ("naive", "median_ms", "from 0 to 60000")),
        ("naive:median_ms=inf", ("naive", "median_ms", "from 0 to 60000")),
        ("random:median_ms=1e999", ("random", "median_ms", "from 0 to 60000")),
        ("naive:sigma=nan", ("naive", "sigma", "from 0 to 2")),
        ("naive:sigma=1e6", ("naive", "sigma", "from 0 to 2")),
        ("naive:sigma=-0.1", ("naive", "sigma", "from 0 to 2")),
        ("heuristic:keep_wilds=nan", ("heuristic", "keep_wilds", "from 0 to 100")),
        ("heuristic:follow=-1", ("heuristic", "follow", "from 0 to 100")),
        ("heuristic:close=2.5", ("heuristic", "close", "an integer from 0 to 500")),
        ("heuristic:arm=0.5", ("heuristic", "arm", "an integer from 0 to 1")),
        ("heuristic:arm=2", ("heuristic", "arm", "an integer from 0 to 1")),
        ("ismcts:iterations=-1", ("ismcts", "iterations", "an integer from 0 to 1000000")),
        ("hard:iterations=2.5", ("ismcts", "iterations", "an integer")),
        ("ismcts:iterations=" + "9" * 5000, ("ismcts", "iterations", "an integer")),
        ("ismcts:ms=-1", ("ismcts", "ms", "from 0 to 60000")),
        ("ismcts:explore=inf", ("ismcts", "explore", "from 0 to 10")),
        ("ismcts:depth=-5", ("ismcts", "depth", "an integer from 0 to 20000")),
        ("ismcts:rollout=3", ("ismcts", "rollout", "an integer from 0 to 2")),
        ("naive:sigma=x", ("naive", "sigma", "a number")),
        ("naive:sigma=", ("naive", "sigma", "a number")),
    ],
)
def test_a_parameter_out_of_its_range_is_refused_naming_bot_parameter_and_range(
    spec: str, fragments: tuple[str, ...]
) -> None:
    with pytest.raises(BadBotSpec) as caught:
        make_bot(spec, 0, 0)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 300, message
    for fragment in fragments:
        assert fragment in message, message


@pytest.mark.parametrize(
    ("spec", "fragments"),
    [
        ("naive:sigma=1,sigma=2", ("naive", "sigma", "twice")),
        ("heuristic:keep_wilds=1,follow=1,keep_wilds=1", ("heuristic", "keep_wilds", "twice")),
        ("naive:speed=3", ("naive", "speed", "median_ms, sigma")),
        ("ismcts:keep_wilds=1", ("ismcts", "keep_wilds", "iterations")),
        ("naive:sigma", ("naive", "sigma", "name=value")),
        ("naive:=3", ("naive", "name=value")),
        ("naive:sigma=1,,median_ms=3", ("naive", "empty")),
    ],
)
def test_unknown_duplicated_or_malformed_parameters_are_refused(
    spec: str, fragments: tuple[str, ...]
) -> None:
    with pytest.raises(BadBotSpec) as caught:
        make_bot(spec, 0, 0)
    for fragment in fragments:
        assert fragment in str(caught.value), str(caught.value)


@pytest.mark.parametrize("spec", [None, 3, b"naive", ["naive"]])
def test_a_spec_that_is_not_text_is_refused(spec: object) -> None:
    with pytest.raises(BadBotSpec, match="bot spec"):
        make_bot(spec, 0, 0)
    with pytest.raises(BadBotSpec, match="bot spec"):
        parse_bot_specs(spec, 2)


def test_the_edges_of_every_range_are_accepted_and_delays_stay_finite() -> None:
    for spec in (
        "naive:median_ms=0,sigma=0",
        "naive:median_ms=60000,sigma=2",
        "random: median_ms = 1e3 , sigma = 0.5 ",
        "heuristic:keep_wilds=0,follow=100,close=500,arm=1,bluff_cost=100",
        "ismcts:iterations=1000000,ms=60000,explore=10,depth=20000,rollout=2",
        "ismcts:iterations=0,ms=0,explore=0,depth=0,rollout=0",
    ):
        bot = make_bot(spec, 1, 0)
        delays = [bot.delay() for _ in range(2000)]
        assert all(math.isfinite(d) and d >= 0 for d in delays), spec


def test_the_declared_ranges_keep_the_slowest_reaction_time_finite() -> None:
    """Box-Muller on doubles never draws ``|z|`` beyond ``sqrt(-2 ln 5e-324)``, about 38.6:
    at the slowest median and the widest sigma a spec may set, the delay is still finite,
    and it is never negative."""
    z = math.sqrt(-2 * math.log(5e-324))
    median, sigma = Bot.params["median_ms"], Bot.params["sigma"]
    assert median.low >= 0 and sigma.low >= 0
    assert math.isfinite(median.high * math.exp(sigma.high * z))


def test_integer_parameters_reach_the_bot_as_integers() -> None:
    bot = make_bot("ismcts:iterations=40,depth=2.0,rollout=1", 0, 0)
    assert isinstance(bot, IsmctsBot)
    assert (bot.iterations, bot.depth, bot.rollout) == (40, 2, 1)
    heuristic = make_bot("heuristic:close=3,arm=0", 0, 0)
    assert isinstance(heuristic, HeuristicBot)
    assert heuristic.close == 3 and not heuristic.arm
