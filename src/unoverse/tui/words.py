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


def jump_line(jump: dict[str, Any], play: dict[str, Any] | None, name: Name) -> str:
    """A jump-in as one log line, tagged: its play's sentence, which says the card and what
    it declares (the jump's own sentence until its play is known)."""
    return _tagged(TAGS[ev.JUMP], describe(Event.from_dict(play or jump), name))


#: A race in one line: who was first, with what; whose answer came late, by how much, and
#: what became of it.
RACE_WORDS: Final = "{first} first{won} — {late} came {gap}: {verdict}"
#: The race's words for the player it speaks to: (first, late with no card known).
RACE_YOU: Final = ("You were", "yours")


def _gap(by_ms: float) -> str:
    """How late an answer came, in seconds (the clocks behind it are no finer than a ms)."""
    if by_ms == 0:
        return "at the same instant"
    if by_ms < 10:
        return "under 0.01 s late"
    return f"{by_ms / 1000:.2f} s late"


def race_words(race: dict[str, Any], name: Name, me: int | None = None) -> str:
    """Two seats answered the same state (``TableState.race``), in plain words: "Bot 2 was
    first with G7 — Ana's G5 came 0.12 s late: refused, Ana draws 2". Said to ``me`` (the
    player's seat): "You were first ...", "... yours came ...: refused, you draw 2"."""
    first, late = race["first"], race["late"]
    won, refused, draws = race.get("won", ""), race.get("refused", ""), race.get("draws", 0)
    if late == me:
        whose, who = (f"your {refused}" if refused else RACE_YOU[1]), "you draw"
    else:
        whose = f"{name(late)}'s" + (f" {refused}" if refused else "")
        who = f"{name(late)} draws"
    if refused:
        verdict = "refused" + (f", {who} {draws}" if draws else "")
    else:
        verdict = "taken on the new state" if race["accepted"] else "refused"
    return RACE_WORDS.format(
        first=RACE_YOU[0] if first == me else f"{name(first)} was",
        won=f" with {won}" if won else f" to {race['kind'].replace('_', ' ')}",
        late=whose,
        gap=_gap(race["by_ms"]),
        verdict=verdict,
    )


def race_line(race: dict[str, Any], name: Name) -> str:
    """A race as its log line: ``race_words``, tagged."""
    return _tagged("race", race_words(race, name))


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
