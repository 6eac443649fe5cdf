"""Per-seat views: the one choke point for hidden information (DESIGN.md).

A view is a frozen value built from a game for one seat (or ``None``, a spectator). It holds
the seat's own hand, what everyone can see, and the cards the seat has *seen* in other
hands — never the draw pile's order, another seat's unseen cards, the PRNG, or whether a
pending Wild Draw Four was legal. It keeps no reference to the game.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from . import backs
from .blast.part import BlastPart
from .cards import DARK_UP
from .effects import PEN_COLOR, PEN_FIRE
from .phase import PHASE_NAMES, Phase
from .rules import Rules
from .table import Table
from .value import Value
from .windows import COLOR, Window


class Pending(Value):
    """A draw penalty waiting for its victim (E-1), as everyone sees it: ``amount`` cards
    (presses of the launcher in UNO Attack); or, ``until_fire``, presses until it fires; or,
    ``until_color``, draws until a card of the active colour comes (P10)."""

    __slots__ = ("amount", "challengeable", "source", "target", "until_color", "until_fire")
    FIELDS: ClassVar[tuple[str, ...]] = (
        "amount",
        "target",
        "source",
        "challengeable",
        "until_fire",
        "until_color",
    )

    def __init__(
        self,
        amount: int,
        target: int,
        source: int,
        challengeable: bool,
        until_fire: bool = False,
        until_color: bool = False,
    ) -> None:
        self.amount: Final = amount
        self.target: Final = target
        self.source: Final = source  # -1: the first card
        self.challengeable: Final = challengeable
        self.until_fire: Final = until_fire
        self.until_color: Final = until_color

    def fields(self) -> tuple[int, int, int, bool, bool, bool]:
        """The fields in their declared order."""
        return (
            self.amount,
            self.target,
            self.source,
            self.challengeable,
            self.until_fire,
            self.until_color,
        )


class Live(Value):
    """BLAST mode's public table (UNO Blast, §5.8) as a seat sees it: the seat a Bloqueo
    blocks (-1: none), the colours it locks, which seats hold a card up (armed; others do
    not see which card), and the seat's own armed card (-1: none)."""

    __slots__ = ("armed", "blocked", "lock", "mine")
    FIELDS: ClassVar[tuple[str, ...]] = ("blocked", "lock", "armed", "mine")

    def __init__(
        self, blocked: int, lock: tuple[int, ...], armed: tuple[bool, ...], mine: int
    ) -> None:
        self.blocked: Final = blocked
        self.lock: Final = lock
        self.armed: Final = armed
        self.mine: Final = mine

    def fields(self) -> tuple[int, tuple[int, ...], tuple[bool, ...], int]:
        """The fields in their declared order."""
        return (self.blocked, self.lock, self.armed, self.mine)


#: The fields of a ``View``, in order.
VIEW_FIELDS: Final = (
    "seat",
    "variant",
    "players",
    "dealer",
    "direction",
    "turn",
    "phase",
    "hand",
    "hand_sizes",
    "eliminated",
    "discard",
    "top_by",
    "color",
    "top_kind",
    "steps",
    "draw_count",
    "launcher",
    "blast",
    "spent",
    "live",
    "windows",
    "pending",
    "drawn",
    "known",
    "uno_open",
    "said_uno",
    "winner",
    "version",
    "rules",
    "backs",
    "pile_back",
    "dark",
)


