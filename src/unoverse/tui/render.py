"""What the table shows, as Textual markup built from the ``TableState``: the seats, the
centre (top card, colour, direction, piles, penalty, a Wild Color Roulette, BLAST), what is
asked of whom, the hand, and the keys that act now, in the current language (``tui.*``).
Pure functions: the same state and language give the same screen."""

from __future__ import annotations

from typing import Any, Final

from textual.markup import escape

from ..core import effects as fx
from ..core.actions import Kind
from ..core.cards import CARD_KIND
from ..core.cards import card as card_id
from ..i18n import N_, t, tn
from .cards import (
    UNSEEN_BACK,
    card_name,
    chip,
    color_chip,
    color_name,
    faces,
    small_chip,
    sort_hand,
)
from .moves import HOLD_KEY, KEYS, Moves, group, key_of
from .state import TableState
from .words import either, emote_words

#: The longest name a seat line shows.
NAME_WIDTH: Final = 16
#: Above the table when the terminal is smaller than the table needs (its fields: the
#: terminal's width and height, and the table's).
TOO_SMALL: Final = N_("tui.too_small")


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
    while its bot thinks), cards held (an eliminated seat is out instead), the UNO state
    (UNO! only for a seat that called it), the score (none in a one-round game), the seat's
    emote for a few seconds and what else is true of the seat; with two-faced cards, under
    another seat's line, its backs. Before the deal: who sits where (``lobby``)."""
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
        name = _seat_name(state, seat)
        size = view["hand_sizes"][seat]
        out = view["eliminated"][seat]
        held = "" if out else tn("tui.seat.cards", size)  # (an eliminated hand is set aside)
        parts = [f"{marker} {escape(name):<{NAME_WIDTH}} {held:>9}"]
        if out:
            parts.append(f"[b dim]{t('tui.seat.out')}[/]")
        elif seat in view["uno_open"]:
            parts.append(f"[b]{t('tui.seat.no_uno')}[/]")
        elif seat in view["said_uno"] and size == 1:
            parts.append(f"[b]{t('table.uno')}[/]")
        if state.scores is not None and state.rules.get("scoring") != "none":
            parts.append(tn("tui.seat.points", state.scores[seat]))
        if seat == view["dealer"]:
            parts.append(t("tui.seat.dealer"))
        if live is not None:
            if live["blocked"] == seat:
                parts.append(t("tui.seat.blocked"))
            if live["armed"][seat]:
                parts.append(t("tui.seat.holds"))
        presence = state.presence[seat] if seat < len(state.presence) else {}
        if presence.get("stand_in"):
            parts.append(t("tui.seat.stand_in"))
        elif presence.get("kind") == "player" and not presence.get("connected") and seat != mine:
            parts.append(t("table.seat.away"))
        if state.thinks(seat):
            parts.append(f"[i]{t('tui.seat.thinking')}[/]")
        if seat in emotes:
            parts.append(said(emotes[seat]))
        if here and state.deadline is not None:
            parts.append(f"[b]{countdown(state, now_ms)}[/]")
        if seat in catchable:
            catch = escape(t("tui.seat.catch"))
            parts.append(f"[b reverse][@click=screen.catch({seat})] {catch} [/][/]")
        lines.append("  ".join(parts))
        backs = view.get("backs") or ()
        if seat < len(backs) and backs[seat]:
            lines.append(_backs(backs[seat]))
    return "\n".join(lines)


def _backs(cards: list[str]) -> str:
    """Under a seat's line, the faces its cards show the table (two-faced cards, RULES.md
    §8.4: the backs, which every other seat sees), as small chips in the hand's order."""
    chips = " ".join(small_chip(card) for card in sort_hand(list(cards)))
    return f"     [dim]{escape(t('tui.seat.backs'))}[/] {chips}"


def _seat_name(state: TableState, seat: int) -> str:
    """A seat's name on its line, "(you)" after the player's, cut to ``NAME_WIDTH``."""
    name = state.name(seat)
    if seat == state.seat:
        name = t("tui.seat.you", name=name)
    return name[: NAME_WIDTH - 1] + "…" if len(name) > NAME_WIDTH else name


