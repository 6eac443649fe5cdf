"""The mutations the file fuzzers share: bytes flipped, text cut short, a random place
inside a JSON document, and a value turned into another JSON type with the same content."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

#: ``hypothesis``' ``draw``, as a ``@st.composite`` strategy is given it.
Draw = Callable[[st.SearchStrategy[Any]], Any]


def flip_bytes(data: bytes, draw: Draw) -> bytes:
    """``data`` with one to three bytes set at random."""
    out = bytearray(data)
    for _ in range(draw(st.integers(1, 3))):
        out[draw(st.integers(0, len(out) - 1))] = draw(st.integers(0, 255))
    return bytes(out)


def cut(data: bytes, draw: Draw) -> bytes:
    """``data`` cut short at a random point."""
    return data[: draw(st.integers(0, len(data) - 1))]


def walk(value: Any, draw: Draw) -> tuple[Any, Any]:
    """A random container inside ``value`` and a key of it (at least one level down)."""
    parent, key = None, None
    node = value
    while isinstance(node, dict | list) and node:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        parent, key = node, draw(st.sampled_from(keys))
        node = parent[key]
        if draw(st.integers(0, 3)) == 0:
            break
    return parent, key


def retype(value: Any, draw: Draw) -> Any:
    """The same content as another JSON type (or another case, or with a space)."""
    choices: list[Any] = [None, [value], str(value)]
    if isinstance(value, bool):
        choices += [int(value)]
    elif isinstance(value, int | float):
        choices += [float(value), value != 0, -value, value + 1]
        if isinstance(value, float) and value.is_integer():
            choices.append(int(value))
    elif isinstance(value, str):
        choices += [len(value), value + " ", value.upper(), " " + value]
    elif isinstance(value, list):
        choices += [dict(enumerate(value)), value[:-1], value + value[-1:], value[::-1]]
    elif isinstance(value, dict):
        choices += [list(value.values()), {k: v for k, v in list(value.items())[:-1]}]
    return draw(st.sampled_from(choices))
