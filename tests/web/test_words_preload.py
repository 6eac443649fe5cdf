"""The catalogue of words starts loading with the page: ``index.html`` preloads the one
``words.js`` will choose (the stored choice, else the browser's first language we speak, else
English), and the page reads it from that preload, fetching no catalogue twice."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Request, expect

from .browser import Site

#: (the browser's languages, the stored choice, the language spoken).
CASES = [
    (["en-GB"], None, "en"),
    (["es-ES"], None, "es"),
    (["fr-FR", "es-MX"], None, "es"),  # the first language we speak, not the first one
    (["fr-FR"], None, "en"),
    (["en-GB"], "es", "es"),
    (["es-ES"], "en", "en"),
    (["es-ES"], "klingon", "es"),  # a stored word that names no catalogue
]


@pytest.mark.parametrize(("languages", "stored", "spoken"), CASES)
def test_the_chosen_catalogue_is_preloaded_and_fetched_once(
    browser: Browser, site: Site, languages: list[str], stored: str | None, spoken: str
) -> None:
    context = browser.new_context(locale=languages[0])
    init = f"Object.defineProperty(navigator, 'languages', {{get: () => {json.dumps(languages)}}});"
    if stored is not None:
        init += f"localStorage.setItem('unoverse.language', {json.dumps(stored)});"
    context.add_init_script(init)
    try:
        page = context.new_page()
        asked: list[str] = []

        def heard(request: Request) -> None:
            if "/static/i18n/" in request.url:
                asked.append(request.url.removeprefix(site.base))

        page.on("request", heard)
        page.goto(site.base + "/")
        expect(page.locator("main.lobby")).to_be_visible()
        assert page.evaluate("document.documentElement.lang") == spoken
        catalogue = f"/static/i18n/{spoken}.json"
        link = page.locator('link[rel="preload"][as="fetch"]')
        expect(link).to_have_attribute("href", catalogue)
        chosen = page.evaluate("import('/static/words.js').then((w) => w.chosenLanguage())")
        assert chosen == spoken
        # one request, the preload's, which the page's fetch took over
        assert asked == [catalogue]
        initiator = page.evaluate(
            "(url) => performance.getEntriesByName(url).map((e) => e.initiatorType)",
            site.base + catalogue,
        )
        assert initiator == ["link"]
    finally:
        context.close()
