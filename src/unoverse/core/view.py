"""Per-seat views: the one choke point for hidden information (DESIGN.md).

A view is a frozen value built from a game for one seat (or ``None``, a spectator). It holds
the seat's own hand, what everyone can see, and the cards the seat has *seen* in other
hands — never the draw pile's order, another seat's unseen cards, the PRNG, or whether a
pending Wild Draw Four was legal. It keeps no reference to the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .phase import PHASE_NAMES, Phase

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class Pending:
    """A draw penalty waiting for its victim (E-1), as everyone sees it."""

    amount: int
    target: int
    source: int  # -1: the first card
    challengeable: bool


@dataclass(frozen=True, slots=True)
class View:
    """What ``seat`` knows. Cards are card ids (``unoverse.core.cards``)."""

    seat: int | None
    variant: str
    players: int
    dealer: int
    direction: int
    turn: int
    phase: str
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    eliminated: tuple[bool, ...]
    discard: tuple[int, ...]  # bottom first; the last is the top card
    top_by: int  # who played the top card (-1: turned from the pile)
    color: int  # active colour
    top_kind: int  # kind the top card counts as
    draw_count: int
    windows: tuple[tuple[str, int], ...]
    pending: Pending | None
    drawn: int  # the card this seat just drew and may play, else -1
    known: tuple[tuple[int, ...], ...]  # per seat: cards this seat has seen in that hand
    uno_open: tuple[int, ...]
    winner: int
    version: int

    @property
    def top(self) -> int:
        """The top card of the discard pile."""
        return self.discard[-1]


def view(game: Game, seat: int | None) -> View:
    """The view of ``game`` for ``seat`` (``None``: a spectator, who sees no hand)."""
    own = seat is not None
    pending = None
    if game.phase == Phase.PENALTY:
        pending = Pending(game.pen_amount, game.turn, game.pen_source, game.pen_challenge)
    if own:
        assert seat is not None
        known = tuple(tuple(sorted(k)) if h != seat else () for h, k in enumerate(game.known[seat]))
    else:
        known = tuple(() for _ in range(game.n))
    return View(
        seat=seat,
        variant=game.rules.variant.name,
        players=game.n,
        dealer=game.dealer,
        direction=game.direction,
        turn=game.turn,
        phase=PHASE_NAMES[game.phase],
        hand=tuple(game.hands[seat]) if own else (),  # type: ignore[index]
        hand_sizes=tuple(len(h) for h in game.hands),
        eliminated=tuple(game.eliminated),
        discard=tuple(game.discard),
        top_by=game.discard_by[-1] if game.discard_by else -1,
        color=game.color,
        top_kind=game.top_kind,
        draw_count=len(game.draw_pile),
        windows=game.windows(),
        pending=pending,
        drawn=game.drawn if own and game.turn == seat else -1,
        known=known,
        uno_open=tuple(game.uno_open),
        winner=game.winner,
        version=game.version,
    )
