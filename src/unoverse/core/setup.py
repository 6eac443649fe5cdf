"""Setting up a round: choosing the dealer, shuffling, dealing, turning the first card."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from . import events as ev
from .backs import see, seen_by
from .cards import CARD_COLOR, CARD_KIND, CARD_NUMBER
from .errors import BadPlayerCount, InvalidOptionValue, NotationError, OptionConflict
from .events import Event
from .game import Game, number_value
from .options import N_, Options, OptionSpec, Value, shown, split_preset
from .registry import get
from .rules import Rules
from .variant import Variant


def new_game(
    preset: object,
    players: object,
    seed: object,
    *,
    options: Mapping[str, Value | str] | None = None,
    dealer: object = None,
    eliminated: Sequence[int] = (),
) -> Game:
    """A new round of ``preset`` (``"classic+draw_ends_turn"``) for ``players`` seats.

    ``options`` adds to the preset's options. ``dealer`` skips dealer selection (the match
    layer passes the deal on); ``eliminated`` seats sit out (Challenge UNO). The round is
    fully determined by these arguments and the actions applied to it. (The arguments that
    may come from outside are typed ``object`` and checked here: the compiled build would
    refuse a wrong type with a bare ``TypeError``.)
    """
    variant, opts = resolve_preset(preset, options)
    if not isinstance(players, int) or isinstance(players, bool):
        raise BadPlayerCount(f"players: give a number of seats, not {shown(players)}")
    variant.check_players(players)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise NotationError(f"seed: give an integer, not {shown(seed)}")
    if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool)):
        raise BadPlayerCount(f"dealer: give a seat number, not {shown(dealer)}")
    game = Game(compiled(variant, opts), players, seed)
    for s in eliminated:
        if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < players:
            raise BadPlayerCount(f"eliminated seat {shown(s)} does not exist")
        game.eliminated[s] = True
    game.active = players - sum(game.eliminated)
    if game.active < 2:
        raise BadPlayerCount("a round needs at least 2 active seats")
    if dealer is not None and (not 0 <= dealer < players or game.eliminated[dealer]):
        raise BadPlayerCount(f"dealer {dealer} is not an active seat")
    events = game.setup_events
    game.dealer = _choose_dealer(game, events) if dealer is None else dealer
    events.append(Event(ev.DEALER, game.dealer))
    deal(game, events)
    variant.start(game)
    if game.rules.hidden_backs:  # what the first card and the draw pile's top show
        see(game)
    return game


_COMPILED: dict[tuple[str, Options], Rules] = {}
#: How many sets of rules stay built: a stream of saved games or presets, each with other
#: options, must not grow memory without bound (the oldest built is forgotten first; the
#: games using it keep it).
_COMPILED_MAX = 256


def compiled(variant: Variant, options: Options) -> Rules:
    """The engine tables of a variant and options, built once per process (the last
    ``_COMPILED_MAX`` kinds)."""
    key = (variant.name, options)
    rules = _COMPILED.get(key)
    if rules is None:
        if len(_COMPILED) >= _COMPILED_MAX:
            del _COMPILED[next(iter(_COMPILED))]
        rules = _COMPILED[key] = variant.compile(options)
    return rules


def resolve_preset(preset: object, options: object = None) -> tuple[Variant, Options]:
    """The variant and resolved options of a preset string plus extra options (a mapping of
    names to values, as text or Python values). Each option is given once: twice in the
    preset, or in both the preset and ``options`` (under either of its names), is an
    ``OptionConflict``. (The arguments are typed ``object``: the compiled build would refuse
    anything else with a bare ``TypeError``, and they may come from outside.)"""
    if not isinstance(preset, str):
        raise NotationError(f"a preset is text such as 'classic+jump_in', not {shown(preset)}")
    if not options:
        return _resolve_text(preset)
    if not isinstance(options, Mapping):
        raise InvalidOptionValue(
            f"options: give a mapping of names to values, not {shown(options)}"
        )
    return _resolve(preset, options)


@lru_cache(maxsize=256)
def _resolve_text(preset: str) -> tuple[Variant, Options]:
    """A preset string alone, resolved once (new games of one preset are set up often)."""
    return _resolve(preset, {})


def _needs_value(spec: OptionSpec, offered: OptionSpec) -> InvalidOptionValue:
    """An option other than a flag named without a value, and the values it may take
    (``offered``: those its variant accepts), as a reason and its fields."""
    if spec.type == "choice":
        return InvalidOptionValue(
            reason=N_("reason.option.needs_value.choice"),
            option=spec.name,
            short=spec.short,
            choices=" | ".join(offered.choices),
        )
    reason = (
        N_("reason.option.needs_value.int")
        if spec.type == "int"
        else N_("reason.option.needs_value.optional_int")
    )
    return InvalidOptionValue(
        reason=reason,
        option=spec.name,
        short=spec.short,
        minimum=offered.minimum,
        maximum=offered.maximum,
    )


def _resolve(preset: str, options: Mapping[object, object]) -> tuple[Variant, Options]:
    name, pairs = split_preset(preset)
    variant = get(name)
    # (name as written, value, how it was written: for a conflict's message)
    given: list[tuple[object, object, str]] = []
    for key, raw in pairs:
        if raw is None:
            spec = variant.resolve(key)
            if spec.type != "bool":
                raise _needs_value(spec, variant.offered.get(spec.name, spec))
            given.append((key, "true", key))
        else:
            given.append((key, raw, f"{key}={shown(raw)}"))
    given.extend((key, value, f"{key}={shown(value)}") for key, value in options.items())
    values: dict[str, Value] = {}
    written: dict[str, str] = {}
    for entry, value, text in given:
        spec = variant.resolve(entry)  # (so ``text`` is short)
        if spec.name in written:
            raise OptionConflict(
                reason=N_("reason.option.twice"),
                option=spec.name,
                first=written[spec.name],
                second=text,
            )
        written[spec.name] = text
        values[spec.name] = variant.parse(spec, value)  # (so ``Variant.options`` gets its types)
    return variant, variant.options(values)


def _choose_dealer(game: Game, events: list[Event]) -> int:
    """RULES.md §1.2: each player draws a card, the highest number deals, symbols count 0;
    tied players draw again (C-1). Or a seeded random seat."""
    seats = [s for s in range(game.n) if not game.eliminated[s]]
    if game.rules.dealer_selection == "random":
        return seats[game.rng.below(len(seats))]
    # Each draw is a uniform card of what is left of a shuffled deck: the same as shuffling
    # the whole deck and drawing from the top, without shuffling cards nobody draws.
    pile = list(game.rules.deck)
    rng = game.rng  # (its method called directly, not through a bound method object)
    while len(seats) > 1:
        drawn = []
        for s in seats:
            if not pile:
                pile = list(game.rules.deck)
            i = rng.below(len(pile))
            pile[i], pile[-1] = pile[-1], pile[i]
            c = pile.pop()
            drawn.append(number_value(c))
            events.append(Event(ev.DEALER_DRAW, s, (c,)))
        best = max(drawn)
        seats = [s for s, v in zip(seats, drawn, strict=True) if v == best]
    return seats[0]


def deal(game: Game, events: list[Event]) -> None:
    """Shuffle the whole deck and deal one card at a time from the dealer's left."""
    pile = list(game.rules.deck)
    game.rng.shuffle(pile)
    game.draw_pile = pile
    seat = game.left_of(game.dealer)
    never = game.rules.never_dealt
    for _ in range(game.rules.hand_size * game.active):
        c = pile.pop()
        while never and never[c]:  # put back at a random position and replaced (Blast §5.4)
            pile.insert(game.rng.below(len(pile) + 1), c)
            c = pile.pop()
        game.hands[seat].append(c)
        seat = game.left_of(seat)
    if game.rules.hidden_backs:  # every card dealt is blind to its holder (FL-4, core.backs)
        for s, held in enumerate(game.hands):
            game.known[s][s] = list(held)
    for s in range(game.n):
        if not game.eliminated[s]:
            hand = seen_by(game, s, game.hands[s])  # (as its holder sees them)
            events.append(Event(ev.DEAL, s, hand, len(hand)))


