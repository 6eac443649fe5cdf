"""The table's words: a card that cannot be played is asked about and the engine's reason is
shown (nothing changes); the prompt names only what the legal actions allow; a message
never covers the hand and goes when the round ends."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import unoverse as uv
from unoverse import i18n
from unoverse.core.errors import StaleAction
from unoverse.core.reasons import reason_words
from unoverse.match.session import Session
from unoverse.server.live import Live

from .browser import QUICK, Site, version
from .modules import call, site_page
from .table_frames import Frame, Shaper, shaped

#: A bot that lets the table sit still.
SLOW = "easy:median_ms=60000"


def open_table(
    browser: Browser, site: Site, code: str, seat: int, token: str
) -> tuple[Page, Shaper]:
    _, page, shaper = shaped(browser, site, code, seat, token)
    expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
    return page, shaper


#: A card, a colour letter or a rule book section in the notation, left in words for players.
NOTATION = re.compile(r"\b[ROYGTBVP](?:[0-9]|S|R|\+[0-9])(?=\W|$)|colour [ROYGTBVP]\b|§|![0-9]")
#: The page's own name of a card.
NAME = 'const { cardName } = await load("cards.js"); return cardName(args[0]);'


def test_a_refusal_without_a_reason_reads_as_words(browser: Browser, site: Site) -> None:
    """A refusal's English message (a frame without a reason) loses the action that leads
    it, names the cards it mentions, the colours and the seats in words, and drops the rule
    book's section numbers."""
    script = """
    const { reasonWords } = await load("refusal.js");
    const view = { hand: ["WR4", "R5"], top: "G7", blast: "!3SC" };
    const name = (seat) => ["Ana", "Bo"][seat];
    return args[0].map(([message, action]) => reasonWords(message, action, view, name));
    """
    with site_page(browser, site.base) as page:
        said = call(
            page,
            script,
            [
                [
                    "WR4:R: a BLAST event is open (!3SC): play stops until the seats able to "
                    "meet it have chosen their cards (§5.5)",
                    "WR4:R",
                ],
                ["R5: R5 does not match the top card G7 (active colour G)", "R5"],
                ["draw: seat 1 must answer the challenge", "draw"],
            ],
        )
    assert said == [
        "a BLAST event is open (BLAST card, 3 same colour): play stops until the seats able "
        "to meet it have chosen their cards",
        "red 5 does not match the top card green 7 (active colour green)",
        "Bo must answer the challenge",
    ]


#: Refusals of the engine and the session: (position, seat, action).
REFUSED = [
    ("hands: R3 G4 | R1 R2 | B1 B2; top: G5@2; turn: 0", 0, "R3"),  # the top card
    ("hands: R3 G4 | R1 R2 | B1 B2; top: G5@2; turn: 0", 1, "R1"),  # a seat, a window
    ("hands: R1 R2 | G1 G2 | B1; top: R+2@0; turn: 1; pending: take 2", 1, "draw"),
    ("hands: R1 W R2 | G1 G2 | B1; top: R5@2; turn: 0", 0, "W"),  # a list of colours
]


