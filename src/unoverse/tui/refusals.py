"""The server's refusals and farewells in the player's language.

The server says why it refuses in an English sentence for people (``message``), with a code
(docs/protocol.md, "Error codes"); an engine's refusal adds its reason and fields. The
terminal says them again from the catalogue, as the page does (``web/static/net.js``
``refusalText``, ``byeText``), with the page's words: an engine's reason in words
(``core.reasons.reason_words``); else the case of its code the server's message shows
(``page.refusal.<code>.<case>``: a name taken, no such room...); else the code's words
(``page.refusal.<code>``). Only a code the catalogue does not know keeps the server's words.
A ``bye`` frame's reason reads as the page's ``page.bye.<reason>``, but for a seat taken
over, which the terminal says in its own words (``tui.bye.taken_over``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Final

from .. import i18n
from ..core.reasons import Name, reason_words
from ..i18n import N_, t

Fields = Callable[[re.Match[str]], dict[str, str]]


def _none(found: re.Match[str]) -> dict[str, str]:
    return {}


def _option(found: re.Match[str]) -> dict[str, str]:
    """An option's name from the server's message, in words (``option.<name>.name``)."""
    name = found.group(1)
    key = f"option.{name}.name"
    return {"option": t(key) if i18n.current().has(key) else name}


#: The cases a code covers, told apart by the server's message: (its pattern, the case, the
#: fields its groups fill), by code. The page's ``CASES`` (``web/static/net.js``), the same
#: patterns (``tests/tui/test_refusals.py`` holds them together).
CASES: Final[dict[str, tuple[tuple[re.Pattern[str], str, Fields], ...]]] = {
    "bad_message": (
        (re.compile(r"^name: 2 to 24 letters"), "account_name", _none),
        (re.compile(r"^name: names beginning"), "reserved", _none),
        (
            re.compile(r"^password: (\d+) to (\d+) characters"),
            "password_length",
            lambda m: {"min": m[1], "max": m[2]},
        ),
        (re.compile(r"^password: not your name"), "password_name", _none),
        (re.compile(r"rated room seats bots by level"), "rated_bot", _none),
        (re.compile(r"""^name: (['"])(.*)\1 is taken"""), "name_taken", lambda m: {"name": m[2]}),
        (re.compile(r"^name: 1 to (\d+) characters"), "name_length", lambda m: {"max": m[1]}),
        (re.compile(r"^name: no control"), "name_hidden", _none),
        (re.compile(r"^name: text"), "name_length", lambda m: {"max": "24"}),
        (re.compile(r"^seat "), "seat", _none),
    ),
    "not_found": (
        (re.compile(r"""^no room (['"])(.*)\1"""), "room", lambda m: {"code": m[2]}),
        (re.compile(r"has no game (\d+)"), "game", lambda m: {"game": m[1]}),
        (re.compile(r"has steps"), "step", _none),
    ),
    "room_full": ((re.compile(r"^seat \d+"), "seat", _none),),
    "rate_limited": (
        (re.compile(r"log-in attempts"), "logins", _none),
        (re.compile(r"new accounts a minute"), "signups", _none),
        (re.compile(r"new rooms a minute"), "rooms", _none),
        (re.compile(r"unknown rooms or games"), "misses", _none),
        (re.compile(r"requests a minute"), "requests", _none),
    ),
    "too_many": (
        (re.compile(r"rooms of yours"), "rooms", _none),
        (re.compile(r"connections"), "sockets", _none),
    ),
    "unauthorised": (
        (re.compile(r"wrong name or password"), "login", _none),
        (re.compile(r"wrong password"), "password", _none),
        (re.compile(r"rated room"), "rated", _none),
        (re.compile(r"holds a seat of this room"), "twice", _none),
        (re.compile(r"not signed in"), "signed_out", _none),
        (re.compile(r"only the host"), "host", _none),
        (re.compile(r"has no spectators"), "spectators", _none),
        (re.compile(r"spectator only watches"), "spectator", _none),
    ),
    "not_ready": (
        (re.compile(r"seated at \d+ table"), "seated", _none),
        (re.compile(r"the match has started"), "started", _none),
        (re.compile(r"are open"), "open_seats", _none),
        (re.compile(r"is not over"), "not_over", _none),
        (re.compile(r"is being played"), "playing", _none),
    ),
    "invalid_option_value": ((re.compile(r"^option ([\w.]+)="), "option", _option),),
    "unknown_option": (
        (re.compile(r"""unknown option (['"])(.*?)\1"""), "option", lambda m: {"option": m[2]}),
    ),
    "option_conflict": (
        (re.compile(r"^(?:option )?([a-z][\w.]*)(?:=\S*)?[: ]"), "option", _option),
    ),
}

#: The ``bye`` reasons the terminal says in its own words (the page's speak of tabs).
BYE: Final = {"taken_over": N_("tui.bye.taken_over")}


def refusal_words(
    refusal: Mapping[str, object], *, status: int = 0, name: Name | None = None
) -> str:
    """The server's refusal in words: an ``error`` frame, or an HTTP refusal's body
    (``{"code", "message"}``, and ``reason`` and ``fields`` for an engine's), its HTTP
    ``status`` given. ``name`` names a seat of an engine's reason (``seat 2`` by default)."""
    words = i18n.current()
    reason = str(refusal.get("reason") or "")
    if reason and words.has(reason):
        return reason_words(refusal, words, name=name)
    code = str(refusal.get("code") or "")
    detail = str(refusal.get("message") or "")
    for pattern, case, fields in CASES.get(code, ()):
        found = pattern.search(detail)
        key = f"page.refusal.{code}.{case}"
        if found and words.has(key):
            return t(key, **fields(found))
    key = f"page.refusal.{code}"
    if code and words.has(key):
        return t(key, status=status)
    return detail or t("page.refusal.other", code=code)


def http_refusal_words(status: int, body: object) -> str:
    """An HTTP refusal in words: its JSON body's code (``refusal_words``), else its status
    (``page.refusal.http``: a body without a code, such as a proxy's or uvicorn's own; a
    429 without one, a front's limit per address, is ``rate_limited``)."""
    if isinstance(body, Mapping) and body.get("code"):
        return refusal_words(body, status=status)
    if status == 429:
        return refusal_words({"code": "rate_limited"}, status=status)
    return t("page.refusal.http", status=status)


def bye_words(reason: object) -> str:
    """Why the server ended the seat (a ``bye`` frame's reason), in words."""
    key = BYE.get(str(reason), f"page.bye.{reason}")
    return t(key) if i18n.current().has(key) else t("page.bye.other", reason=reason)
