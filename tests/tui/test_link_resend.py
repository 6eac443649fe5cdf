"""An action the server could not store just now (``unavailable``, docs/protocol.md) is sent
again by the terminal's link with the same ``seq``, and only that refusal is: the player
sees the move played once the database is back, or the refusal after the last wait."""

from __future__ import annotations

import asyncio
import json

import pytest

from unoverse.tui import link as link_module
from unoverse.tui.link import Frame, FrameLink


class Flaky(FrameLink):
    """A server that answers each message's first ``refusals`` sendings with ``code``, then
    acknowledges it; ``sent`` keeps every message as sent."""

    def __init__(self, refusals: int, code: str = "unavailable") -> None:
        super().__init__()
        self.refusals = refusals
        self.code = code
        self.sent: list[Frame] = []

    async def _send(self, frame: bytes) -> None:
        message = json.loads(frame)
        self.sent.append(message)
        if len(self.sent) <= self.refusals:
            answer = {"type": "error", "seq": message["seq"], "code": self.code, "message": "x"}
        else:
            answer = {"type": "ack", "seq": message["seq"], "version": 8}
        self._received(json.dumps(answer))


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(link_module, "RESEND_S", (0.01, 0.02, 0.03))


def test_sent_again_with_the_same_seq_until_stored() -> None:
    link = Flaky(refusals=2)
    answer = asyncio.run(link.act("R5", 7))
    assert answer == {"type": "ack", "seq": 1, "version": 8}
    assert [m["seq"] for m in link.sent] == [1, 1, 1]
    assert {(m["action"], m["based_on_version"]) for m in link.sent} == {("R5", 7)}
    # the next message is numbered on from there
    asyncio.run(link.act("B5", 8))
    assert link.sent[-1]["seq"] == 2


def test_the_refusal_stands_after_the_last_wait() -> None:
    link = Flaky(refusals=10)
    answer = asyncio.run(link.act("R5", 7))
    assert (answer["type"], answer["code"]) == ("error", "unavailable")
    assert len(link.sent) == 1 + len(link_module.RESEND_S)


def test_other_refusals_are_not_sent_again() -> None:
    link = Flaky(refusals=1, code="stale")
    answer = asyncio.run(link.act("R5", 7))
    assert answer["code"] == "stale"
    assert len(link.sent) == 1
