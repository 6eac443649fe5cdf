"""The page around the table in the player's language: every variant and option of the
registry, every refusal code of the server and every key the page builds at run time has its
words in English and Spanish; a Spanish browser gets the lobby, the house rules, the
settings, the waiting room, the results and the replay in Spanish (and narrow screens keep
the longer words inside their buttons); the language switch in the settings re-renders the
page in place, a room's connection and a half-filled form surviving it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from unoverse.core import errors
from unoverse.core.registry import variants
from unoverse.server.protocol import ERROR_CODES
from unoverse.server.room import BOT_SPEEDS, TIMERS
from unoverse.web import STATIC

from .browser import Site, hold, shot
from .ended import decided, open_ended, show_results, table_state

LANGUAGES = ("en", "es")
CATALOGUES: dict[str, dict[str, Any]] = {
    lang: json.loads((STATIC / "i18n" / f"{lang}.json").read_text())["messages"]
    for lang in LANGUAGES
}
#: The page's own modules (the lobby, the rules in words, settings, results, replay,
#: connection).
MODULES = ("app.js", "options.js", "settings.js", "results.js", "replay.js", "net.js")
#: Words that say a Spanish page still speaks English somewhere.
ENGLISH = re.compile(
    r"\b(the|and|of|with|your|you|create|join|room|seats?|settings|loading|open|player|timer|"
    r"variant|rules|watch|waiting|start|leave|copy|link|free|host|round|match|game|replay|"
    r"step|points|scored)\b",
    re.IGNORECASE,
)
#: What a socket's `bye` gives as its reason (docs/protocol.md).
BYE_REASONS = ("taken_over", "kicked", "flood", "shutdown", "ended")
#: Connection.status's values (net.js).
STATUSES = ("connecting", "open", "reconnecting", "offline", "closed")


def missing(keys: set[str]) -> dict[str, list[str]]:
    """The keys each language lacks."""
    return {
        lang: sorted(keys - set(CATALOGUES[lang]))
        for lang in LANGUAGES
        if keys - set(CATALOGUES[lang])
    }


@pytest.mark.any_build
def test_every_variant_and_option_of_the_registry_has_its_words() -> None:
    keys: set[str] = set()
    for variant in variants():
        keys |= {f"variant.{variant.name}.{part}" for part in ("title", "name", "about")}
        for spec in variant.option_specs:
            keys |= {f"option.{spec.name}.name", f"option.{spec.name}.help"}
            keys |= {f"option.{spec.name}.value.{choice}" for choice in spec.choices}
    assert missing(keys) == {}
    # and no words for an option or a variant the registry does not have
    names = {v.name for v in variants()} | {s.name for v in variants() for s in v.option_specs}
    for lang in LANGUAGES:
        stray = {
            k
            for k in CATALOGUES[lang]
            if k.startswith(("variant.", "option."))
            and not any(
                k.startswith(f"{area}.{n}.") for n in names for area in ("variant", "option")
            )
        }
        assert stray == set(), (lang, stray)


def _refusal_cases() -> set[str]:
    """The cases net.js tells apart within a code: `page.refusal.<code>.<case>`."""
    source = (STATIC / "net.js").read_text()
    block = source[
        source.index("const CASES = {") : source.index("\n};", source.index("const CASES = {"))
    ]
    keys, code = set(), None
    for line in block.splitlines():
        head = re.match(r"\s{2}(\w+): \[", line)
        if head:
            code = head.group(1)
        for case in re.findall(r'/, "(\w+)"', line):
            keys.add(f"page.refusal.{code}.{case}")
    return keys


@pytest.mark.any_build
def test_every_key_the_page_names_or_builds_has_its_words() -> None:
    keys: set[str] = set()
    for module in MODULES:
        keys |= set(re.findall(r'"(page\.[a-z_.]+)"', (STATIC / module).read_text()))
    # the lobby's quick starts, as the variants declare them (GET /api/variants)
    presets = [q.id for variant in variants() for q in variant.quick_starts]
    assert len(presets) == 10
    keys |= {f"page.preset.{p}.{part}" for p in presets for part in ("title", "line")}
    engine_codes = {
        cls.code
        for cls in vars(errors).values()
        if isinstance(cls, type) and issubclass(cls, errors.UnoverseError)
    }
    keys |= {
        f"page.refusal.{code}" for code in {*ERROR_CODES, *engine_codes, "http", "offline", "other"}
    }
    keys |= _refusal_cases()
    keys |= {f"page.bye.{reason}" for reason in (*BYE_REASONS, "other")}
    keys |= {f"page.status.{status}" for status in STATUSES}
    keys |= {f"page.timer.{timer}" for timer in TIMERS} | {
        f"page.room.timer.{timer}" for timer in TIMERS
    }
    keys |= {f"page.pace.{pace}" for pace in BOT_SPEEDS} | {
        f"page.room.pace.{pace}" for pace in BOT_SPEEDS
    }
    keys |= {f"page.create.sitter.{kind}" for kind in ("player", "easy", "normal", "hard")}
    keys |= {
        f"page.waiting.{what}.{level}"
        for what in ("add_bot", "add_bot_at")
        for level in ("easy", "normal", "hard")
    }
    keys |= {f"page.results.how.{scoring}" for scoring in ("winner_takes", "lowest_total", "none")}
    keys |= {f"page.results.eliminated.{form}" for form in ("one", "two", "few", "other")}
    keys |= {f"page.stored.{form}" for form in ("round", "round_out", "round_n", "round_n_out")}
    assert missing(keys) == {}


# -- in the browser --------------------------------------------------------------------------
def english_left(where: Locator) -> list[str]:
    """English words in `where`'s text (the first-game walkthrough, whose words are the rules
    page's, and codes and typed values aside)."""
    text = where.evaluate(
        """el => { const c = el.cloneNode(true);
           c.querySelectorAll('.walkthrough, code, input').forEach((e) => e.remove());
           return c.textContent; }"""
    )
    return sorted(set(ENGLISH.findall(text)))