class View(Value):
    """What ``seat`` knows. Cards are card ids (``unoverse.core.cards``).

    Where the holders of two-faced cards do not see their backs (``Rules.hidden_backs``,
    ``core.backs``), a card the seat knows by one face only (its own, dealt and not yet
    seen the other way) is that face, its light face (``backs.LIGHT_FACE``), in its hand
    and in the discard pile.

    Read-only (``Final``: mypy refuses an assignment, the compiled engine raises) and
    compared by value (``Value``); ``VIEW_FIELDS`` lists its fields.
    """

    __slots__ = VIEW_FIELDS
    FIELDS: ClassVar[tuple[str, ...]] = VIEW_FIELDS

    def __init__(
        self,
        seat: int | None,
        variant: str,
        players: int,
        dealer: int,
        direction: int,
        turn: int,
        phase: str,
        hand: tuple[int, ...],
        hand_sizes: tuple[int, ...],
        eliminated: tuple[bool, ...],
        discard: tuple[int, ...],
        top_by: int,
        color: int,
        top_kind: int,
        steps: tuple[int, ...],
        draw_count: int,
        launcher: int,
        blast: int,
        spent: tuple[int, ...],
        live: Live | None,
        windows: tuple[Window, ...],
        pending: Pending | None,
        drawn: int,
        known: tuple[tuple[int, ...], ...],
        uno_open: tuple[int, ...],
        said_uno: tuple[int, ...],
        winner: int,
        version: int,
        rules: Rules,
        backs: tuple[tuple[int, ...], ...] = (),
        pile_back: int = -1,
        dark: bool = False,
    ) -> None:
        self.seat: Final = seat
        self.variant: Final = variant
        self.players: Final = players
        self.dealer: Final = dealer
        self.direction: Final = direction
        self.turn: Final = turn
        self.phase: Final = phase
        self.hand: Final = hand
        self.hand_sizes: Final = hand_sizes
        self.eliminated: Final = eliminated
        self.discard: Final = discard  # bottom first; the last is the top card
        self.top_by: Final = top_by  # who played the top card (-1: turned from the pile)
        self.color: Final = color  # active colour
        self.top_kind: Final = top_kind  # kind the top card counts as
        # Colours that play besides the active one (Full Spectrum's chromatic step, §4.5)
        self.steps: Final = steps
        self.draw_count: Final = draw_count  # cards in the draw pile (or the launcher)
        # The launcher's public state (presses since it last fired or was reset; see
        # ``unoverse.core.launcher``), -1 where there is no launcher.
        self.launcher: Final = launcher
        # The BLAST card whose event is open (UNO Blast, §5.5), -1 for none.
        self.blast: Final = blast
        # UNO Blast's spent BLAST cards, face up until they are shuffled back in (§5.5).
        self.spent: Final = spent
        # BLAST mode's block, lock and armed seats; None in every other game.
        self.live: Final = live
        self.windows: Final = windows
        self.pending: Final = pending
        self.drawn: Final = drawn  # the card this seat just drew and may play, else -1
        self.known: Final = known  # per seat: cards this seat has seen in that hand
        self.uno_open: Final = uno_open
        # Seats that called UNO and have not drawn since (public: everyone heard the call).
        self.said_uno: Final = said_uno
        self.winner: Final = winner
        self.version: Final = version
        # The variant and options in force, with their tables (deck, points): public, shared
        # by every game of the same preset.
        self.rules: Final = rules
        # Two-faced cards (§8.4): per seat, the faces its cards show the others, sorted (the
        # seat's own: none); the face the draw pile's top card shows (-1: none); whether the
        # dark side is up. Empty, -1 and False for one-faced cards.
        self.backs: Final = backs
        self.pile_back: Final = pile_back
        self.dark: Final = dark

    def fields(self) -> tuple[object, ...]:
        """The fields in the order of ``VIEW_FIELDS``."""
        return (
            self.seat,
            self.variant,
            self.players,
            self.dealer,
            self.direction,
            self.turn,
            self.phase,
            self.hand,
            self.hand_sizes,
            self.eliminated,
            self.discard,
            self.top_by,
            self.color,
            self.top_kind,
            self.steps,
            self.draw_count,
            self.launcher,
            self.blast,
            self.spent,
            self.live,
            self.windows,
            self.pending,
            self.drawn,
            self.known,
            self.uno_open,
            self.said_uno,
            self.winner,
            self.version,
            self.rules,
            self.backs,
            self.pile_back,
            self.dark,
        )

    @property
    def top(self) -> int:
        """The top card of the discard pile."""
        return self.discard[-1]

    @property
    def names_color(self) -> int:
        """The seat that names the colour of the wild on top, played without one, and then
        suffers its effect (``Variant.named``: No Mercy's Wild Color Roulette, NM-11), while
        that colour window is open; -1 otherwise (a first card's window has no victim)."""
        named, kind = self.rules.named, self.top_kind
        if not named or kind < 0 or self.top_by < 0 or named[self.rules.effect[kind]] is None:
            return -1
        return next((w.seat for w in self.windows if w.kind == COLOR and w.seat is not None), -1)


