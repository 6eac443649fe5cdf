"""Bots: they see only their seat's view and legal actions, and answer with an action (the
driver asks each answer's reaction time separately)."""

from .base import Bot, make_bot, parse_bot_specs
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .naive import NaiveBot
from .random_bot import RandomBot

__all__ = [
    "Bot",
    "HeuristicBot",
    "IsmctsBot",
    "NaiveBot",
    "RandomBot",
    "make_bot",
    "parse_bot_specs",
]
