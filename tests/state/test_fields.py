"""The field table (``unoverse.core.state.FIELDS``) against the places that list ``Game``'s
fields by hand: the slots and ``__init__``, ``copy``, the codec, the views and positions.

Each check runs on real states of every variant (``_corpus``), and each is only as strong as
the states are varied: ``test_every_field_varies_in_the_corpus`` makes sure every field of
the state takes another value than a new game gives it in some state, so that a field a copy
or a saved game dropped would show."""

from __future__ import annotations

import ast
import importlib.util
import math
from enum import Enum
from pathlib import Path
from typing import Any

import unoverse as uv
from unoverse import Game
from unoverse.core import codec
from unoverse.core import table as table_module
from unoverse.core.actions import BlastChoices
from unoverse.core.cards import N_CARDS
from unoverse.core.launcher import Launcher
from unoverse.core.plays import Plays
from unoverse.core.position import KEYS, position_text
from unoverse.core.rng import Rng
from unoverse.core.rules import Rules
from unoverse.core.state import FIELDS, Copy, Field, Seen, Shape, Transient, hidden
from unoverse.core.table import Table

from ._corpus import real_states

#: Fields a new game takes from its constructor's arguments, as every copy does (``draws``
#: from the rules).
CONSTRUCTOR = frozenset({"n", "rules", "draws"})


def plain(value: object) -> object:
    """A field's value as plain data to compare: objects by their state."""
    if isinstance(value, Rng):
        return ("Rng", value.state)
    if isinstance(value, Launcher):
        return (type(value).__name__, value.state)
    if isinstance(value, Rules):
        return ("Rules", value.name, repr(sorted(value.options.items())))
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if type(value) is BlastChoices:  # (the compiled class claims tuples as instances)
        return ("BlastChoices", [plain(s) for s in value.sets])
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, Enum | bool | int | str) or value is None:
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    return repr(value)  # events: compared by value


def fresh(game: Game) -> Game:
    """A new, empty table of the same rules and size: every field as ``__init__`` sets it."""
    return Game(game.rules, game.n, 0)


def field_of(game: Game, f: Field) -> object:
    value: object = getattr(game, f.name)
    return value