def lobby(state: TableState, now_ms: float) -> str:
    """The room's seats before a round is dealt: who sits where, who is here, the host, the
    open seats, and a seat's emote for a few seconds."""
    room_seats = (state.room or {}).get("seats", [])
    emotes = state.shown_emotes(now_ms)
    lines = []
    for seat, room_seat in enumerate(room_seats):
        presence = state.presence[seat] if seat < len(state.presence) else room_seat
        if room_seat.get("kind") == "open":
            lines.append(f"    [dim]{t('tui.seat.open'):<{NAME_WIDTH}}[/]")
            continue
        name = _seat_name(state, seat)
        parts = [f"    {escape(name):<{NAME_WIDTH}}"]
        if room_seat.get("kind") == "player":
            here = presence.get("connected") or seat == state.seat
            parts.append(t("tui.seat.here") if here else t("table.seat.away"))
        if seat == state.host:
            parts.append(t("tui.seat.host"))
        if seat in emotes:
            parts.append(said(emotes[seat]))
        lines.append("  ".join(parts))
    return "\n".join(lines)


def _direction(d: int) -> str:
    return t("tui.direction.cw") if d == 1 else t("tui.direction.ccw")


def two_faced(view: dict[str, Any]) -> bool:
    """Whether the table plays two-faced cards (RULES.md §8), as its view says."""
    return bool(view["two_faced"])


def centre(state: TableState) -> str:
    """The discard pile's top card and the active colour; the direction, the draw pile or the
    launcher and Full Spectrum's steps; with two-faced cards, the side up and what a turn-over
    would bring up; the penalty waiting (and what stacks on it), or a Wild Color Roulette
    waiting for its colour; UNO Blast's BLAST state. One line each, short enough for 80
    columns."""
    view = state.view
    if view is None:
        return ""
    lines = [_top_line(view), _piles_line(view)]
    if two_faced(view):
        lines.append(_sides_line(view))
    pending = view["pending"]
    if pending is not None:
        lines.append(f"[b]{_penalty(state, pending)}[/]")
    victim = roulette_victim(state)
    if victim is not None:
        said = t(ROULETTE_YOU) if victim == state.seat else t(ROULETTE, who=state.name(victim))
        lines.append(f"[b]{escape(said)}[/]")
    blast = _blast_line(view)
    if blast:
        lines.append(blast)
    return "\n".join(lines)


def _top_line(view: dict[str, Any]) -> str:
    """The top card and the active colour. A two-faced card shows its face up only: its back
    lies on the pile, and turning the table over sends it to the bottom (P9, RULES.md
    §8.8), so it would only crowd the line."""
    top = view["top"]
    if top:
        face = faces(top)[0]
        line = [t("tui.top", card=f"{chip(face)} {card_name(face)}")]
    else:
        line = [t("tui.top.none")]
    if view["color"]:
        line.append(t("tui.color", chip=color_chip(view["color"])))
    return "  ·  ".join(line)


def _piles_line(view: dict[str, Any]) -> str:
    """The direction; the draw pile (with the face its top card shows the table, RULES.md
    §8.4, FL-2) or UNO Attack's launcher; Full Spectrum's steps."""
    more = [_direction(view["direction"])]
    if view["launcher"] is not None:
        presses = view["launcher"]
        since = t("table.launcher.fired") if presses == 0 else tn("table.launcher.presses", presses)
        more.append(tn("tui.launcher", view["draw_count"], since=since))
    elif view.get("pile_back"):
        pile = tn("tui.draw_pile", view["draw_count"])
        more.append(t("tui.pile_back", pile=pile, card=small_chip(view["pile_back"])))
    else:
        more.append(tn("tui.draw_pile", view["draw_count"]))
    if view["steps"]:
        more.append(t("tui.steps", colors=" ".join(color_chip(c) for c in view["steps"])))
    return "  ·  ".join(more)


#: The side up, in words: light, dark (RULES.md §8.4). The dark one stands out, for it
#: changes every colour and kind in play.
SIDES: Final = {
    False: N_("tui.side.light"),
    True: N_("tui.side.dark"),
}