#: In the page: what does not fit (the page scrolling sideways; a button, label or heading
#: whose words overflow it or the screen).
OVERFLOWS = """() => {
  const out = [];
  const root = document.documentElement;
  const width = root.clientWidth;
  if (root.scrollWidth > width) out.push(`page: ${root.scrollWidth} > ${width}`);
  for (const e of document.querySelectorAll("button, select, label, summary, h2, .badge")) {
    if (e.offsetParent === null) continue;
    const right = e.getBoundingClientRect().right;
    if (e.scrollWidth > e.clientWidth + 1 || right > width + 1) {
      const words = e.textContent.trim().slice(0, 40);
      out.push(`${e.tagName} "${words}": ${e.scrollWidth} in ${e.clientWidth}, to ${right}`);
    }
  }
  return out;
}"""


def fits(page: Page) -> list[str]:
    """What does not fit on the page (OVERFLOWS)."""
    return page.evaluate(OVERFLOWS)


def spanish(browser: Browser, **options: Any) -> Any:
    return browser.new_context(locale="es-ES", **options)


def test_a_spanish_browser_gets_the_lobby_and_the_waiting_room_in_spanish(
    browser: Browser, site: Site
) -> None:
    site.room("classic+stacking=progressive+seven_zero", ["Bea"], seats=2, start=False, public=True)
    context = spanish(browser)
    try:
        page = context.new_page()
        page.goto(site.base + "/")
        expect(page.get_by_role("button", name="Crear la sala")).to_be_visible()
        assert page.evaluate("document.documentElement.lang") == "es"
        # a public room: its variant and house rules in words
        expect(page.locator(".rooms li")).to_contain_text(
            re.compile(r"UNO clásico .* Acumular robos: cualquier carta de robo, Siete-cero")
        )
        description = page.locator('meta[name="description"]').get_attribute("content") or ""
        assert description.startswith("Juega a toda la familia UNO")
        expect(page.get_by_role("heading", name="Entrar en una sala")).to_be_visible()
        expect(page.get_by_role("group", name="Para empezar ya")).to_contain_text(
            "Clásico sin esperar turno"
        )
        # the house rules: each option's name, help and values
        page.locator("details.options summary").click()
        expect(page.locator("details.options summary")).to_have_text(
            "Reglas de juego y de la casa (UNO clásico)"
        )
        expect(page.locator("label[for='opt-stacking']")).to_contain_text("Acumular robos")
        expect(page.locator("#opt-stacking option[value='progressive']")).to_have_text(
            "cualquier carta de robo"
        )
        expect(page.locator("#opt-stacking-help")).to_contain_text(
            "Responde a una carta de robo con otra, y el total acumulado pasa al siguiente"
        )
        page.get_by_label("Variante").select_option("blast")
        expect(page.locator("#opt-stacking-help")).to_contain_text("La cadena del modo normal")
        expect(page.locator(".variant-about")).to_contain_text("queda eliminada")
        page.get_by_label("Variante").select_option("classic")
        # the rules the room will have, in words: its variant and the options set
        rules = page.locator(".preset-line")
        expect(rules).to_have_text("Reglas: UNO clásico (reglas oficiales)")
        page.get_by_role("button", name=re.compile("^Clásico con reglas de la casa")).click()
        expect(rules).to_have_text(
            "Reglas: UNO clásico (Acumular robos: cualquier carta de robo, Siete-cero)"
        )
        page.locator("#opt-target_score").fill("300")
        expect(rules).to_contain_text("(Puntos para ganar: 300, Acumular robos: ")
        page.get_by_role("button", name=re.compile("^Blast en tiempo real")).click()
        expect(rules).to_have_text("Reglas: UNO Blast (Modo: BLAST (tiempo real))")
        expect(page.locator("details.options code")).to_have_count(0)  # no option by its code
        page.get_by_label("Variante").select_option("classic")
        # the settings, with the language named in itself
        page.locator("details.settings summary").click()
        expect(page.get_by_label("Idioma")).to_have_value("es")
        expect(page.locator("details.settings")).to_contain_text(
            "Resaltar las cartas que puedes jugar"
        )
        assert english_left(page.locator("main")) == []
        shot(page, "lobby-es", full_page=True)
        # a refusal of the page's own, then one of the server's, said in Spanish
        page.get_by_label("Nombre que se verá en la mesa").fill("")
        page.get_by_role("button", name="Crear la sala").click()
        expect(page.get_by_role("alert")).to_have_text("Primero elige un nombre.")
        # a room: one seat for a friend, one bot
        page.get_by_label("Nombre que se verá en la mesa").fill("Ana")
        page.get_by_label("Asientos").select_option("3")
        page.get_by_label("Asiento 2").select_option("player")
        page.get_by_label("Asiento 3").select_option("easy")
        page.get_by_label("Ritmo de los bots").select_option("fast")
        page.get_by_role("button", name="Crear la sala").click()
        expect(page).to_have_url(re.compile(r"\?room=[A-Z0-9]+$"))
        code = page.url.rsplit("=", 1)[1]
        main = page.locator("main.lobby")
        expect(page.get_by_role("heading", name=f"Sala {code}")).to_be_visible()
        expect(page).to_have_title(f"Sala {code} · unoverse")
        expect(main).to_contain_text(
            "UNO clásico · sin límite por turno · bots a ritmo rápido · reglas oficiales"
        )
        expect(page.get_by_label("Invita con este enlace")).to_have_value(
            re.compile(f"room={code}$")
        )
        seats = page.locator(".seat-list li")
        expect(seats.nth(0)).to_contain_text("anfitrión")
        expect(seats.nth(0)).to_contain_text("tú")
        expect(seats.nth(1)).to_contain_text("Asiento libre")
        expect(seats.nth(2).locator(".badge")).to_have_text("bot")
        expect(page.get_by_role("button", name="Falta 1 jugador")).to_be_disabled()
        expect(page.get_by_role("button", name="+ bot fácil en el asiento 2")).to_be_visible()
        assert english_left(main) == []
        shot(page, "waiting-es", full_page=True)
        page.get_by_role("button", name="+ bot difícil en el asiento 2").click()
        expect(page.get_by_role("button", name="Empezar la partida")).to_be_enabled()
    finally:
        context.close()


