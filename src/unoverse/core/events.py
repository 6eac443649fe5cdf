"""Events: what ``Game.apply`` reports, as a closed, documented vocabulary.

Every event is one ``Event``: a ``kind`` (a named constant below, which is also its wire
name) and the typed facts that kind uses, among a small fixed set of fields (``FIELDS``).
``SCHEMA`` gives, for every kind, the fields it uses, its visibility, the values its
``reason`` may take and a one-line meaning; the docs (docs/notation.md), the wire form
(``Event.to_dict`` / ``Event.from_dict``: the kind and only that kind's fields, JSON-ready)
and the tests are derived from it. A field a kind does not use keeps its default.

Visibility belongs to the kind: public, private to one seat (``owner``), or split (the owner
sees the cards, everyone else the count). ``redact(event, seat)`` is the only way an event
reaches a player, so hidden cards never leave the engine by this path.

One class with a fixed set of fields rather than a class per kind: the engine builds
events on every action, and in the compiled build the unused integer and boolean fields of
one class cost a few stores each, while consumers read ``e.kind`` and the fields they need
without type tests (docs/architecture.md).
"""

from __future__ import annotations

from typing import ClassVar, Final

from .actions import parse_action
from .cards import CARD_TEXT, COLOR_LETTERS, card, color
from .errors import NotationError
from .value import Value

#: Visibilities: everyone sees the whole event; the owner sees the cards and everyone else
#: the rest (the count); only the owner sees it.
PUBLIC: Final = 0
SPLIT: Final = 1
PRIVATE: Final = 2
VISIBILITY_NAMES: Final = ("public", "split", "private")

# -- event kinds (the wire names) ------------------------------------------------------------
# Setting up the round (``Game.setup_events``).
DEALER_DRAW: Final = "dealer_draw"
DEALER: Final = "dealer"
DEAL: Final = "deal"
STARTER: Final = "starter"
STARTER_RETURNED: Final = "starter_returned"
# Playing.
COLOR: Final = "color"
PLAY: Final = "play"
DRAW: Final = "draw"
PRESS: Final = "press"
RELOAD: Final = "reload"
RESHUFFLE: Final = "reshuffle"
DRAW_SHORT: Final = "draw_short"
UNO: Final = "uno"
FALSE_UNO: Final = "false_uno"
CATCH: Final = "catch"
TAKE: Final = "take"
CHALLENGE: Final = "challenge"
REVEAL: Final = "reveal"
SKIP: Final = "skip"
REVERSE: Final = "reverse"
TURN_OVER: Final = "turn_over"
DIRECTION: Final = "direction"
SHUFFLE_HANDS: Final = "shuffle_hands"
HAND: Final = "hand"
ROTATE: Final = "rotate"
SWAP: Final = "swap"
ILLEGAL_CAUGHT: Final = "illegal_caught"
PENALIZE: Final = "penalize"
REVIVE: Final = "revive"
ALL_DRAW: Final = "all_draw"
ALL_HIT: Final = "all_hit"
BOOMERANG: Final = "boomerang"
JUMP: Final = "jump"
REVEALED: Final = "revealed"
SHOWN: Final = "shown"
DISCARD_ALL: Final = "discard_all"
TIMEOUT: Final = "timeout"
STUCK: Final = "stuck"
ROUND_OVER: Final = "round_over"
# UNO Blast's BLAST events (§5.5).
BLAST: Final = "blast"
BLAST_CHOICE: Final = "blast_choice"
BLAST_DISCARD: Final = "blast_discard"
BLAST_PENALTY: Final = "blast_penalty"
BLAST_RETURNED: Final = "blast_returned"
ELIMINATED: Final = "eliminated"
# UNO Blast's BLAST mode (§5.8).
ARM: Final = "arm"
DISARM: Final = "disarm"
SIMULTANEOUS: Final = "simultaneous"
HOLDING: Final = "holding"
BLOCKED: Final = "blocked"
UNBLOCKED: Final = "unblocked"
RETURNED: Final = "returned"
DRAW_ROUND: Final = "draw_round"
STALL: Final = "stall"