_PENALTY: Final = Phase.PENALTY
_TURN: Final = Phase.TURN
#: ``known`` when nothing is known, by number of seats (shared: it is immutable).
_NOTHING_KNOWN: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(((),) * n for n in range(12))
#: ``eliminated`` when nobody is, by number of seats (shared, as above).
_NOBODY_OUT: Final[tuple[tuple[bool, ...], ...]] = tuple((False,) * n for n in range(12))


def view(game: Table, seat: int | None, windows: tuple[Window, ...]) -> View:
    """The view of ``game`` for ``seat`` (``None``: a spectator, who sees no hand), with the
    public ``windows`` the game has open (``Game.view`` passes them: the windows are the
    rules', the view only shows them).

    Built for every action a bot answers, so it shares what it can: the tuples of an empty
    or all-false field are shared constants, and the phase's name is read without indexing
    by the enum (a generic lookup in the compiled build)."""
    phase = game.phase
    n = game.n
    pending = None
    if phase == _PENALTY:
        until = game.pen_until
        pending = Pending(
            game.pen_amount,
            game.turn,
            game.pen_source,
            game.pen_challenge,
            until == PEN_FIRE,
            until == PEN_COLOR,
        )
    if seat is None:
        hand: tuple[int, ...] = ()
        known = _NOTHING_KNOWN[n]
        drawn = -1
    else:
        hand = tuple(game.hands[seat])
        row = game.known[seat]
        known = _NOTHING_KNOWN[n]
        for seen in row:
            if seen:  # something is known: build the whole table
                known = tuple(tuple(sorted(k)) if h != seat else () for h, k in enumerate(row))
                break
        drawn = game.drawn if game.turn == seat else -1
    eliminated = _NOBODY_OUT[n] if n < len(_NOBODY_OUT) else tuple(game.eliminated)
    for out in game.eliminated:
        if out:
            eliminated = tuple(game.eliminated)
            break
    discard_by = game.discard_by
    said = game.said_uno
    rules = game.rules
    b = game.blast
    shown = View(
        seat,
        rules.name,
        n,
        game.dealer,
        game.direction,
        game.turn,
        "turn" if phase == _TURN else PHASE_NAMES[phase],
        hand,
        tuple(len(h) for h in game.hands),
        eliminated,
        tuple(game.discard),
        discard_by[-1] if discard_by else -1,
        game.color,
        game.top_kind,
        rules.steps[game.color] if game.color >= 0 else (),
        len(game.draw_pile),
        -1 if game.launcher is None else game.launcher.state,
        b.card if b is not None else -1,
        tuple(b.spent) if b is not None and b.spent else (),
        _live(b, seat) if b is not None and rules.realtime else None,
        windows,
        pending,
        drawn,
        known,
        tuple(game.uno_open) if game.uno_open else (),
        tuple([s for s in range(n) if said[s]]) if True in said else (),
        game.winner,
        game.version,
        rules,
    )
    return shown if not rules.two_faced else _two_faced(shown, game, seat)


def _two_faced(shown: View, game: Table, seat: int | None) -> View:
    """``shown`` with what ``seat`` sees of two-faced cards (RULES.md §8.4): the faces the
    other hands and the draw pile's top show it, the side up, and, where holders do not see
    their backs (``core.backs``), its blind cards by their light face in its hand and the
    discard pile."""
    values: dict[str, Any] = dict(zip(VIEW_FIELDS[:_BACKS], shown.fields(), strict=False))
    if game.rules.hidden_backs and seat is not None:
        values["hand"] = backs.seen_by(game, seat, game.hands[seat])
        values["discard"] = backs.seen_by(game, seat, game.discard)
    top = game.discard[-1] if game.discard else -1
    return View(
        **values,
        backs=backs.backs(game, seat),
        pile_back=backs.pile_back(game),
        dark=top >= 0 and DARK_UP[top],
    )


#: Where ``View.fields()`` holds the first field of two-faced cards.
_BACKS: Final = VIEW_FIELDS.index("backs")


def _live(b: BlastPart, seat: int | None) -> Live:
    """BLAST mode's public table for ``seat``: which card it armed is its own."""
    return Live(
        b.blocked,
        tuple(b.lock),
        tuple([c >= 0 for c in b.armed]),
        b.armed[seat] if seat is not None else -1,
    )