@pytest.mark.parametrize("width", [360, 390])
def test_spanish_words_fit_a_phone(browser: Browser, site: Site, width: int) -> None:
    code, _ = site.room("classic", ["Ana", "Bo"], seats=4, start=False)
    phone = {"viewport": {"width": width, "height": 800}, "is_mobile": True, "has_touch": True}
    context = spanish(browser, **phone)
    try:
        page = context.new_page()
        page.goto(site.base + "/")
        expect(page.get_by_role("button", name="Crear la sala")).to_be_visible()
        page.locator("details.options summary").click()
        page.locator("details.settings summary").click()
        assert fits(page) == []
        made = site.post(
            "/api/rooms", {"name": "Carmen", "preset": "classic", "seats": 4, "bots": {}}
        )
        hold(context, made["room"], made["seat"], made["token"], "Carmen")
        site.post(f"/api/rooms/{made['room']}/join", {"name": "Bernardo Fernández"})
        page.goto(f"{site.base}/?room={made['room']}")
        expect(page.get_by_role("button", name="Faltan 2 jugadores")).to_be_visible()
        assert fits(page) == []
        shot(page, f"waiting-es-{width}", full_page=True)
        page.goto(f"{site.base}/?room={code}")  # a room of others: joining it
        expect(page.get_by_role("button", name="Tomar asiento")).to_be_visible()
        assert fits(page) == []
    finally:
        context.close()


