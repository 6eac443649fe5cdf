"""UNO Show 'Em No Mercy on the page (RULES.md §9): a face for every card of its three decks
(the Wild Color Roulette's a wheel of the four colours), the Roulette's colour window asked
in its own words of its victim and told to the others, a chain's answer offered with the
least value it needs, a seat's hand against the Mercy rule's 25 and a knocked-out seat's hand
set aside, the 7's Swap naming each hand's size, the Roulette's reveal as one line of the log
flying face up, the 0's Pass leaving out the seats knocked out, the results ranked by
knockouts, and a whole round played through the page."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from unoverse.variants.no_mercy.deck import DECKS

from .browser import QUICK, Site, play_until, seated, shot
from .ended import show_results, table_state
from .modules import call, site_page
from .table_frames import Frame, Shaper, shaped

#: Bots that let the table sit still.
SLOW = "easy:median_ms=60000"
#: Every card of the three decks (NM-0), once.
CARDS = sorted({card for deck in DECKS.values() for row in deck for card in row.cards})
#: The four colours' fills (cards.js COLORS).
FILLS = {"R": "#B3202A", "Y": "#FDD535", "G": "#5CC46A", "B": "#2563C9"}

FACES = """
const { html, render } = await import("/static/vendor/preact-htm.js");
const { Card, cardName, miniLabel, parseCard } = await load("cards.js");
const probe = document.createElement("div");
document.body.append(probe);
return args[0].map((text) => {
  render(html`<${Card} text=${text} />`, probe);
  const svg = probe.querySelector("svg");
  const fills = [...svg.querySelectorAll("path")].map((p) => p.getAttribute("fill"));
  const label = miniLabel(parseCard(text).kind);
  return { text, name: cardName(text), label, fills, face: svg.innerHTML };
});
"""


def test_every_card_of_the_decks_has_a_face(browser: Browser, site: Site) -> None:
    """Each card is drawn and named in words (no catalogue key, no notation), with a value or
    mark for the log's small cards; the Roulette's face is its own: a wheel of two sectors of
    each of the four colours, which no other wild has."""
    with site_page(browser, site.base) as page:
        faces = {f["text"]: f for f in call(page, FACES, CARDS)}
    assert {"WCR", "W", "R+4", "GSA", "BDA", "WR4", "W+6", "W+10"} <= set(faces)
    for text, face in faces.items():
        assert face["name"] and not face["name"].startswith("card."), (text, face["name"])
        assert face["label"], text
    assert faces["WCR"]["name"] == "wild color roulette"
    assert faces["WCR"]["label"] == "◎"
    wheel = faces["WCR"]["fills"]
    for color, fill in FILLS.items():
        assert wheel.count(fill) == faces["W"]["fills"].count(fill) + 2, color
    wilds = [f["face"] for t, f in faces.items() if t.startswith("W") and t != "WCR"]
    assert faces["WCR"]["face"] not in wilds
    # a coloured Draw Four is its colour's card, not a wild
    assert faces["R+4"]["name"] == "red draw four"
    assert faces["R+4"]["face"] != faces["WR4"]["face"]
    # and on the log's small cards the wild one says it reverses
    assert (faces["R+4"]["label"], faces["WR4"]["label"]) == ("+4", "⇄+4")


def no_mercy_table(
    browser: Browser, site: Site, language: str = "en", seats: int = 4
) -> tuple[Page, Shaper, int]:
    """Ana's No Mercy table with bots that sit still, in ``language``: her page, its socket's
    shaper and her seat."""
    code, [(seat, token)] = site.room("no_mercy", ["Ana"], {s: SLOW for s in range(1, seats)})
    locale = {"en": "en-GB", "es": "es-ES"}[language]
    _, page, shaper = shaped(browser, site, code, seat, token, locale=locale)
    expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
    return page, shaper, seat


def roulette_window(
    victim: int, legal: list[str], played_by: int | None = 1
) -> Callable[[Frame], None]:
    """The update's view with a Wild Color Roulette on top, played by ``played_by`` (None:
    turned up to start), its colour not yet named by ``victim``: the view names the victim
    (``names_color``) only for a Roulette played."""

    def change(frame: Frame) -> None:
        view = frame["view"]
        named = victim if played_by is not None else None
        view.update(
            top="WCR", top_by=played_by, color=None, phase="color", legal=legal, names_color=named
        )
        view["discard"] = [*view["discard"], "WCR"]
        view["windows"] = [{"kind": "color", "seat": victim}]

    return change


ROULETTE_WORDS = {
    "en": (
        "Wild Color Roulette for you: name the colour to turn cards up until",
        "Name the colour to turn cards up until",
        "names the colour of the Wild Color Roulette",
    ),
    "es": (
        "Ruleta de colores para ti: elige el color hasta el que destaparás cartas",
        "Elige el color hasta el que destapar cartas",
        "elige el color de la Ruleta de colores",
    ),
}


@pytest.mark.parametrize("language", list(ROULETTE_WORDS))
def test_the_roulette_asks_its_victim_and_tells_the_others(
    browser: Browser, site: Site, language: str
) -> None:
    mine, group, others = ROULETTE_WORDS[language]
    page, shaper, seat = no_mercy_table(browser, site, language)
    try:
        shaper.resend_update(roulette_window(seat, [f"color:{c}" for c in "RYGB"]))
        expect(page.locator(".prompt.mine")).to_contain_text(mine)
        chips = page.get_by_role("group", name=group)
        expect(chips.locator("button")).to_have_count(4)
        shot(page, f"no-mercy-roulette-{language}")
        shaper.resend_update(roulette_window(2, []))
        expect(page.locator(".prompt")).to_contain_text(re.compile(f"^Bot 3 .*{others}"))
        expect(page.locator(".choose-color")).to_have_count(0)
        # a wild turned up to start is no Roulette: its colour is the first colour
        shaper.resend_update(roulette_window(seat, [f"color:{c}" for c in "RYGB"], None))
        expect(page.locator(".prompt.mine")).not_to_contain_text(mine)
    finally:
        page.context.close()


def test_a_chain_offers_its_answer_with_the_least_value(browser: Browser, site: Site) -> None:
    """+8 pending on a red Draw Four: a Draw Card of +4 or more answers it (RULES.md §9.6,
    value ≥ the last card's), and taking says the total."""
    page, shaper, seat = no_mercy_table(browser, site)
    try:

        def chain(frame: Frame) -> None:
            view = frame["view"]
            view.update(top="R+4", top_by=1, color="R", phase="penalty")
            view["windows"] = [{"kind": "penalty", "seat": seat}]
            view["pending"] = {
                "amount": 8,
                "target": seat,
                "source": 1,
                "challengeable": False,
                "until_fire": False,
                "until_color": False,
            }
            view["hand"] = ["B3", "G+2", "Y+4", "W+6"]
            view["hand_sizes"][seat] = 4
            view["legal"] = ["take", "Y+4", *(f"W+6:{c}" for c in "RYGB")]

        shaper.resend_update(chain)
        expect(page.locator(".prompt.mine")).to_contain_text(
            "+8 for you: stack a draw card of +4 or more or take 8 (T)"
        )
        expect(page.locator(".center .plus")).to_have_text("+8")
        expect(page.get_by_role("button", name="Take +8")).to_be_visible()
        playable = page.locator(".hand-slot[data-playable='true']")
        assert sorted(playable.evaluate_all("els => els.map(e => e.dataset.card)")) == [
            "W+6",
            "Y+4",
        ]
        shot(page, "no-mercy-chain")
    finally:
        page.context.close()


def test_hands_near_the_mercy_rule_and_a_knockout(browser: Browser, site: Site) -> None:
    """A hand within 8 cards of 25 shows its count against it, in red within 4; a seat
    knocked out shows its hand set aside, and no cards."""
    page, shaper, _ = no_mercy_table(browser, site)
    try:

        def sizes(frame: Frame) -> None:
            view = frame["view"]
            view["hand_sizes"][1:] = [18, 21, 0]
            view["eliminated"][3] = True

        shaper.resend_update(sizes)
        near, danger, out = (page.locator(f"[data-seat='{s}']") for s in (1, 2, 3))
        assert page.locator("[data-seat='0'] .mercy").count() == 0
        expect(near.locator(".badge.mercy")).to_have_text("18/25")
        expect(near.locator(".badge.mercy.danger")).to_have_count(0)
        expect(near.get_by_role("img", name="7 cards short of the knockout at 25")).to_be_visible()
        expect(danger.locator(".badge.mercy.danger")).to_have_text("21/25")
        expect(out.locator(".set-aside")).to_have_text("hand set aside")
        expect(out.locator(".badge", has_text="out")).to_be_visible()
        assert out.locator(".card-back, .mercy").count() == 0
        shot(page, "no-mercy-mercy")
    finally:
        page.context.close()


def test_the_sevens_swap_names_each_hands_size(browser: Browser, site: Site) -> None:
    page, shaper, seat = no_mercy_table(browser, site)
    try:

        def seven(frame: Frame) -> None:
            view = frame["view"]
            view.update(top="R5", top_by=3, color="R", phase="turn", pending=None)
            view["windows"] = [{"kind": "turn", "seat": seat}]
            view["hand"] = ["R7", "B2"]
            view["hand_sizes"] = [2, 11, 1, 0]
            view["eliminated"][3] = True
            view["legal"] = ["R7>1", "R7>2"]

        shaper.resend_update(seven)
        page.locator(".hand-slot[data-card='R7'] button").click()
        choices = page.locator(".dialog .choice")
        expect(choices).to_have_text(
            ["swap with Bot 2 (easy), holding 11 cards", "swap with Bot 3 (easy), holding 1 card"]
        )
        shot(page, "no-mercy-swap")
    finally:
        page.context.close()


def test_the_roulettes_reveal_is_one_line(browser: Browser, site: Site) -> None:
    """The victim's draws are the reveal's: one line says the cards turned up, and a wild
    among them is not drawn in the colour looked for."""
    shown = ["W+6", "R3", "B7"]
    log = [
        {"id": 1, "game": 5, "version": 9, "event": {"kind": "play", "seat": 0, "cards": ["WCR"]}},
        {"id": 2, "game": 5, "version": 10, "event": {"kind": "color", "seat": 1, "color": "B"}},
        *(
            {
                "id": 3 + i,
                "game": 5,
                "version": 10,
                "event": {"kind": "draw", "seat": 1, "cards": [c], "count": 1, "reason": "penalty"},
            }
            for i, c in enumerate(shown)
        ),
        {
            "id": 6,
            "game": 5,
            "version": 10,
            "event": {"kind": "shown", "seat": 1, "cards": shown, "color": "B"},
        },
        {"id": 7, "game": 5, "version": 11, "event": {"kind": "draw", "seat": 2, "count": 1}},
    ]
    state = {"log": log[::-1], "races": [], "emotes": []}
    script = """
    const { logLines } = await load("log.js");
    return logLines(args[0], (s) => ["Ana", "Bo", "Cy"][s])
      .map((l) => ({ text: l.text, declared: l.declared ?? null }));
    """
    with site_page(browser, site.base) as page:
        lines = call(page, script, state)
    assert lines == [
        {"text": "Cy draws 1 card", "declared": None},
        {
            "text": "Bo turns up wild draw six, red 3, blue 7, shown to all, looking for blue",
            "declared": None,
        },
        {"text": "Bo chooses blue", "declared": "B"},
        {"text": "Ana plays wild color roulette", "declared": None},
    ]


MOTION = """
const { animateEvents, settle } = await load("motion.js");
const root = document.createElement("div");
root.innerHTML = `<div class="draw-pile"><span class="card"></span></div>
  <div class="top"><span class="card"></span></div><div class="hand-cards"></div>`
  + [0, 1, 2, 3].map((s) => `<div data-seat="${s}"></div>`).join("");
for (const [i, el] of [...root.children].entries()) Object.assign(el.style, {
  position: "fixed", left: `${i * 90}px`, top: "20px", width: "60px", height: "80px" });
for (const el of root.querySelectorAll(".card"))
  Object.assign(el.style, { display: "block", width: "60px", height: "80px" });
document.body.append(root);
const counts = [];
for (const events of args[0]) {
  settle();
  const layer = document.getElementById("flyers");
  if (layer) layer.replaceChildren();
  const eliminated = [false, false, true, false];
  const fresh = events.map((event, id) => ({ id, event }));
  animateEvents(root, fresh, { mine: 0, ownPlay: null, eliminated });
  const flyers = [...document.querySelectorAll("#flyers .flyer")];
  counts.push({ backs: flyers.filter((f) => !f.classList.contains("face")).length,
    faces: flyers.filter((f) => f.classList.contains("face")).map((f) => f.textContent) });
}
settle();
return counts;
"""


def test_cards_turned_up_fly_face_up_and_a_pass_leaves_out_the_knocked_out(
    browser: Browser, site: Site
) -> None:
    """The Roulette's cards fly face up to its victim, one after another, not as the backs of
    its draws; a 0's Pass moves the hands of the seats still in (three), not of seat 2, out."""
    reveal: list[dict[str, Any]] = [
        *({"kind": "draw", "seat": 1, "cards": [c], "count": 1} for c in ("W+6", "R3")),
        {"kind": "shown", "seat": 1, "cards": ["W+6", "R3"], "color": "R"},
    ]
    with site_page(browser, site.base) as page:
        counts = call(page, MOTION, [reveal, [{"kind": "rotate", "seat": 0, "direction": 1}]])
    assert counts == [{"backs": 0, "faces": ["+6", "3"]}, {"backs": 3, "faces": []}]


def test_results_rank_the_knocked_out_after_the_seats_still_in(
    browser: Browser, site: Site
) -> None:
    """Seat 1 went out first (its line has left the log; the table shows it out), seat 3
    later; the winner scores the points left and 250 for each knockout (NM-25)."""
    over = {"game": 4, "winner": 0, "leftovers": [0, 0, 40, 0, 12], "scores": [552, 0, 0, 0, 0]}
    log = [{"id": 9, "game": 4, "event": {"kind": "eliminated", "seat": 3, "count": 25}}]
    state = {
        **table_state("no_mercy", "winner_takes", over, None, log),
        "view": {"eliminated": [False, True, False, True, False]},
    }
    with site_page(browser, site.base) as page:
        probe = show_results(page, state)
        headers = probe.locator("thead th").all_inner_texts()
        assert headers == ["Place", "Player", "Outcome", "Points left", "Scored", "Match score"]
        rows = probe.locator("tbody tr")
        cells = [
            [c.strip() for c in rows.nth(i).locator("th, td").all_inner_texts()]
            for i in range(rows.count())
        ]
    assert cells == [
        ["1", "Seat 1", "emptied the hand", "0", "552", "552"],
        ["2", "Seat 5", "still in", "12", "0", "0"],
        ["3", "Seat 3", "still in", "40", "0", "0"],
        ["4", "Seat 4", "eliminated 2nd", "", "0", "0"],
        ["5", "Seat 2", "eliminated 1st", "", "0", "0"],
    ]


def test_a_no_mercy_round_played_through_the_page(browser: Browser, site: Site) -> None:
    """Ana and two quick bots play a round to its results, with no error on the page."""
    code, [(seat, token)] = site.room("no_mercy", ["Ana"], {1: QUICK, 2: QUICK})
    errors: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    def listen(page: Page) -> None:
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", heard)

    context, page = seated(browser, site, code, seat, token, "Ana", listen)
    try:
        expect(page.locator(".hand-slot").first).to_be_visible(timeout=15_000)
        play_until([page], lambda: page.locator(".results").count() > 0, limit_s=300)
        expect(page.locator(".results")).to_contain_text("wins the game")
        expect(page.locator(".results thead")).to_contain_text("Outcome")
        assert errors == []
    finally:
        context.close()
