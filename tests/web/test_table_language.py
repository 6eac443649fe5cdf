"""The table speaks the player's language: in a Spanish browser (``es-ES``), every text each
variant's table shows is the Spanish catalogue's (``shown_words``): its visible words, its
accessible names and hints, its tab's title. The table is taken through the states that show
words (every action button, every window's prompt for the seat and for another, a card's
choices and Full Spectrum's colour circle, the keys panel, messages, an eliminated or
blocked seat, a winner, an absent player, a stand-in, a bot thinking, scores, a log of
marked lines, a race and an emote), and its screenshots in Spanish are kept
(``table-<variant>-es.png``, ``-es-phone.png``: docs/web.md)."""

from __future__ import annotations

import copy
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from unoverse.bots.base import LEVELS
from unoverse.core import registry
from unoverse.server.protocol import EMOTES
from unoverse.web import STATIC

from .browser import Site, shot
from .shown_words import Judge, list_joins, messages, shown
from .table_frames import Frame, Shaper, shaped
from .test_table_layout import check, controls_outside

#: Bots that let the table sit still.
SLOW = "easy:median_ms=60000"
#: Each variant's table: the screenshots' name and the room's preset.
VARIANTS = {
    "classic": "classic",
    "minecraft": "minecraft",
    "attack": "attack",
    "spectrum": "full_spectrum",
    "blast": "blast",
    "blast-mode": "blast+mode=blast",
}
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 360, "height": 640}
#: The players' names the test gives (besides Ana): data, not words.
NAMES = ("Ana", "Bo", "Cy")
#: The frames from the server after the first view that the page is not given: the test
#: shapes what it shows from that view on.
HELD = {"update", "thinking", "race", "round_over", "match_over", "deal", "emote"}


class Table:
    """Ana's table in Spanish, its server's later frames held back: the test sends the
    states it shows (``show``) and judges its words (``check``)."""

    def __init__(self, page: Page, shaper: Shaper, judge: Judge) -> None:
        self.page = page
        self.shaper = shaper
        self.judge = judge
        self.base: Frame = copy.deepcopy(shaper.last["update"])
        self.version = self.base["view"]["version"]
        self.wrong: list[str] = []
        view = self.base["view"]
        self.mine: int = view["seat"]
        self.others = [s for s in range(view["players"]) if s != self.mine]
        self.hand: list[str] = list(view["hand"])

    def show(
        self,
        change: Callable[[dict[str, Any]], None] = lambda view: None,
        events: list[dict[str, Any]] | None = None,
        **frame: Any,
    ) -> None:
        """A new update: the first view after ``change``, with ``events``."""
        update = copy.deepcopy(self.base)
        self.version += 1
        view = update["view"]
        view["version"] = self.version
        view["windows"] = []
        view["legal"] = []
        change(view)
        update.update(events=events or [], deadline=time.time() * 1000 + 25_000, **frame)
        self.shaper.send(update)
        expect(self.page.locator(f"main[data-version='{self.version}']")).to_be_attached()
        time.sleep(0.05)  # measured and drawn

    def check(self, what: str) -> None:
        foreign = self.judge.foreign(shown(self.page))
        self.wrong += [f"{what}: {text}" for text in foreign]


#: The browser's language for each of the page's.
LOCALES = {"es": "es-ES", "en": "en-GB"}


@contextmanager
def table_in(
    browser: Browser, site: Site, preset: str, viewport: dict[str, int], language: str = "es"
) -> Iterator[Table]:
    """Ana's table of ``preset`` in a browser that speaks ``language``."""
    code, [(seat, token)] = site.room(preset, ["Ana"], {1: SLOW, 2: SLOW, 3: SLOW})
    locale = LOCALES[language]
    context, page, shaper = shaped(
        browser, site, code, seat, token, viewport=viewport, locale=locale
    )
    heard = {"update": False}

    def hold(frame: Frame) -> Frame | None:
        if frame["type"] in HELD:
            if heard["update"]:
                return None
            heard["update"] = frame["type"] == "update"
        return frame

    shaper.shape = hold
    try:
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        expect(page.locator("html")).to_have_attribute("lang", language)
        judge = Judge(language, [*NAMES, code], list_joins(page, locale))
        yield Table(page, shaper, judge)
    finally:
        context.close()


