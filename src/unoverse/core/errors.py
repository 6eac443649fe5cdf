"""One taxonomy of typed errors, each with a stable code the interfaces put on the wire.

Every error says what was wrong and what is allowed. An engine call that raises one of
these has changed nothing.
"""

from __future__ import annotations

from collections.abc import Mapping


class UnoverseError(Exception):
    """Base of every error the project raises on bad input.

    Either a ``message``, an English sentence, or a ``reason``: a catalogue key
    (``reason.no_match``) with its typed ``fields`` (``card="R5"``, ``seat=2``; the last word
    of a field's name says its type: ``core.reasons``), so each reader can say it in its
    player's language (``core.reasons.reason_words``; the server sends both). The message of
    a reason is its English sentence in the notation, written when first read: a refusal
    caught in a search loop costs no words."""

    code = "error"

    def __init__(self, message: str = "", /, *, reason: str = "", **fields: object) -> None:
        super().__init__(message or reason)
        self._message = message
        self.reason = reason
        self._fields = fields

    @property
    def message(self) -> str:
        """The error in an English sentence (a reason's: led by the action it refused)."""
        if not self._message and self.reason:
            from .reasons import message

            self._message = message(self.reason, self.fields)
        return self._message

    @property
    def fields(self) -> dict[str, object]:
        """The reason's fields as JSON values: numbers and texts, and lists of them (an
        action, or any other value, as its text)."""
        return {name: _json(value) for name, value in self._fields.items()}

    def __str__(self) -> str:
        return self.message

    def renamed(self, texts: Mapping[str, str]) -> UnoverseError:
        """The same error with each text of ``texts`` said as its value in its fields (a
        card as the seat that named it sees it, ``core.backs``; an action field names its
        card within its text). A reason's sentence is then written anew from the renamed
        fields; only a bare message has its texts replaced where they stand."""

        def said(value: object) -> object:
            if isinstance(value, str):
                for text, shown in texts.items():
                    value = value.replace(text, shown)
                return value
            return [said(v) for v in value] if isinstance(value, list) else value

        fields = {name: said(value) for name, value in self.fields.items()}
        message = "" if self.reason else str(said(self._message))
        return _rebuild(type(self), message, self.reason, fields)

    def __reduce__(self) -> tuple[object, ...]:
        # the fields are keywords: rebuilt by name, as raised (pickled to a worker and back)
        return (_rebuild, (type(self), self._message, self.reason, self.fields))


def _json(value: object) -> object:
    if isinstance(value, bool | int | str) or value is None:
        return value
    if type(value) is list or type(value) is tuple:  # (an action is a named tuple: its text)
        return [_json(v) for v in value]
    return str(value)


def _rebuild(
    cls: type[UnoverseError], message: str, reason: str, fields: dict[str, object]
) -> UnoverseError:
    return cls(message, reason=reason, **fields)


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