def _sides_line(view: dict[str, Any]) -> str:
    """Which side of the two-faced cards is up, and the face a turn-over would bring up,
    when the seat knows it (``turns_up``)."""
    dark = bool(view.get("dark"))
    side = escape(t(SIDES[dark]))
    line = [f"[b reverse] {side} [/]" if dark else f"[b]{side}[/]"]
    face = turns_up(view["discard"], dark)
    if face:
        line.append(t("tui.turn_over_shows", card=small_chip(face)))
    return "  ·  ".join(line)


def turns_up(discard: list[str], dark: bool) -> str:
    """The face turning the table over would bring up (P9): the other face of the discard
    pile's bottom card, which tops the pile once it is turned over (RULES.md §8.8, FL-7); ""
    when the seat does not know it, or the pile holds one card (the card that turns the table
    over would land on it). A card the seat knows by one face only is its light face
    (``View``, FL-3): the one a turn-over brings up on the dark side, an unknown back on the
    light side."""
    if len(discard) < 2:
        return ""
    face, back = faces(discard[0])
    return back or (face if dark else "")


def _penalty(state: TableState, pending: dict[str, Any]) -> str:
    """The penalty waiting, in words: how many cards and for whom, and when draw cards stack
    by value what one must be worth to stack on it (``stack_floor``); or who presses until
    the launcher fires (UNO Attack); or who draws until the active colour comes (a Wild Draw
    Color, RULES.md §8.9)."""
    who = escape(state.name(pending["target"]))
    if pending["until_fire"]:
        return t("tui.penalty.until_fire", who=who)
    if pending.get("until_color"):
        view = state.view or {}
        return t("tui.penalty.until_color", who=who, color=color_name(view.get("color") or ""))
    floor = stack_floor(state)
    if floor:
        return t("tui.penalty.stack", who=who, n=pending["amount"], floor=floor)
    return t("tui.penalty", who=who, n=pending["amount"])


def _top_kind(view: dict[str, Any]) -> int:
    """The kind of the top card's face up (-1: no card on the pile)."""
    return CARD_KIND[card_id(faces(view["top"])[0])] if view["top"] else -1


def stack_floor(state: TableState) -> int:
    """What a draw card must be worth to answer the pending chain where draw cards stack by
    value (``stacking = blast_ge``: UNO Blast's B-19, No Mercy's §9.6): at least the chain's
    last card, the top card (NM-5). 0 when they do not stack so, no chain is pending, or
    the table's rules are not known here (``TableState.engine_rules``)."""
    view, rules = state.view, state.engine_rules
    if view is None or rules is None or view["pending"] is None:
        return 0
    kind = _top_kind(view)
    if rules.stacking != fx.STACK_BLAST_GE or kind not in rules.stackable:
        return 0
    return int(rules.amount[kind])


#: A Wild Color Roulette's colour window (No Mercy, RULES.md §9.7), in the centre: said to
#: its victim, who names the colour and turns cards up until one of it comes; to the others.
ROULETTE_YOU: Final = N_("tui.roulette.you")
ROULETTE: Final = N_("tui.roulette")


def roulette_victim(state: TableState) -> int | None:
    """The seat that names the colour of the wild on top, played without one, and then
    suffers its effect (No Mercy's Wild Color Roulette: RULES.md §9.7, NM-11), while the
    colour window is open: the view's ``names_color``; None otherwise."""
    view = state.view
    named = None if view is None else view.get("names_color")
    return None if named is None else int(named)


def _blast_line(view: dict[str, Any]) -> str:
    """UNO Blast's BLAST state: the open BLAST card, the lock, the card held up, the spent
    BLAST cards ("" when none)."""
    blast = []
    if view["blast"]:
        blast.append(f"[b]{t('tui.blast')}[/] {chip(view['blast'])} {card_name(view['blast'])}")
    live = view.get("live")
    if live is not None:
        if live["lock"]:
            blast.append(t("tui.locked", colors=" ".join(color_chip(c) for c in live["lock"])))
        if live["mine"]:
            blast.append(t("tui.holding", card=chip(live["mine"])))
    if view["spent"]:
        blast.append(t("tui.spent", cards=" ".join(chip(c) for c in view["spent"])))
    return "  ·  ".join(blast)