# -- the closed sets of ``reason`` ------------------------------------------------------------
# Why cards are drawn (a ``draw`` or a ``press``; owed draws keep the same names).
FOR_TURN: Final = "turn"  # the turn's own draw (or press)
FOR_PENALTY: Final = "penalty"  # a draw penalty taken (or a BLAST-mode draw card's)
FOR_UNO: Final = "uno"  # caught without declaring UNO
FOR_FALSE_UNO: Final = "false_uno"  # a false UNO call
FOR_CHALLENGE: Final = "challenge"  # a Wild Draw Four challenge lost (either side)
FOR_ILLEGAL: Final = "illegal"  # an illegal play caught
FOR_PENALIZE: Final = "penalize"  # the referee's penalty
FOR_ALL_DRAW: Final = "all_draw"  # every other seat draws (Downpour, Wild All Hit...)
FOR_ALL_HIT: Final = "all_hit"  # BLAST mode's Múltiple Roba
FOR_ZERO: Final = "zero"  # the cards a 0 choosing the direction deals
FOR_REVEALED: Final = "revealed"  # the extra cards a revealed card makes its drawer draw
FOR_BLAST: Final = "blast"  # a BLAST challenge not met
FOR_HOLDING: Final = "holding"  # BLAST mode's holding penalty
FOR_ROUND: Final = "round"  # BLAST mode's draw round
DRAW_REASONS: Final = (
    FOR_TURN,
    FOR_PENALTY,
    FOR_UNO,
    FOR_FALSE_UNO,
    FOR_CHALLENGE,
    FOR_ILLEGAL,
    FOR_PENALIZE,
    FOR_ALL_DRAW,
    FOR_ALL_HIT,
    FOR_ZERO,
    FOR_REVEALED,
    FOR_BLAST,
    FOR_HOLDING,
    FOR_ROUND,
)
# On what ground a play was accepted.
PLAY_MATCH: Final = "match"  # it matches the top card (P1)
PLAY_ILLEGAL: Final = "illegal"  # it does not: accepted as an illegal play
PLAY_STACK: Final = "stack"  # it answers the pending draw penalty (stacking, a Boomerang)
PLAY_STEP: Final = "step"  # Full Spectrum's chromatic step alone (§4.5)
PLAY_JUMP: Final = "jump"  # a jump-in on an identical card (§4.9)
PLAY_REASONS: Final = (PLAY_MATCH, PLAY_ILLEGAL, PLAY_STACK, PLAY_STEP, PLAY_JUMP)
# Which card hands cards of the discard pile back (BLAST mode).
RETURN_REVERSA: Final = "reversa"  # a Reversa: the run of its colour beneath it (B-6)
RETURN_REVERSA_DRAW: Final = "reversa_toma_4"  # a Reversa y Toma 4: the card beneath (B-7)
RETURN_REASONS: Final = (RETURN_REVERSA, RETURN_REVERSA_DRAW)
# Why a round ended stuck.
STUCK_IDLE: Final = "idle"  # nobody but the referee acted for too long (U-C-14)
STUCK_STALEMATE: Final = "stalemate"  # nobody can play and nothing can be drawn (U-B-31)
STUCK_REASONS: Final = (STUCK_IDLE, STUCK_STALEMATE)

#: Every field of an event besides ``kind``, in declared order, and each one's default (the
#: value of a field the kind does not use).
FIELDS: Final = (
    "seat",
    "cards",
    "count",
    "color",
    "target",
    "number",
    "direction",
    "reason",
    "action",
    "guilty",
    "until_fire",
)
DEFAULTS: Final[tuple[object, ...]] = (None, (), 0, -1, -1, -1, 0, "", "", False, False)


