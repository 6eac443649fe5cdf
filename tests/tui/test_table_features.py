"""What the table shows and offers beyond a move: every legal action within reach of a key
or a card, the countdown under a timer, the bell when the move falls to the player, another
match after the last, and the hand laid out again when the terminal shrinks to 80×24."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.binding import Binding
from textual.widgets import RichLog

from unoverse import i18n
from unoverse.bots.base import make_bot
from unoverse.core.actions import Kind, parse_action
from unoverse.core.cards import CARD_TEXT
from unoverse.core.errors import UnoverseError
from unoverse.core.game import Game
from unoverse.core.phase import Phase
from unoverse.core.registry import variants
from unoverse.core.setup import new_game
from unoverse.sim.driver import Table
from unoverse.tui import render
from unoverse.tui.app import PlayApp
from unoverse.tui.dialogs import Chooser, ResultsScreen
from unoverse.tui.moves import FROM_CARD, KEYS, group
from unoverse.tui.render import ASKS
from unoverse.tui.state import TableState
from unoverse.tui.table import TableScreen

from .pilot import hand_shown, local_link, playing, take_a_turn, until
from .scripted import ScriptedLink, frames, position, round_over, scripted_app, update
from .test_snapshots import _turn

#: The actions only the referee (the session) makes: no player sends them.
REFEREE = {Kind.TIMEOUT, Kind.STALL, Kind.STUCK, Kind.PENALIZE}
#: Presets that together open every kind of window and action.
PRESETS = (
    "classic+jump_in+seven_zero+stacking=progressive+permissive_illegal_plays",
    "attack",
    "minecraft",
    "full_spectrum",
    "blast",
    "blast+mode=blast",
    "flip",
    "no_mercy",
)


def test_every_kind_a_player_sends_has_a_key_or_a_card() -> None:
    for kind in Kind:
        if kind not in REFEREE:
            assert kind in FROM_CARD or kind in KEYS, kind


@settings(max_examples=30, deadline=None)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_every_legal_action_is_offered(preset: str, seed: int, steps: int) -> None:
    """Along a bots' game, every legal action of every seat is in the grouping the table
    offers (by its card, or by its key), and nothing else is."""
    players = 3
    game = new_game(preset, players, seed)
    table = Table([make_bot("naive", seed, s) for s in range(players)], seed)
    for _ in range(steps):
        if game.over:
            break
        for seat in range(players):
            legal = [str(a) for a in game.legal_actions(seat)]
            moves = group(legal)
            offered = [m.text for ms in moves.by_card.values() for m in ms]
            offered += [m.text for ms in moves.by_kind.values() for m in ms]
            assert sorted(offered) == sorted(legal)
        seat, action, at = table.next(game)
        with contextlib.suppress(UnoverseError):  # (BLAST mode: a play too late is refused)
            game.apply(seat, action, at)
    assert {v.name for v in variants()} <= {p.split("+")[0] for p in PRESETS}


def test_the_countdown_of_a_timer() -> None:
    async def main() -> None:
        game, events = position("classic", 4, 2, _turn())
        deadline = time.time() + 12.0
        sent = frames("classic", game, events, deadline=deadline * 1000.0)
        app = PlayApp(ScriptedLink(sent), bell=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.1)
            seats = str(app.table.query_one("#seats").render())
            prompt = str(app.table.query_one("#prompt").render())
            left = deadline - time.time()  # (the app may take seconds to start on a busy machine)
            shown = [int(n) for n in re.findall(r"(\d+)s\b", seats)]
            assert shown and left - 1.5 <= shown[0] <= left + 1.5, (seats, left)
            assert "s left)" in prompt
            await pilot.pause(1.2)  # the countdown moves on by itself
            assert str(app.table.query_one("#seats").render()) != seats

    asyncio.run(main())


def test_a_thinking_bot_says_so_on_its_seat_until_the_game_moves_on() -> None:
    game, events = position("classic", 4, 2, _turn(seat=1))
    sent = frames("classic", game, events)
    think = {"type": "thinking", "game": 1, "version": game.version, "seat": 1, "until": 0.0}

    async def main(extra: list[dict[str, object]]) -> list[str]:
        app = PlayApp(ScriptedLink(sent + extra), bell=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.1)
            return str(app.table.query_one("#seats").render()).splitlines()

    lines = asyncio.run(main([think]))
    assert [line for line in lines if "thinking" in line] == [lines[1]]  # seat 1, after you
    stale = think | {"version": game.version - 1}  # a thought about a state now gone
    assert not any("thinking" in line for line in asyncio.run(main([stale])))


def test_the_bell_rings_when_the_move_falls_to_the_player() -> None:
    async def main() -> None:
        link = local_link("classic")
        app = PlayApp(link, bell=True)
        rung: list[float] = []
        app.bell = lambda: rung.append(time.monotonic())  # type: ignore[method-assign]
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: app.state.view is not None, "the deal")
            turns = 0
            while turns < 3 and app.state.round_over is None:
                if app.state.my_move():
                    turns += 1
                    await take_a_turn(app, pilot)
                else:
                    await pilot.pause(0.02)
            assert len(rung) >= 2
            await pilot.press("b")
            assert not app.bell_on

    asyncio.run(main())


def test_another_match_after_the_last_with_n() -> None:
    async def main() -> None:
        link = local_link("classic+target_score=1")
        async with playing(link) as (app, pilot):
            while app.state.match_over is None:
                if app.state.my_move() or not isinstance(app.screen, TableScreen):
                    await take_a_turn(app, pilot)
                else:
                    await pilot.pause(0.02)
            await until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
            assert "The match is over" in str(app.screen.query_one("#results").render())
            await pilot.press("n")
            await until(
                pilot, lambda: app.state.match == 1 and app.state.view is not None, "a new match"
            )
            assert app.state.match_over is None and isinstance(app.screen, TableScreen)

    asyncio.run(main())


def test_after_the_match_n_is_named_on_the_results_and_at_the_table() -> None:
    """The host's results name ``n``; back at the table, so do the prompt and the footer
    (which has no ``n`` while the match is played)."""
    sent, game, scores = round_over("classic", 3, 9)

    def footer(app: PlayApp) -> list[tuple[str, str]]:
        """The table's keys in its footer."""
        shown = app.table.active_bindings.items()
        return [(key, b.binding.description) for key, b in shown if b.binding.show]

    async def main() -> None:
        app = PlayApp(ScriptedLink(sent), bell=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
            await pilot.press("enter")
            await pilot.pause(0.1)
            assert "n" not in dict(footer(app))
            await pilot.press("n")
            assert "n: another match starts once this one is over" in app.table.notice
            app.receive({"type": "match_over", "winners": [game.winner], "scores": scores})
            await until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the match's end")
            await pilot.pause(0.1)
            hint = str(app.screen.query("Static").last().render())
            assert "n another match" in hint
            await pilot.press("enter")
            await pilot.pause(0.1)
            assert app.screen is app.table
            assert "n starts another" in str(app.table.query_one("#prompt").render())
            assert ("n", "another match") in footer(app)

    asyncio.run(main())


def test_the_hand_and_the_log_are_laid_out_again_at_80x24() -> None:
    async def main() -> None:
        game, events = position("classic", 4, 2, _turn())
        app = PlayApp(ScriptedLink(frames("classic", game, events)), bell=False)
        async with app.run_test(size=(140, 40)) as pilot:
            await pilot.pause(0.1)
            hand = app.table.query_one("#hand")
            assert {line for line, _, _ in hand.places} == {1}  # one line when wide
            log = app.table.query_one("#log", RichLog)
            assert max(line.cell_length for line in log.lines) > 30  # the wide log's width
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.2)
            lines = {line for line, _, _ in hand.places}
            assert len(lines) == 2
            assert max(end for _, _, end in hand.places) <= hand.content_region.width
            assert app.table.query_one("#keys").region.bottom <= 23  # above the footer
            assert log.lines and max(line.cell_length for line in log.lines) <= log.size.width
            assert "".join(line.text for line in log.lines).count("deals") == 1  # written once

    asyncio.run(main())