def test_results_and_replay_speak_spanish(browser: Browser, site: Site) -> None:
    # a one-round game played to its end (in English), then its link opened in Spanish
    with decided(browser, site) as (code, _page):
        pass
    visitor = spanish(browser)
    try:
        page = visitor.new_page()
        page.goto(f"{site.base}/?room={code}")
        results = page.locator(".stored-results")
        expect(results).to_be_visible(timeout=15_000)
        expect(results.get_by_role("heading").first).to_have_text(
            re.compile(r"^¡.+ gana la partida!$")
        )
        expect(results.locator("caption")).to_have_text(
            "Una sola ronda decide la partida: no se anotan puntos."
        )
        assert results.locator("thead th").all_inner_texts() == [
            "Puesto",
            "Jugador",
            "Puntos que quedan en la mano",
        ]
        expect(results.locator(".rounds li")).to_have_text(re.compile(r"^Ganó .+ · repetición$"))
        expect(page.locator("main")).to_contain_text("La partida de esta sala ha terminado")
        assert english_left(page.locator("main")) == []
        shot(page, "results-es")
        # its replay
        results.get_by_role("link", name="repetición").click()
        status = page.locator(".replay-controls [role=status]")
        expect(status).to_contain_text(re.compile(r"^Paso 0 de \d+$"))
        expect(
            page.get_by_role("heading", name=re.compile(r"^Repetición de la partida \d+$"))
        ).to_be_visible()
        expect(page.get_by_role("group", name="Recorrer la partida paso a paso")).to_be_visible()
        expect(page.locator(".replay strong").first).to_have_text("El reparto")
        expect(page.locator(".replay .muted")).to_contain_text(
            "UNO Minecraft (reglas oficiales) · 2 jugadores · sala"
        )
        page.get_by_role("button", name="Paso siguiente").click()
        expect(status).to_have_text(re.compile(r"^Paso 1 de \d+$"))
        # whose move it was, in words; what it did is the list of sentences under it (the
        # action's notation, "draw" or "R5", is no word of the language)
        expect(page.locator(".replay strong").first).to_have_text(re.compile(r"^Jugada de [^:]+$"))
        expect(page.locator(".replay-events li").first).to_be_visible()
        assert page.title().startswith("Repetición de la partida")
        assert english_left(page.locator("main")) == []
        shot(page, "replay-es")
    finally:
        visitor.close()


def test_the_live_results_and_an_ended_blast_room_speak_spanish(
    browser: Browser, site: Site
) -> None:
    context = spanish(browser)
    try:
        page = context.new_page()
        results = open_ended(page, site)
        expect(results.get_by_role("heading").first).to_have_text(
            re.compile(r"^¡Bot 3 .+ gana la partida!$")
        )
        body = results.locator("tbody tr")
        assert [body.nth(i).locator("td").last.inner_text() for i in range(3)] == [
            "sobrevivió",
            "2.ª eliminación",
            "1.ª eliminación",
        ]
        expect(page.get_by_text("Esta sala ha terminado: ya no se puede entrar.")).to_be_visible()
        expect(page.locator("main")).to_contain_text("3 asientos")
        # a points round over the table, as results.js draws it from the live frames
        over = {"game": 2, "winner": 1, "leftovers": [40, 0, 12], "scores": [0, 152, 0]}
        probe = show_results(page, table_state("classic", "winner_takes", over))
        expect(probe.locator("h2")).to_have_text("Seat 2 gana la ronda 1")
        assert probe.locator("thead th").all_inner_texts() == [
            "Puesto",
            "Jugador",
            "En la mano",
            "Anota",
            "Total",
        ]
        expect(probe.locator("caption")).to_contain_text(
            "quien llegue primero a 500 gana la partida"
        )
        expect(probe).to_contain_text("La siguiente ronda se reparte enseguida…")
        expect(probe.get_by_role("link", name="Ver la repetición de esta ronda")).to_be_visible()
        # two winners share a match, joined as Spanish joins them
        match = {"winners": [0, 2], "scores": [510, 300, 510]}
        show_results(page, table_state("classic", "winner_takes", over, match))
        expect(probe.locator("h2")).to_have_text("¡Seat 1 y Seat 3 comparten la victoria!")
        expect(probe).to_contain_text("Esperando al anfitrión…")
        shot(page, "results-live-es")
    finally:
        context.close()