class Event(Value):
    """Something that happened: a ``kind`` and the facts that kind uses (``SCHEMA``).

    ``seat`` the seat that acts or is acted on (None: none); ``cards`` card ids; ``count`` a
    number of cards or points; ``color`` a colour index; ``target`` another seat; ``number``
    a number the event names (a Numeral's declared number; a card's number in the order
    the cards landed, ``Game.landed``); ``direction``
    1 (clockwise) or -1; ``reason`` one of the kind's closed set of names; ``action`` an
    action in the notation; ``guilty`` and ``until_fire`` flags. -1, ``""`` and False mean
    none. Read-only (``Final``: mypy refuses an assignment, the compiled engine raises),
    compared and hashed by value (``Value``), and shared by every seat that may see it whole.
    """

    __slots__ = (
        "action",
        "cards",
        "color",
        "count",
        "direction",
        "guilty",
        "kind",
        "number",
        "reason",
        "seat",
        "target",
        "until_fire",
    )
    FIELDS: ClassVar[tuple[str, ...]] = ("kind", *FIELDS)

    def __init__(
        self,
        kind: str,
        seat: int | None = None,
        cards: tuple[int, ...] = (),
        count: int = 0,
        color: int = -1,
        target: int = -1,
        number: int = -1,
        direction: int = 0,
        reason: str = "",
        action: str = "",
        guilty: bool = False,
        until_fire: bool = False,
    ) -> None:
        self.kind: Final = kind
        self.seat: Final = seat
        self.cards: Final = cards
        self.count: Final = count
        self.color: Final = color
        self.target: Final = target
        self.number: Final = number
        self.direction: Final = direction
        self.reason: Final = reason
        self.action: Final = action
        self.guilty: Final = guilty
        self.until_fire: Final = until_fire

    def fields(
        self,
    ) -> tuple[str, int | None, tuple[int, ...], int, int, int, int, int, str, str, bool, bool]:
        """The fields in their declared order."""
        return (
            self.kind,
            self.seat,
            self.cards,
            self.count,
            self.color,
            self.target,
            self.number,
            self.direction,
            self.reason,
            self.action,
            self.guilty,
            self.until_fire,
        )

    def __repr__(self) -> str:
        """The kind and the fields its kind uses (and any other field set by hand)."""
        spec = SCHEMA.get(self.kind)
        used = () if spec is None else spec.fields_used
        values = self.fields()
        body = "".join(
            f", {name}={values[i]!r}"
            for i, name in enumerate(FIELDS, 1)
            if name in used or values[i] != DEFAULTS[i - 1]
        )
        return f"Event(kind={self.kind!r}{body})"

    @property
    def vis(self) -> int:
        """The kind's visibility (``PUBLIC``, ``SPLIT``, ``PRIVATE``; an unknown kind is
        private)."""
        spec = SCHEMA.get(self.kind)
        return PRIVATE if spec is None else spec.vis

    @property
    def owner(self) -> int | None:
        """The seat that sees the hidden part (for ``SPLIT`` and ``PRIVATE`` events)."""
        return self.target if self.kind == REVEAL else self.seat

    def to_dict(self) -> dict[str, object]:
        """The JSON wire form: ``kind`` and every field the kind uses, in the notation —
        cards as a list of card texts, a colour as its letter, -1 and ``""`` as null."""
        spec = SCHEMA.get(self.kind)
        if spec is None:
            raise NotationError(f"event kind {self.kind!r} is not in the vocabulary")
        values = self.fields()
        out: dict[str, object] = {"kind": self.kind}
        for name in spec.fields_used:
            out[name] = _to_wire(name, values[_INDEX[name]])
        return out

    @staticmethod
    def from_dict(data: object) -> Event:
        """An event from its wire form: exactly the fields of its kind, each of its type
        (``NotationError`` naming the field for anything ``to_dict`` does not write)."""
        if not isinstance(data, dict):
            raise NotationError(f"an event is a JSON object, not {data!r:.60}")
        kind = data.get("kind")
        spec = SCHEMA.get(kind) if isinstance(kind, str) else None
        if spec is None or not isinstance(kind, str):
            raise NotationError(f"event: kind {kind!r:.40} is not in the vocabulary")
        want = {"kind", *spec.fields_used}
        if set(data) != want:
            extra = sorted(str(k) for k in set(data) - want)
            missing = sorted(want - set(data))
            raise NotationError(
                f"event {kind}: "
                + (f"no field {' '.join(extra)}" if extra else f"missing {' '.join(missing)}")
                + f" (a {kind} event has {' '.join(spec.fields_used) or 'no fields'})"
            )
        values = list(DEFAULTS)
        for name in spec.fields_used:
            values[_INDEX[name] - 1] = _from_wire(kind, spec, name, data[name])
        seat, cards, count, col, target, number, direction, reason, action, guilty, fire = values
        assert seat is None or isinstance(seat, int)
        assert isinstance(cards, tuple) and isinstance(count, int) and isinstance(col, int)
        assert isinstance(target, int) and isinstance(number, int)
        assert isinstance(direction, int) and isinstance(reason, str)
        assert isinstance(action, str) and isinstance(guilty, bool) and isinstance(fire, bool)
        return Event(
            kind, seat, cards, count, col, target, number, direction, reason, action, guilty, fire
        )


