"""What the table shows, as Textual markup built from the ``TableState``: the seats, the
centre (top card, colour, direction, piles, penalty, BLAST), what is asked of whom, the
hand, and the keys that act now. Pure functions: the same state gives the same screen."""

from __future__ import annotations

from typing import Any, Final

from textual.markup import escape

from ..core.actions import Kind
from .cards import card_name, chip, color_chip
from .moves import KEYS, Moves, group, key_of
from .state import TableState
from .words import emote_words

#: The longest name a seat line shows.
NAME_WIDTH: Final = 16
#: Above the table when the terminal is smaller than the table needs (``Size``s, w×h).
TOO_SMALL: Final = (
    "Terminal too small: {size.width}×{size.height}; the table needs {wanted.width}×"
    "{wanted.height} to show your hand. Enlarge the window."
)


def _plural(n: int, one: str, many: str = "") -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def countdown(state: TableState, now_ms: float) -> str:
    """The seconds left on the mandatory window's timer ("" without a timer)."""
    if state.deadline is None:
        return ""
    return f"{max(0, int((state.deadline - now_ms) / 1000.0 + 0.999))}s"


def said(emote: str) -> str:
    """An emote on its seat's line: its words, quoted."""
    return f"[i]“{escape(emote_words(emote))}”[/]"


def seats(state: TableState, moves: Moves, now_ms: float) -> str:
    """One line per seat, this seat first: who must act (▶ and the countdown; "thinking…"
    while its bot thinks), cards held, the UNO state (UNO! only for a seat that called it),
    the score (none in a one-round game), the seat's emote for a few seconds and what else
    is true of the seat. Before the deal: who sits where (``lobby``)."""
    view = state.view
    if view is None:
        return lobby(state, now_ms)
    n = view["players"]
    mine = state.seat
    first = 0 if mine is None else mine
    acting = state.mandatory()
    live = view.get("live")
    catchable = {m.action.target for m in moves.by_kind.get(Kind.CATCH, [])}
    emotes = state.shown_emotes(now_ms)
    lines = []
    for i in range(n):
        seat = (first + i) % n
        here = acting is not None and acting["kind"] != "live" and acting["seat"] == seat
        marker = "[b reverse] ▶ [/]" if here else "   "
        name = state.name(seat) + (" (you)" if seat == mine else "")
        if len(name) > NAME_WIDTH:
            name = name[: NAME_WIDTH - 1] + "…"
        size = view["hand_sizes"][seat]
        parts = [f"{marker} {escape(name):<{NAME_WIDTH}} {_plural(size, 'card'):>9}"]
        if view["eliminated"][seat]:
            parts.append("[dim]out[/]")
        elif seat in view["uno_open"]:
            parts.append("[b]no UNO call![/]")
        elif seat in state.called:
            parts.append("[b]UNO![/]")
        if state.scores is not None and state.rules.get("scoring") != "none":
            parts.append(f"{state.scores[seat]} pts")
        if seat == view["dealer"]:
            parts.append("dealer")
        if live is not None:
            if live["blocked"] == seat:
                parts.append("blocked")
            if live["armed"][seat]:
                parts.append("holds a card up")
        presence = state.presence[seat] if seat < len(state.presence) else {}
        if presence.get("stand_in"):
            parts.append("bot stand-in")
        elif presence.get("kind") == "player" and not presence.get("connected") and seat != mine:
            parts.append("away")
        if state.thinks(seat):
            parts.append("[i]thinking…[/]")
        if seat in emotes:
            parts.append(said(emotes[seat]))
        if here and state.deadline is not None:
            parts.append(f"[b]{countdown(state, now_ms)}[/]")
        if seat in catchable:
            parts.append(f"[b reverse][@click=screen.catch({seat})] k: catch [/][/]")
        lines.append("  ".join(parts))
    return "\n".join(lines)