def test_a_penalty_asks_for_an_answer_only_when_a_card_can_give_one() -> None:
    seen = set()
    for preset in ("classic", "classic+stacking=progressive", "flip"):
        for seed in range(30):
            game, events = position(
                preset, 3, seed, lambda g: g.phase == Phase.OVER or g.phase == Phase.PENALTY
            )
            if game.phase == Phase.OVER:
                continue
            state = TableState()
            for frame in frames(preset, game, events, seat=game.turn):
                state.apply(frame)
            window = state.mandatory()
            assert window is not None and window["kind"] in ("penalty", "challenge")
            text, mine, _ = render.asked(state, 0)
            answerable = any(parse_action(a).kind == Kind.PLAY for a in state.legal)
            assert mine
            card = render.challenged(state.view)  # the Wild Draw Four, Two or Color played
            head, answer = (i18n.t(key, card=card) for key in ASKS[window["kind"]][:2])
            offered = {
                ("penalty", True): f"{answer} or take it (t)",
                ("penalty", False): "take it (t)",
                ("challenge", True): f"{answer}, take it (t) or challenge (c)",
                ("challenge", False): "take it (t) or challenge (c)",
            }
            assert text == f"{head}: {offered[window['kind'], answerable]}"
            seen.add((preset, answerable))
    # Classic and Flip have no answer to a penalty; stacking gives one whenever a +2 is in hand
    assert ("classic", True) not in seen and ("classic", False) in seen
    assert ("flip", True) not in seen and ("flip", False) in seen
    assert ("classic+stacking=progressive", True) in seen