class EventSpec(Value):
    """One kind of the vocabulary: the fields it uses besides ``kind`` (``fields_used``), its
    visibility, the values its ``reason`` may take (empty: it has none), and what it means
    (one line, naming its fields)."""

    __slots__ = ("fields_used", "kind", "meaning", "reasons", "vis")
    FIELDS: ClassVar[tuple[str, ...]] = ("kind", "fields_used", "vis", "reasons", "meaning")

    def __init__(
        self,
        kind: str,
        fields_used: tuple[str, ...],
        vis: int,
        meaning: str,
        reasons: tuple[str, ...] = (),
    ) -> None:
        self.kind: Final = kind
        self.fields_used: Final = fields_used
        self.vis: Final = vis
        self.reasons: Final = reasons
        self.meaning: Final = meaning

    def fields(self) -> tuple[str, tuple[str, ...], int, tuple[str, ...], str]:
        """The fields in the order of ``FIELDS``."""
        return (self.kind, self.fields_used, self.vis, self.reasons, self.meaning)


def _spec(
    kind: str, fields_used: str, meaning: str, vis: int = PUBLIC, reasons: tuple[str, ...] = ()
) -> EventSpec:
    return EventSpec(kind, tuple(fields_used.split()), vis, meaning, reasons)


#: Every event kind, in the order the docs list them.
SCHEMA: Final[dict[str, EventSpec]] = {
    s.kind: s
    for s in (
        _spec(DEALER_DRAW, "seat cards", "`seat` draws `cards` (one card) to choose the dealer"),
        _spec(DEALER, "seat", "`seat` deals"),
        _spec(DEAL, "seat cards count", "`seat` is dealt `count` cards, `cards`", SPLIT),
        _spec(STARTER, "cards", "`cards` is turned over as the first card"),
        _spec(
            STARTER_RETURNED,
            "cards",
            "the first card `cards` goes back into the deck and another is turned",
        ),
        _spec(
            COLOR,
            "seat color",
            "`seat` declares `color` for the wild turned first, or surfaced by P9",
        ),
        _spec(
            PLAY,
            "seat cards color number reason",
            "`seat` plays `cards` (several: the last on top), declaring `color` for a wild "
            "and `number` for a Numeral; `reason`: on what ground it was accepted",
            reasons=PLAY_REASONS,
        ),
        _spec(
            DRAW,
            "seat cards count reason",
            "`seat` draws `count` cards, `cards`; `reason`: why",
            SPLIT,
            DRAW_REASONS,
        ),
        _spec(
            PRESS,
            "seat cards count reason",
            "`seat` presses the launcher once and it fires `count` cards, `cards` (0: "
            "nothing); `reason`: why, as for a draw",
            SPLIT,
            DRAW_REASONS,
        ),
        _spec(RELOAD, "count", "the empty launcher is reloaded with `count` cards (A-6)"),
        _spec(RESHUFFLE, "count", "the discard pile is shuffled into a draw pile of `count` cards"),
        _spec(
            DRAW_SHORT, "seat count", "`seat` cannot draw `count` more cards: both piles are empty"
        ),
        _spec(UNO, "seat", "`seat` declares UNO"),
        _spec(FALSE_UNO, "seat", "`seat` declares UNO falsely (its hand is not at one card)"),
        _spec(
            CATCH,
            "seat target count",
            "`seat` catches `target` without UNO; `target` draws `count`",
        ),
        _spec(
            TAKE,
            "seat count until_fire color",
            "`seat` takes the pending penalty: `count` cards, or with `until_fire` it presses "
            "the launcher until it fires, or with a `color` it draws until a card of that "
            "colour comes (P10)",
        ),
        _spec(
            CHALLENGE,
            "seat cards target count guilty color",
            "`seat` challenges `target`'s `cards` (a Wild Draw Four, Two or Color): `guilty` "
            "(it was illegal), `target` draws `count`; else `seat` draws `count`; with a "
            "`color` (a Wild Draw Color), the one who draws first draws until a card of that "
            "colour comes (P10)",
        ),
        _spec(
            REVEAL,
            "seat cards target",
            "`seat`'s hand, `cards`, is shown to `target`, who challenged it",
            PRIVATE,
        ),
        _spec(SKIP, "seat", "`seat` is skipped"),
        _spec(
            REVERSE,
            "seat direction",
            "`seat`'s card reverses play, which now goes `direction` (no seat: the first card)",
        ),
        _spec(
            TURN_OVER,
            "seat",
            "`seat`'s card turns the table over (no seat: the first card): both piles are "
            "reversed and every card shows its other face (P9)",
        ),
        _spec(
            DIRECTION,
            "seat direction",
            "`seat`'s 0 chooses the direction of play: `direction` (zero_chooses_direction)",
        ),
        _spec(
            SHUFFLE_HANDS,
            "seat count",
            "`seat` shuffles every hand together, `count` cards, and deals them out",
        ),
        _spec(
            HAND,
            "seat cards count",
            "`seat` now holds `count` cards, `cards`, after hands moved",
            SPLIT,
        ),
        _spec(ROTATE, "direction", "every hand passes to the next seat in `direction`"),
        _spec(SWAP, "seat target", "`seat` swaps hands with `target`"),
        _spec(
            ILLEGAL_CAUGHT,
            "seat cards target",
            "`seat` catches `target`'s illegal play of `cards` (the card, then any its Discard "
            "All laid under it), which go back to its hand; the `swap` or `rotate` that undoes "
            "its hand moves comes first",
        ),
        _spec(PENALIZE, "target count", "the referee makes `target` draw `count` cards"),
        _spec(REVIVE, "seat", "`seat`, out with UNO declared, is revived: the chain aims at it"),
        _spec(
            ALL_DRAW,
            "seat count",
            "every seat but `seat` draws `count`, each losing its turn",
        ),
        _spec(
            ALL_HIT,
            "seat count",
            "every seat but `seat` in turn draws `count`; the next seat then plays",
        ),
        _spec(
            BOOMERANG,
            "seat target count",
            "`seat` sends the penalty of `count` back to `target`",
        ),
        _spec(
            JUMP,
            "seat cards target number",
            "`seat` jumps in with `cards` on `target`'s card, the `number`-th to land",
        ),
        _spec(
            REVEALED,
            "seat cards count",
            "`seat` draws `cards`, shown to all, which makes it draw `count` more at once",
        ),
        _spec(
            SHOWN,
            "seat cards color",
            "`seat` turned `cards` up into its hand one by one, shown to every seat, looking for "
            "a card of `color` (P10 with reveal: No Mercy's Wild Color Roulette)",
        ),
        _spec(
            DISCARD_ALL,
            "seat cards",
            "`seat` discards `cards` under the Discard All it played",
        ),
        _spec(
            TIMEOUT,
            "seat action",
            "`seat`'s window timed out and `action` was taken for it (none in a BLAST event: "
            "every seat due sends its first set)",
        ),
        _spec(
            STUCK,
            "seat count reason",
            "the round cannot go on (`reason`): `seat`, holding the fewest cards, `count`, wins",
            reasons=STUCK_REASONS,
        ),
        _spec(
            ROUND_OVER,
            "seat count",
            "`seat` wins the round; the other hands hold `count` points",
        ),
        _spec(BLAST, "seat cards", "`seat` draws the BLAST card `cards`: its event opens"),
        _spec(
            BLAST_CHOICE,
            "seat cards",
            "`seat` chooses `cards` to meet the BLAST challenge",
            PRIVATE,
        ),
        _spec(
            BLAST_DISCARD,
            "seat cards",
            "`seat` meets the BLAST challenge: `cards` go under the top card",
        ),
        _spec(
            BLAST_PENALTY,
            "seat count",
            "`seat` cannot meet the BLAST challenge and draws `count`",
        ),
        _spec(
            BLAST_RETURNED,
            "seat cards",
            "`seat` draws the BLAST card `cards` during an event's penalty: it goes back",
        ),
        _spec(
            ELIMINATED,
            "seat count",
            "`seat`'s hand reached the threshold: its `count` cards go face down",
        ),
        _spec(ARM, "seat cards", "`seat` picks up `cards`, ready to play it", SPLIT),
        _spec(DISARM, "seat", "`seat` puts the card it held up back in its hand"),
        _spec(
            SIMULTANEOUS,
            "seat cards",
            "`seat`'s play of the first of `cards` is refused, simultaneous with the "
            "accepted second",
        ),
        _spec(
            HOLDING,
            "seat cards count",
            "`seat` was holding a card when `cards` landed: it draws `count`",
        ),
        _spec(BLOCKED, "seat color", "`seat` is blocked, and `color` locked, by a Bloqueo"),
        _spec(UNBLOCKED, "seat", "`seat` is no longer blocked"),
        _spec(
            RETURNED,
            "seat cards reason",
            "`cards` of the discard pile go back to `seat`'s hand; `reason`: the card that "
            "sends them",
            reasons=RETURN_REASONS,
        ),
        _spec(DRAW_ROUND, "seat", "nobody can play: a draw round starts at `seat`"),
        _spec(
            STALL,
            "seat cards",
            "nobody has played for too long: `seat` must play `cards`, its first legal card",
        ),
    )
}

