"""The log's lines: each event in words (``unoverse.core.sentences``, with the players' names), the
races between seats, chat, emotes, and a bot's decision that failed, with a tag on what stands
out (jump-ins, UNO calls, catches, challenges, races, BLAST, the launcher firing, eliminations,
a round won, a bot's failure). The emotes' words are here too, in one mapping."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from textual.markup import escape

from ..core import events as ev
from ..core.events import Event
from ..core.sentences import describe
from ..server.bot_pool import LIGHT

Name = Callable[[int | None], str]

#: The tag of each event kind that stands out.
TAGS: Final[dict[str, str]] = {
    ev.JUMP: "jump-in",
    ev.UNO: "UNO",
    ev.FALSE_UNO: "UNO",
    ev.CATCH: "catch",
    ev.ILLEGAL_CAUGHT: "catch",
    ev.CHALLENGE: "challenge",
    ev.SIMULTANEOUS: "race",
    ev.HOLDING: "race",
    ev.BLAST: "BLAST",
    ev.BLAST_DISCARD: "BLAST",
    ev.BLAST_PENALTY: "BLAST",
    ev.ELIMINATED: "out",
    ev.ROUND_OVER: "win",
}


#: Each emote in words, by its name in the protocol (``server.protocol.EMOTES``), in the
#: order the picker offers them; the browser says the same (``emotes.js``).
EMOTE_WORDS: Final[dict[str, str]] = {
    "hello": "Hello!",
    "well_played": "Well played!",
    "wow": "Wow!",
    "oops": "Oops!",
    "hurry": "Hurry up!",
    "thanks": "Thanks!",
}


def emote_words(emote: str) -> str:
    """An emote in words ("Well played!"); a name this version does not know, as it came."""
    return EMOTE_WORDS.get(emote, emote)


def _tagged(tag: str, text: str) -> str:
    return f"[b reverse] {tag} [/] {escape(text)}" if tag else escape(text)


def say(event: Event, name: Name) -> str:
    """An event as a log line (Textual markup)."""
    tag = TAGS.get(event.kind, "")
    if event.kind == ev.PRESS and event.count:
        tag = "launcher"
    return _tagged(tag, describe(event, name))


def race_line(race: dict[str, Any], name: Name) -> str:
    """Two seats answered the same state: who was first, and by how much."""
    first, late = name(race["first"]), name(race["late"])
    by = race["by_ms"]
    if by == 0:
        gap = "at the same instant"
    else:  # whole milliseconds: the clocks behind the figure are no finer than that
        gap = f"{by:.0f} ms later" if by >= 1 else "under 1 ms later"
    verdict = "taken on the new state" if race["accepted"] else "refused"
    text = f"{first} was first ({race['kind']}); {late}'s answer came {gap}: {verdict}"
    return _tagged("race", text)


def chat_line(line: dict[str, Any], name: Name) -> str:
    """A chat line, shown as text."""
    return f"[b]{escape(name(line.get('seat')))}:[/] {escape(str(line.get('text', '')))}"


def emote_line(emote: dict[str, Any], name: Name) -> str:
    """A seat's emote, shown as its words after the seat's name, as a chat line is."""
    return f"[b]{escape(name(emote['seat']))}:[/] {escape(emote_words(str(emote['emote'])))}"


def bot_failed_line(failure: dict[str, Any], name: Name) -> str:
    """A bot could not decide (its search failed): why, and that a light bot moved for it."""
    text = f"{name(failure['seat'])} could not decide ({failure['reason']}): the {LIGHT} bot moves"
    return _tagged("bot", text)
