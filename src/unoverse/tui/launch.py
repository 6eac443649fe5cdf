"""What ``unoverse play`` asks for, checked before the app starts, so that bad input is one
line and nothing opens: the local table (preset, seats, bots, timer, seed) or the server's
seat (address, room, name or token)."""

from __future__ import annotations

import getpass

from ..bots.base import make_bot, parse_bot_specs
from ..core.errors import UnoverseError
from ..core.reasons import reason_words
from ..i18n import t
from .link import FrameLink
from .local import LocalGame, LocalLink


class LaunchError(Exception):
    """Bad input to ``unoverse play``: one line for the player, in their language."""


def player_name() -> str:
    """The player's name at a local table without ``--name``: the login name, else
    "Player" (a name, so the log reads "Ana plays G4", not "You plays G4")."""
    try:
        login = getpass.getuser()
    except (KeyError, OSError):  # no login name in this environment
        login = ""
    return login[:24].capitalize() or t("tui.player")


def local(
    preset: str,
    players: int,
    bots: str,
    name: str,
    timer: str,
    seed: int | None,
    bot_speed: str = "normal",
) -> LocalLink:
    """A table on this machine: the player at seat 0 and a bot in every other seat (one spec
    for all, or one per bot seat), at the pace ``bot_speed``."""
    try:
        if players < 2:
            raise LaunchError(t("tui.launch.players", n=players))
        specs = parse_bot_specs(bots, players - 1)
        for seat, spec in enumerate(specs, start=1):
            make_bot(spec, 0, seat)  # refuses an unknown bot or parameter
        game = LocalGame(
            preset, tuple(specs), name=name, timer=timer, seed=seed, bot_speed=bot_speed
        )
        return LocalLink(game)  # checks the preset for this many seats, and the timer
    except UnoverseError as exc:  # in the player's language, by its reason
        raise LaunchError(reason_words(exc)) from None


def remote(url: str, room: str | None, name: str | None, token: str | None) -> FrameLink:
    """A seat at a server's table: joined under ``name``, or taken back with its ``token``
    (checked with the server first, as a join is). (The websocket's and HTTP's libraries
    load here: a local table needs neither.)"""
    from .remote import JoinError, RemoteLink, join, reclaim

    if not room:
        raise LaunchError(t("tui.launch.room"))
    if (name is None) == (token is None):
        raise LaunchError(t("tui.launch.name"))
    try:
        if token is not None:
            seat = reclaim(url, room.upper(), token)
        else:
            assert name is not None
            seat = join(url, room.upper(), name)
    except JoinError as exc:
        raise LaunchError(str(exc)) from None
    return RemoteLink(seat)