#: What each mandatory window asks: to its seat, what it is about and what a card of the
#: hand does there ("" if none may be played); to the others. The seat's prompt goes on with
#: what its legal actions allow ("Your turn: play a card or draw (d)").
#: Keys (``tui.ask.<window>``, ``.card``, ``.others``), read when shown.
ASKS: Final[dict[str, tuple[str, str, str]]] = {
    "turn": (N_("tui.ask.turn"), N_("tui.ask.turn.card"), N_("tui.ask.turn.others")),
    "drawn": (N_("tui.ask.drawn"), N_("tui.ask.drawn.card"), N_("tui.ask.drawn.others")),
    "penalty": (N_("tui.ask.penalty"), N_("tui.ask.penalty.card"), N_("tui.ask.penalty.others")),
    "challenge": (
        N_("tui.ask.challenge"),
        N_("tui.ask.challenge.card"),
        N_("tui.ask.challenge.others"),
    ),
    "color": (N_("tui.ask.color"), "", N_("tui.ask.color.others")),
    "blast": (N_("tui.ask.blast"), "", N_("tui.ask.blast.others")),
    "live": (N_("tui.ask.live"), N_("tui.ask.live.card"), N_("tui.ask.live.others")),
}

#: The colour window of a wild a turn-over brought up (RULES.md §8.8, FL-8), not the first
#: card's: to its seat, to the others (as ``ASKS``).
SURFACED: Final = (N_("tui.ask.color.surfaced"), "", N_("tui.ask.color.surfaced.others"))


#: The colour window of a Wild Color Roulette (No Mercy, RULES.md §9.7): to its victim, who
#: names the colour (its field ``by``: the Roulette's player), to the others (as ``ASKS``).
ROULETTE_ASK: Final = (N_("tui.ask.color.roulette"), "", N_("tui.ask.color.roulette.others"))

#: A chain of draw cards stacking by value (``stack_floor``): to its target, what a card of
#: the hand does there (its field ``floor``), to the others (as ``ASKS``; field ``n``: the
#: total).
STACKED: Final = (
    N_("tui.ask.penalty.stack"),
    N_("tui.ask.penalty.stack.card"),
    N_("tui.ask.penalty.stack.others"),
)

#: Under the title of the Roulette's colours, to its victim: what naming one does.
ROULETTE_NOTE: Final = N_("tui.chooser.color.roulette.note")
#: Under the title of a card's choices when it swaps hands with a seat chosen (a 7 of
#: Seven-0 or No Mercy, a Friendly wild): what a swap does.
SWAP: Final = N_("tui.chooser.swap.note")

#: Before what is asked, to a seat eliminated from the round (its field ``then``).
OUT: Final = N_("tui.ask.out")


def surfaced(view: dict[str, Any]) -> bool:
    """Whether a colour window is for a wild a turn-over brought up (RULES.md §8.8, FL-8), not
    for the first card: with two-faced cards a colour window opens only for a wild nobody
    played, and past the first card only turning the table over brings one up."""
    return bool(view.get("two_faced")) and len(view["discard"]) > 1


def challenged(view: dict[str, Any]) -> str:
    """The card a challenge window is about, in words: the top card's face up (a Wild Draw
    Four, P5; with two-faced cards, a Wild Draw Two or a Wild Draw Color, RULES.md §8.9)."""
    return card_name(faces(view["top"] or "")[0])


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
    True: N_("tui.match_over.host"),
    False: N_("tui.match_over.guest"),
}


def offers(state: TableState, window: str, card: str = "") -> str:
    """What the seat may do in ``window``, from its legal actions and nothing else: playing
    a card if one plays (``card``, in words: by default the window's ``ASKS``), and each
    answer's key (``key_of``: UNO Attack's presses too)."""
    moves = group(state.legal)
    card = card or (t(ASKS[window][1]) if ASKS[window][1] else "")
    can = [card] if card and moves.by_card else []
    for kind in ANSWERS:
        if moves.by_kind.get(kind):
            key = key_of(kind, state.launcher)
            can.append(f"{key.ask} ({key.key})")
    return either(can)


