"""``unoverse.from_json`` under hostile input (docs/notation.md, "Saved states").

Real saved states of every variant and mode, taken at random points of rounds played with
random legal actions (and the referee's penalties and timeouts), load back to the very same
text. Mutated — fields dropped, duplicated, retyped, set out of range or huge, cards swapped
or moved between piles — a state is either refused with a ``NotationError``, or it is a
state the engine can be in: it passes the consistency check, saves to exactly the text it
was read from, and plays on, every offered action accepted. Nothing else is ever raised.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st

import unoverse as uv
from state._corpus import PRESETS as CORPUS_PRESETS
from unoverse import Game, Phase, UnoverseError
from unoverse.core.integrity import check

#: The corpus's presets (``tests/state/_corpus.py``), and Full Spectrum with its defaults.
PRESETS = (*CORPUS_PRESETS, "full_spectrum")


def random_action(game: Game, rng: random.Random, clock: float) -> None:
    """Apply one random offered action, or now and then a referee's action (a penalty, a
    timeout, a stall, the end of a stuck round), stamped ``clock``."""
    roll = rng.random()
    referee = (
        f"penalize:{rng.randrange(game.n)}:{rng.randint(1, 4)}"
        if roll < 0.02
        else "stall"
        if roll < 0.05 and game.rules.realtime
        else "timeout"
        if roll < 0.05
        else "stuck"
        if roll < 0.052
        else ""
    )
    if referee:
        try:
            game.apply(None, referee, clock)
            return
        except UnoverseError:
            pass
    pairs = [(s, a) for s in game.acting_seats() for a in game.legal_actions(s)]
    seat, act = rng.choice(pairs)
    game.apply(seat, act, clock)


@lru_cache(maxsize=1)
def real_states() -> tuple[str, ...]:
    """Saved states of real rounds of every preset (built once): at random points, and the
    first state of each phase a round goes through."""
    rng = random.Random(18)
    states = []
    for preset in PRESETS:
        game = uv.new_game(preset, rng.choice((2, 3, 4, 6)), rng.getrandbits(32))
        seen = set()
        keep = rng.sample(range(120), 2)
        for i in range(120):
            if i in keep or game.phase not in seen:
                seen.add(game.phase)
                states.append(uv.to_json(game))
            if game.over:
                break
            random_action(game, rng, 250.0 * i)
    return tuple(states)


def canonical(text: str) -> str:
    return json.dumps(json.loads(text), separators=(",", ":"), sort_keys=True)


def loads_as_written(text: str) -> Game:
    """Load ``text``, which must load: the game passes the check and saves to ``text``."""
    game = uv.from_json(text)
    check(game)
    assert uv.to_json(game) == canonical(text)
    return game


def plays_on(game: Game, seed: int, actions: int = 8) -> None:
    """Offered actions are accepted: the loaded game plays on."""
    rng = random.Random(seed)
    for i in range(actions):
        if game.over:
            return
        random_action(game, rng, 10.0**7 + 250.0 * i)


@given(
    preset=st.sampled_from(PRESETS),
    players=st.integers(2, 10),
    seed=st.integers(0, 2**32 - 1),
    actions=st.sampled_from(range(0, 301, 10)),
)
def test_every_real_state_loads_and_saves_to_the_same_text(
    preset: str, players: int, seed: int, actions: int
) -> None:
    rng = random.Random(seed)
    game = uv.new_game(preset, players, seed)
    for i in range(actions + 1):
        if i % 5 == 0 or game.over or i == actions:
            text = uv.to_json(game)
            loaded = loads_as_written(text)
            assert loaded.view(None) == game.view(None)
        if game.over:
            break
        random_action(game, rng, 250.0 * i)


# -- mutations -------------------------------------------------------------------------------
#: Any JSON value, weighted to the types and ranges a saved state holds, and beyond them.
JSON_VALUE = st.recursive(
    st.one_of(
        st.integers(-3, 12),
        st.integers(-(2**70), 2**70),
        st.sampled_from([2**63, 2**64, -(2**63) - 1, 10**30, 10**300]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.booleans(),
        st.none(),
        st.sampled_from(["", "R5", "W+4", "!2SC", "T9", "turn", "over", "live", "0:1", "R5 R5"]),
        st.text(max_size=6),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)


def places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``node`` (keys of objects, indices of lists)."""
    out = []
    items = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else ()
    )
    for key, value in items:
        out.append((*path, key))
        out.extend(places(value, (*path, key)))
    return out


