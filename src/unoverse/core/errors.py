"""One taxonomy of typed errors, each with a stable code the interfaces put on the wire.

Every error says what was wrong and what is allowed. An engine call that raises one of
these has changed nothing.
"""

from __future__ import annotations


class UnoverseError(Exception):
    """Base of every error the project raises on bad input."""

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class UnknownVariant(UnoverseError):
    """A variant name that is not registered."""

    code = "unknown_variant"


class UnknownOption(UnoverseError):
    """An option name the variant does not have."""

    code = "unknown_option"


class InvalidOptionValue(UnoverseError):
    """An option value outside the option's allowed values."""

    code = "invalid_option_value"


class OptionConflict(UnoverseError):
    """Options that cannot be combined (RULES.md H-5)."""

    code = "option_conflict"


class BadPlayerCount(UnoverseError):
    """A player count the variant does not support."""

    code = "bad_player_count"


class NotationError(UnoverseError):
    """A card, action or position string that does not parse."""

    code = "notation"


class IllegalAction(UnoverseError):
    """The seat may act now, but not with this action."""

    code = "illegal"


class NotYourWindow(UnoverseError):
    """The seat has no open window that admits this kind of action."""

    code = "not_your_window"


class StaleAction(UnoverseError):
    """The action answers a window that has already closed."""

    code = "stale"


class ReplayMismatch(UnoverseError):
    """A replayed game does not reproduce the recorded state hashes or actions."""

    code = "replay_mismatch"


class BadBotSpec(UnoverseError):
    """A bot spec that names no bot, or gives it a parameter it does not have."""

    code = "bad_bot_spec"


class Unsupported(UnoverseError):
    """A preset, player count or bot that the fast batched engine (``unoverse.fast``) does
    not play: it refuses rather than approximate (the reference engine plays them all)."""

    code = "unsupported"
