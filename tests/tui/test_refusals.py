"""The server's refusals and farewells in the terminal, in the player's language: an engine's
reason in words, else the page's words for the code (and the case of it the server's message
shows), else, for a code the catalogue does not know, the server's own text."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from unoverse import i18n
from unoverse.tui.refusals import CASES, bye_words, http_refusal_words, refusal_words

NET_JS = Path(__file__).resolve().parents[2] / "src" / "unoverse" / "web" / "static" / "net.js"


@pytest.fixture
def spanish() -> Iterator[None]:
    i18n.use("es")
    yield
    i18n.use(i18n.DEFAULT)


def _page_cases() -> set[tuple[str, str, str]]:
    """The page's cases (``net.js`` ``CASES``): (code, the pattern's source, the case)."""
    source = NET_JS.read_text()
    start = source.index("const CASES = {")
    block = source[start : source.index("\n};", start)]
    cases, code = set(), ""
    for line in block.splitlines():
        head = re.match(r"\s{2}(\w+): \[", line)
        if head:
            code = head.group(1)
        for pattern, case in re.findall(r'\[/(.+?)/, "(\w+)"', line):
            cases.add((code, pattern, case))
    return cases


def test_the_cases_of_a_code_are_the_pages() -> None:
    ours = {(code, p.pattern, case) for code, cases in CASES.items() for p, case, _ in cases}
    page = _page_cases()
    assert len(page) > 20
    assert ours == page


@pytest.mark.parametrize(
    ("refusal", "said"),
    [
        # an engine's reason, its fields in words
        (
            {
                "code": "illegal",
                "message": "R5 does not match the top card G7 (active colour G)",
                "reason": "reason.no_match",
                "fields": {"card": "R5", "top_card": "G7", "color": "G"},
            },
            "5 rojo no coincide con la carta de arriba, 7 verde (color en juego: verde)",
        ),
        # a case of a code, told by the server's message, with its fields
        (
            {"code": "bad_message", "message": "name: 'Ana' is taken in this room"},
            "El nombre «Ana» ya está en uso en esta sala: elige otro.",
        ),
        ({"code": "not_found", "message": "no room 'ABC123'"}, "No existe la sala ABC123."),
        (
            {"code": "invalid_option_value", "message": "option stacking=x: allowed off"},
            "Acumular robos: ese valor no está permitido.",
        ),
        # a code alone; a code the catalogue does not know keeps the server's words
        (
            {"code": "notation", "message": "not an action: 'zz'"},
            "El servidor no ha entendido esa jugada.",
        ),
        (
            {"code": "unauthorised", "message": "no seat has this token"},
            "Este asiento no es tuyo (o ya no lo es).",
        ),
        ({"code": "brand_new", "message": "a newer server's words"}, "a newer server's words"),
        ({"code": "brand_new"}, "El servidor lo ha rechazado (brand_new)."),
    ],
)
def test_a_refusal_is_said_in_the_players_language(
    spanish: None, refusal: dict[str, object], said: str
) -> None:
    assert refusal_words(refusal) == said


def test_a_reason_of_the_engine_names_seats_as_asked(spanish: None) -> None:
    refusal = {
        "code": "not_your_window",
        "message": "R1: it is seat 0's move, not seat 1's (turn window)",
        "reason": "reason.not_your_turn",
        "fields": {"action": "R1", "seat": 1, "turn_seat": 0, "window": "turn"},
    }
    names = ["Ana", "Bo"].__getitem__
    assert refusal_words(refusal, name=names) == "le toca a Ana, no a Bo (ventana de turno)"


def test_an_http_refusal_without_a_code_is_said_by_its_status(spanish: None) -> None:
    assert http_refusal_words(503, None) == i18n.t("page.refusal.http", status=503)
    assert "503" in http_refusal_words(503, None)
    assert http_refusal_words(409, {"code": "room_full", "message": "every seat is taken"}) == (
        i18n.t("page.refusal.room_full")
    )
    # a front's limit per address (nginx's own 429 page, docs/deployment.md)
    assert http_refusal_words(429, None) == i18n.t("page.refusal.rate_limited", status=429)
    assert http_refusal_words(429, None) != i18n.t("page.refusal.http", status=429)


def test_the_server_ending_a_seat_is_said_in_words(spanish: None) -> None:
    assert bye_words("kicked") == "El anfitrión te ha expulsado de esta sala."
    assert "otro terminal" in bye_words("taken_over")  # the page's speaks of tabs
    assert bye_words("later") == "El servidor ha cerrado la conexión (later)."
