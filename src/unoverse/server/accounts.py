"""Players' accounts (docs/accounts.md): optional, for a name kept across rooms and devices.

An account is a unique name and a password. The name is compared as its ``key`` (NFKC,
case-folded: ``Ana`` and ``ＡＮＡ`` are one name); the password is kept only as its Argon2id
hash (argon2-cffi, RFC 9106's low-memory profile), computed on a worker thread so that a
log-in does not hold up the rooms' event loop. ``verify`` does the same work whether the
name exists or not (an unknown name is checked against a hash of a random password), so
neither its answer nor its time says which names have accounts.

A player may make bot accounts (``create_bot``): a name like any account's, no password,
and an API key (``KEY_PREFIX`` and 256 random bits) kept as its SHA-256, with which a
program plays the bot's seats over the same protocol as a person (docs/protocol.md,
"Bots").

Deleting an account keeps its games: each seat it held, and each chat line said from such
a seat, is renamed ``ANONYMOUS`` and no longer names the account. An account seated at a
table that has not ended cannot be deleted (the room's owner would write its name again):
the player leaves or finishes first.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import and_, delete, exists, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker

from .protocol import ProtocolError
from .room import refuse_invisible
from .tables import AccountRow, ChatRow, RoomRow, SeatRow

#: An account's name: 2 to 24 letters or digits of any script, ``_``, ``.`` or ``-``,
#: beginning with a letter or digit (a name is a link: no spaces, nothing that looks alike
#: by spacing).
NAME: Final = re.compile(r"[^\W_][\w.\-]{1,23}")
#: A password's length, in characters: long enough to resist guessing, short enough that
#: hashing it costs every request the same.
MIN_PASSWORD: Final = 8
MAX_PASSWORD: Final = 256
#: The beginning of the names the server keeps for its own accounts (``ratings``' bots).
RESERVED: Final = "unoverse"
#: How an API key begins (a request's ``Authorization: Bearer`` says which kind it is).
KEY_PREFIX: Final = "unoverse_bot_"
#: The most bot accounts one account may own.
MAX_BOTS: Final = 20
#: What a deleted account's seats and chat lines are called.
ANONYMOUS: Final = "anonymous"


def new_key() -> str:
    """A bot account's API key: ``KEY_PREFIX`` and 256 random bits (URL-safe base64)."""
    return KEY_PREFIX + secrets.token_urlsafe(32)


def key_hash(key: str) -> bytes:
    """What the server keeps of an API key (a random key needs no slow hash)."""
    return hashlib.sha256(key.encode()).digest()


@dataclass(frozen=True)
class Account:
    """An account as the server uses it: its id, its name as chosen, and whether that name
    is shown in exported games (otherwise ``ANONYMOUS``)."""

    id: int
    name: str
    shown: bool = True


def name_key(name: str) -> str:
    """The form names are compared in: NFKC, case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: str) -> str:
    """``name`` as an account's name (NFKC), or ``bad_message`` saying what it may be."""
    clean = unicodedata.normalize("NFKC", name)
    if not NAME.fullmatch(clean):
        raise ProtocolError(
            "bad_message",
            "name: 2 to 24 letters, digits, '_', '.' or '-', beginning with a letter or digit",
        )
    refuse_invisible(clean, "name")
    if name_key(clean).startswith(RESERVED):
        raise ProtocolError("bad_message", f"name: names beginning {RESERVED!r} are the server's")
    return clean


