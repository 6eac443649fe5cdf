"""Every action of every variant is reachable on the page: the legal actions of real game
states of every variant and mode (tests/state's corpus), seen by every seat, go through the
page's own reading of them (actions.js, run in the browser) and each lands on a card of the
seat's hand or on a control the table shows."""

from __future__ import annotations

from collections import Counter
from typing import Any

from playwright.sync_api import Browser

from state._corpus import real_states
from unoverse.server.wire import seat_view

from .browser import Site

#: The controls the table has for actions that start from no card (table.js, ``Actions``;
#: ``catch`` is also on the caught seat, ``uno`` is the UNO button).
CONTROLS = {
    "draw", "press", "pass", "take", "challenge", "uno", "catch_illegal", "disarm", "catch",
    "color", "blast",
}  # fmt: skip

READ = """async (cases) => {
  const { groupLegal, playOptions } = await import('/static/actions.js');
  return cases.map(({ legal }) => {
    const { byCard, buttons } = groupLegal(legal);
    const cards = {};
    for (const [card, actions] of byCard) {
      const reachable = new Set([
        ...playOptions(actions, false), ...playOptions(actions, true),
        ...actions.filter((a) => a.kind === 'arm'),
      ].map((a) => a.text));
      cards[card] = { all: actions.map((a) => a.text), reachable: [...reachable] };
    }
    const controls = {};
    for (const [kind, actions] of buttons) {
      controls[kind] = actions.map((a) => ({ text: a.text, cards: a.cards }));
    }
    return { cards, controls };
  });
}"""


def test_every_legal_action_of_every_variant_has_its_place(browser: Browser, site: Site) -> None:
    cases: list[dict[str, Any]] = []
    for game in real_states():
        for seat in range(game.n):
            view = seat_view(game, seat)
            if view["legal"]:
                cases.append({"hand": view["hand"], "legal": view["legal"]})
    kinds = Counter(a.split(":")[0].split(" ")[0] for c in cases for a in c["legal"])
    assert len(cases) > 500 and len(kinds) > 20  # every variant's actions are in there
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site.base + "/")
        read = page.evaluate(READ, cases)
    finally:
        context.close()
    for case, seen in zip(cases, read, strict=True):
        placed: set[str] = set()
        for card, actions in seen["cards"].items():
            assert card in case["hand"], (card, case)
            assert sorted(actions["reachable"]) == sorted(actions["all"]), (card, case)
            placed.update(actions["all"])
        for kind, actions in seen["controls"].items():
            assert kind in CONTROLS, (kind, case)
            for action in actions:
                if kind == "blast":  # the challenge's cards are chosen in the hand
                    assert not Counter(action["cards"]) - Counter(case["hand"]), case
                placed.add(action["text"])
        assert placed == set(case["legal"]), case
