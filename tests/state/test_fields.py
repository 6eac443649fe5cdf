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
from unoverse.core.parts import PARTS, every_field, hidden, saved_fields
from unoverse.core.plays import Plays
from unoverse.core.position import KEYS, position_text
from unoverse.core.rng import Rng
from unoverse.core.rules import Rules
from unoverse.core.state import BY_CONSTRUCTOR, FIELDS, Copy, Field, Seen, Shape, Transient
from unoverse.core.table import Table

from ._corpus import real_states

#: Fields a new game takes from its constructor's arguments, as every copy does: the
#: PRNG aside, as ``fresh`` seeds it 0.
CONSTRUCTOR = BY_CONSTRUCTOR - {"rng"}


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


#: Every field of the state with its path (a rule set's part's as ``slot.name``).
EVERY = every_field()


def present(game: Game, path: str) -> bool:
    """Whether ``game`` has the field: a part's fields only where the rule set has it."""
    slot, dot, _ = path.partition(".")
    return not dot or getattr(game, slot) is not None


def fields_of(game: Game) -> tuple[tuple[str, Field], ...]:
    """The fields ``game`` has, with their paths."""
    return tuple((path, f) for path, f in EVERY if present(game, path))


def field_of(game: Game, path: str) -> object:
    holder: object = game
    *parts, name = path.split(".")
    for part in parts:
        holder = getattr(holder, part)
    value: object = getattr(holder, name)
    return value


def set_field(game: Game, path: str, value: object) -> None:
    *parts, name = path.split(".")
    holder: object = game
    for part in parts:
        holder = getattr(holder, part)
    setattr(holder, name, value)