def test_before_the_match_the_room_shows_who_sits_where() -> None:
    seats = [
        {"kind": "player", "name": "Host"},
        {"kind": "bot", "name": "bot easy"},
        {"kind": "player", "name": "Ana"},
        {"kind": "open", "name": None},
    ]
    room = {"code": "K7QPZ2", "variant": "classic", "preset": "classic", "options": {}}
    room |= {"seats": seats, "free": 1, "timer": "off", "spectators": True, "started": False}
    presence = [
        {"kind": s["kind"], "name": s["name"], "connected": i == 2, "stand_in": False}
        for i, s in enumerate(seats)
    ]
    welcome = {"type": "welcome", "seat": 2, "room": room, "rules": {}, "presence": presence}
    lobby = [welcome | {"chat": []}, {"type": "presence", "seats": presence, "host": 0}]

    async def main() -> None:
        app = PlayApp(ScriptedLink(lobby), bell=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.1)
            lines = str(app.table.query_one("#seats").render()).splitlines()
            assert [line.split() for line in lines] == [
                ["Host", "away", "host"],
                ["Bot", "2", "(easy)"],
                ["Ana", "(you)", "here"],
                ["(open", "seat)"],
            ]
            prompt = str(app.table.query_one("#prompt").render())
            assert prompt == "Waiting for the host to start the match…"
            assert "Your hand" not in str(app.table.query_one("#hand").render())

    asyncio.run(main())


def _drawn(g: Game) -> bool:
    return g.turn == 0 and g.phase == Phase.DRAWN


def _due(g: Game) -> bool:
    """A BLAST challenge another seat drew, which seat 0 must meet."""
    return g.phase == Phase.BLAST and g.blast.drawer != 0 and bool(g.legal_actions(0))


@pytest.mark.parametrize(
    ("preset", "seed", "ready", "prompt", "sent"),
    [
        ("classic", 0, _drawn, "You drew a card: play it or keep it (p)", ["pass"]),
        ("blast", 1, _drawn, "You drew a card: play it", []),  # drawn until it plays
        ("blast", 1, _due, "BLAST challenge: meet it (m)", []),
    ],
)
def test_the_prompt_offers_only_what_the_engine_allows(
    preset: str, seed: int, ready: Callable[[Game], bool], prompt: str, sent: list[str]
) -> None:
    """UNO Blast's drawn card must be played: the prompt does not offer to keep it, and p
    says it cannot; Classic's may be kept, and p keeps it. A BLAST challenge drawn by
    another seat asks this one to meet it when it must."""

    async def main() -> None:
        app, link, _ = scripted_app(preset, 3, seed, ready)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.1)
            assert str(app.table.query_one("#prompt").render()) == prompt
            await pilot.press("p")
            await pilot.pause(0.1)
            assert link.sent == sent
            if not sent:
                assert app.table.notice == f"p: you cannot keep the card (pass) now ({prompt})"

    asyncio.run(main())


def test_n_is_one_key_whose_action_decides() -> None:
    """One binding for n: during the match it says why not; the footer names it once the
    host may start another match."""
    bound = [b for b in TableScreen.BINDINGS if isinstance(b, Binding) and b.key == "n"]
    assert [b.action for b in bound] == ["again"]


@pytest.mark.parametrize(
    ("preset", "seed", "scoring"),
    [("minecraft", 11, "One round decides the game"), ("classic", 9, "the first to 500")],
)
def test_the_log_and_the_results_agree_on_a_rounds_points(
    preset: str, seed: int, scoring: str
) -> None:
    """A round's end: the log says what the other hands hold, as the results' points left
    do; a one-round game (Minecraft: scoring none) shows no score, a points game the
    winner's, which is that figure."""
    sent, game, scores = round_over(preset, 3, seed)
    leftovers = [game.hand_points(s) for s in range(game.n)]
    held = sum(leftovers) - leftovers[game.winner]

    async def main() -> None:
        app = PlayApp(ScriptedLink(sent), bell=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
            log = " ".join(
                " ".join(line.text for line in app.table.query_one(RichLog).lines).split()
            )
            winner = app.state.name(game.winner)
            assert f"{winner} wins the round: the other hands hold {held} points" in log
            shown = str(app.screen.query_one("#results").render())
            rows = [line.split() for line in shown.splitlines()[3 : 3 + game.n]]
            left = [int(row[-1 if "One round" in scoring else -2]) for row in rows]
            assert left == leftovers and scoring in shown
            if "One round" in scoring:
                assert "score" not in shown and set(scores) == {0}
            else:
                assert int(rows[game.winner][-1]) == held

    asyncio.run(main())


@pytest.mark.parametrize("rejoined", [False, True])
@pytest.mark.parametrize(
    ("preset", "seed", "ready", "uno"),
    [
        # UNO Blast has no UNO call: a seat down to one card never called it
        ("blast", 16, lambda g: any(len(h) == 1 for h in g.hands[1:]) and not g.over, False),
        (
            "classic",
            0,
            lambda g: any(g.said_uno[s] and len(g.hands[s]) == 1 for s in (1, 2)) and not g.over,
            True,
        ),
    ],
)
def test_a_seat_shows_uno_only_when_it_called_it(
    preset: str, seed: int, ready: Callable[[Game], bool], uno: bool, rejoined: bool
) -> None:
    """UNO! is the view's ``said_uno``: a terminal that joins after the call (no events, only
    the view) shows it too."""

    async def main() -> None:
        app, link, game = scripted_app(preset, 3, seed, ready)
        if rejoined:
            link.frames[-1]["events"] = []
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.1)
            lines = str(app.table.query_one("#seats").render()).splitlines()
            one = [s for s in (1, 2) if len(game.hands[s]) == 1 and s not in game.uno_open]
            assert one
            for seat in one:
                assert ("UNO!" in lines[seat]) == uno, lines[seat]

    asyncio.run(main())


