"""The log's lines: each event in words (``unoverse.core.sentences``, with the players' names), the
races between seats, chat, emotes, and a bot's decision that failed, with a tag on what stands
out (jump-ins, UNO calls, catches, challenges, races, BLAST, the launcher firing, eliminations,
a Wild Color Roulette's reveal, a round won, a bot's failure, the table turning over), in the
current language (``tui.*``; the page's log tags and emotes' words)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from textual.markup import escape

from .. import i18n
from ..core import events as ev
from ..core.events import Event
from ..core.sentences import describe
from ..i18n import N_, t
from ..server.bot_pool import LIGHT

Name = Callable[[int | None], str]

#: The tag of each event kind that stands out: the page's log tags (``table.log.tag.*``), and
#: the terminal's own for a Wild Color Roulette's reveal (No Mercy, RULES.md §9.7).
TAGS: Final[dict[str, str]] = {
    ev.JUMP: N_("table.log.tag.jump"),
    ev.UNO: N_("table.log.tag.call"),
    ev.FALSE_UNO: N_("table.log.tag.call"),
    ev.CATCH: N_("table.log.tag.catch"),
    ev.ILLEGAL_CAUGHT: N_("table.log.tag.catch"),
    ev.CHALLENGE: N_("table.log.tag.challenge"),
    ev.SIMULTANEOUS: N_("table.log.tag.race"),
    ev.HOLDING: N_("table.log.tag.race"),
    ev.BLAST: N_("table.log.tag.blast"),
    ev.BLAST_DISCARD: N_("table.log.tag.blast"),
    ev.BLAST_PENALTY: N_("table.log.tag.blast"),
    ev.ELIMINATED: N_("table.log.tag.out"),
    ev.SHOWN: N_("tui.tag.roulette"),
    ev.ROUND_OVER: N_("table.log.tag.win"),
}
#: The launcher firing (a press that drew cards).
LAUNCHER_TAG: Final = N_("table.log.tag.burst")


#: The emotes, by their names in the protocol (``server.protocol.EMOTES``), in the order the
#: picker offers them; their words are the catalogue's ``emote.<name>``, as the page's.
EMOTES: Final = ("hello", "well_played", "wow", "oops", "hurry", "thanks")


def emote_words(emote: str) -> str:
    """An emote in words ("Well played!"); a name this version does not know, as it came."""
    return t(f"emote.{emote}") if emote in EMOTES else emote


def either(choices: list[str]) -> str:
    """``choices`` as one choice: "a", "a or b", "a, b or c" (``tui.either``)."""
    if len(choices) < 2:
        return "".join(choices)
    return t("tui.either", some=", ".join(choices[:-1]), last=choices[-1])


def _tagged(tag: str, text: str) -> str:
    """A log line with its tag (a key, shown in the current language) before it."""
    return f"[b reverse] {escape(t(tag))} [/] {escape(text)}" if tag else escape(text)


def say(event: Event, name: Name) -> str:
    """An event as a log line (Textual markup)."""
    tag = TAGS.get(event.kind, "")
    if event.kind == ev.PRESS and event.count:
        tag = LAUNCHER_TAG
    return _tagged(tag, describe(event, name))


#: After the sentence of the table turning over (P9, RULES.md §8.8): the side it leaves up,
#: by whether it is the dark one.
TURNED: Final = {False: N_("tui.turned.light"), True: N_("tui.turned.dark")}


def turn_over_line(event: dict[str, Any], dark: bool, name: Name) -> str:
    """The table turning over as one log line, tagged, with the side it leaves up: every
    colour and kind in play changes with it."""
    line = describe(Event.from_dict(event), name)
    return _tagged(N_("tui.tag.turn_over"), t(TURNED[dark], line=line))


def jump_line(jump: dict[str, Any], play: dict[str, Any] | None, name: Name) -> str:
    """A jump-in as one log line, tagged: its play's sentence, which says the card and what
    it declares (the jump's own sentence until its play is known)."""
    return _tagged(TAGS[ev.JUMP], describe(Event.from_dict(play or jump), name))


#: The shortest gap a race says in seconds (two decimals: 0.01 s); a shorter one is "under".
GAP_MS: Final = 10


def _gap(by_ms: float) -> str:
    """How late an answer came, in seconds with two decimals, written as the language writes
    them (the clocks behind it are no finer than a ms)."""
    if by_ms == 0:
        return t("tui.race.gap.same")
    if by_ms < GAP_MS:
        return t("tui.race.gap.under", s=i18n.number(GAP_MS / 1000, 2))
    return t("tui.race.gap.late", s=i18n.number(by_ms / 1000, 2))


def _race_kind(kind: str) -> str:
    """What the first seat did, in words (``tui.race.kind.<kind>``; an unknown kind as it
    came, in words)."""
    key = f"tui.race.kind.{kind}"
    return t(key) if i18n.current().has(key) else kind.replace("_", " ")


def race_words(race: dict[str, Any], name: Name, me: int | None = None) -> str:
    """Two seats answered the same state (``TableState.race``), in plain words: "Bot 2 was
    first with G7 — Ana's G5 came 0.12 s late: refused, Ana draws 2". Said to ``me`` (the
    player's seat): "You were first ...", "... yours came ...: refused, you draw 2"."""
    first, late = race["first"], race["late"]
    won, refused, draws = race.get("won", ""), race.get("refused", ""), race.get("draws", 0)
    if late == me:
        whose = t("tui.race.late.your_card", card=refused) if refused else t("tui.race.late.yours")
    elif refused:
        whose = t("tui.race.late.their_card", who=name(late), card=refused)
    else:
        whose = t("tui.race.late.theirs", who=name(late))
    if refused and draws:
        verdict = (
            t("tui.race.refused.you_draw", n=draws)
            if late == me
            else t("tui.race.refused.draws", who=name(late), n=draws)
        )
    elif refused or not race["accepted"]:
        verdict = t("tui.race.refused")
    else:
        verdict = t("tui.race.taken")
    kind = _race_kind(race["kind"])
    how = t("tui.race.with", card=won) if won else t("tui.race.to", what=kind)
    return t(
        "tui.race",
        first=t("tui.race.first.you") if first == me else t("tui.race.first", who=name(first)),
        won=how,
        late=whose,
        gap=_gap(race["by_ms"]),
        verdict=verdict,
    )


def race_line(race: dict[str, Any], name: Name) -> str:
    """A race as its log line: ``race_words``, tagged."""
    return _tagged(N_("table.log.tag.race"), race_words(race, name))


def chat_line(line: dict[str, Any], name: Name) -> str:
    """A chat line, shown as text."""
    return f"[b]{escape(name(line.get('seat')))}:[/] {escape(str(line.get('text', '')))}"


def emote_line(emote: dict[str, Any], name: Name) -> str:
    """A seat's emote, shown as its words after the seat's name, as a chat line is."""
    return f"[b]{escape(name(emote['seat']))}:[/] {escape(emote_words(str(emote['emote'])))}"


def bot_failed_line(failure: dict[str, Any], name: Name) -> str:
    """A bot could not decide (its search failed): why, and that a light bot moved for it."""
    text = t("tui.bot_failed", who=name(failure["seat"]), reason=failure["reason"], light=LIGHT)
    return _tagged(N_("tui.tag.bot"), text)