def turn_starter(game: Game, events: list[Event]) -> int:
    """Turn the top card of the draw pile to start the discard pile."""
    c = game.draw_pile.pop()
    game.discard.append(c)
    game.discard_by.append(-1)
    events.append(Event(ev.STARTER, None, (c,)))
    return c


def reinsert_starter(game: Game, events: list[Event]) -> None:
    """Put the starter back into the draw pile at a uniformly random position (RULES.md
    §0.2; Minecraft M-5, the Attack launcher's Trade Hands)."""
    c = game.discard.pop()
    game.discard_by.pop()
    game.draw_pile.insert(game.rng.below(len(game.draw_pile) + 1), c)
    events.append(Event(ev.STARTER_RETURNED, None, (c,)))


def start_on_number(game: Game) -> None:
    """Turn cards until a number; every other card goes back into the draw pile at a random
    position (Minecraft's ``number_only``, M-5; Blast's re-flip, §5.4). Left of the dealer
    starts, on that number's colour."""
    events = game.setup_events
    while True:
        c = turn_starter(game, events)
        if CARD_NUMBER[c] >= 0:
            break
        reinsert_starter(game, events)
    game.color = CARD_COLOR[c]
    game.top_kind = CARD_KIND[c]
    game.turn = game.left_of(game.dealer)


def return_starter(game: Game, events: list[Event]) -> None:
    """Put the starter back into the draw pile and shuffle it (RULES.md §1.2 table)."""
    c = game.discard.pop()
    game.discard_by.pop()
    game.draw_pile.append(c)
    game.rng.shuffle(game.draw_pile)
    events.append(Event(ev.STARTER_RETURNED, None, (c,)))
