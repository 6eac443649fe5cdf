"""The hand keeps what the player does in it: the cards picked for a BLAST challenge stay
picked while other seats answer, and with the keyboard alone the focus stays in the hand
through a whole round (after every play, draw and choice)."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Browser, Page, expect

from .browser import QUICK, Site, version
from .table_frames import Frame, shaped


def test_a_blast_pick_survives_other_seats_answers(browser: Browser, site: Site) -> None:
    site.seeds.append(1275)  # Ana cannot play, draws a BLAST card, and can meet it
    code, [(seat, token)] = site.room("blast", ["Ana"], {1: QUICK})
    context, page, shaper = shaped(browser, site, code, seat, token)
    held: list[Frame] = []
    state = {"open": False, "hold": False}

    def shape(frame: Frame) -> Frame | None:
        # once the challenge is open, the bot's answers wait until Ana has picked a card
        if frame["type"] == "update":
            if state["hold"]:
                held.append(frame)
                return None
            if any(w["kind"] == "blast" for w in frame["view"]["windows"]) and not state["open"]:
                state["open"] = state["hold"] = True
        return frame

    shaper.shape = shape
    try:
        draw = page.get_by_role("button", name="Draw", exact=True)
        expect(draw).to_be_enabled(timeout=15_000)
        draw.click()
        choice = page.locator(".blast-choice")
        expect(choice).to_be_visible(timeout=10_000)
        legal = shaper.last["update"]["view"]["legal"]
        option = next(a for a in legal if a.startswith("blast:"))
        card = option.removeprefix("blast:").split(",")[0]
        page.locator(f".hand-slot[data-card='{card}'] button").first.click()
        picked = page.locator(".hand-slot .card--selected")
        expect(picked).to_have_count(1)
        before = version(page)
        deadline = time.monotonic() + 10
        while not held and time.monotonic() < deadline:
            time.sleep(0.05)  # the bot's answer, on its way
        assert held, "no other seat answered the challenge"
        state["hold"] = False
        for frame in held:
            shaper.send(frame)
        expect(page.locator("main.table-page")).not_to_have_attribute("data-version", str(before))
        assert version(page) > before
        if page.locator(".blast-choice").count():  # still open for Ana: her pick is still there
            expect(picked).to_have_count(1)
            expect(page.locator(f".hand-slot[data-card='{card}'] .card--selected")).to_have_count(1)
            expect(choice).to_contain_text(re.compile(r"\(1 of \d\)"))
    finally:
        context.close()


def in_hand(page: Page) -> bool:
    return bool(
        page.evaluate("!!(document.activeElement && document.activeElement.closest('.hand-cards'))")
    )


def in_dialog(page: Page) -> bool:
    return bool(
        page.evaluate("!!(document.activeElement && document.activeElement.closest('.dialog'))")
    )


def test_focus_stays_in_the_hand_through_a_keyboard_round(browser: Browser, site: Site) -> None:
    site.seeds.append(2)
    code, [(seat, token)] = site.room("classic+scoring=none", ["Ana"], {1: QUICK})
    context, page, _ = shaped(browser, site, code, seat, token)
    try:
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        for _ in range(40):  # Tab from the top of the page into the hand
            if in_hand(page):
                break
            page.keyboard.press("Tab")
        assert in_hand(page), "Tab never reached the hand"
        moves = 0
        deadline = time.monotonic() + 120
        while not page.locator(".results").count():
            if time.monotonic() > deadline:
                page.screenshot(path="/tmp/unoverse-keys-stuck.png")
                raise AssertionError(
                    f"the round did not end in time: {page.locator('.prompt').inner_text()!r}"
                )
            if (
                not page.locator(".prompt.mine").count()
                and not page.locator(".dialog .choice").count()
            ):
                time.sleep(0.03)
                continue
            before = version(page)
            if page.locator(".dialog .choice").count():
                assert in_dialog(page), "the choice opened without the focus"
                page.keyboard.press("Enter")
            elif page.get_by_role("button", name="Keep it (pass)").count():
                page.keyboard.press("p")
            elif page.locator(".actions button", has_text="Take").count():
                page.keyboard.press("t")
            else:
                page.keyboard.press("Home")
                for _ in range(page.locator(".hand-slot").count()):
                    if page.evaluate("!!document.activeElement.closest('[data-playable=true]')"):
                        break
                    page.keyboard.press("ArrowRight")
                if page.evaluate("!!document.activeElement.closest('[data-playable=true]')"):
                    if page.locator(".hand-slot").count() == 2:
                        page.keyboard.press("u")
                    page.keyboard.press("Enter")
                else:
                    page.keyboard.press("d")
            moves += 1
            deadline_move = time.monotonic() + 10
            while version(page) <= before and not page.locator(".results, .dialog .choice").count():
                assert time.monotonic() < deadline_move, "the page did not move on"
                time.sleep(0.02)
            time.sleep(0.05)
            if page.locator(".results, main.phase-over").count():
                break  # (the round is over: a winner's hand is empty, with nothing to focus)
            if not (in_hand(page) or in_dialog(page)):
                where = page.evaluate(
                    "document.activeElement && document.activeElement.outerHTML.slice(0, 80)"
                )
                raise AssertionError(f"after move {moves}, the focus left the hand: {where}")
        assert moves >= 3
    finally:
        context.close()