def slots(cls: type, module: object) -> tuple[str, ...]:
    """``cls.__slots__``; the compiled class keeps none, so there it is read from the
    declaration in the source beside the compiled module."""
    declared: tuple[str, ...] | None = getattr(cls, "__slots__", None)
    if declared is not None:
        return declared
    source = Path(getattr(module, "__file__", "") or "")
    tree = ast.parse(source.with_name(source.name.split(".")[0] + ".py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for item in node.body:
                if isinstance(item, ast.Assign) and ast.unparse(item.targets[0]) == "__slots__":
                    value: tuple[str, ...] = ast.literal_eval(item.value)
                    return value
    raise AssertionError(f"no {cls.__name__}.__slots__ in {source}")


# -- the table and the class -------------------------------------------------------------------
def test_every_slot_is_declared_once_and_set_by_init() -> None:
    """``FIELDS`` lists ``Table.__slots__`` (the state; ``Game`` and ``Plays`` add none) and
    each part's table its class's, in their order; ``__init__`` sets every one."""
    for cls in (Plays, Game):
        assert vars(cls).get("__slots__", ()) == (), f"{cls.__name__} keeps its state in Table"
    names = [f.name for f in FIELDS]
    assert len(set(names)) == len(names)
    assert names == list(slots(Table, table_module)), "FIELDS lists Table.__slots__"
    assert [f.name for f in FIELDS if f.shape is Shape.PART] == [p.slot for p in PARTS]
    for part in PARTS:
        module = importlib.import_module(part.cls.__module__)
        assert [f.name for f in part.fields] == list(slots(part.cls, module)), part.slot
    for preset in ("classic", "blast"):
        game = fresh(uv.new_game(preset, 2, 1))
        for path, _ in fields_of(game):
            field_of(game, path)  # (AttributeError: a slot __init__ does not set)
    assert uv.new_game("classic", 2, 1).blast is None
    assert type(uv.new_game("blast", 2, 1).blast) is PARTS[0].cls


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
    if shape is Shape.PART:
        return value is None or any(type(value) is p.cls for p in PARTS)
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
        for path, f in fields_of(g):
            assert fits(field_of(g, path), f.shape, g.n), path


def test_the_columns_agree() -> None:
    """A field of the state is saved and copied; a transient one is not saved, and only a
    field that rests between actions may be left out of a copy. A part's row in the table
    has no keys of its own: its fields' rows have them."""
    for path, f in EVERY:
        assert (f.transient is Transient.NO) == bool(f.saved), path
        if f.copy is Copy.NONE:
            assert f.transient is Transient.ACTION, path
        if f.copy is Copy.SHARED:
            assert f.name in ("rules", "draws") or f.transient is not Transient.NO, path
    for f in FIELDS:
        assert (f.shape is Shape.PART) == (f.copy is Copy.PART), f.name
        if f.shape is Shape.PART:
            assert not f.saved and not f.position and f.transient is Transient.NO, f.name
    keys = {k.partition(".")[0] for f in saved_fields() for k in f.saved}
    assert keys | {"format"} == codec._FIELDS
    assert set(KEYS) == {k for _, f in EVERY for k in f.position}


def test_every_field_varies_in_the_corpus() -> None:
    """Every field of the state takes, in some corpus state, another value than a new game
    gives it (the constructor's arguments aside): the tests below would see it dropped."""
    varied = set(CONSTRUCTOR)
    for g in real_states():
        new = fresh(g)
        varied.update(
            p for p, _ in fields_of(g) if plain(field_of(g, p)) != plain(field_of(new, p))
        )
    state = {path for path, f in EVERY if f.transient is Transient.NO}
    assert state <= varied, f"add a state to _corpus.py where these vary: {state - varied}"


def test_fields_that_live_within_an_action_rest_between_actions() -> None:
    resting = [path for path, f in EVERY if f.transient is Transient.ACTION]
    assert resting
    for g in real_states():
        new = fresh(g)
        for path in resting:
            if present(g, path):
                assert plain(field_of(g, path)) == plain(field_of(new, path)), path


# -- copy -----------------------------------------------------------------------------------------
def test_a_copy_keeps_every_field() -> None:
    for g in real_states():
        c = g.copy()
        new = fresh(g)
        for path, f in fields_of(g):
            if f.copy is Copy.NONE:
                assert plain(field_of(c, path)) == plain(field_of(new, path)), path
                continue
            assert plain(field_of(c, path)) == plain(field_of(g, path)), path
            if f.copy is Copy.SHARED:
                assert field_of(c, path) is field_of(g, path), path
        for part in PARTS:  # a part is there in both or in neither, and is not shared
            mine, its = getattr(g, part.slot), getattr(c, part.slot)
            assert (mine is None) == (its is None) and (mine is None or mine is not its)


def test_the_copy_is_the_one_written_from_the_table() -> None:
    """``core/copying.py`` and each part's ``copying.py`` are what tools/gen_state.py writes
    from the tables now: a row added or changed without running the tool fails here."""
    path = Path(__file__).resolve().parents[2] / "tools" / "gen_state.py"
    spec = importlib.util.spec_from_file_location("gen_state", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    files = tool.outputs()
    assert len(files) == 1 + len(PARTS)
    for path, text in files.items():
        assert path.read_text() == text, f"run tools/gen_state.py ({path.name})"


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
        before = {path: plain(field_of(g, path)) for path, _ in fields_of(g)}
        text = uv.to_json(g)
        c = g.copy()
        for path, f in fields_of(c):
            mutate(field_of(c, path), f.copy)
        assert {path: plain(field_of(g, path)) for path, _ in fields_of(g)} == before
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
        for path, f in fields_of(g):
            if f.transient is not Transient.NO:
                continue
            assert plain(field_of(back, path)) == plain(field_of(g, path)), path
            if plain(field_of(g, path)) != plain(field_of(new, path)):
                assert all(written(data, k) for k in f.saved), (path, f.saved)


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


def changed_entry(game: Game, path: str, f: Field, seat: int) -> bool:
    """Change ``seat``'s own entry of the per-seat field ``f``, keeping what other seats
    see of it (its size, whether it is set); False when there is nothing to change."""
    value = field_of(game, path)
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
        table[seat] = BlastChoices([(0,)]) if path == "blast.offers" else (0,)
        return True
    raise AssertionError(path)


def views(game: Game) -> list[object]:
    return [game.view(s) for s in (None, *range(game.n))]


def test_hidden_fields_never_reach_a_view() -> None:
    """Changing a field hidden from a seat (``Seen``) leaves that seat's view as it was:
    any field nobody sees, another seat's entry of a per-seat field, the drawn card of
    another seat's window. (The spectator, ``None``, sees no hidden field.)"""
    assert {p for p, _ in hidden()} >= {"hands", "draw_pile", "rng", "pen_legal", "known"}
    tried = {path: 0 for path, _ in hidden()}
    for g in real_states():
        before = views(g)
        for path, f in hidden():
            if not present(g, path):
                continue
            c = g.copy()
            if f.seen is Seen.NOBODY:
                set_field(c, path, changed(field_of(c, path), f.shape, c.n))
                if path == "draw_pile":  # its size is public
                    c.draw_pile = [(x + 1) % N_CARDS for x in g.draw_pile]
                assert views(c) == before, path
                tried[path] += 1
            elif f.seen is Seen.TURN:
                c.drawn = (g.drawn + 1) % N_CARDS
                after = views(c)
                for s, (v, w) in enumerate(zip(before, after, strict=True)):
                    if s - 1 != g.turn:
                        assert v == w, (path, s - 1)
                tried[path] += 1
            else:
                for seat in range(g.n):
                    c = g.copy()
                    for s in range(c.n):
                        c.legal_actions(s)  # (fills the caches: BLAST offers)
                    if not changed_entry(c, path, f, seat):
                        continue
                    after = views(c)
                    for s, (v, w) in enumerate(zip(before, after, strict=True)):
                        if s - 1 != seat:
                            assert v == w, (path, seat, s - 1)
                    tried[path] += 1
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
                assert view.live.mine == g.blast.armed[seat]


# -- positions ------------------------------------------------------------------------------------
def test_a_position_keeps_every_field() -> None:
    """``position(position_text(game))`` gives back every field of the state that is not
    transient, for every state of the corpus (in which every such field varies)."""
    for g in real_states():
        text = position_text(g)
        p = uv.position(text)
        for path, f in fields_of(g):
            if f.transient is Transient.NO:
                assert plain(field_of(p, path)) == plain(field_of(g, path)), (path, text)