def test_a_terminal_too_small_for_the_hand_says_so() -> None:
    """Below 80×20 the hand may fall out of sight: a line over the table says so, with the
    terminal's size and the smallest that shows the hand; at 80×20 a table of four shows a
    hand of 20 cards and the keys under it (the size is measured so)."""

    async def main() -> None:
        app, link, _ = scripted_app("classic", 4, 2, _turn())
        view = link.frames[-1]["view"]
        view["hand"] = ["W", "W+4", *(f"{color}{n}" for color in "RYGB" for n in range(1, 6))][:20]
        view["hand_sizes"][0] = 20
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause(0.1)
            small = app.table.query_one("#too-small")
            assert small.display
            assert "60×20" in str(small.render()) and "80×20" in str(small.render())
            table, hand = app.table.query_one("#table"), app.table.query_one("#hand")
            assert hand.region.bottom > table.region.bottom  # the hand is out of sight
            await pilot.resize_terminal(80, 20)
            await pilot.pause(0.1)
            assert not small.display
            assert app.table.query_one("#keys").region.bottom <= table.region.bottom
            await pilot.resize_terminal(100, 19)
            await pilot.pause(0.1)
            assert small.display and "100×19" in str(small.render())

    asyncio.run(main())


def _jump(mine: bool) -> Callable[[Game], bool]:
    """Classic with jump-ins: seat 0 may jump in, on its turn (with a play) or out of turn."""

    def ready(g: Game) -> bool:
        legal = g.legal_actions(0) if g.phase == Phase.TURN else ()
        kinds = {a.kind for a in legal}
        return Kind.JUMP in kinds and (Kind.PLAY in kinds) == mine and (g.turn == 0) == mine

    return ready


def test_a_jump_in_out_of_turn_is_offered_in_words_and_logged_once() -> None:
    async def main() -> None:
        app, link, game = scripted_app("classic+jump_in", 3, 0, _jump(mine=False))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.1)
            jump = next(a for a in game.legal_actions(0) if a.kind == Kind.JUMP)
            card = CARD_TEXT[jump.card]
            key = dict((c, k) for k, c in hand_shown(app))[card]
            offered = str(app.table.query_one("#keys").render())
            assert f"{key} jump in with {card}: your card identical to the top card" in offered
            assert "effect is cancelled" in offered
            await pilot.press(key)
            await pilot.pause(0.1)
            assert link.sent == [str(jump)]
            logged = app.state.logged
            app.receive(update(game, game.apply(0, jump, None)))
            await pilot.pause(0.1)
            lines = [
                app.table.log_line(*entry)
                for entry in list(app.state.log)[logged - app.state.logged :]
            ]
            said = [line for line in lines if card in line]
            assert said == [f"[b reverse] jump-in [/] Ana plays {card}"]

    asyncio.run(main())


def test_a_jump_in_on_your_turn_says_how_it_differs_from_a_play() -> None:
    async def main() -> None:
        app, _, game = scripted_app("classic+jump_in", 3, 0, _jump(mine=True))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.1)
            card = CARD_TEXT[next(a for a in game.legal_actions(0) if a.kind == Kind.JUMP).card]
            await pilot.press(dict((c, k) for k, c in hand_shown(app))[card])
            await pilot.pause(0.1)
            assert isinstance(app.screen, Chooser)
            note = str(app.screen.query_one("#dialog-note").render())
            assert "Play it: your turn's play" in note and "Jump in: your identical card" in note

    asyncio.run(main())
