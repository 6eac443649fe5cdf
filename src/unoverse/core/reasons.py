"""An engine refusal in words: its reason's key, its typed fields, and how each field is named.

A refusal (``IllegalAction``, ``NotYourWindow``, ``StaleAction``: ``core.errors``) carries a
**reason**, a catalogue key (``reason.no_match``), and **fields**, JSON values named by type:
the last word of a field's name (after its last underscore) says what it holds, and a plural
holds a list of them (docs/languages.md, "An engine's refusal"):

=========== ============================== ==================================================
last word   holds                          in words
=========== ============================== ==================================================
``card``    a card in the notation (R7)    its name (``card.*`` keys; a BLAST card shortly)
``color``   a colour letter (G)            ``color.<letter>``
``seat``    a seat number (2)              the player's name (``seat 2`` by default)
``kind``    a kind code (+2, W+4, !3SC)    ``card.kind.<code>`` (a BLAST kind: its card)
``window``  a window kind (turn)           ``reason.window.<kind>``
``variant`` a variant's name (attack)      ``reason.variant.<name>``
``action``  an action in the notation      as it is (the notation the terminal types)
(other)     a number or a text             as it is
=========== ============================== ==================================================

``action``, when a refusal has it, is the refused action: the English message leads with it
(``R5: colour must be one of R Y G B``) and the key's template does not (a reader names the
move itself). The page's ``web/static/refusal.js`` reads the same fields the same way.

Two readers: ``message`` writes the English sentence every error's ``str`` is, fields in the
notation (``R5 does not match the top card G7 (active colour G)``), for logs, the command
line and tests; ``reason_words`` writes a refusal in a player's language, fields in words
(``5 rojo no coincide con la carta de arriba, 7 verde (color en juego: verde)``), for the
terminal game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final, Protocol

from .. import i18n

Name = Callable[[int], str]
CardName = Callable[[str], str]

#: The types a field's name can end with (its last word; a plural: a list of them).
TYPES: Final = ("card", "color", "seat", "kind", "window", "variant", "action")


class Refused(Protocol):
    """What a refusal carries (``core.errors.UnoverseError``)."""

    @property
    def reason(self) -> str: ...

    @property
    def fields(self) -> dict[str, object]: ...

    @property
    def message(self) -> str: ...


def field_type(name: str) -> str:
    """The type of the field ``name``: its last word, singular, if that is one of ``TYPES``
    (``top_card``: card, ``colors``: color), else ``value``."""
    last = name.rsplit("_", 1)[-1]
    if last in TYPES:
        return last
    if last.endswith("s") and last[:-1] in TYPES:
        return last[:-1]
    return "value"


class _Filled(dict[str, str]):
    """A template's fields: one the caller did not give stays as ``{name}``, never an error
    (``tests/test_reasons.py`` holds every reason to its fields)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(words: i18n.Words, key: str, fields: dict[str, str]) -> str:
    return words.t(key).format_map(_Filled(fields))


# -- the notation: the English message ----------------------------------------------------
def _notation(kind: str, value: object, words: i18n.Words, listed: bool) -> str:
    if kind == "seat" and not listed:
        return words.t("log.seat", seat=value)
    return str(value)


def notation_fields(fields: Mapping[str, object], words: i18n.Words) -> dict[str, str]:
    """The fields as the notation writes them: a card ``R7``, a colour ``G``, a seat
    ``seat 2`` (a list of seats: ``1 2``), a list with spaces between."""
    out = {}
    for name, value in fields.items():
        kind = field_type(name)
        if isinstance(value, list | tuple):
            out[name] = " ".join(_notation(kind, v, words, True) for v in value)
        else:
            out[name] = _notation(kind, value, words, False)
    return out


def message(reason: str, fields: Mapping[str, object]) -> str:
    """The English sentence of a refusal: the action it refused first, when it has one
    (``W+4: W+4 needs a declared colour: one of R Y G B``)."""
    english = i18n.words(i18n.DEFAULT)
    text = _fill(english, reason, notation_fields(fields, english))
    action = fields.get("action")
    return f"{action}: {text}" if action is not None else text