def lobby(state: TableState, now_ms: float) -> str:
    """The room's seats before a round is dealt: who sits where, who is here, the host, the
    open seats, and a seat's emote for a few seconds."""
    room_seats = (state.room or {}).get("seats", [])
    emotes = state.shown_emotes(now_ms)
    lines = []
    for seat, room_seat in enumerate(room_seats):
        presence = state.presence[seat] if seat < len(state.presence) else room_seat
        if room_seat.get("kind") == "open":
            lines.append(f"    [dim]{'(open seat)':<{NAME_WIDTH}}[/]")
            continue
        name = state.name(seat) + (" (you)" if seat == state.seat else "")
        if len(name) > NAME_WIDTH:
            name = name[: NAME_WIDTH - 1] + "…"
        parts = [f"    {escape(name):<{NAME_WIDTH}}"]
        if room_seat.get("kind") == "player":
            parts.append("here" if presence.get("connected") or seat == state.seat else "away")
        if seat == state.host:
            parts.append("host")
        if seat in emotes:
            parts.append(said(emotes[seat]))
        lines.append("  ".join(parts))
    return "\n".join(lines)


def _direction(d: int) -> str:
    return "↻ clockwise" if d == 1 else "↺ counter-clockwise"


def centre(state: TableState) -> str:
    """The discard pile's top card and the active colour; the direction, the draw pile or the
    launcher and Full Spectrum's steps; the penalty waiting; UNO Blast's BLAST state. One
    line each, short enough for 80 columns."""
    view = state.view
    if view is None:
        return ""
    top = view["top"]
    color = view["color"]
    line = [f"Top card {chip(top)} {card_name(top)}" if top else "No card yet"]
    if color:
        line.append(f"colour {color_chip(color)}")
    lines = ["  ·  ".join(line)]
    more = [_direction(view["direction"])]
    if view["launcher"] is not None:
        presses = view["launcher"]
        since = (
            "just fired or reset"
            if presses == 0
            else f"{_plural(presses, 'press', 'presses')} since it fired"
        )
        more.append(f"Launcher: {view['draw_count']} cards loaded, {since}")
    else:
        more.append(f"Draw pile: {_plural(view['draw_count'], 'card')}")
    if view["steps"]:
        more.append("also plays: " + " ".join(color_chip(c) for c in view["steps"]))
    lines.append("  ·  ".join(more))
    pending = view["pending"]
    if pending is not None:
        who = escape(state.name(pending["target"]))
        if pending["until_fire"]:
            lines.append(f"[b]Penalty: {who} presses until the launcher fires[/]")
        else:
            lines.append(f"[b]Penalty: +{pending['amount']} on {who}[/]")
    blast = []
    if view["blast"]:
        blast.append(f"[b]BLAST![/] {chip(view['blast'])} {card_name(view['blast'])}")
    live = view.get("live")
    if live is not None:
        if live["lock"]:
            blast.append("locked: " + " ".join(color_chip(c) for c in live["lock"]))
        if live["mine"]:
            blast.append(f"you hold {chip(live['mine'])} up")
    if view["spent"]:
        blast.append("spent: " + " ".join(chip(c) for c in view["spent"]))
    if blast:
        lines.append("  ·  ".join(blast))
    return "\n".join(lines)


#: What each mandatory window asks: to its seat, what it is about and what a card of the
#: hand does there ("" if none may be played); to the others. The seat's prompt goes on with
#: what its legal actions allow ("Your turn: play a card or draw (d)").
ASKS: Final[dict[str, tuple[str, str, str]]] = {
    "turn": ("Your turn", "play a card", "{who}'s turn"),
    "drawn": ("You drew a card", "play it", "{who} decides on the drawn card"),
    "penalty": ("A penalty", "answer it", "{who} faces a penalty"),
    "challenge": ("A Wild Draw Four", "answer it", "{who} faces a Wild Draw Four"),
    "color": ("The first card", "", "{who} chooses the first colour"),
    "blast": ("BLAST challenge", "", "BLAST challenge: {who} and others answer"),
    "live": ("Live play", "play any card that fits, any time", "Live play: anyone may play"),
}

#: The kinds of action a prompt offers with their keys, in the order it names them.
ANSWERS: Final = (
    Kind.DRAW,
    Kind.PRESS,
    Kind.PASS,
    Kind.TAKE,
    Kind.CHALLENGE,
    Kind.COLOR,
    Kind.BLAST,
)

