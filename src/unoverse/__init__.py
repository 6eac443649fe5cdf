"""unoverse: the whole UNO family, played exactly by its rules.

The public API::

    import unoverse as uv
    game = uv.new_game("classic", players=4, seed=7)
    game.windows()                  # public: what is open
    game.legal_actions(1)           # private to seat 1
    events = game.apply(1, "G6")    # validates, then mutates; raises IllegalAction
    view = game.view(1)             # frozen, per seat
"""

from __future__ import annotations

from . import variants as _variants  # noqa: F401  (registers the variants)
from .core.actions import Action, Kind, action
from .core.cards import card, cards
from .core.codec import from_json, state_hash, to_json
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
from .core.setup import new_game
from .core.view import View, view
from .core.windows import Window

__all__ = [
    "Action",
    "BadPlayerCount",
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
    "StaleAction",
    "UnknownOption",
    "UnknownVariant",
    "UnoverseError",
    "View",
    "Window",
    "action",
    "card",
    "cards",
    "from_json",
    "get_variant",
    "new_game",
    "position",
    "position_text",
    "redact",
    "state_hash",
    "to_json",
    "variants",
    "view",
]