# -- words: a player's language -------------------------------------------------------------
def card_words(card: str, words: i18n.Words | None = None) -> str:
    """A card of the notation by name, as a refusal names it: ``red 7``, ``wild draw four``;
    a BLAST card by its challenge only (``BLAST card, 3 same colour``)."""
    w = words or i18n.current()
    if card.startswith("!") and len(card) == 4 and w.has(f"card.challenge.{card[2:]}"):
        return w.t("reason.blast_card", n=card[1], what=w.t(f"card.challenge.{card[2:]}"))
    body, _, declared = card.partition(":")
    if body.startswith("W"):
        name = w.t(f"card.kind.{body}") if w.has(f"card.kind.{body}") else body
    elif len(body) >= 2 and w.has(f"color.{body[0]}"):
        kind = body[1:]
        name = w.t(
            "card.colored",
            color=w.t(f"color.{body[0]}"),
            kind=w.t(f"card.kind.{kind}") if w.has(f"card.kind.{kind}") else kind,
        )
    else:
        return card  # not a card of the notation: as it is
    if declared and w.has(f"color.{declared}"):
        return w.t("card.declared", card=name, color=w.t(f"color.{declared}"))
    return name


def _word(kind: str, value: object, w: i18n.Words, name: Name, card: CardName) -> str:
    if kind == "card":
        return card(str(value))
    if kind == "seat":
        return name(value) if isinstance(value, int) else str(value)
    if kind == "kind":
        code = str(value)
        if code.startswith("!"):
            return card(code)
        return w.t(f"card.kind.{code}") if w.has(f"card.kind.{code}") else code
    if kind in ("color", "window", "variant"):
        area = "color" if kind == "color" else f"reason.{kind}"
        key = f"{area}.{value}"
        return w.t(key) if w.has(key) else str(value)
    return str(value)


def word_fields(
    fields: Mapping[str, object], words: i18n.Words, name: Name, card: CardName
) -> dict[str, str]:
    """The fields in words (see the module's table); a list's words with commas between."""
    out = {}
    for field, value in fields.items():
        kind = field_type(field)
        if isinstance(value, list | tuple):
            out[field] = ", ".join(_word(kind, v, words, name, card) for v in value)
        else:
            out[field] = _word(kind, value, words, name, card)
    return out


def reason_words(
    refusal: Refused | Mapping[str, object],
    words: i18n.Words | None = None,
    *,
    name: Name | None = None,
    card: CardName | None = None,
    lead: bool = False,
) -> str:
    """A refusal in words: an engine error (``core.errors``), or the ``error`` frame the
    server sends for one (``{"reason": ..., "fields": {...}, "message": ...}``).

    ``words`` is the language (the current one by default); ``name`` names a seat (``seat 2``
    in that language by default: the terminal gives players' names); ``card`` names a card
    of the notation (``card_words`` by default). With ``lead``, the refused action leads,
    in the notation (``R5: ...``). A refusal without a reason (a frame of the server's own,
    an error the engine does not key) is its message, as it is."""
    w = words or i18n.current()
    if isinstance(refusal, Mapping):
        reason = str(refusal.get("reason") or "")
        given = refusal.get("fields")
        fields: Mapping[str, object] = given if isinstance(given, Mapping) else {}
        text = str(refusal.get("message") or "")
    else:
        reason, fields, text = refusal.reason, refusal.fields, ""
    if not reason or not w.has(reason):
        return text if isinstance(refusal, Mapping) else refusal.message
    if name is None:
        name = lambda seat: w.t("log.seat", seat=seat)  # noqa: E731
    if card is None:
        card = lambda text: card_words(text, w)  # noqa: E731
    said = _fill(w, reason, word_fields(fields, w, name, card))
    action = fields.get("action")
    return f"{action}: {said}" if lead and action is not None else said
