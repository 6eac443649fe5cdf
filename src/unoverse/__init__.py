"""unoverse: the whole UNO family, played exactly by its rules.

The public API::

    import unoverse as uv
    game = uv.new_game("classic", players=4, seed=7)
    game.windows()                  # public: what is open
    game.legal_actions(1)           # private to seat 1
    events = game.apply(1, "G6")    # validates, then mutates; raises IllegalAction
    view = game.view(1)             # frozen, per seat
    guess = uv.determinise(view, 1, uv.Rng(5))  # a whole game seat 1 could be in

``uv.engine_build()`` tells which build of the engine runs: compiled by mypyc (``make run``,
``make test``, ``pip install .``) or the plain source.
"""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import NamedTuple

# The subpackage of variants is loaded before the function ``variants`` below is bound: a
# subpackage loaded later (``core.registry`` reads its list when first asked) would rebind
# the package's name ``variants`` to the module.
from . import variants as _variants  # noqa: F401
from .core.actions import Action, Kind, action
from .core.cards import card, cards
from .core.codec import from_json, state_hash, to_json
from .core.determinise import determinise
from .core.errors import (
    BadPlayerCount,
    IllegalAction,
    InvalidOptionValue,
    NotationError,
    NotYourWindow,
    OptionConflict,
    ReplayMismatch,
    StaleAction,
    UnknownOption,
    UnknownVariant,
    UnoverseError,
)
from .core.events import Event, redact
from .core.game import Game, Phase
from .core.position import position, position_text
from .core.registry import get as get_variant
from .core.registry import variants
from .core.rng import Rng
from .core.setup import new_game
from .core.view import View
from .core.windows import Window

__version__ = "0.1.0"

#: The file an install that could not compile the engine leaves in the package, saying why
#: (``setup.py``).
_PLAIN_NOTE = "engine_build.txt"


class EngineBuild(NamedTuple):
    """Which build of the engine this process runs."""

    compiled: bool
    #: Why the plain source runs where a compiled engine was expected; empty otherwise.
    reason: str = ""

    def __str__(self) -> str:
        if self.compiled:
            return "compiled by mypyc"
        return f"plain Python, not compiled: {self.reason}" if self.reason else "plain Python"


def engine_build() -> EngineBuild:
    """Whether the engine was loaded compiled by mypyc (its modules are extension modules),
    and if not, why, where a compiled one was expected: the install could not compile it
    (its note in the package), the compiled modules beside the sources are for another
    Python, or ``UNOVERSE_EXPECT_COMPILED`` is set (``make test``) and the plain source was
    loaded anyway."""
    from .core import game

    source = Path(game.__file__ or "")
    if source.name.endswith(tuple(EXTENSION_SUFFIXES)):
        return EngineBuild(True)
    note = Path(__file__).with_name(_PLAIN_NOTE)
    if note.is_file():
        return EngineBuild(False, " ".join(note.read_text().split()))
    others = sorted(p.name for p in source.parent.glob("game.*") if p.suffix in (".so", ".pyd"))
    if others:
        return EngineBuild(False, f"{others[0]} beside the source is for another Python")
    if os.environ.get("UNOVERSE_EXPECT_COMPILED", "") not in ("", "0"):
        return EngineBuild(
            False, f"UNOVERSE_EXPECT_COMPILED is set but the engine came from {source.parent}"
        )
    return EngineBuild(False)


__all__ = [
    "Action",
    "BadPlayerCount",
    "EngineBuild",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOptionValue",
    "Kind",
    "NotYourWindow",
    "NotationError",
    "OptionConflict",
    "Phase",
    "ReplayMismatch",
    "Rng",
    "StaleAction",
    "UnknownOption",
    "UnknownVariant",
    "UnoverseError",
    "View",
    "Window",
    "action",
    "card",
    "cards",
    "determinise",
    "engine_build",
    "from_json",
    "get_variant",
    "new_game",
    "position",
    "position_text",
    "redact",
    "state_hash",
    "to_json",
    "variants",
]
