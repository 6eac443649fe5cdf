"""The ``ismcts`` bot and its determinisations (docs/bots.md): it reads only its view,
places what the seat knows, keeps to its time budget, and plays legally everywhere."""

from __future__ import annotations

import gc
import os
import random
from collections import Counter
from collections.abc import Iterator

import pytest

import unoverse as uv
from unoverse.bots.base import make_bot
from unoverse.bots.ismcts import IsmctsBot, calibrated
from unoverse.bots.knowledge import unknown_pool
from unoverse.core.cards import card
from unoverse.core.determinise import determinise
from unoverse.core.game import Game
from unoverse.core.rng import Rng
from unoverse.sim.driver import RoundRecord, play_round

pytestmark = pytest.mark.engine_build

DEEP = bool(os.environ.get("UNOVERSE_DEEP"))


def shuffled_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` with every card ``seat`` cannot locate dealt again at random
    (other hands' unseen cards and the draw pile), sizes and seen cards kept."""
    g = game.copy()
    keep = {h: list(g.known[seat][h]) for h in range(g.n) if h != seat}
    pool: list[int] = []
    for h, seen in keep.items():
        pool.extend((Counter(g.hands[h]) - Counter(seen)).elements())
    pool.extend(g.draw_pile)
    rng.shuffle(pool)
    rest = iter(pool)
    for h, seen in keep.items():
        g.hands[h] = seen + [next(rest) for _ in range(len(g.hands[h]) - len(seen))]
    g.draw_pile = list(rest)
    g.rng = uv.Game(g.rules, g.n, rng.randrange(1 << 60)).rng  # a different future too
    return g


def midgame(preset: str, players: int, seed: int, moves: int) -> Game:
    """A game some moves in, played by ``naive`` bots' first legal choices."""
    game = uv.new_game(preset, players, seed)
    for _ in range(moves):
        if game.over:
            break
        seat = game.acting_seats()[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    return game


def test_decisions_do_not_depend_on_the_hidden_cards() -> None:
    """Same view, same seed and budget: the same move and the same search, however the
    cards the seat cannot see lie."""
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        game = midgame("classic", 3, seed, 12)
        if game.over or game.turn is None:
            continue
        seat = game.turn
        legal = game.legal_actions(seat)
        if len(legal) < 2:
            continue
        other = shuffled_hidden(game, seat, rng)
        assert other.view(seat) == game.view(seat)
        assert uv.to_json(other) != uv.to_json(game)
        a, b = IsmctsBot(7, iterations=40), IsmctsBot(7, iterations=40)
        assert a.act(game.view(seat), legal) == b.act(other.view(seat), other.legal_actions(seat))
        assert a.searched == b.searched
        checked += 1
    assert checked >= 10


def test_a_determinisation_agrees_with_the_view_and_deals_the_unknown_cards() -> None:
    game = midgame("classic", 4, 3, 10)
    seat = game.turn
    view = game.view(seat)
    g = determinise(view, seat, Rng(11))
    assert g.view(seat) == view  # everything the seat sees is as it is
    located = Counter(view.hand) + Counter(view.discard)
    dealt = Counter(c for h in range(4) if h != seat for c in g.hands[h]) + Counter(g.draw_pile)
    assert dealt + located == Counter(view.rules.deck)
    assert sorted(dealt.elements()) == unknown_pool(view)
    assert uv.to_json(determinise(view, seat, Rng(11))) == uv.to_json(g)  # a seed, a deal
    assert uv.to_json(determinise(view, seat, Rng(12))) != uv.to_json(g)


def public(game: Game) -> tuple[object, ...]:
    """What every seat sees of where a game stands."""
    return (game.phase, game.turn, game.color, game.direction, [len(h) for h in game.hands])


@pytest.mark.parametrize(
    "text",
    [
        "classic; hands: R7 R1 | G1 G2 | B1 B2 | Y1 Y3; top: W; turn: 1; declare: 1",
        "classic; hands: R7 R+2 RS RR GS W+4 | G1 G2 | B1 B2 | Y1 Y3; top: R5@3; turn: 0",
    ],
)
def test_a_determinisation_moves_on_as_the_game_does(text: str) -> None:
    """Each of the seat's plays and declarations leaves a determinisation where it leaves
    the game (the first card's colour window included: its declarer then plays)."""
    game = uv.position(text)
    seat = game.turn
    for a in game.legal_actions(seat):
        if a.kind not in (uv.Kind.PLAY, uv.Kind.COLOR):
            continue
        real, det = game.copy(), determinise(game, seat, Rng(3))
        real.apply(seat, a)
        det.apply(seat, a)
        assert public(det) == public(real), a


def test_after_a_swap_the_seat_knows_where_its_old_cards_are() -> None:
    game = uv.position(
        "classic+seven_zero; hands: R7 R1 W+4 Y9 | G1 G2 G3 G4 G5 | B1 B2; top: R5@2; turn: 0"
    )
    game.apply(0, "R7>1")
    view = game.view(0)
    for seed in range(20):
        g = determinise(view, 0, Rng(seed))
        assert sorted(g.hands[1]) == sorted(map(card, ["R1", "W+4", "Y9"]))
        assert len(g.hands[2]) == 2 and card("R1") not in g.hands[2]


def test_a_view_holds_no_reference_to_the_game() -> None:
    game = midgame("blast+blast.mode=blast", 3, 2, 20)
    view = game.view(0)

    def reachable(obj: object, depth: int = 0) -> Iterator[object]:
        yield obj
        if depth < 4:
            for ref in gc.get_referents(obj):
                yield from reachable(ref, depth + 1)

    assert not any(isinstance(o, Game) for o in reachable(view))
    assert all(not isinstance(getattr(view, f), Game) for f in view.FIELDS)


class FakeClock:
    """A clock on which each reading after the first finds 5-15 ms more: the work done
    since the last reading (the search reads it once per iteration)."""

    def __init__(self, seed: int) -> None:
        self.now = 0.0
        self.read = False
        self.rng = random.Random(seed)

    def __call__(self) -> float:
        if self.read:
            self.now += self.rng.uniform(0.005, 0.015)
        self.read = True
        return self.now


@pytest.mark.parametrize("budget", [30.0, 200.0])
def test_a_time_budget_is_kept_within_ten_percent_and_the_answer_is_legal(budget: float) -> None:
    checked = 0
    for seed in range(8):
        game = midgame("classic", 2, seed, 6)
        if game.over:
            continue
        seat = game.turn
        legal = game.legal_actions(seat)
        bot = IsmctsBot(seed, ms=budget)
        clock = bot.clock = FakeClock(seed)
        act = bot.act(game.view(seat), legal)
        if not bot.searched:
            continue  # (a window the search does not decide)
        assert clock.now * 1000 <= budget * 1.1
        assert clock.now * 1000 >= budget * 0.5  # and it used its time
        assert act in legal
        checked += 1
    assert checked >= 3


def test_it_finds_the_move_that_wins() -> None:
    """The rival holds one card: the Draw Two makes it draw and gives the seat another
    turn, the search prefers it to the other plays and to drawing."""
    game = uv.position("hands: R+2 G4 B7 | B1; top: R5@1; turn: 0")
    assert str(IsmctsBot(1, iterations=200).act(game.view(0), game.legal_actions(0))) == "R+2"


@pytest.mark.parametrize(
    ("preset", "players"),
    [
        ("classic", 2),
        ("classic+jump_in+stacking=progressive+seven_zero", 3),
        ("minecraft", 3),
        ("attack", 3),
        ("full_spectrum", 3),
        ("blast", 3),
        ("blast+blast.mode=blast", 3),
    ],
)
def test_it_plays_legally_in_every_variant_and_searches_its_windows(
    preset: str, players: int
) -> None:
    games = 12 if DEEP else 2
    searched = 0
    for i in range(games):
        game = uv.new_game(preset, players, i)
        bots = [
            make_bot("ismcts:iterations=8" if s == 0 else "naive", i, s) for s in range(players)
        ]
        record = play_round(game, bots, RoundRecord(i, None))
        assert game.over
        assert not [r for r in record.rejected if r[0] == 0 and r[3] == "illegal"]
        bot = bots[0]
        assert isinstance(bot, IsmctsBot)
        searched += len(bot.searched)
    assert searched > 0


def test_levels_name_the_three_bots() -> None:
    assert isinstance(make_bot("hard:iterations=5", 1, 0), IsmctsBot)
    assert make_bot("normal", 1, 0).name == "heuristic"
    assert make_bot("easy", 1, 0).name == "naive"


def test_the_same_seed_plays_the_same_game() -> None:
    def run() -> list[tuple[int, str, float]]:
        game = uv.new_game("classic", 2, 4)
        bots = [make_bot("ismcts:iterations=10", 4, s) for s in range(2)]
        return play_round(game, bots, RoundRecord(4, None)).actions

    assert run() == run()


def test_the_default_budget_is_the_variants_calibrated_one() -> None:
    """The budget is the variant descriptor's (``Variant.bots``): its real-time one in BLAST
    mode. The figures are docs/bots.md's calibration."""
    game = midgame("full_spectrum", 2, 1, 4)
    seat = game.turn
    bot = IsmctsBot(3, depth=2)
    bot.search(game.view(seat), game.legal_actions(seat))
    assert bot.searched == [900] == [uv.get_variant("full_spectrum").bots.ismcts_iterations]
    budgets = {
        preset: calibrated(uv.new_game(preset, 2, 1).rules)
        for preset in (
            "classic",
            "minecraft",
            "attack",
            "full_spectrum",
            "blast",
            "blast+mode=blast",
            "flip",
            "no_mercy",
        )
    }
    assert budgets == {
        "classic": 900,
        "minecraft": 850,
        "attack": 500,
        "full_spectrum": 900,
        "blast": 300,
        "blast+mode=blast": 200,
        "flip": 500,
        "no_mercy": 1000,
    }
