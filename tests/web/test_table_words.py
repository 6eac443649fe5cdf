"""The table's words: a card that cannot be played is asked about and the engine's reason is
shown (nothing changes); the prompt names only what the legal actions allow; a message
never covers the hand and goes when the round ends."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .browser import QUICK, Site, version
from .table_frames import Frame, Shaper, shaped

#: A bot that lets the table sit still.
SLOW = "easy:median_ms=60000"


def open_table(
    browser: Browser, site: Site, code: str, seat: int, token: str
) -> tuple[Page, Shaper]:
    _, page, shaper = shaped(browser, site, code, seat, token)
    expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
    return page, shaper


def boxes_meet(page: Page, a: str, b: str) -> bool:
    return bool(
        page.evaluate(
            """([a, b]) => {
              const r = document.querySelector(a).getBoundingClientRect();
              const s = document.querySelector(b).getBoundingClientRect();
              const apart = r.right <= s.left || s.right <= r.left;
              return !(apart || r.bottom <= s.top || s.bottom <= r.top);
            }""",
            [a, b],
        )
    )


def test_a_card_that_cannot_be_played_says_why_and_changes_nothing(
    browser: Browser, site: Site
) -> None:
    site.seeds.append(0)  # Ana's turn first, with cards that do not fit
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: QUICK})
    page, _ = open_table(browser, site, code, seat, token)
    try:
        expect(page.locator(".prompt.mine")).to_be_visible(timeout=15_000)
        unplayable = page.locator(".hand-slot[data-playable='false']")
        card = unplayable.first.get_attribute("data-card")
        hand = page.locator(".hand-slot").count()
        before = version(page)
        unplayable.first.locator("button").click()
        toast = page.locator(".toast.error")
        expect(toast).to_be_visible()
        text = toast.inner_text()
        assert "refused:" in text and "cannot be played now" not in text
        assert card is not None and card in text.split("refused:", 1)[1]  # the engine's words
        assert version(page) == before
        expect(page.locator(".hand-slot")).to_have_count(hand)
        assert not boxes_meet(page, ".toast", ".hand")
    finally:
        page.context.close()


def test_the_prompt_names_only_what_the_rules_allow(browser: Browser, site: Site) -> None:
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: SLOW})
    page, shaper = open_table(browser, site, code, seat, token)
    try:

        def facing_a_wild_draw_four(legal: list[str]) -> None:
            def change(frame: Frame) -> None:
                view = frame["view"]
                view["windows"] = [{"kind": "challenge", "seat": view["seat"]}]
                view["pending"] = {
                    "amount": 4,
                    "target": view["seat"],
                    "source": 1,
                    "challengeable": True,
                    "until_fire": False,
                }
                view["legal"] = legal
                view["hand"] = [*view["hand"][:6], "W+4"]

            shaper.resend_update(change)

        prompt = page.locator(".prompt.mine")
        facing_a_wild_draw_four(["take", "challenge"])
        expect(prompt).to_contain_text("take 4 (T) or challenge it (C)")
        assert "stack" not in prompt.inner_text() and "answer" not in prompt.inner_text()
        facing_a_wild_draw_four(["take", "challenge", "W+4:R", "W+4:B"])
        expect(prompt).to_contain_text("stack a card on it, take 4 (T) or challenge it (C)")
    finally:
        page.context.close()


def test_a_message_goes_when_the_round_ends(browser: Browser, site: Site) -> None:
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: SLOW})
    page, shaper = open_table(browser, site, code, seat, token)
    try:
        page.keyboard.press("u")  # with seven cards: a message says when UNO is called
        toast = page.locator(".toast")
        expect(toast).to_be_visible()
        assert not boxes_meet(page, ".toast", ".hand")
        game = shaper.last["update"]["game"]
        shaper.send(
            {
                "type": "round_over",
                "game": game,
                "winner": 1,
                "scores": [0, 0],
                "leftovers": [10, 0],
                "eliminated": None,
            }
        )
        expect(toast).to_have_count(0)
    finally:
        page.context.close()