def slots() -> tuple[str, ...]:
    """``Table.__slots__`` (the state; ``Game`` and ``Plays`` add none); the compiled class
    keeps none, so there it is read from the declaration in the source beside the compiled
    module."""
    for cls in (Plays, Game):
        assert vars(cls).get("__slots__", ()) == (), f"{cls.__name__} keeps its state in Table"
    declared: tuple[str, ...] | None = getattr(Table, "__slots__", None)
    if declared is not None:
        return declared
    tree = ast.parse(Path(table_module.__file__ or "").with_name("table.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "Table":
            for item in node.body:
                if isinstance(item, ast.Assign) and ast.unparse(item.targets[0]) == "__slots__":
                    value: tuple[str, ...] = ast.literal_eval(item.value)
                    return value
    raise AssertionError("no Table.__slots__ in core/table.py")


# -- the table and the class -------------------------------------------------------------------
def test_every_slot_is_declared_once_and_set_by_init() -> None:
    names = [f.name for f in FIELDS]
    assert len(set(names)) == len(names)
    assert names == list(slots()), "FIELDS lists Table.__slots__, in their order"
    game = fresh(uv.new_game("classic", 2, 1))
    for f in FIELDS:
        field_of(game, f)  # (AttributeError: a slot __init__ does not set)


def fits(value: object, shape: Shape, n: int) -> bool:
    """Whether ``value`` has ``shape`` in a table of ``n`` seats."""
    if shape is Shape.SCALAR:
        return isinstance(value, bool | int | Enum)
    if shape is Shape.RECORD:
        return value is None or isinstance(value, tuple)
    if shape is Shape.MAP:
        return isinstance(value, dict) and all(0 <= s < n for s in value)
    if shape is Shape.OBJECT:
        return not isinstance(value, list | tuple | dict | int)
    if not isinstance(value, list):
        return False
    if shape is Shape.LIST:
        return all(hash(x) is not None for x in value)  # (items immutable)
    if shape is Shape.PER_SEAT:
        return len(value) == n and all(isinstance(x, int) for x in value)
    rows = [r for r in value if isinstance(r, list) and len(r) == n]
    if shape is Shape.NESTED:
        return len(value) == n and all(isinstance(r, list) for r in value)
    return len(rows) == n and all(isinstance(c, list) for r in rows for c in r)


def test_every_field_has_the_shape_the_table_gives() -> None:
    for g in real_states():
        for f in FIELDS:
            assert fits(field_of(g, f), f.shape, g.n), f.name


def test_the_columns_agree() -> None:
    """A field of the state is saved and copied; a transient one is not saved, and only a
    field that rests between actions may be left out of a copy."""
    for f in FIELDS:
        assert (f.transient is Transient.NO) == bool(f.saved), f.name
        if f.copy is Copy.NONE:
            assert f.transient is Transient.ACTION, f.name
        if f.copy is Copy.SHARED:
            assert f.name in ("rules", "draws") or f.transient is not Transient.NO, f.name
    keys = {k.partition(".")[0] for f in FIELDS for k in f.saved}
    assert keys | {"format"} == codec._FIELDS
    assert set(KEYS) == {k for f in FIELDS for k in f.position}


def test_every_field_varies_in_the_corpus() -> None:
    """Every field of the state takes, in some corpus state, another value than a new game
    gives it (the constructor's arguments aside): the tests below would see it dropped."""
    varied = set(CONSTRUCTOR)
    for g in real_states():
        new = fresh(g)
        varied.update(f.name for f in FIELDS if plain(field_of(g, f)) != plain(field_of(new, f)))
    state = {f.name for f in FIELDS if f.transient is Transient.NO}
    assert state <= varied, f"add a state to _corpus.py where these vary: {state - varied}"


def test_fields_that_live_within_an_action_rest_between_actions() -> None:
    resting = [f for f in FIELDS if f.transient is Transient.ACTION]
    assert resting
    for g in real_states():
        new = fresh(g)
        for f in resting:
            assert plain(field_of(g, f)) == plain(field_of(new, f)), f.name


# -- copy -----------------------------------------------------------------------------------------
def test_a_copy_keeps_every_field() -> None:
    for g in real_states():
        c = g.copy()
        new = fresh(g)
        for f in FIELDS:
            if f.copy is Copy.NONE:
                assert plain(field_of(c, f)) == plain(field_of(new, f)), f.name
                continue
            assert plain(field_of(c, f)) == plain(field_of(g, f)), f.name
            if f.copy is Copy.SHARED:
                assert field_of(c, f) is field_of(g, f), f.name


def test_the_copy_is_the_one_written_from_the_table() -> None:
    """``core/copying.py`` is what tools/gen_state.py writes from ``FIELDS`` now: a row added
    or changed without running the tool fails here."""
    path = Path(__file__).resolve().parents[2] / "tools" / "gen_state.py"
    spec = importlib.util.spec_from_file_location("gen_state", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.OUT.read_text() == tool.generated(), "run tools/gen_state.py"


def mutate(value: Any, copy: Copy) -> None:
    """Change ``value`` in place as deep as ``copy`` says a copy of it is its own."""
    if copy is Copy.VALUE:
        hash(value)  # immutable all the way down: a list here would be shared
    elif copy is Copy.SHALLOW:
        if isinstance(value, dict):
            value[-5] = ()
        else:
            value.append(-5)
    elif copy is Copy.ROWS:
        for row in value:
            row.append(-5)
        value.append([-5])
    elif copy is Copy.CELLS:
        for row in value:
            for cell in row:
                cell.append(-5)
            row.append([-5])
        value.append([[-5]])
    elif copy is Copy.METHOD and value is not None:
        value.state += 1


def test_a_copy_shares_nothing_it_may_change() -> None:
    """Changing every field of a copy in place, as deep as the table says it is copied,
    leaves the original as it was."""
    for g in real_states():
        before = {f.name: plain(field_of(g, f)) for f in FIELDS}
        text = uv.to_json(g)
        c = g.copy()
        for f in FIELDS:
            mutate(field_of(c, f), f.copy)
        assert {f.name: plain(field_of(g, f)) for f in FIELDS} == before
        assert uv.to_json(g) == text


def test_a_copy_plays_on_without_touching_the_original() -> None:
    import random

    from ._corpus import random_action

    rng = random.Random(4)
    for g in list(real_states())[::5]:
        text = uv.to_json(g)
        c = g.copy()
        for i in range(6):
            if c.over:
                break
            random_action(c, rng, 10.0**7 + 250.0 * i)
        assert uv.to_json(g) == text


# -- the codec ------------------------------------------------------------------------------------
def written(data: dict[str, Any], key: str) -> bool:
    """Whether a saved game ``data`` holds ``key`` (``a.b``: key ``b`` of object ``a``)."""
    top, _, sub = key.partition(".")
    if top not in data:
        return False
    return not sub or (isinstance(data[top], dict) and sub in data[top])


def test_a_saved_game_keeps_every_field() -> None:
    """Every field that is not transient comes back from ``to_json``/``from_json`` as it
    was, and is written under the keys the table names whenever it differs from a new
    game's."""
    for g in real_states():
        data = codec.to_dict(g)
        back = uv.from_json(uv.to_json(g))
        new = fresh(g)
        for f in FIELDS:
            if f.transient is not Transient.NO:
                continue
            assert plain(field_of(back, f)) == plain(field_of(g, f)), f.name
            if plain(field_of(g, f)) != plain(field_of(new, f)):
                assert all(written(data, k) for k in f.saved), (f.name, f.saved)


# -- views ----------------------------------------------------------------------------------------
def changed(value: Any, shape: Shape, n: int) -> Any:
    """Another value of the same shape and size (cards, seats and numbers moved on by one)."""
    if shape is Shape.SCALAR:
        return (not value) if isinstance(value, bool) else value + 1
    if shape is Shape.OBJECT:
        return Rng(value.state + 1)
    if shape is Shape.RECORD:
        return (*(value or ()), 0)
    if shape is Shape.LIST:
        if value and not isinstance(value[0], int):  # (records, events)
            return value[1:] + value[:1] + value[:1]
        return [(x + 1) % N_CARDS for x in value] if value else [0]
    if shape is Shape.MAP:
        return {s: (0,) if v != (0,) else (1,) for s, v in value.items()} | {n: (0,)}
    raise AssertionError(shape)


def changed_entry(game: Game, f: Field, seat: int) -> bool:
    """Change ``seat``'s own entry of the per-seat field ``f``, keeping what other seats
    see of it (its size, whether it is set); False when there is nothing to change."""
    value = field_of(game, f)
    if f.shape is Shape.NESTED or f.shape is Shape.GRID:
        rows: list[Any] = value  # type: ignore[assignment]
        if f.shape is Shape.GRID:
            rows[seat] = [[(c + 1) % N_CARDS for c in cell] + [0] for cell in rows[seat]]
            return True
        if not rows[seat]:
            return False
        rows[seat] = [(c + 1) % N_CARDS for c in rows[seat]]
        return True
    if f.shape is Shape.PER_SEAT:
        entries: list[int] = value  # type: ignore[assignment]
        if entries[seat] < 0:  # unset: other seats see that
            return False
        entries[seat] = (entries[seat] + 1) % N_CARDS
        return True
    if f.shape is Shape.MAP:
        table: dict[int, Any] = value  # type: ignore[assignment]
        if seat not in table:
            return False
        table[seat] = BlastChoices([(0,)]) if f.name == "blast_offers" else (0,)
        return True
    raise AssertionError(f.name)


def views(game: Game) -> list[object]:
    return [game.view(s) for s in (None, *range(game.n))]


def test_hidden_fields_never_reach_a_view() -> None:
    """Changing a field hidden from a seat (``Seen``) leaves that seat's view as it was:
    any field nobody sees, another seat's entry of a per-seat field, the drawn card of
    another seat's window. (The spectator, ``None``, sees no hidden field.)"""
    assert {f.name for f in hidden()} >= {"hands", "draw_pile", "rng", "pen_legal", "known"}
    tried = {f.name: 0 for f in hidden()}
    for g in real_states():
        before = views(g)
        for f in hidden():
            c = g.copy()
            if f.seen is Seen.NOBODY:
                setattr(c, f.name, changed(field_of(c, f), f.shape, c.n))
                if f.name == "draw_pile":  # its size is public
                    c.draw_pile = [(x + 1) % N_CARDS for x in g.draw_pile]
                assert views(c) == before, f.name
                tried[f.name] += 1
            elif f.seen is Seen.TURN:
                c.drawn = (g.drawn + 1) % N_CARDS
                after = views(c)
                for s, (v, w) in enumerate(zip(before, after, strict=True)):
                    if s - 1 != g.turn:
                        assert v == w, (f.name, s - 1)
                tried[f.name] += 1
            else:
                for seat in range(g.n):
                    c = g.copy()
                    for s in range(c.n):
                        c.legal_actions(s)  # (fills the caches: BLAST offers)
                    if not changed_entry(c, f, seat):
                        continue
                    after = views(c)
                    for s, (v, w) in enumerate(zip(before, after, strict=True)):
                        if s - 1 != seat:
                            assert v == w, (f.name, seat, s - 1)
                    tried[f.name] += 1
    assert all(tried.values()), tried


def test_a_seats_own_entries_reach_its_view() -> None:
    """The other way round: what the table says a seat sees of its own is in its view (so
    ``Seen.OWN`` is not a hidden field mislabelled)."""
    for g in real_states():
        for seat in range(g.n):
            view = g.view(seat)
            assert list(view.hand) == g.hands[seat]
            assert [sorted(k) for k in view.known if k] == [
                sorted(k) for h, k in enumerate(g.known[seat]) if k and h != seat
            ]
            if view.live is not None:
                assert view.live.mine == g.armed[seat]


# -- positions ------------------------------------------------------------------------------------
def test_a_position_keeps_every_field() -> None:
    """``position(position_text(game))`` gives back every field of the state that is not
    transient, for every state of the corpus (in which every such field varies)."""
    for g in real_states():
        text = position_text(g)
        p = uv.position(text)
        for f in FIELDS:
            if f.transient is Transient.NO:
                assert plain(field_of(p, f)) == plain(field_of(g, f)), (f.name, text)