# -- the states -------------------------------------------------------------------------------
def every_button(t: Table) -> Callable[[dict[str, Any]], None]:
    """Ana's turn with every button the table has, a penalty on her, a seat open to a catch,
    a seat that called UNO, one out and the dealer's mark."""
    o = t.others

    def change(view: dict[str, Any]) -> None:
        view["windows"] = [{"kind": "turn", "seat": t.mine}]
        view["legal"] = [
            *t.hand[:2],
            *("draw", "press", "pass", "take", "challenge", "catch_illegal", "disarm", "uno"),
            "color:R",
            "color:G",
            *(f"catch:{s}" for s in o),
        ]
        view["pending"] = pending(4)
        view["uno_open"] = [o[0]]
        view["hand_sizes"][o[1]] = 1
        view["eliminated"][o[2]] = True
        view["dealer"] = o[1]

    return change


def pending(amount: int, until_fire: bool = False) -> dict[str, Any]:
    return {
        "amount": amount,
        "target": 0,
        "source": 1,
        "challengeable": True,
        "until_fire": until_fire,
    }


def prompts(t: Table) -> Iterator[tuple[str, Callable[[dict[str, Any]], None]]]:
    """Every window's prompt: Ana's (with what the legal actions allow), then another seat's."""
    me, card, other = t.mine, t.hand[0], t.others[0]

    def mine(kind: str, legal: list[str], **fields: Any) -> Callable[[dict[str, Any]], None]:
        def change(view: dict[str, Any]) -> None:
            view["windows"] = [{"kind": kind, "seat": None if kind == "live" else me}]
            view["legal"] = legal
            view.update(fields)

        return change

    yield "turn", mine("turn", [card, "draw"])
    yield "turn, jump in only", mine("turn", [f"{card}^{me}", "press"])
    yield "drawn", mine("drawn", [card, "pass"], drawn=card)
    yield "drawn, unseen", mine("drawn", ["pass"], drawn=None)
    yield "penalty", mine("penalty", [card, "take"], pending=pending(2))
    yield "penalty, launcher", mine("penalty", ["take"], pending=pending(0, until_fire=True))
    yield "penalty, unknown", mine("penalty", ["take"], pending=None)
    yield "challenge", mine("challenge", ["take", "challenge", card], pending=pending(4))
    yield "challenge, unknown", mine("challenge", ["challenge"], pending=None)
    yield "first colour", mine("color", ["color:R", "color:B"])
    three = ",".join(t.hand[:3])
    yield "BLAST", mine("blast", [f"blast:{three}"], blast="!3SC")
    yield "live", mine("live", [card, f"arm:{t.hand[1]}", "disarm"])
    for kind in ("turn", "drawn", "penalty", "challenge", "color", "blast", "live"):

        def theirs(view: dict[str, Any], kind: str = kind) -> None:
            view["windows"] = [{"kind": kind, "seat": other}]

        yield f"{kind}, another seat", theirs


def live(t: Table) -> Callable[[dict[str, Any]], None]:
    """BLAST mode's live play: Ana holds a card, another seat too, two colours locked."""

    def change(view: dict[str, Any]) -> None:
        view["windows"] = [{"kind": "live", "seat": None}]
        view["legal"] = [t.hand[0], "disarm"]
        view["live"] = {
            "blocked": t.others[1],
            "lock": ["R", "G"],
            "armed": [t.others[0], t.mine],
            "mine": t.hand[1],
        }

    return change


def marked_log(t: Table) -> list[dict[str, Any]]:
    """Events whose log lines carry a mark (UNO, a catch, a jump-in...), and a race's."""
    o, card = t.others, t.hand[0]
    return [
        {"kind": "uno", "seat": o[0]},
        {"kind": "catch", "seat": t.mine, "target": o[0], "count": 2},
        {"kind": "jump", "seat": o[1], "cards": [card]},
        {
            "kind": "challenge",
            "seat": t.mine,
            "cards": ["W+4"],
            "target": o[0],
            "count": 4,
            "guilty": True,
        },
        {"kind": "press", "seat": o[0], "count": 2, "cards": [], "reason": ""},
        {"kind": "blast", "seat": o[1], "cards": ["!3SC"]},
        {"kind": "eliminated", "seat": o[2], "count": 30},
        {"kind": "holding", "seat": o[0], "cards": [card], "count": 2},
        {"kind": "play", "seat": o[0], "cards": ["W"], "color": "B"},
        {"kind": "round_over", "seat": o[0], "count": 0},
    ]


