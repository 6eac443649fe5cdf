"""A link to a room: frames in, actions out, each action answered once (docs/protocol.md).

``FrameLink`` numbers the messages it sends (``seq``), hands every frame it receives to the
app, and turns the ``ack`` or ``error`` carrying a message's ``seq`` into the answer of
``act`` or ``emote``. An action the server could not store just now (``unavailable``: its
database away for a moment) is sent again, with the same ``seq``, after each wait of
``RESEND_S``; the refusal stands after the last. Subclasses say how a frame travels: into
a room in this process (``LocalLink``) or over a websocket (``RemoteLink``). A link also
reports its own state as ``status`` frames (``connecting``, ``connected``, ``lost``...),
which no server sends.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any, Final

from ..i18n import N_

Frame = dict[str, Any]
Deliver = Callable[[Frame], None]

#: The answer to an action whose connection dropped before the server answered it.
LOST: Frame = {"type": "lost"}
#: The waits (seconds) before sending again an action refused ``unavailable``
#: (docs/protocol.md, "Acknowledged means stored"); the page keeps the same ones.
RESEND_S: Final = (0.5, 1.0, 2.0)


def status(state: str, detail: str = "") -> Frame:
    """A frame of the link's own state, for the app."""
    return {"type": "status", "status": state, "detail": detail}


class FrameLink:
    """A room's frames for one seat (see the module's docstring). ``open`` starts it."""

    #: What leaving does to the seat, in words for the player (a catalogue key).
    leaving = N_("tui.leaving.server")
    #: Whether there is anyone at the table to send an emote to (bots alone read none).
    emotes = True

    def __init__(self) -> None:
        self.seat: int | None = None
        self._deliver: Deliver = lambda frame: None
        self._seq = 0
        self._waiting: dict[int, asyncio.Future[Frame]] = {}

    async def open(self, deliver: Deliver) -> None:
        """Join the room; frames go to ``deliver`` from now on."""
        self._deliver = deliver

    async def close(self) -> None:
        """Leave the room (the seat is kept by the server, as a closed tab's)."""
        self._drop_waiting()

    async def again(self) -> None:
        """Start another match once this one is over (the host only)."""
        raise NotImplementedError

    async def act(self, action: str, version: int) -> Frame:
        """Send an action decided on state ``version``: the server's ``ack`` or ``error``,
        or ``LOST`` if the connection dropped first. Refused ``unavailable``, it is sent
        again after each wait of ``RESEND_S`` (the server kept nothing of it)."""
        message: Frame = {"type": "act", "based_on_version": version, "action": action}
        answer = await self._request(message)
        for wait in RESEND_S:
            if answer.get("type") != "error" or answer.get("code") != "unavailable":
                break
            await asyncio.sleep(wait)
            answer = await self._request(message)
        return answer

    async def emote(self, emote: str) -> Frame:
        """Send an emote to the room (one of ``server.protocol.EMOTES``): the server's
        ``ack`` or ``error`` (``rate_limited`` past the seat's flood limit), or ``LOST``."""
        return await self._request({"type": "emote", "emote": emote})

    async def _request(self, message: Frame) -> Frame:
        """Send ``message`` under the next ``seq`` (or the one it carries, sent again) and
        wait for its answer."""
        if "seq" not in message:
            self._seq += 1
            message["seq"] = self._seq
        seq = message["seq"]
        answer: asyncio.Future[Frame] = asyncio.get_running_loop().create_future()
        self._waiting[seq] = answer
        try:
            await self._send(json.dumps(message).encode())
            return await answer
        except ConnectionError:
            return LOST
        finally:
            self._waiting.pop(seq, None)

    async def _send(self, frame: bytes) -> None:
        """Send a frame; ``ConnectionError`` when there is no connection."""
        raise NotImplementedError

    def _received(self, raw: str | bytes) -> None:
        """A frame from the server, as sent."""
        self._take(json.loads(raw))

    def _take(self, frame: Frame) -> None:
        """A frame from the server: the answer to a message waiting for one, and the app's."""
        if frame.get("type") in ("ack", "error"):
            answer = self._waiting.get(frame.get("seq", -1))
            if answer is not None and not answer.done():
                answer.set_result(frame)
        self._deliver(frame)

    def _drop_waiting(self) -> None:
        """The connection is gone: every message still waiting gets ``LOST``."""
        for answer in self._waiting.values():
            if not answer.done():
                answer.set_result(LOST)
