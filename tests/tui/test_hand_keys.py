"""The keys that play the cards of the hand: every card has one, in a hand of 30 too (the
wilds sorted last among them); in BLAST mode a card keeps its key while cards come and go,
and the cursor stays on its card; and a player reading the screen wins races against
normal bots at their human pace."""

from __future__ import annotations

import asyncio
import copy
import time
from collections import Counter

from textual.pilot import Pilot

from unoverse.core.game import Game, Phase
from unoverse.tui.app import PlayApp
from unoverse.tui.dialogs import Chooser, ResultsScreen
from unoverse.tui.hand import CARD_KEYS, HandKeys, HandView
from unoverse.tui.table import TableScreen

from .pilot import hand_shown, local_link, playing, until
from .scripted import scripted_app
from .test_snapshots import _turn

#: 30 cards, the wilds among them: sorted, they come last, past the tenth.
BIG_HAND = ["W", "W+4", *(f"{color}{n}" for color in "RYGB" for n in range(1, 8))]


async def _reached(app: PlayApp, pilot: Pilot[None], key: str) -> str:
    """Press ``key``: the card it reached (the cursor goes to the card a key plays)."""
    await pilot.press(key)
    await pilot.pause(0.05)
    return app.table.hand[app.table.cursor]


def test_every_card_of_a_30_card_hand_has_a_key_that_plays_it() -> None:
    """Classic, the player's turn, 30 cards: each card is written with a key of its own,
    one keystroke (Shift at most), and that key plays (or offers) that card."""

    async def main() -> None:
        app, link, _ = scripted_app("classic", 4, 2, _turn())
        view = link.frames[-1]["view"]
        view["hand"], view["hand_sizes"][0] = list(BIG_HAND), len(BIG_HAND)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause(0.1)
            shown = hand_shown(app)
            assert sorted(card for _, card in shown) == sorted(BIG_HAND)
            keys = [key for key, _ in shown]
            assert all(keys) and len(set(keys)) == len(keys), shown
            assert [card for _, card in shown][-2:] == ["W", "W+4"]  # past the tenth
            for key, card in shown:
                sent = len(link.sent)
                assert await _reached(app, pilot, key) == card
                # a card that does not play is asked of the engine, which says why not
                assert isinstance(app.screen, Chooser) or link.sent[sent:] == [card]
                if isinstance(app.screen, Chooser):  # a wild that plays: its colour
                    assert app.screen.title_text.startswith(f"Play {card} ")
                    await pilot.press("escape")

    asyncio.run(main())


def _live(g: Game) -> bool:
    return g.phase == Phase.LIVE and g.version > 8


def test_blast_mode_a_card_keeps_its_key_as_cards_come_and_go() -> None:
    """BLAST mode: a card leaves the hand and others arrive, sorted in before the rest; every
    card still in the hand keeps the key written beside it, the new cards take free keys,
    each key plays the card beside it, and the cursor stays on the card it was on."""

    async def main() -> None:
        app, link, _ = scripted_app("blast+mode=blast", 3, 5, _live)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.1)
            before = hand_shown(app)
            await pilot.press("right", "right")  # the cursor on the third card
            third = before[2]
            changed = copy.deepcopy(link.frames[-1])
            hand = changed["view"]["hand"]
            gone = before[5]
            hand.remove(gone[1])
            added = ["R0", "R0", "G3"]  # a red 0 is sorted first: every position moves on
            hand += added
            changed["view"]["hand_sizes"][0] = len(hand)
            changed["version"] = changed["view"]["version"] = changed["version"] + 1
            changed["events"] = []
            app.receive(changed)
            await pilot.pause(0.1)
            after = hand_shown(app)
            assert after[0][1] == "R0"
            stayed = Counter(before) - Counter([gone])
            assert not stayed - Counter(after), (before, after)  # each kept its key
            new = Counter(after) - stayed
            assert sorted(card for _, card in new.elements()) == sorted(added)
            assert not {key for key, _ in new} & {key for key, _ in stayed}
            assert (app.table.keys[app.table.cursor], app.table.hand[app.table.cursor]) == third
            for key, card in after:
                assert await _reached(app, pilot, key) == card

    asyncio.run(main())


def test_hand_keys_follow_the_cards_only_in_real_time() -> None:
    """Turn-based play numbers the sorted hand; BLAST mode keeps each card's key and gives
    a new card the first free one."""
    keys = HandKeys()
    assert keys.deal(["R1", "R5", "G2"], stable=False) == ["1", "2", "3"]
    assert keys.deal(["R0", "R5", "G2"], stable=False) == ["1", "2", "3"]
    assert keys.deal(["R0", "R5", "G2"], stable=True) == ["1", "2", "3"]
    assert keys.deal(["R5", "G2"], stable=True) == ["2", "3"]  # R0 is gone: 1 is free
    assert keys.deal(["R3", "R5", "R5", "G2"], stable=True) == ["1", "2", "4", "3"]
    many = [f"{color}{n}" for color in "ROYG" for n in range(10)][:29]
    assert HandKeys().deal(many, stable=True) == list(CARD_KEYS[:29])


#: How long a person takes to see that a card fits and press its key, in seconds.
REACTION_S = 0.6


def test_a_player_reading_the_screen_wins_races_against_normal_bots() -> None:
    """BLAST mode against two normal bots at their human pace: a player who reads a key
    marked ▲ and presses it a reaction time later plays the card it read (the hand may have
    changed meanwhile), and lands cards ahead of the bots."""

    async def main() -> None:
        link = local_link("blast+mode=blast", bots=("normal", "normal"), seed=3)
        sent: list[tuple[str, str]] = []  # (the card read beside the key, the action sent)
        act = link.act

        async def acting(text: str, version: int) -> dict[str, object]:
            sent.append((read, text))
            return await act(text, version)

        link.act = acting  # type: ignore[method-assign]
        read = ""
        async with playing(link, size=(100, 30)) as (app, pilot):
            end = time.monotonic() + 60
            landed = 0
            while landed < 4 and time.monotonic() < end:
                if isinstance(app.screen, ResultsScreen) and app.state.match_over:
                    await pilot.press("n")  # a one-round game: another
                fits = [(k, c) for k, c, mark in _marked(app) if mark and k]
                if not isinstance(app.screen, TableScreen) or not fits:
                    await pilot.pause(0.05)
                    continue
                key, read = fits[0]
                await pilot.pause(REACTION_S)
                if read not in app.table.hand:
                    continue  # (a BLAST challenge took it)
                before = app.state.logged
                await pilot.press(key)
                if isinstance(app.screen, Chooser):
                    await pilot.press("1")
                await until(pilot, lambda: "…" not in app.table.notice, "the answer")
                new = list(app.state.log)[before - app.state.logged :] if before else []
                landed += any(
                    kind == "event" and e["kind"] == "play" and e["seat"] == 0 for kind, e in new
                )
            assert all(text.split(":")[0].split("=")[0] == card for card, text in sent), sent
            assert landed >= 4, f"{landed} cards landed in 60 s"

    asyncio.run(main())


def _marked(app: PlayApp) -> list[tuple[str, str, bool]]:
    """The hand as shown: each card's key, the card, and whether it is marked ▲ (fits)."""
    tokens = app.table.query_one(HandView).tokens
    return [(k, c, t.plain[1] == "▲") for (k, c), t in zip(hand_shown(app), tokens, strict=True)]