def test_the_server_refusals_are_said_in_spanish(browser: Browser, site: Site) -> None:
    code, _ = site.room("classic", ["Ana"], seats=2, start=False)
    context = spanish(browser)
    try:
        page = context.new_page()
        page.goto(site.base + "/?room=NOPE42")
        expect(page.get_by_role("alert")).to_have_text("No existe la sala NOPE42.")
        page.goto(f"{site.base}/?room={code}")
        page.get_by_label("Tu nombre").fill("ana")
        page.get_by_role("button", name="Tomar asiento").click()
        expect(page.get_by_role("alert")).to_have_text(
            "El nombre «ana» ya está en uso en esta sala: elige otro."
        )
        texts = page.evaluate(
            """async () => {
              const { refusalText, byeText } = await import("/static/net.js");
              return [refusalText("room_full", "every seat of room X is taken"),
                      refusalText("rate_limited", "at most 5 new rooms a minute"),
                      refusalText("unauthorised", "only the host (seat 0) may do this"),
                      refusalText("invalid_option_value", "option stacking=x: allowed off | same"),
                      refusalText("something_new", "a reason"),
                      byeText("kicked")];
            }"""
        )
        assert texts == [
            "Todos los asientos de esta sala están ocupados.",
            "Demasiadas salas nuevas en un minuto: espera un momento.",
            "Solo el anfitrión puede hacer eso.",
            "Acumular robos: ese valor no está permitido.",
            "a reason",
            "El anfitrión te ha expulsado de esta sala.",
        ]
    finally:
        context.close()


def test_switching_the_language_in_the_settings_changes_the_words_in_place(
    browser: Browser, site: Site
) -> None:
    context = browser.new_context()  # English
    try:
        page = context.new_page()
        page.goto(site.base + "/")
        expect(page.get_by_role("button", name="Create the room")).to_be_visible()
        assert page.evaluate("document.documentElement.lang") == "en"
        page.get_by_label("Room code").fill("ABC123")  # the form, half filled in
        page.locator("details.settings summary").click()
        page.get_by_label("Language").select_option("es")
        expect(page.get_by_role("button", name="Crear la sala")).to_be_visible()
        expect(page.get_by_role("heading", name="Entrar en una sala")).to_be_visible()
        assert page.evaluate("document.documentElement.lang") == "es"
        expect(page.get_by_label("Código de la sala")).to_have_value("ABC123")
        expect(page.locator("details.settings")).to_have_attribute("open", "")
        assert page.evaluate("localStorage.getItem('unoverse.language')") == "es"
        description = page.locator('meta[name="description"]').get_attribute("content") or ""
        assert description.startswith("Juega")
        # the choice is kept: a reload speaks Spanish, though the browser speaks English
        page.reload()
        expect(page.get_by_role("button", name="Crear la sala")).to_be_visible()
        # in a room, the switch keeps the connection: the seats stay, no reconnection
        page.get_by_label("Nombre que se verá en la mesa").fill("Ana")
        page.get_by_label("Asientos").select_option("2")
        page.get_by_label("Asiento 2").select_option("player")
        page.get_by_role("button", name="Crear la sala").click()
        expect(page.get_by_role("button", name="Falta 1 jugador")).to_be_visible()
        page.evaluate("window.__sameDocument = true")
        page.locator("details.settings summary").click()
        page.get_by_label("Idioma").select_option("en")
        expect(page.get_by_role("button", name="Waiting for 1 more")).to_be_visible()
        expect(page.get_by_text("Open seat")).to_be_visible()
        expect(page).to_have_title(re.compile(r"^Room [A-Z0-9]+ · unoverse$"))
        assert page.evaluate("window.__sameDocument") is True
        assert page.evaluate("document.documentElement.lang") == "en"
        expect(page.locator("p.status")).to_have_count(0)  # still connected
    finally:
        context.close()