#: The prompt once the match is over: at the host's seat (who starts another), at another.
MATCH_OVER: Final = {
    True: "The match is over: n starts another",
    False: "The match is over: the host may start another",
}


def _either(offers: list[str]) -> str:
    """``offers`` as one choice: "a", "a or b", "a, b or c"."""
    if len(offers) < 2:
        return "".join(offers)
    return f"{', '.join(offers[:-1])} or {offers[-1]}"


def offers(state: TableState, window: str) -> str:
    """What the seat may do in ``window``, from its legal actions and nothing else: playing
    a card if one plays, and each answer's key (``key_of``: UNO Attack's presses too)."""
    moves = group(state.legal)
    can = [ASKS[window][1]] if ASKS[window][1] and moves.by_card else []
    for kind in ANSWERS:
        if moves.by_kind.get(kind):
            key = key_of(kind, state.launcher)
            can.append(f"{key.ask} ({key.key})")
    return _either(can)


def asked(state: TableState, now_ms: float) -> tuple[str, bool, str]:
    """What is asked of whom now, as plain words; whether it is asked of this seat (or is
    news worth stressing); and the countdown ("" without a timer)."""
    view = state.view
    if state.match_over is not None:
        return MATCH_OVER[state.host is not None and state.host == state.seat], True, ""
    if view is None:
        if state.status != "connected":
            return "", False, ""
        if state.room is not None and not state.room.get("started"):
            return "Waiting for the host to start the match…", False, ""
        return "Waiting for the deal…", False, ""
    if view["winner"] is not None:
        return f"{state.name(view['winner'])} wins the round", True, ""
    live = view.get("live")
    if live is not None and state.seat is not None and live["blocked"] == state.seat:
        return "You are blocked until someone else plays", False, ""
    w = state.mandatory()
    if w is None or w["kind"] not in ASKS:
        return "", False, ""
    mine = state.my_move()
    head, _, to_others = ASKS[w["kind"]]
    if w["kind"] == "blast" and not mine:
        text = "BLAST challenge: waiting for the others"
    elif mine:
        can = offers(state, w["kind"])
        text = f"{head}: {can}" if can else head
    else:
        text = to_others.format(who=state.name(w.get("seat")))
    return text, mine, countdown(state, now_ms) if w["kind"] != "live" else ""


def prompt(state: TableState, now_ms: float) -> str:
    """``asked`` as markup: stressed in bold, with the countdown."""
    text, stressed, left = asked(state, now_ms)
    text = f"[b]{escape(text)}[/]" if stressed else escape(text)
    return f"{text}  [b]({left} left)[/]" if left else text


def hand(
    state: TableState,
    cards: list[str],
    keys: list[str],
    moves: Moves,
    cursor: int,
    hints: bool = True,
) -> list[str]:
    """The hand's ``cards`` (in the order shown: ``cards.sort_hand``), one token (Textual
    markup) per card: the key that plays it (``keys``: ``hand.HandKeys``), ▲ if it can be
    played now (unless hints are off), the card's chip, in arrows when the cursor is on it,
    and ↑ when it is held up (BLAST mode)."""
    view = state.view
    if view is None or state.seat is None:
        return []
    armed = (view.get("live") or {}).get("mine")
    tokens = []
    for i, (card, key) in enumerate(zip(cards, keys, strict=True)):
        mark = "▲" if hints and _plays(moves, card) else " "
        face = chip(card)
        face = f"[b reverse]›[/]{face}[b reverse]‹[/]" if i == cursor else f" {face} "
        held = "↑" if armed == card else ""
        tokens.append(f"[dim]{key or ' '}[/]{mark}{face}{held}")
    return tokens


def _plays(moves: Moves, card: str) -> bool:
    """Whether ``card`` can be played now (a jump-in too; held up is not played)."""
    return any(m.action.kind != Kind.ARM for m in moves.by_card.get(card, []))