def asked(state: TableState, now_ms: float) -> tuple[str, bool, str]:
    """What is asked of whom now, as plain words; whether it is asked of this seat (or is
    news worth stressing); and the countdown ("" without a timer)."""
    view = state.view
    if state.match_over is not None:
        return t(MATCH_OVER[state.host is not None and state.host == state.seat]), True, ""
    if view is None:
        if state.status != "connected":
            return "", False, ""
        if state.room is not None and not state.room.get("started"):
            return t("tui.wait.host"), False, ""
        return t("tui.wait.deal"), False, ""
    if view["winner"] is not None:
        return t("table.wins", who=state.name(view["winner"])), True, ""
    live = view.get("live")
    if live is not None and state.seat is not None and live["blocked"] == state.seat:
        return t("table.blocked"), False, ""
    w = state.mandatory()
    if w is None or w["kind"] not in ASKS:
        return "", False, ""
    mine = state.my_move()
    head, plays, to_others = _asks(state, w["kind"])
    fields = {
        "card": challenged(view) if w["kind"] == "challenge" else "",
        "by": state.name(view["top_by"]),
        "n": (view["pending"] or {}).get("amount", 0),
        "floor": stack_floor(state),
    }
    if w["kind"] == "blast" and not mine:
        text = t("tui.ask.blast.waiting")
    elif mine:
        can = offers(state, w["kind"], t(plays, **fields) if plays else "")
        text = t("tui.ask", head=t(head, **fields), offers=can) if can else t(head, **fields)
    else:
        text = t(to_others, who=state.name(w.get("seat")), **fields)
    if state.seat is not None and view["eliminated"][state.seat]:
        text = t(OUT, then=text)
    return text, mine, countdown(state, now_ms) if w["kind"] != "live" else ""


def _asks(state: TableState, window: str) -> tuple[str, str, str]:
    """The words of what ``window`` asks (as ``ASKS``): a colour window's for a Wild Color
    Roulette or a wild a turn-over brought up, a penalty's for a chain stacking by value."""
    view = state.view or {}
    if window == "color" and roulette_victim(state) is not None:
        return ROULETTE_ASK
    if window == "color" and surfaced(view):
        return SURFACED
    if window == "penalty" and stack_floor(state):
        return STACKED
    return ASKS[window]