def check_password(password: str, name: str) -> None:
    """``bad_message`` unless ``password`` is ``MIN_PASSWORD`` to ``MAX_PASSWORD``
    characters and not the name itself."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ProtocolError("bad_message", f"password: {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    if name_key(password) == name_key(name):
        raise ProtocolError("bad_message", "password: not your name")


class Accounts:
    """The accounts kept in the server's database (see the module's docstring)."""

    def __init__(self, engine: AsyncEngine, hasher: PasswordHasher | None = None) -> None:
        self.engine = engine
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)
        self.hasher = hasher if hasher is not None else PasswordHasher()
        #: the hash an unknown name's password is checked against
        self._decoy = self.hasher.hash(secrets.token_urlsafe(16))

    async def create(self, name: str, password: str, shown: bool = True) -> Account:
        """A new account, or ``bad_message`` (a name or password it does not take) or
        ``name_taken``."""
        clean = check_name(name)
        check_password(password, clean)
        hashed = await asyncio.to_thread(self.hasher.hash, password)
        row = AccountRow(
            name=clean,
            key=name_key(clean),
            password=hashed,
            shown=shown,
            created=datetime.now(UTC),
        )
        try:
            async with self._sessions.begin() as s:
                s.add(row)
        except IntegrityError:
            raise ProtocolError("name_taken", f"the name {clean!r} has an account") from None
        return Account(row.id, row.name, row.shown)

    async def verify(self, name: str, password: str) -> Account | None:
        """The account ``name`` if ``password`` is its password, else None, after the same
        work either way (see the module's docstring)."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(
                        AccountRow.id, AccountRow.name, AccountRow.shown, AccountRow.password
                    ).where(AccountRow.key == name_key(name[: 4 * MAX_PASSWORD]))
                )
            ).first()
        if row is None:
            await asyncio.to_thread(self._matches, self._decoy, password)
            return None
        if not await asyncio.to_thread(self._matches, row.password, password):
            return None
        if self.hasher.check_needs_rehash(row.password):  # the library's profile moved on
            await self._set_password(row.id, password)
        return Account(row.id, row.name, row.shown)

    async def get(self, account: int) -> Account | None:
        """The account ``account``, or None (deleted)."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(AccountRow.id, AccountRow.name, AccountRow.shown).where(
                        AccountRow.id == account
                    )
                )
            ).first()
        return None if row is None else Account(*row)

    async def set_shown(self, account: int, shown: bool) -> None:
        """Whether the account's name is shown in exported games."""
        async with self._sessions.begin() as s:
            await s.execute(update(AccountRow).where(AccountRow.id == account).values(shown=shown))

    async def delete(self, account: Account, password: str) -> None:
        """Delete ``account`` (its password given again), its games kept anonymously;
        ``unauthorised`` for a wrong password, ``not_ready`` while it holds a seat at a table
        that has not ended. Its sessions end with it."""
        if await self.verify(account.name, password) != account:
            raise ProtocolError("unauthorised", "wrong password")
        seated = and_(SeatRow.account == account.id, SeatRow.room == RoomRow.code)
        async with self._sessions.begin() as s:
            open_rooms = (
                (await s.execute(select(RoomRow.code).where(seated, RoomRow.ended.is_(False))))
                .scalars()
                .all()
            )
            if open_rooms:
                raise ProtocolError(
                    "not_ready",
                    f"your account is seated at {len(open_rooms)} table(s) that have not "
                    "ended: leave them before the match, or finish them",
                )
            await s.execute(
                update(ChatRow)
                .where(
                    exists().where(
                        SeatRow.account == account.id,
                        SeatRow.room == ChatRow.room,
                        SeatRow.seat == ChatRow.seat,
                    )
                )
                .values(name=ANONYMOUS)
            )
            await s.execute(
                update(SeatRow)
                .where(SeatRow.account == account.id)
                .values(name=ANONYMOUS, account=None)
            )
            await s.execute(delete(AccountRow).where(AccountRow.id == account.id))

    # -- bot accounts ----------------------------------------------------------------------
    async def create_bot(self, owner: Account, name: str) -> tuple[Account, str]:
        """A bot account of ``owner``'s, and its API key (shown this once: the server keeps
        its SHA-256); ``bad_message``, ``name_taken`` or ``too_many`` (``MAX_BOTS``)."""
        clean = check_name(name)
        key = new_key()
        async with self._sessions.begin() as s:
            held = await s.scalar(
                select(func.count()).select_from(AccountRow).where(AccountRow.owner == owner.id)
            )
            if (held or 0) >= MAX_BOTS:
                raise ProtocolError("too_many", f"an account may own {MAX_BOTS} bots")
            row = AccountRow(
                name=clean,
                key=name_key(clean),
                password="",
                shown=True,
                created=datetime.now(UTC),
                kind="bot",
                owner=owner.id,
                api_key=key_hash(key),
            )
            s.add(row)
            try:
                await s.flush()
            except IntegrityError:
                raise ProtocolError("name_taken", f"the name {clean!r} has an account") from None
        return Account(row.id, row.name, row.shown), key

    async def bots(self, owner: int) -> list[str]:
        """The names of ``owner``'s bot accounts."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(AccountRow.name).where(AccountRow.owner == owner).order_by(AccountRow.key)
            )
            return list(rows.scalars())

    async def new_bot_key(self, owner: int, name: str) -> str:
        """A new API key for ``owner``'s bot ``name`` (the one before is void), or
        ``not_found``."""
        key = new_key()
        async with self._sessions.begin() as s:
            done = await s.execute(
                update(AccountRow)
                .where(AccountRow.owner == owner, AccountRow.key == name_key(name))
                .values(api_key=key_hash(key))
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise ProtocolError("not_found", f"you have no bot called {name!r}")
        return key

    async def delete_bot(self, owner: int, name: str) -> None:
        """Delete ``owner``'s bot ``name`` (its games kept), or ``not_found``."""
        async with self._sessions.begin() as s:
            done = await s.execute(
                delete(AccountRow).where(
                    AccountRow.owner == owner, AccountRow.key == name_key(name)
                )
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise ProtocolError("not_found", f"you have no bot called {name!r}")

    async def by_key(self, key: str) -> Account | None:
        """The bot account whose API key is ``key``, or None."""
        if not key.startswith(KEY_PREFIX) or len(key) > 128:
            return None
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(AccountRow.id, AccountRow.name, AccountRow.shown).where(
                        AccountRow.api_key == key_hash(key)
                    )
                )
            ).first()
        return None if row is None else Account(*row)

    async def bot_named(self, name: str) -> Account | None:
        """The bot account (one a player made) called ``name``, or None."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(AccountRow.id, AccountRow.name, AccountRow.shown).where(
                        AccountRow.key == name_key(name[:64]), AccountRow.owner.is_not(None)
                    )
                )
            ).first()
        return None if row is None else Account(*row)

    # -- passwords -------------------------------------------------------------------------
    def _matches(self, hashed: str, password: str) -> bool:
        try:
            return self.hasher.verify(hashed, password)
        except (VerificationError, InvalidHashError):
            return False

    async def _set_password(self, account: int, password: str) -> None:
        hashed = await asyncio.to_thread(self.hasher.hash, password)
        async with self._sessions.begin() as s:
            await s.execute(
                update(AccountRow).where(AccountRow.id == account).values(password=hashed)
            )