#: BLAST mode: the cards that fit now, by their keys, first on the keys line.
FITS: Final = "Fits now: {cards}"
#: A jump-in on the keys line, in words: what it is, where it is offered.
JUMP_IN: Final = (
    "jump in with {card}: your card identical to the top card goes on it out of turn;"
    " the top card's effect is cancelled and play goes on from you"
)
#: A card that may be played or jump in on the player's turn: the difference, in words.
JUMP_OR_PLAY: Final = (
    "Play it: your turn's play, after the top card's effect.\n"
    "Jump in: your identical card covers the top card, whose effect is cancelled;"
    " only yours applies."
)


def keys(
    state: TableState,
    moves: Moves,
    call_uno: bool,
    cursor_card: str | None,
    held: list[tuple[str, str]],
) -> str:
    """The keys that act now, with what each does. ``held``: the hand shown, (key, card)
    each: in BLAST mode the cards that fit come first, by their keys; a jump-in (only a card
    identical to the top card makes one) is offered with its card's key, and explained."""
    if state.view is None or state.seat is None:
        return ""
    shown: list[str] = []
    if state.realtime:
        fits = [f"[b]{key}[/] {chip(card)}" for key, card in held if key and _plays(moves, card)]
        if fits:
            shown.append(FITS.format(cards=" ".join(fits)))
    jumps = [(key, card) for key, card in held if moves.jump(card)]
    if jumps:
        jumper, card = jumps[0]
        shown.append(f"[b]{jumper or '← →'}[/] {escape(JUMP_IN.format(card=card))}")
    seen = set()
    if any(moves.plays(c, False) for c in moves.by_card):
        shown.append("[b]← →[/] choose a card  [b]Enter[/] play it")
    for kind in KEYS:
        key = key_of(kind, state.launcher, state.view["pending"])
        letter, label = key.key, key.label
        if not moves.by_kind.get(kind) or letter in seen or kind == Kind.UNO:
            continue
        seen.add(letter)
        shown.append(f"[b][@click=screen.key('{letter}')]{letter}[/][/] {label}")
    if moves.by_kind.get(Kind.UNO):
        shown.append("[b][@click=screen.key('u')]u[/][/] UNO!")
    elif len(state.view["hand"]) <= 2 and any(
        m.action.uno for ms in moves.by_card.values() for m in ms
    ):
        what = "cancel the UNO call" if call_uno else "UNO with your next card"
        shown.append(f"[b][@click=screen.key('u')]u[/][/] {what}")
    if cursor_card and moves.pick_up(cursor_card):
        shown.append("[b]h[/] hold the card up")
    return "   ".join(shown)


#: How the rounds count (RULES.md P6, the room's ``scoring``), under a round's results; the
#: browser's results say the same (``results.js``).
SCORING: Final[dict[str, str]] = {
    "winner_takes": "The round's winner scores the points left in the other hands;"
    " the first to {target} wins the match.",
    "lowest_total": "Everyone adds the points left in their own hand;"
    " once someone reaches {target}, the lowest total wins.",
    "none": "One round decides the game: no points are kept.",
}


def results(state: TableState) -> str:
    """The last round's (or the match's) result: the winner, the points left in each hand,
    the match's scores (none in a one-round game: ``scoring`` none), how the rounds count."""
    over: dict[str, Any] | None = state.round_over
    scoring = state.rules.get("scoring")
    scored = scoring != "none"
    lines = []
    if over is not None:
        lines.append(f"[b]{escape(state.name(over['winner']))} wins the round[/]")
        lines.append("")
        score = f"  {'match score':>11}" if scored else ""
        lines.append(f"{'':<{NAME_WIDTH}}  {'points left':>13}{score}")
        for seat, left in enumerate(over["leftovers"]):
            name = escape(state.name(seat))
            score = f"  {over['scores'][seat]:>11}" if scored else ""
            lines.append(f"{name:<{NAME_WIDTH}}  {left:>13}{score}")
        if scoring in SCORING:
            target = state.rules.get("target_score") or 500
            lines.append("")
            lines.append(escape(SCORING[str(scoring)].format(target=target)))
    if state.match_over is not None:
        winners = ", ".join(state.name(s) for s in state.match_over["winners"])
        lines.append("")
        lines.append(f"[b]The match is over: {escape(winners)} won.[/]")
    return "\n".join(lines)