def error_frames() -> list[tuple[str, dict[str, Any]]]:
    """Each refused action and the ``error`` frame the server sends for it."""
    frames = []
    for position, seat, action in REFUSED:
        session = Session(uv.position(position), 0)
        frames.append((action, json.loads(Live._frame(1, session.submit(seat, action, 1.0)))))
    blast = StaleAction(reason="reason.blast_open", action="WR4:R", card="!3SC")
    frame = {"type": "error", "seq": 1, "code": blast.code, "message": blast.message}
    frames.append(("WR4:R", {**frame, "reason": blast.reason, "fields": blast.fields}))
    return frames


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_refusal_reads_in_the_pages_language_as_the_terminal_says_it(
    browser: Browser, site: Site, lang: str
) -> None:
    """The frame's reason, its fields in words, as ``core.reasons.reason_words`` says it
    (with the page's own card names), after the page's lead in the same language."""
    script = """
    const [lang, frames] = args;
    await (await load("words.js")).loadWords(lang);
    const { refusal, reasonWords, cardWords, fieldType } = await load("refusal.js");
    const { parseAction } = await load("actions.js");
    const name = (seat) => ["Ana", "Bo", "Cy"][seat];
    const cards = {};
    for (const [action, frame] of frames) {
      for (const [field, value] of Object.entries(frame.fields)) {
        if (fieldType(field) === "card") for (const c of [value].flat()) cards[c] = cardWords(c);
      }
      for (const c of parseAction(action).cards) cards[c] = cardWords(c);
    }
    return {
      cards,
      why: frames.map(([action, frame]) => reasonWords(frame, action, null, name)),
      said: frames.map(([action, frame]) => refusal(action, frame, null, name)),
    };
    """
    frames = error_frames()
    with site_page(browser, site.base) as page:
        got = call(page, script, lang, frames)
    words = i18n.words(lang)
    names = ["Ana", "Bo", "Cy"].__getitem__
    cards = got["cards"]
    for (action, frame), why, said in zip(frames, got["why"], got["said"], strict=True):
        assert why == reason_words(frame, words, name=names, card=cards.__getitem__)
        assert "{" not in why and "reason." not in why, why
        lead = words.t("refusal.move", move=words.t("refusal.move.draw"), why=why)
        if action != "draw":
            lead = words.t("refusal.play", cards=cards[action.split(":")[0]], why=why)
        assert said == lead
    if lang == "es":
        assert got["why"][1:3] == [
            "le toca a Ana, no a Bo (ventana de turno)",
            "Bo debe aceptar la penalización",
        ]
        assert got["said"][2] == "No se puede robar: Bo debe aceptar la penalización"
        assert "(carta BLAST, 3 mismo color)" in got["why"][4]


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
        what, reason = text.split(" was refused: ", 1)
        assert card is not None and what == call(page, NAME, card)
        # the engine's reason, with the card named in words, and no notation left
        assert what in reason and "cannot be played now" not in reason
        assert not NOTATION.search(reason), reason
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


def test_an_eliminated_seat_is_told_so_and_offered_nothing(browser: Browser, site: Site) -> None:
    """Out of a Blast round, the seat watches: the prompt says so, and neither the actions
    (UNO!, Draw) nor an empty hand are shown."""
    code, [(seat, token)] = site.room("blast", ["Ana"], {1: SLOW, 2: SLOW})
    page, shaper = open_table(browser, site, code, seat, token)
    try:
        expect(page.locator(".actions")).to_be_visible()

        def eliminated(frame: Frame) -> None:
            view = frame["view"]
            view["eliminated"][seat] = True
            view["hand"], view["legal"] = [], []
            view["hand_sizes"][seat] = 0

        shaper.resend_update(eliminated)
        expect(page.locator(".prompt")).to_have_text("You are out: the others play on to the end")
        expect(page.locator(".actions")).to_have_count(0)
        expect(page.locator("section.hand")).to_have_count(0)
    finally:
        page.context.close()


def test_a_refused_card_is_said_in_spanish_from_the_frames_reason(
    browser: Browser, site: Site
) -> None:
    # the live path: the table hands the server's whole error frame to refusal.js, which
    # says its reason and fields in the page's language, not the English message
    site.seeds.append(0)  # Ana's turn first, with cards that do not fit
    code, [(seat, token)] = site.room("classic", ["Ana"], {1: QUICK})
    context, page, _ = shaped(browser, site, code, seat, token, locale="es-ES")
    try:
        expect(page.locator(".prompt.mine")).to_be_visible(timeout=15_000)
        unplayable = page.locator(".hand-slot[data-playable='false']")
        card = unplayable.first.get_attribute("data-card")
        unplayable.first.locator("button").click()
        toast = page.locator(".toast.error")
        expect(toast).to_be_visible()
        text = toast.inner_text()
        name = call(page, NAME, card)
        assert text.startswith(f"No se puede jugar {name}: "), text
        assert "no coincide con la carta de arriba" in text, text
        assert "does not match" not in text and not NOTATION.search(text), text
    finally:
        context.close()