def prompt(state: TableState, now_ms: float) -> str:
    """``asked`` as markup: stressed in bold, with the countdown."""
    text, stressed, left = asked(state, now_ms)
    text = f"[b]{escape(text)}[/]" if stressed else escape(text)
    return f"{text}  [b]({escape(t('tui.left', time=left))})[/]" if left else text


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
    and ↑ when it is held up (BLAST mode). With two-faced cards, a card whose back the
    player has not seen (RULES.md §8.4, FL-3) says so where its back would be."""
    view = state.view
    if view is None or state.seat is None:
        return []
    armed = (view.get("live") or {}).get("mine")
    unseen = UNSEEN_BACK if two_faced(view) else ""  # (a two-faced card known by one face)
    tokens = []
    for i, (card, key) in enumerate(zip(cards, keys, strict=True)):
        mark = "▲" if hints and _plays(moves, card) else " "
        face = chip(card) if "|" in card else chip(card) + unseen
        face = f"[b reverse]›[/]{face}[b reverse]‹[/]" if i == cursor else f" {face} "
        held = "↑" if armed == card else ""
        tokens.append(f"[dim]{key or ' '}[/]{mark}{face}{held}")
    return tokens


def _plays(moves: Moves, card: str) -> bool:
    """Whether ``card`` can be played now (a jump-in too; held up is not played)."""
    return any(m.action.kind != Kind.ARM for m in moves.by_card.get(card, []))


#: BLAST mode: the cards that fit now, by their keys, first on the keys line.
FITS: Final = N_("tui.fits")
#: A jump-in on the keys line, in words: what it is, where it is offered.
JUMP_IN: Final = N_("tui.jump_in")
#: A card that may be played or jump in on the player's turn: the difference, in words.
JUMP_OR_PLAY: Final = N_("tui.jump_or_play")


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
            shown.append(t(FITS, cards=" ".join(fits)))
    jumps = [(key, card) for key, card in held if moves.jump(card)]
    if jumps:
        jumper, card = jumps[0]
        shown.append(f"[b]{jumper or '← →'}[/] {escape(t(JUMP_IN, card=card))}")
    seen = set()
    if any(moves.plays(c, False) for c in moves.by_card):
        enter = escape(t("tui.key.enter"))
        choose, play = escape(t("tui.keys.choose")), escape(t("tui.keys.play"))
        shown.append(f"[b]← →[/] {choose}  [b]{enter}[/] {play}")
    for kind in KEYS:
        key = key_of(kind, state.launcher, state.view["pending"])
        letter, label = key.key, key.label
        if not moves.by_kind.get(kind) or letter in seen or kind == Kind.UNO:
            continue
        seen.add(letter)
        shown.append(f"[b][@click=screen.key('{letter}')]{letter}[/][/] {escape(label)}")
    uno = key_of(Kind.UNO, state.launcher).key
    if moves.by_kind.get(Kind.UNO):
        shown.append(f"[b][@click=screen.key('{uno}')]{uno}[/][/] {escape(t('table.uno'))}")
    elif len(state.view["hand"]) <= 2 and any(
        m.action.uno for ms in moves.by_card.values() for m in ms
    ):
        what = t("tui.keys.uno_cancel") if call_uno else t("tui.keys.uno_next")
        shown.append(f"[b][@click=screen.key('{uno}')]{uno}[/][/] {escape(what)}")
    if cursor_card and moves.pick_up(cursor_card):
        shown.append(f"[b]{HOLD_KEY}[/] {escape(t('tui.keys.hold'))}")
    return "   ".join(shown)


#: How the rounds count (RULES.md P6, the room's ``scoring``), under a round's results; the
#: browser's results say the same (``results.js``).
SCORING: Final[dict[str, str]] = {
    "winner_takes": N_("tui.scoring.winner_takes"),
    "lowest_total": N_("tui.scoring.lowest_total"),
    "none": N_("tui.scoring.none"),
}


#: Under how the rounds count, where a knockout scores (No Mercy's 250, NM-25): its points.
KNOCKOUT_POINTS: Final = N_("tui.scoring.knockout")


def results(state: TableState) -> str:
    """The last round's (or the match's) result: the winner, the points left in each hand
    (a seat eliminated in the round is out instead: its hand does not count, RULES.md
    §9.13), the match's scores (none in a one-round game: ``scoring`` none), how the rounds
    count, and what a knockout is worth to the winner where it scores (NM-25)."""
    over: dict[str, Any] | None = state.round_over
    scoring = state.rules.get("scoring")
    scored = scoring != "none"
    out = (state.view or {}).get("eliminated") or ()
    lines = []
    if over is not None:
        lines.append(f"[b]{escape(t('table.wins', who=state.name(over['winner'])))}[/]")
        lines.append("")
        score = f"  {t('tui.results.score'):>11}" if scored else ""
        lines.append(f"{'':<{NAME_WIDTH}}  {t('tui.results.left'):>13}{score}")
        for seat, left in enumerate(over["leftovers"]):
            name = escape(state.name(seat))
            if seat < len(out) and out[seat]:
                left = t("tui.seat.out")
            score = f"  {over['scores'][seat]:>11}" if scored else ""
            lines.append(f"{name:<{NAME_WIDTH}}  {left:>13}{score}")
        if scoring in SCORING:
            target = state.rules.get("target_score") or 500
            lines.append("")
            lines.append(escape(t(SCORING[str(scoring)], target=target)))
            rules = state.engine_rules
            if scored and rules is not None and rules.knockout_points:
                lines.append(escape(t(KNOCKOUT_POINTS, points=rules.knockout_points)))
    if state.match_over is not None:
        winners = ", ".join(state.name(s) for s in state.match_over["winners"])
        lines.append("")
        lines.append(f"[b]{escape(t('tui.results.match', winners=winners))}[/]")
    return "\n".join(lines)
