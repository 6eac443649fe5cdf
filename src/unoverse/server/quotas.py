"""What one client, and all of them together, may make the server hold (docs/protocol.md,
"Limits"): the limits' defaults, and the per-address accounting that refuses a request
over them with a typed error that changed nothing.

An address is the client's IP address as the server sees it (behind a reverse proxy, run
the server with the proxy's forwarded headers trusted, or every client is the proxy). Rates
are token buckets (``limits.Bucket``): a burst of ``n`` passes, then ``n`` per minute. The
per-address tables forget an address once it holds nothing and its buckets are full again,
so they do not grow with the number of addresses that ever came.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from .limits import Bucket
from .protocol import ProtocolError

#: Addresses tracked before the idle ones are forgotten.
PRUNE_AT: Final = 10_000


@dataclass(frozen=True)
class Limits:
    """The server's limits (every one configurable; ``serve --help`` names the options)."""

    #: HTTP requests one address may make per minute (a burst of this many, then this rate).
    requests_per_minute: int = 300
    #: Rooms one address may create per minute (a burst of this many, then this rate).
    rooms_per_minute: int = 10
    #: Rooms created by one address that may be open at once.
    rooms_per_address: int = 20
    #: Rooms open on the server at once (a room is open until it ends: docs/protocol.md).
    rooms_total: int = 10_000
    #: Unknown room codes and games one address may ask for per minute (codes are secret).
    misses_per_minute: int = 30
    #: Log-in attempts one address may make per minute, and attempts at one name from all
    #: addresses together (a password is not to be guessed).
    logins_per_minute: int = 10
    logins_per_name_per_minute: int = 20
    #: Accounts one address may create per minute.
    signups_per_minute: int = 5
    #: Seats one account may hold in rooms that have not ended.
    seats_per_account: int = 100
    #: Websockets one address may hold open at once.
    sockets_per_address: int = 40
    #: Connections (HTTP and websockets) the server holds at once; the next gets a 503.
    connections_total: int = 4000
    #: The largest request body, in bytes.
    body_bytes: int = 64 * 1024
    #: Seconds a client has to send a request's head (its line and headers).
    head_timeout_s: float = 10.0
    #: Seconds a client has to send a request's body once its head is in.
    body_timeout_s: float = 10.0
    #: Seconds an idle keep-alive connection stays open.
    idle_timeout_s: float = 5.0
    #: Seconds an unstarted room may stay without any change or anyone connected.
    lobby_idle_s: float = 30 * 60.0
    #: Seconds a started room may play on with no human player connected before it ends.
    abandoned_s: float = 10 * 60.0
    #: Seconds a turn-based room (a move an hour or more) may stay with nobody connected,
    #: before or during its match, before it ends.
    turn_based_idle_s: float = 30 * 86400.0


#: A server's default limits.
LIMITS: Final = Limits()


class Quotas:
    """The per-address accounting of ``limits`` (see the module's docstring)."""

    def __init__(self, limits: Limits = LIMITS, clock: Callable[[], float] = time.monotonic):
        self.limits = limits
        self.clock = clock
        self.requesting: dict[str, Bucket] = {}
        self.creating: dict[str, Bucket] = {}
        self.missing: dict[str, Bucket] = {}
        self.logging_in: dict[str, Bucket] = {}
        #: name key -> its log-in attempts (keyed by name whether it has an account or not)
        self.guessed: dict[str, Bucket] = {}
        self.signing_up: dict[str, Bucket] = {}
        #: address -> its open rooms' codes; address -> its open websockets
        self.rooms: dict[str, set[str]] = {}
        self.sockets: dict[str, int] = {}
        #: room code -> the address that created it
        self.creators: dict[str, str] = {}

    def may_request(self, address: str) -> bool:
        """Whether ``address`` may make one more HTTP request now (counted if so)."""
        return self._take(self.requesting, address, self.limits.requests_per_minute)

    def may_create(self, address: str, open_rooms: int) -> None:
        """Check that ``address`` may create a room now, ``open_rooms`` being open on the
        server; count the creation. Refused: ``too_many`` (this address) or
        ``server_full``."""
        limits = self.limits
        if open_rooms >= limits.rooms_total:
            raise ProtocolError(
                "server_full", f"the server holds {limits.rooms_total} open rooms: try later"
            )
        if len(self.rooms.get(address, ())) >= limits.rooms_per_address:
            raise ProtocolError(
                "too_many",
                f"{limits.rooms_per_address} rooms of yours are open: "
                "play or leave them, they end when idle",
            )
        if not self._take(self.creating, address, limits.rooms_per_minute):
            raise ProtocolError(
                "rate_limited", f"at most {limits.rooms_per_minute} new rooms a minute"
            )

    def created(self, address: str, code: str) -> None:
        """``address`` created the room ``code``."""
        self.rooms.setdefault(address, set()).add(code)
        self.creators[code] = address

    def ended(self, code: str) -> None:
        """The room ``code`` ended: it no longer counts against its creator."""
        address = self.creators.pop(code, None)
        codes = self.rooms.get(address, set()) if address is not None else set()
        codes.discard(code)
        if not codes and address is not None:
            self.rooms.pop(address, None)

    def missed(self, address: str) -> None:
        """``address`` asked for a room or game that does not exist: refused with
        ``rate_limited`` once it has done so too often (room codes are not to be walked)."""
        if not self._take(self.missing, address, self.limits.misses_per_minute):
            raise ProtocolError(
                "rate_limited",
                f"more than {self.limits.misses_per_minute} unknown rooms or games a minute",
            )

    def may_log_in(self, address: str, key: str) -> None:
        """Count a log-in attempt of ``address`` at the name ``key``, or refuse it with
        ``rate_limited`` (the same whether the name has an account or not)."""
        limits = self.limits
        if not self._take(self.logging_in, address, limits.logins_per_minute):
            raise ProtocolError(
                "rate_limited", f"at most {limits.logins_per_minute} log-in attempts a minute"
            )
        if not self._take(self.guessed, key, limits.logins_per_name_per_minute):
            raise ProtocolError(
                "rate_limited", "too many log-in attempts at this name: wait a minute"
            )

    def may_sign_up(self, address: str) -> None:
        """Count an account made by ``address``, or refuse it with ``rate_limited``."""
        if not self._take(self.signing_up, address, self.limits.signups_per_minute):
            raise ProtocolError(
                "rate_limited", f"at most {self.limits.signups_per_minute} new accounts a minute"
            )

    def open_socket(self, address: str) -> None:
        """Count a websocket of ``address``, or refuse it with ``too_many``."""
        held = self.sockets.get(address, 0)
        if held >= self.limits.sockets_per_address:
            raise ProtocolError(
                "too_many", f"{self.limits.sockets_per_address} connections from your address"
            )
        self.sockets[address] = held + 1

    def close_socket(self, address: str) -> None:
        """A websocket of ``address`` closed."""
        held = self.sockets.get(address, 0) - 1
        if held > 0:
            self.sockets[address] = held
        else:
            self.sockets.pop(address, None)

    def _take(self, buckets: dict[str, Bucket], address: str, per_minute: int) -> bool:
        now = self.clock()
        if len(buckets) >= PRUNE_AT:
            for key, bucket in list(buckets.items()):
                if bucket.full(now):
                    del buckets[key]
        if address not in buckets:
            buckets[address] = Bucket(now, per_minute, 60.0)
        return buckets[address].take(now) == "ok"