def parent(state: Any, path: tuple[Any, ...]) -> Any:
    node = state
    for key in path[:-1]:
        node = node[key]
    return node


def piles(state: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The paths of the card lists: hands, draw, discard, buried, spent."""
    out: list[tuple[Any, ...]] = []
    if isinstance(state.get("hands"), list):
        out.extend(("hands", i) for i, h in enumerate(state["hands"]) if isinstance(h, str))
    out.extend(
        (k,) for k in ("draw", "discard", "buried", "spent") if isinstance(state.get(k), str)
    )
    return out


def mutate(state: dict[str, Any], data: st.DataObject) -> None:
    """One change, drawn by hypothesis, made in place."""
    how = data.draw(st.sampled_from(["drop", "set", "nudge", "move", "swap", "copy", "add"]))
    paths = places(state)
    card_piles = piles(state)
    if how in ("move", "swap", "copy") and card_piles:
        a = data.draw(st.sampled_from(card_piles), label="from")
        b = data.draw(st.sampled_from(card_piles), label="to")
        one, other = parent(state, a)[a[-1]].split(), parent(state, b)[b[-1]].split()
        if not one:
            return
        i = data.draw(st.integers(0, len(one) - 1), label="card")
        c = one[i]
        if how == "move":  # to another pile: the count stays, the places change
            del one[i]
            other.insert(data.draw(st.integers(0, len(other)), label="at"), c)
        elif how == "swap" and other:  # two cards trade places
            j = data.draw(st.integers(0, len(other) - 1), label="with")
            one[i], other[j] = other[j], c
        else:  # a copy too many
            other.append(c)
        parent(state, a)[a[-1]] = " ".join(one)
        if a != b:
            parent(state, b)[b[-1]] = " ".join(other)
        return
    if not paths:
        return
    path = data.draw(st.sampled_from(paths), label="path")
    holder, key = parent(state, path), path[-1]
    if how == "drop":
        del holder[key]
    elif how == "nudge" and isinstance(holder[key], int) and not isinstance(holder[key], bool):
        holder[key] += data.draw(st.sampled_from([-2, -1, 1, 2, 7, 100]), label="by")
    elif how == "add" and isinstance(holder[key], list):
        holder[key].append(data.draw(JSON_VALUE, label="item"))
    else:
        holder[key] = data.draw(JSON_VALUE, label="value")


@given(data=st.data())
def test_a_mutated_state_is_refused_or_is_a_state_that_plays_on(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(real_states()), label="state")
    state = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        mutate(state, data)
    mutated = json.dumps(state)
    try:
        game = uv.from_json(mutated)
    except uv.NotationError as exc:
        assert str(exc).startswith("saved game: "), exc
        event(f"refused: {str(exc).split(':')[1]}")
        return
    event("accepted")
    loaded = loads_as_written(mutated)
    assert uv.to_json(loaded) == uv.to_json(game)
    plays_on(game, data.draw(st.integers(0, 2**32 - 1), label="seed"))


@given(
    text=st.one_of(
        st.text(max_size=40),
        st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
        JSON_VALUE.map(lambda v: json.dumps(v)),
        st.integers(1, 3000).map(lambda depth: "[" * depth + "]" * depth),
        st.integers(1, 3000).map(
            lambda depth: '{"format": 1, "options": ' + "[" * depth + "]" * depth + "}"
        ),
    )
)
def test_any_text_is_refused_with_a_notation_error(text: str) -> None:
    try:
        uv.from_json(text)
    except uv.NotationError:
        return
    raise AssertionError(f"accepted: {text!r}")


def test_the_pool_of_real_states_covers_every_phase() -> None:
    """The mutated states come from every kind of window (a check of the pool itself)."""
    phases = {json.loads(t)["phase"] for t in real_states()}
    assert phases == {p.name.lower() for p in Phase}, phases