def tour(t: Table) -> None:
    """The table through every state that shows words, each judged."""
    page, me, o = t.page, t.mine, t.others
    t.check("as dealt")
    t.show(every_button(t))
    t.check("every button")
    for what, change in prompts(t):
        t.show(change)
        t.check(f"the prompt: {what}")
    # a card's choices: every kind of option
    card, second = t.hand[0], t.hand[1]
    options = [card, f"{card}:R", f"{card}>{o[0]}", f"{card}>cw", f"{card}>ccw", f"{card} keep"]
    options += [f"{card}^{o[0]}", f"{card},{second}", f"{card}=5"]

    def choices(view: dict[str, Any]) -> None:
        view["windows"] = [{"kind": "turn", "seat": me}]
        view["legal"] = options

    t.show(choices)
    page.locator(f".hand-slot[data-card='{card}'] button").first.click()
    expect(page.locator(".dialog .choice").first).to_be_visible()
    t.check("a card's choices")
    page.keyboard.press("Escape")

    # Full Spectrum's circle: a wild's eight colours, as a jump-in with UNO

    def circle(view: dict[str, Any]) -> None:
        view["hand"] = ["W", *view["hand"][1:]]
        view["windows"] = [{"kind": "turn", "seat": o[0]}]
        view["legal"] = [f"W:{c}^{me} uno" for c in "ROYGTBVP"]
        view["steps"] = ["O", "V"]
        view["color"] = "R"

    t.show(circle)
    page.locator(".hand-slot[data-card='W'] button").first.click()
    expect(page.locator(".chooser-circle")).to_be_visible()
    t.check("the colour circle")
    page.keyboard.press("Escape")
    # the keys panel, and the messages of the UNO key
    page.get_by_role("button", name="Teclas").click()
    expect(page.locator(".dialog .keys")).to_be_visible()
    t.check("the keys panel")
    page.keyboard.press("Escape")
    page.keyboard.press("u")
    expect(page.locator(".toast")).to_be_visible()
    t.check("a message: when to call UNO")

    def two_cards(view: dict[str, Any]) -> None:
        view["hand"] = view["hand"][:2]
        view["hand_sizes"][me] = 2

    t.show(two_cards)
    for press in ("armed", "cancelled"):
        page.keyboard.press("u")
        time.sleep(0.05)
        t.check(f"a message: UNO {press}")
    # BLAST mode: held cards, locked colours, a card that cannot be picked up
    t.show(live(t))
    page.locator(f".hand-slot[data-card='{t.hand[2]}'] button").first.focus()
    page.keyboard.press("h")
    expect(page.locator(".toast")).to_be_visible()
    t.check("BLAST mode")
    # out, blocked, a winner

    def out(view: dict[str, Any]) -> None:
        view["eliminated"][me] = True

    def blocked(view: dict[str, Any]) -> None:
        live(t)(view)
        view["live"]["blocked"] = me

    def winner(view: dict[str, Any]) -> None:
        view["winner"] = o[0]

    for what, change in (("out", out), ("blocked", blocked), ("a winner", winner)):
        t.show(change)
        t.check(what)
    # who sits where: an absent player counting down, a stand-in, a bot thinking
    presence = copy.deepcopy(t.shaper.last["presence"])
    seats = presence["seats"]
    seats[o[0]] = {
        "kind": "player",
        "name": "Bo",
        "connected": False,
        "stand_in": True,
        "grace": None,
    }
    grace = {"left_ms": 41_000.0, "running": True}
    seats[o[1]] = {
        "kind": "player",
        "name": "Cy",
        "connected": False,
        "stand_in": False,
        "grace": grace,
    }
    t.shaper.send(presence)
    t.show(lambda view: None, marked_log(t), stand_in=[o[0]])
    game = t.base["game"]
    t.shaper.send(
        {"type": "thinking", "game": game, "version": t.version, "seat": o[2], "until": 0}
    )
    t.shaper.send(
        {
            "type": "race",
            "game": game,
            "version": t.version,
            "first": o[0],
            "kind": "jump",
            "late": me,
            "by_ms": 3.5,
            "accepted": False,
        }
    )
    t.shaper.send({"type": "emote", "seat": me, "name": "Ana", "emote": "well_played", "at": 0})
    expect(page.locator(".seat .thinking")).to_have_count(1)
    expect(page.locator(".log li.race")).not_to_have_count(0)
    t.check("presence, a stand-in's moves, a race, an emote")
    # grace paused: the countdown stops
    seats[o[1]]["grace"] = {"left_ms": 41_000.0, "running": False}
    t.shaper.send(presence)
    time.sleep(0.05)
    t.check("a paused grace")
    # the next round, with the match's scores on the seats
    n = len(o) + 1
    over = {"type": "round_over", "game": game, "winner": o[0], "leftovers": [9] * n}
    over |= {
        "scores": list(range(n)),
        "seed": "1",
        "salt": "1",
        "commitment": "",
        "eliminated": None,
    }
    t.shaper.send(over)
    expect(page.locator(".results")).to_be_visible()
    t.shaper.send({"type": "deal", "game": game + 1, "match": 0, "round": 1, "commitment": ""})
    t.base["game"] = game + 1
    t.show()
    expect(page.locator(".results")).to_have_count(0)
    t.check("the next round")


