"""UNO Flip on the page (RULES.md §8): the other faces of every other hand and the side the
table shows, and the colour window of a wild a Flip turned up asked in its own words, not as
the first card's (FL-8), in both languages."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from .browser import Site
from .table_frames import Frame, Shaper, shaped

#: Bots that let the table sit still.
SLOW = "easy:median_ms=60000"

#: By language: what the page asks of the seat naming a surfaced wild's colour, the name of
#: its colour chips, what the others are told, and the first card's words it must not use.
SURFACED_WORDS = {
    "en": (
        "A Flip turned up a wild",
        "The colour of the wild a Flip turned up",
        "chooses the colour of the wild a Flip turned up",
        "first",
    ),
    "es": (
        "Un Flip ha sacado un comodín",
        "El color del comodín que ha sacado el Flip",
        "elige el color del comodín que ha sacado el Flip",
        "primer",
    ),
}


def flip_table(browser: Browser, site: Site, language: str) -> tuple[Page, Shaper, int]:
    """Ana's Flip table with three bots that sit still, in ``language``."""
    code, [(seat, token)] = site.room("flip", ["Ana"], {s: SLOW for s in range(1, 4)})
    locale = {"en": "en-GB", "es": "es-ES"}[language]
    _, page, shaper = shaped(browser, site, code, seat, token, locale=locale)
    expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
    return page, shaper, seat


def colour_window(seat: int, first: bool) -> Callable[[Frame], None]:
    """The update's view on the dark side with a wild on top whose colour ``seat`` names: the
    round's first card (``first``), or one a Flip turned up over the cards played before."""

    def change(frame: Frame) -> None:
        view = frame["view"]
        view.update(top="W|Y1", top_by=None if first else 1, color=None, phase="color", dark=True)
        view["discard"] = ["W|Y1"] if first else ["P3|R1", "O5|G1", "W|Y1"]
        view["windows"] = [{"kind": "color", "seat": seat}]
        view["legal"] = [f"color:{c}" for c in "PTOV"]

    return change


def test_the_table_shows_the_other_faces_of_every_other_hand(browser: Browser, site: Site) -> None:
    """Every other seat shows its cards' other faces (§8.4); Ana's own seat shows none."""
    page, _, _ = flip_table(browser, site, "en")
    try:
        expect(page.locator(".seat-backs")).to_have_count(3)
        for name in ("Bot 2", "Bot 3", "Bot 4"):
            group = page.get_by_role("group", name=f"The other faces of {name} (easy)'s cards")
            expect(group).to_be_visible()
        expect(page.get_by_role("group", name="The other faces of Ana")).to_have_count(0)
        expect(page.locator(".badge.side.light")).to_have_text("Light side")
    finally:
        page.context.close()


@pytest.mark.parametrize("language", list(SURFACED_WORDS))
def test_a_wild_a_flip_turned_up_asks_for_its_colour_in_its_own_words(
    browser: Browser, site: Site, language: str
) -> None:
    mine, group, others, first = SURFACED_WORDS[language]
    page, shaper, seat = flip_table(browser, site, language)
    try:
        shaper.resend_update(colour_window(seat, first=False))
        prompt = page.locator(".prompt.mine")
        expect(prompt).to_contain_text(mine)
        expect(prompt).not_to_contain_text(first)
        expect(page.get_by_role("group", name=group).locator("button")).to_have_count(4)
        shaper.resend_update(colour_window(2, first=False))
        expect(page.locator(".prompt")).to_contain_text(others)
        # the round's first card is still the first colour
        shaper.resend_update(colour_window(seat, first=True))
        expect(page.locator(".prompt.mine")).to_contain_text(first)
        expect(page.locator(".prompt.mine")).not_to_contain_text(mine)
    finally:
        page.context.close()
