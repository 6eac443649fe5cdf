"""Accounts through the page (docs/accounts.md): sign up, create a rated room, play it
against a bot to its end, see the rating move and the game in the profile, replay it,
find the leaderboard; log out and in again. Then the same words in Spanish."""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from server.players import FAST
from unoverse.cli.bot_program import bot_maker, serve

from .browser import Site, ThreadServer, hold, play_until, shot

PASSWORD = "correct horse battery"


def sign_up(page: Page, name: str) -> None:
    page.locator("details.sign-in summary").click()
    page.get_by_label("Account name").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Make an account").click()
    expect(page.get_by_text("Signed in as")).to_be_visible()


def test_a_player_signs_up_plays_a_rated_room_and_finds_it_in_the_profile(
    browser: Browser, site: Site
) -> None:
    site.seeds.append(2)  # a short round
    context = browser.new_context(reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(site.base)
        sign_up(page, "Ana")
        expect(page.get_by_role("link", name="Ana")).to_be_visible()
        # a rated Classic room of one round, against a bot
        page.get_by_label("Seats").select_option("2")
        page.locator("details.options summary").click()
        page.locator("#opt-scoring").select_option("none")
        rated = page.get_by_label("Rated")
        expect(rated).to_be_enabled()
        rated.check()
        page.get_by_role("button", name="Create the room").click()
        expect(page.get_by_text("rated", exact=False).first).to_be_visible()
        page.get_by_role("button", name="Start the match").click()
        expect(page.locator("main.table-page[data-version]")).to_be_visible(timeout=15_000)
        play_until([page], lambda: page.locator(".results").count() > 0)
        # the profile: the rating moved, the game is there to replay
        page.goto(f"{site.base}/?player=Ana")
        rating = page.locator(".rating-value")
        expect(rating).to_have_count(1)
        assert rating.inner_text() != "1000"
        expect(page.get_by_text(re.compile("1 round played"))).to_be_visible()
        shot(page, "profile")
        page.get_by_role("link", name="Replay").first.click()
        expect(page).to_have_url(re.compile(r"\?room=\w+&game=\d+"))
        expect(page.locator("main")).to_contain_text(re.compile("deal|Deal"))
        # the leaderboard: Ana and the bot level she played
        page.goto(f"{site.base}/?leaderboard=classic")
        board = page.locator("table.board")
        expect(board).to_contain_text("Ana")
        expect(board).to_contain_text("unoverse-normal")
        # out, and in again
        page.goto(site.base)
        page.get_by_role("button", name="Log out").click()
        page.locator("details.sign-in summary").click()
        page.get_by_label("Account name").fill("Ana")
        page.get_by_label("Password").fill("not the password")
        page.get_by_role("button", name="Log in").click()
        expect(page.get_by_role("alert")).to_have_text("Wrong name or password.")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        expect(page.get_by_text("Signed in as")).to_be_visible()
    finally:
        context.close()


def test_the_account_words_are_spanish_in_spanish(browser: Browser, site: Site) -> None:
    context = browser.new_context(locale="es-ES", viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(site.base)
        page.locator("details.sign-in summary").click()
        expect(page.get_by_label("Nombre de la cuenta")).to_be_visible()
        page.get_by_label("Nombre de la cuenta").fill("x")
        page.get_by_label("Contraseña").fill(PASSWORD)
        page.get_by_role("button", name="Crear una cuenta").click()
        expect(page.get_by_role("alert")).to_contain_text("Un nombre de cuenta tiene de 2 a 24")
        expect(page.get_by_text("Inicia sesión para crear una sala puntuada.")).to_be_visible()
        shot(page, "account-es-phone")
        # the leaderboard on the phone, with names of the longest length: nothing is cut off
        players = [
            {"rank": 1, "name": "Maximiliano_Fernandez24", "kind": "account"},
            {"rank": 2, "name": "unoverse-normal", "kind": "bot"},
        ]
        board = {
            "variant": "classic",
            "players": [
                {**p, "rating": 1200 - 40 * i, "games": 40, "wins": 20 - i}
                for i, p in enumerate(players)
            ],
        }
        page.route("**/api/leaderboard/classic", lambda route: route.fulfill(json=board))
        page.goto(f"{site.base}/?leaderboard=classic")
        rows = page.locator("table.board tbody tr")
        expect(rows.first).to_contain_text("40 rondas puntuadas; victorias: 20")
        expect(page.get_by_role("columnheader", name="Victorias")).to_be_hidden()
        wrap = page.locator(".board-wrap")
        assert wrap.evaluate("(e) => e.scrollWidth <= e.clientWidth"), "the table scrolls sideways"
        shot(page, "leaderboard-es-phone")
    finally:
        context.close()


def test_your_games_lists_a_turn_based_table_across_a_restart(
    browser: Browser, tmp_path: Path
) -> None:
    database = f"sqlite+aiosqlite:///{tmp_path / 'web.db'}"
    contexts = [browser.new_context(reduced_motion="reduce") for _ in range(2)]
    try:
        ana, bo = (c.new_page() for c in contexts)
        with ThreadServer(database, FAST) as base:
            for page, name in ((ana, "Ana"), (bo, "Bo")):
                page.goto(base)
                sign_up(page, name)
            csrf = [p.request.get(f"{base}/api/me").json()["csrf"] for p in (ana, bo)]
            made = ana.request.post(
                f"{base}/api/rooms",
                data={"seats": 2, "timer": "day"},
                headers={"X-CSRF-Token": csrf[0]},
            ).json()
            code = made["room"]
            joined = bo.request.post(
                f"{base}/api/rooms/{code}/join", data={}, headers={"X-CSRF-Token": csrf[1]}
            )
            assert joined.ok, joined.text()
            ana.request.post(
                f"{base}/api/rooms/{code}/start",
                headers={"Authorization": f"Bearer {made['token']}", "X-CSRF-Token": csrf[0]},
            )
            waiting = [p.request.get(f"{base}/api/me/games").json()["your_turn"] for p in (ana, bo)]
            mover = (ana, bo)[waiting.index(1)]
            mover.goto(base)
            games = mover.locator("section[aria-labelledby='your-games']")
            expect(games).to_contain_text(code)
            expect(games.get_by_text("your move", exact=True)).to_be_visible()
            expect(mover).to_have_title("(1) unoverse")
            until = games.locator(".muted.small").inner_text()
            assert "a day a move" in until and "until" in until
            shot(mover, "your-games")
        # the server again, on the same database: the same table waits for the same move
        with ThreadServer(database, FAST) as base:
            mover.goto(base)
            games = mover.locator("section[aria-labelledby='your-games']")
            expect(games.get_by_text("your move", exact=True)).to_be_visible()
            assert games.locator(".muted.small").inner_text() == until
            expect(mover).to_have_title("(1) unoverse")
            games.get_by_role("button", name=f"Open room {code}").click()
            expect(mover.locator("main.table-page[data-version]")).to_be_visible(timeout=15_000)
            expect(mover.locator(".prompt.mine")).to_be_visible()
    finally:
        for context in contexts:
            context.close()


def test_a_bot_account_plays_a_round_against_a_person_in_the_browser(
    browser: Browser, site: Site
) -> None:
    site.seeds.append(2)  # a short round
    context = browser.new_context(reduced_motion="reduce")
    program: list[threading.Thread] = []
    try:
        page = context.new_page()
        page.goto(site.base)
        sign_up(page, "Ana")
        csrf = {"X-CSRF-Token": page.request.get(f"{site.base}/api/me").json()["csrf"]}
        key = page.request.post(
            f"{site.base}/api/me/bots", data={"name": "Robo"}, headers=csrf
        ).json()["key"]
        made = page.request.post(
            f"{site.base}/api/rooms",
            data={"preset": "classic+scoring=none", "seats": 2},
            headers=csrf,
        ).json()
        code, seat, token = made["room"], made["seat"], made["token"]
        host = {**csrf, "Authorization": f"Bearer {token}"}
        invited = page.request.post(
            f"{site.base}/api/rooms/{code}/bots", data={"seat": 1, "account": "Robo"}, headers=host
        )
        assert invited.ok, invited.text()
        make = bot_maker("normal", 0)
        program.append(
            threading.Thread(target=lambda: asyncio.run(serve(site.base, key, make, once=True)))
        )
        program[0].start()
        hold(context, code, seat, token, "Ana")
        page.goto(f"{site.base}/?room={code}")
        expect(page.get_by_text("Robo")).to_be_visible()
        page.get_by_role("button", name="Start the match").click()
        expect(page.locator("main.table-page[data-version]")).to_be_visible(timeout=15_000)
        play_until([page], lambda: page.locator(".results").count() > 0)
        expect(page.locator(".results")).to_contain_text(re.compile("Robo|Ana"))
        program[0].join(60)
        assert not program[0].is_alive()
        stood = page.request.get(f"{site.base}/api/rooms/{code}").json()["presence"][1]
        assert stood["stand_in"] is False  # the program played its seat, no stand-in
    finally:
        context.close()