#: In the page: a button in English among the actions.
ENGLISH_BUTTON = """() => {
  const button = document.createElement("button");
  button.textContent = "Take the penalty";
  document.querySelector(".actions").append(button);
}"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_word_of_the_table_is_the_spanish_catalogues(
    browser: Browser, site: Site, variant: str, size: str
) -> None:
    viewport = DESKTOP if size == "desktop" else PHONE
    with table_in(browser, site, VARIANTS[variant], viewport) as t:
        tour(t)
        assert not t.wrong, "\n".join(t.wrong)
        # and the judge is strict: a button left in English is caught
        t.page.evaluate(ENGLISH_BUTTON)
        assert t.judge.foreign(shown(t.page)) == ["button: 'Take the penalty'"]


def showcase(t: Table, variant: str) -> Callable[[dict[str, Any]], None]:
    """Each variant's table at its most telling, for its screenshots: Ana's turn (Attack's
    launcher, Full Spectrum's circle), Blast's BLAST challenge, BLAST mode's live play."""
    hand = t.hand
    if variant == "blast-mode":
        return live(t)

    def change(view: dict[str, Any]) -> None:
        if variant == "blast":
            view["windows"] = [{"kind": "blast", "seat": t.mine}]
            view["blast"] = "!3SC"
            view["legal"] = [f"blast:{','.join(hand[i : i + 3])}" for i in (0, 2)]
            return
        view["windows"] = [{"kind": "turn", "seat": t.mine}]
        view["legal"] = [*hand[:2], "press" if view["launcher"] is not None else "draw"]

    return change


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_each_spanish_table_fits_and_is_kept(browser: Browser, site: Site, variant: str) -> None:
    """The Spanish words, some longer than the English, fit: at 1366×768 and at 360×640 every
    control lies inside the viewport and no seat covers another (test_table_layout)."""
    wrong: list[str] = []
    with table_in(browser, site, VARIANTS[variant], DESKTOP) as t:
        t.show(showcase(t, variant))
        for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            t.page.set_viewport_size(viewport)
            time.sleep(0.3)  # laid out again
            what = f"{variant}, {size}"
            wrong += check(t.page, what) + controls_outside(t.page, what)
            shot(t.page, f"table-{variant}-es" + ("" if size == "desktop" else "-phone"))
    assert not wrong, "\n".join(wrong)


def listed(module: str, name: str) -> list[str]:
    """The strings of a ``const NAME = new Set([...])`` in one of the page's modules."""
    found = re.search(rf"const {name} = new Set\(\[([^\]]*)\]\)", (STATIC / module).read_text())
    assert found is not None, f"{module} has no {name}"
    return re.findall(r'"(\w+)"', found.group(1))


def test_the_keys_the_table_chooses_at_run_time_are_in_both_catalogues() -> None:
    """The keys the table builds (a log line's mark, a race's action, a variant's name, a
    bot's level, an emote's words) are in each language's catalogue."""
    keys = [f"table.log.tag.{tag}" for tag in listed("log.js", "TAGS")]
    keys += [f"table.race.{kind}" for kind in listed("log.js", "RACED")]
    keys += [f"table.variant.{v.name}" for v in registry.variants()]
    keys += [f"table.bot.{level}" for level in LEVELS]
    keys += [f"emote.{emote}" for emote in EMOTES]
    for language in ("en", "es"):
        missing = [key for key in keys if key not in messages(language)]
        assert not missing, (language, missing)


def test_switching_the_language_at_the_table_renames_its_tab(browser: Browser, site: Site) -> None:
    """The tab's title names the variant in the language spoken, again after a switch in the
    table's settings."""
    with table_in(browser, site, "classic", DESKTOP, language="en") as t:
        expect(t.page).to_have_title(re.compile(r"^Classic · [A-Z0-9]+ · unoverse$"))
        t.page.locator(".topbar").get_by_role("button", name="Settings").click()
        dialog = t.page.get_by_role("dialog")
        dialog.locator("details.settings summary").click()
        dialog.get_by_label("Language").select_option("es")
        expect(t.page.locator(".topbar")).to_contain_text("sala")
        expect(t.page).to_have_title(re.compile(r"^Clásico · [A-Z0-9]+ · unoverse$"))