#: Each field's position in ``Event.fields()``.
_INDEX: Final = {name: i for i, name in enumerate(Event.FIELDS)}


def _to_wire(name: str, value: object) -> object:
    """One field in the wire form."""
    if name == "cards":
        assert isinstance(value, tuple)
        return [CARD_TEXT[c] for c in value]
    if name == "color":
        assert isinstance(value, int)
        return COLOR_LETTERS[value] if value >= 0 else None
    if name in ("target", "number"):
        return value if value != -1 else None
    if name == "action":
        return value if value != "" else None
    return value


def _from_wire(kind: str, spec: EventSpec, name: str, value: object) -> object:
    """One field read from the wire form (the inverse of ``_to_wire``)."""
    where = f"event {kind}: {name}"
    if name == "cards":
        if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
            raise NotationError(f"{where}: a list of cards in the notation, not {value!r:.60}")
        return tuple(card(t) for t in value)
    if name == "color":
        if value is None:
            return -1
        if not isinstance(value, str):
            raise NotationError(f"{where}: a colour letter or null, not {value!r:.40}")
        return color(value)
    if name in ("guilty", "until_fire"):
        if not isinstance(value, bool):
            raise NotationError(f"{where}: true or false, not {value!r:.40}")
        return value
    if name == "reason":
        if value not in spec.reasons:
            raise NotationError(f"{where}: one of {' '.join(spec.reasons)}, not {value!r:.40}")
        return value
    if name == "action":
        if value is None:
            return ""
        if not isinstance(value, str):
            raise NotationError(f"{where}: an action in the notation or null, not {value!r:.40}")
        if str(parse_action(value)) != value:
            raise NotationError(f"{where}: {value!r:.40} is not written as the notation writes it")
        return value
    if value is None and name in ("seat", "target", "number"):
        return None if name == "seat" else -1
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"{where}: a whole number, not {value!r:.40}")
    if name == "direction" and value not in (1, -1):
        raise NotationError(f"{where}: 1 (clockwise) or -1, not {value}")
    if name != "direction" and value < 0:
        raise NotationError(f"{where}: a number >= 0, not {value}")
    return value


def redact(event: Event, seat: int | None) -> Event | None:
    """The event as ``seat`` may see it (``None``: a spectator), or None if hidden."""
    spec = SCHEMA.get(event.kind)
    vis = PRIVATE if spec is None else spec.vis
    if vis == PUBLIC or (seat is not None and seat == event.owner):
        return event
    if vis == SPLIT:
        e = event
        return Event(
            e.kind,
            e.seat,
            (),
            e.count,
            e.color,
            e.target,
            e.number,
            e.direction,
            e.reason,
            e.action,
            e.guilty,
            e.until_fire,
        )
    return None
