"""Actions as small value objects with a text form and an integer code (docs/notation.md).

An action does not carry its seat: ``Game.apply(seat, action)`` names the seat, so the same
value means the same move whoever sends it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from enum import IntEnum
from typing import Final, NamedTuple, cast, overload

from .cards import CARD_TEXT, COLOR_LETTERS, N_CARDS, card, color
from .errors import NotationError


class Kind(IntEnum):
    """What an action does."""

    PLAY = 0
    DRAW = 1
    PASS = 2
    TAKE = 3
    CHALLENGE = 4
    UNO = 5
    CATCH = 6
    CATCH_ILLEGAL = 7
    COLOR = 8
    PENALIZE = 9
    JUMP = 10  # a jump-in: an identical card played out of turn on the card it covers
    PRESS = 11  # press the launcher (UNO Attack: it replaces drawing from a pile)
    TIMEOUT = 12  # the mandatory window's deadline passed (made by the match session)
    BLAST = 13  # the cards a seat discards to meet a BLAST challenge (UNO Blast, §5.5)
    ARM = 14  # pick up a card to play it (UNO Blast's BLAST mode, §5.8): holding it
    DISARM = 15  # put the armed card back in the hand
    STALL = 16  # nobody played for too long: a legal card is played (made by the session)
    STUCK = 17  # nobody but the referee acts: the round ends, fewest cards win (the session)


_WORDS = {
    "draw": Kind.DRAW,
    "pass": Kind.PASS,
    "take": Kind.TAKE,
    "challenge": Kind.CHALLENGE,
    "uno": Kind.UNO,
    "catch_illegal": Kind.CATCH_ILLEGAL,
    "press": Kind.PRESS,
    "timeout": Kind.TIMEOUT,
    "disarm": Kind.DISARM,
    "stall": Kind.STALL,
    "stuck": Kind.STUCK,
}
_NAMES = {v: k for k, v in _WORDS.items()}


class Action(NamedTuple):
    """One move. ``card``/``color``/``target``/``amount`` are -1 when not used.

    ``uno`` is the UNO declaration made in the same action as a play (or a draw or press,
    which is always a false call, RULES.md P4). On a play, ``amount`` 0 (``RDA keep``) keeps
    the cards a Discard All would discard (``attack.discard_all_optional``). A named tuple:
    immutable, compared and hashed as a tuple of its fields; the engine hands out shared
    instances (``play_action``).
    """

    kind: Kind
    card: int = -1
    color: int = -1
    target: int = -1
    amount: int = -1
    uno: bool = False
    direction: int = 0  # a direction the play chooses: +1 clockwise, -1 counter-clockwise
    more: tuple[int, ...] = ()  # further cards laid in the same play, in order (house rules)
    covers: int = -1  # a jump-in: the serial number of the card it covers (``Game.landed``)
    number: int = -1  # the number a Numeral declares (UNO Blast, RULES.md §5.6)

    def __str__(self) -> str:
        try:
            return self._text()
        except (TypeError, KeyError, ValueError):  # built by hand with fields of wrong types
            return f"Action{tuple.__repr__(self)}"

    def _text(self) -> str:
        k = self.kind
        if k in (Kind.PLAY, Kind.JUMP):
            text = ",".join(
                CARD_TEXT[c] if 0 <= c < N_CARDS else f"card#{c}" for c in (self.card, *self.more)
            )
            if self.number >= 0:
                text += f"={self.number}"
            if self.color >= 0:
                text += ":" + _letter(self.color)
            if k == Kind.JUMP:
                text += f"^{self.covers}"
            if self.target >= 0:
                text += f">{self.target}"
            elif self.direction:
                text += ">cw" if self.direction == 1 else ">ccw"
            if self.amount == KEEP:
                text += " keep"
        elif k == Kind.CATCH:
            text = f"catch:{self.target}"
        elif k == Kind.BLAST:
            text = "blast:" + ",".join(
                CARD_TEXT[c] if 0 <= c < N_CARDS else f"card#{c}" for c in (self.card, *self.more)
            )
        elif k == Kind.ARM:
            text = "arm:" + (
                CARD_TEXT[self.card] if 0 <= self.card < N_CARDS else f"card#{self.card}"
            )
        elif k == Kind.COLOR:
            text = f"color:{_letter(self.color)}"
        elif k == Kind.PENALIZE:
            text = f"penalize:{self.target}:{self.amount}"
        else:
            text = _NAMES[k]
        return text + " uno" if self.uno else text

    @property
    def code(self) -> int:
        """A unique non-negative integer for this action (for masks and compact logs)."""
        code = int(self.kind)
        code = code * (N_CARDS + 1) + self.card + 1
        code = code * (len(COLOR_LETTERS) + 1) + self.color + 1
        code = code * 12 + self.target + 1  # seats 0..10
        code = code * 2 + self.uno
        code = code * 3 + self.direction + 1
        code = code * 1000 + self.amount + 1  # a penalty is below 1000 cards
        for c in self.more:
            code = code * (N_CARDS + 1) + c + 1
        if self.number >= 0:
            code = code * 11 + self.number + 1
        return code * 100_000 + self.covers + 1 if self.covers >= 0 else code

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


def _letter(color_index: int) -> str:
    """A colour letter, or ``?N`` for an index out of range (hand-built bad actions)."""
    return (
        COLOR_LETTERS[color_index] if 0 <= color_index < len(COLOR_LETTERS) else f"?{color_index}"
    )


def _int(text: str, what: str, full: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise NotationError(f"action {full!r}: {what} must be a number, not {text!r}") from None
    if value < 0:
        raise NotationError(f"action {full!r}: {what} must not be negative")
    return value


def parse_action(text: str) -> Action:
    """Parse an action written in the notation (``"W+4:G uno"``, ``"catch:2"``, ``"take"``)."""
    if len(text) > MAX_TEXT:
        raise NotationError(
            f"action text of {len(text)} characters: an action is at most {MAX_TEXT}"
        )
    words = text.split()
    flags = words[1:]
    if not words or flags not in _FLAG_WORDS:
        raise NotationError(
            f"action {text!r}: write one move, optionally followed by 'uno' "
            "(e.g. 'R7', 'W+4:G uno', 'draw', 'press', 'take', 'catch:2'; a Discard All that "
            "keeps its colour: 'RDA keep')"
        )
    uno = "uno" in flags
    keep = "keep" in flags
    head = words[0]
    if keep and (head in _WORDS or head.startswith(_NAMED)):
        raise NotationError(f"action {text!r}: 'keep' goes only with a card played")
    if head in _WORDS:
        return Action(_WORDS[head], uno=uno)
    name, _, rest = head.partition(":")
    if name == "catch":
        return Action(Kind.CATCH, target=_int(rest, "the caught seat", text), uno=uno)
    if name == "color":
        return Action(Kind.COLOR, color=color(rest), uno=uno)
    if name == "blast":
        if uno or not rest:
            raise NotationError(f"action {text!r}: write blast:CARD,CARD,... (e.g. blast:R7,G7)")
        first, *others = rest.split(",")
        return Action(Kind.BLAST, card=card(first), more=tuple(card(c) for c in others))
    if name == "arm":
        if uno or not rest:
            raise NotationError(f"action {text!r}: write arm:CARD (e.g. arm:R7)")
        return Action(Kind.ARM, card=card(rest))
    if name == "penalize":
        seat, _, amount = rest.partition(":")
        return Action(
            Kind.PENALIZE,
            target=_int(seat, "the penalised seat", text),
            amount=_int(amount, "the number of cards", text),
        )
    head, _, target_text = head.partition(">")
    head, jump, covers_text = head.partition("^")
    name, _, rest = head.partition(":")
    direction = {"cw": 1, "ccw": -1}.get(target_text, 0)
    target = _int(target_text, "the target seat", text) if target_text and not direction else -1
    first, *rest_cards = name.split(",")
    first, declares, number_text = first.partition("=")
    number = _int(number_text, "the declared number", text) if declares else -1
    covers = _int(covers_text, "the covered card's number", text) if jump else -1
    return Action(
        Kind.JUMP if jump else Kind.PLAY,
        card=card(first),
        more=tuple(card(c) for c in rest_cards),
        color=color(rest) if rest else -1,
        target=target,
        amount=KEEP if keep else -1,
        uno=uno,
        direction=direction,
        covers=covers,
        number=number,
    )


def form_error(a: Action) -> str:
    """Why ``a`` is not a well-formed action ("" when it is): every field of its type and in
    its range — a card that exists, a colour of the card notation, a number 0–9, a
    direction of -1, 0 or +1, no negative seat or count — and set only where its kind
    uses it. Parsed text and the engine's own actions always are; an ``Action`` built by
    hand may not be, and ``Game.apply`` refuses it with this reason before reading it (so
    it gets a typed error, never a crash).

    It runs for every action applied, so the common actions (a play, an action without
    fields) are checked in one expression of type tests and comparisons that the compiled
    build turns into a few machine instructions each; anything else, well formed or not,
    takes the field-by-field path that also explains what is wrong."""
    f: tuple[object, ...] = a  # read unchecked: a compiled read of a field would raise
    k, c, col, t, amt, d, more, cov, num = f[0], f[1], f[2], f[3], f[4], f[6], f[7], f[8], f[9]
    if (  # (``type(x) is int`` also refuses a bool, which is an int)
        type(c) is int
        and type(col) is int
        and type(t) is int
        and type(amt) is int
        and type(d) is int
        and type(cov) is int
        and type(num) is int
        and type(f[5]) is bool
        and type(more) is tuple
        and -1 <= col < _COLORS
        and -1 <= num <= 9
        and -1 <= d <= 1
    ):
        if k is _PLAY_KIND:
            if (
                0 <= c < N_CARDS
                and t >= -1
                and amt >= -1
                and cov == -1
                and (len(more) == 0 or _cards_exist(more))
            ):
                return ""
        elif (
            type(k) is Kind
            and _BARE[k]
            and c == -1
            and col == -1
            and t == -1
            and amt == -1
            and d == 0
            and len(more) == 0
            and cov == -1
            and num == -1
        ):
            return ""
    return _form_problem(f)


def check_form(a: Action) -> Action:
    """``a``, or a ``NotationError`` saying why it is not a well-formed action
    (``form_error``)."""
    why = form_error(a)
    if why:
        raise NotationError(f"a malformed action: {why}")
    return a


def _cards_exist(more: tuple[object, ...]) -> bool:
    """``more`` holds card ids that exist."""
    return all(type(x) is int and 0 <= x < N_CARDS for x in more)


def _form_problem(f: tuple[object, ...]) -> str:
    """``form_error`` field by field, for every action its quick test did not pass."""
    k = f[0]
    if k.__class__ is not Kind and (k.__class__ is not int or k not in _KIND_VALUES):
        return f"action kind {k!r} does not exist"
    for i in (1, 2, 3, 4, 6, 8, 9):
        x = f[i]
        if x.__class__ is not int:
            return f"its {_FIELDS[i]} is {x!r}: an integer"
    card_id, color_index, target, amount = cast("tuple[int, int, int, int]", f[1:5])
    direction, covers, number = cast("int", f[6]), cast("int", f[8]), cast("int", f[9])
    if not -1 <= card_id < N_CARDS:
        return f"card #{card_id} does not exist"
    if not -1 <= color_index < len(COLOR_LETTERS):
        return f"colour #{color_index} does not exist"
    if target < -1 or amount < -1 or covers < -1:
        return "a seat, a count or a card's serial number is never negative"
    if not -1 <= direction <= 1:
        return f"direction {direction}: +1 (clockwise), -1 or 0"
    if not -1 <= number <= 9:
        return f"declared number {number}: 0 to 9"
    if f[5].__class__ is not bool:
        return f"its uno flag is {f[5]!r}: True or False"
    more = f[7]
    if more.__class__ is not tuple:
        return f"its further cards are {more!r}: a tuple of card ids"
    for c in cast("tuple[object, ...]", more):
        if c.__class__ is not int or not 0 <= c < N_CARDS:
            return f"further card {c!r} does not exist"
    for i in _UNUSED[k]:
        if f[i] != _UNSET[i]:
            return f"{Kind(k).name.lower()} takes no {_FIELDS[i]}"
    for i in _NEEDS.get(k, ()):
        if f[i] == -1:
            return f"{Kind(k).name.lower()} needs its {_FIELDS[i]}"
    return ""


def action(text: str | Action) -> Action:
    """An action from its text form (an ``Action`` is returned as it is)."""
    return text if isinstance(text, Action) else parse_action(text)


def play_action(card_id: int, color_index: int = -1, uno: bool = False) -> Action:
    """The shared ``Action`` playing ``card_id`` (declaring ``color_index``, calling UNO):
    legal-action lists reuse one object per play instead of building it again."""
    i = ((card_id * _PLAY_COLORS) + color_index + 1) * 2 + uno
    a = _PLAYS[i]
    if a is None:
        a = _PLAYS[i] = Action(Kind.PLAY, card_id, color_index, -1, -1, uno)
    return a


def number_action(card_id: int, number: int, uno: bool = False) -> Action:
    """The shared ``Action`` playing the Numeral ``card_id`` declaring ``number`` (calling
    UNO), a card of its own colour: built once, like ``play_action``."""
    i = (card_id * 2 + uno) * 10 + number
    a = _NUMBERED[i]
    if a is None:
        a = _NUMBERED[i] = Action(Kind.PLAY, card_id, -1, -1, -1, uno, number=number)
    return a


def arm_action(card_id: int) -> Action:
    """The shared ``arm:`` action picking up ``card_id`` (UNO Blast's BLAST mode)."""
    a = _ARMS[card_id]
    if a is None:
        a = _ARMS[card_id] = Action(Kind.ARM, card_id)
    return a


def choice_action(
    card_id: int,
    color_index: int,
    target: int,
    uno: bool,
    direction: int,
    more: tuple[int, ...],
    amount: int = -1,
    number: int = -1,
) -> Action:
    """The shared ``Action`` for a play that names a seat or a direction (a Friendly swap, a
    Seven-0 7, a 0 choosing the direction), lays several cards or keeps a Discard All's
    colour (``amount`` ``KEEP``): built once, like ``play_action``. The table forgets
    everything past ``_MAX_CHOICES`` plays."""
    key = (card_id, color_index, target, uno, direction, more, amount, number)
    a = _CHOICES.get(key)
    if a is None:
        if len(_CHOICES) >= _MAX_CHOICES:
            _CHOICES.clear()
        a = Action(
            Kind.PLAY, card_id, color_index, target, amount, uno, direction, more, -1, number
        )
        _CHOICES[key] = a
    return a


class BlastChoices(Sequence[Action]):
    """The ``blast:`` actions of a seat that must meet a BLAST challenge, one per
    qualifying set of ``sets`` (built on access: a DIFFERENT COLOR challenge may have
    thousands of sets, listed lazily by ``unoverse.core.blast.challenges``)."""

    def __init__(self, sets: Sequence[tuple[int, ...]]) -> None:
        self.sets = sets

    def __len__(self) -> int:
        return len(self.sets)

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return blast_action(self.sets[i])

    def __iter__(self) -> Iterator[Action]:
        return map(blast_action, self.sets)

    def __repr__(self) -> str:
        return f"BlastChoices({len(self)} sets)"


def blast_action(cards: tuple[int, ...]) -> Action:
    """The shared ``blast:`` action with ``cards`` (a set meeting a BLAST challenge): built
    once, like ``play_action``; the table forgets everything past ``_MAX_CHOICES`` sets."""
    a = _BLASTS.get(cards)
    if a is None:
        if len(_BLASTS) >= _MAX_CHOICES:
            _BLASTS.clear()
        a = Action(Kind.BLAST, cards[0], -1, -1, -1, False, 0, cards[1:])
        _BLASTS[cards] = a
    return a


#: ``Action``'s fields by position, for ``form_error``'s messages, and their unset values.
_FIELDS: Final = Action._fields
_UNSET: Final[tuple[object, ...]] = (None, -1, -1, -1, -1, False, 0, (), -1, -1)
_KIND_VALUES: Final = frozenset(int(k) for k in Kind)
#: The fields each kind of action uses (by position; ``uno`` is the engine's to judge).
_USES: Final = {
    Kind.PLAY: (1, 2, 3, 4, 6, 7, 9),
    Kind.JUMP: (1, 2, 3, 4, 6, 7, 8, 9),
    Kind.CATCH: (3,),
    Kind.COLOR: (2,),
    Kind.PENALIZE: (3, 4),
    Kind.BLAST: (1, 7),
    Kind.ARM: (1,),
}
#: The fields an action of these kinds must set.
_NEEDS: Final[dict[int, tuple[int, ...]]] = {
    Kind.PLAY: (1,),
    Kind.JUMP: (1, 8),
    Kind.CATCH: (3,),
    Kind.COLOR: (2,),
    Kind.PENALIZE: (3, 4),
    Kind.BLAST: (1,),
    Kind.ARM: (1,),
}
#: By kind number: whether that kind of action sets no field (``uno`` aside).
_BARE: Final = tuple(k not in _USES for k in Kind)
_PLAY_KIND: Final = Kind.PLAY
_COLORS: Final = len(COLOR_LETTERS)
#: By kind number: the fields that kind leaves unset.
_UNUSED: Final = tuple(
    tuple(i for i in (1, 2, 3, 4, 6, 7, 8, 9) if i not in _USES.get(k, ())) for k in Kind
)
#: The longest action text accepted (a play of every card of a large hand fits).
MAX_TEXT: Final = 1000
#: ``Action.amount`` of a play that keeps the cards a Discard All would discard.
KEEP: Final = 0
#: The words that may follow a move, in the order they are written.
_FLAG_WORDS: Final[tuple[list[str], ...]] = ([], ["uno"], ["keep"], ["keep", "uno"])
#: Moves written ``name:...`` that are not card plays.
_NAMED: Final = ("catch:", "color:", "penalize:", "blast:", "arm:")

_CHOICES: Final[dict[tuple[int, int, int, bool, int, tuple[int, ...], int, int], Action]] = {}
_MAX_CHOICES: Final = 100_000
_BLASTS: Final[dict[tuple[int, ...], Action]] = {}
_PLAY_COLORS: Final = len(COLOR_LETTERS) + 1
_PLAYS: Final[list[Action | None]] = [None] * (N_CARDS * _PLAY_COLORS * 2)
#: ``play_action(c)`` and ``play_action(c, -1, True)`` for every card id (the same objects):
#: the plays legal-action lists offer most, read from a table without a call.
PLAIN_PLAYS: Final[tuple[Action, ...]] = tuple(play_action(c) for c in range(N_CARDS))
PLAIN_PLAYS_UNO: Final[tuple[Action, ...]] = tuple(play_action(c, -1, True) for c in range(N_CARDS))
_NUMBERED: Final[list[Action | None]] = [None] * (N_CARDS * 2 * 10)
_ARMS: Final[list[Action | None]] = [None] * N_CARDS

# The actions without parameters, shared rather than rebuilt for every legal-action list.
DRAW: Final = Action(Kind.DRAW)
DRAW_UNO: Final = Action(Kind.DRAW, uno=True)
PRESS: Final = Action(Kind.PRESS)
PRESS_UNO: Final = Action(Kind.PRESS, uno=True)
PASS: Final = Action(Kind.PASS)
TAKE: Final = Action(Kind.TAKE)
CHALLENGE: Final = Action(Kind.CHALLENGE)
UNO: Final = Action(Kind.UNO)
CATCH_ILLEGAL: Final = Action(Kind.CATCH_ILLEGAL)
TIMEOUT: Final = Action(Kind.TIMEOUT)
DISARM: Final = Action(Kind.DISARM)
STALL: Final = Action(Kind.STALL)
STUCK: Final = Action(Kind.STUCK)
#: ``color:X`` for every colour index, and ``catch:T`` for every seat.
COLOR_ACTIONS: Final = tuple(Action(Kind.COLOR, color=c) for c in range(len(COLOR_LETTERS)))
CATCH_ACTIONS: Final = tuple(Action(Kind.CATCH, target=t) for t in range(11))
