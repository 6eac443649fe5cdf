"""Rendering one of the page's own modules in the real browser, on frames or results a test
writes: the page's code on states a live game reaches only by chance (a race between three
seats, a stand-in's move, a Blast elimination order)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, Page, expect

#: In the page: render ``Component`` of ``module`` with ``props`` into a fresh
#: ``<div id="probe">`` (props' ``name`` is a seat namer: "Seat N").
RENDER = """
async ([module, component, props]) => {
  const { html, render } = await import("/static/vendor/preact-htm.js");
  const mod = await import(module);
  let probe = document.getElementById("probe");
  if (probe) probe.remove();
  probe = document.createElement("div");
  probe.id = "probe";
  document.body.prepend(probe);
  const name = (seat) => (props.names ? props.names[seat] : `Seat ${seat + 1}`);
  render(html`<${mod[component]} ...${props} name=${name} />`, probe);
}
"""


@contextmanager
def site_page(browser: Browser, base: str) -> Iterator[Page]:
    """The site's front page in a context of its own (closed after): the page whose modules
    a test renders."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base + "/")
        expect(page.get_by_role("button", name="Create the room")).to_be_visible()
        yield page
    finally:
        context.close()


def render(page: Page, module: str, component: str, props: dict[str, Any]) -> None:
    """Render ``component`` of ``/static/<module>`` with ``props`` into ``#probe``."""
    page.evaluate(RENDER, [f"/static/{module}", component, props])


def call(page: Page, script: str, *args: Any) -> Any:
    """Run ``script`` (an async function body given ``args`` and the page's modules through
    ``load(name)``) in the page and return its JSON result."""
    body = f"""async (args) => {{
      const load = (name) => import(`/static/${{name}}`);
      {script}
    }}"""
    return page.evaluate(body, json.loads(json.dumps(list(args))))
