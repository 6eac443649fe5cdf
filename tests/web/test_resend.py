"""The page sends again an action the server could not store just now (``unavailable``,
docs/protocol.md), with the same ``seq``, and no other refusal: run on the page's own
``net.js`` in the real browser, its websocket a stand-in that refuses as told."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from .browser import Site
from .modules import call, site_page

#: Open a Connection on a stand-in websocket whose first ``args[0]`` actions are refused
#: with ``args[1]`` (then acknowledged), send one action and return its answer, every
#: action frame sent and the ms it took.
ACT = """
const { Connection } = await load("net.js");
const sent = [];
class Stand {
  static OPEN = 1;
  constructor() {
    this.readyState = 1;
    setTimeout(() => this.onopen(), 0);
  }
  send(data) {
    const message = JSON.parse(data);
    if (message.type !== "act") return;
    sent.push(message);
    const frame = sent.length <= args[0]
      ? { type: "error", seq: message.seq, code: args[1], message: "refused" }
      : { type: "ack", seq: message.seq };
    setTimeout(() => this.onmessage({ data: JSON.stringify(frame) }), 0);
  }
  close() {}
}
const real = window.WebSocket;
window.WebSocket = Stand;
try {
  const conn = new Connection("ROOM", "token", { onFrame() {}, onStatus() {} });
  await new Promise((done) => setTimeout(done, 20));
  const began = performance.now();
  const answer = await conn.act("R5", 7);
  conn.close();
  return { answer, sent, ms: performance.now() - began };
} finally {
  window.WebSocket = real;
}
"""


def _act(browser: Browser, site: Site, refusals: int, code: str) -> dict[str, Any]:
    with site_page(browser, site.base) as page:
        result: dict[str, Any] = call(page, ACT, refusals, code)
        return result


@pytest.mark.parametrize(("refusals", "code", "answer", "sent"), [
    (2, "unavailable", "ack", 3),  # stored at the third sending
    (9, "unavailable", "error", 4),  # the refusal stands after the last of three waits
    (1, "stale", "error", 1),  # any other refusal is the answer at once
])  # fmt: skip
def test_unavailable_is_sent_again_with_the_same_seq(
    browser: Browser, site: Site, refusals: int, code: str, answer: str, sent: int
) -> None:
    result = _act(browser, site, refusals, code)
    assert result["answer"]["type"] == answer
    assert len(result["sent"]) == sent
    assert len({m["seq"] for m in result["sent"]}) == 1
    assert {(m["action"], m["based_on_version"]) for m in result["sent"]} == {("R5", 7)}
    if sent > 1:  # after waits of 0.5 s, then 1 s, then 2 s
        assert result["ms"] >= [500, 1500, 3500][sent - 2]


def test_a_fronts_429_is_said_as_rate_limited(browser: Browser, site: Site) -> None:
    """nginx's own 429 page (a limit per address counted at the front, docs/deployment.md)
    has no code: the page says it as ``rate_limited``, not as an unknown HTTP error."""
    with site_page(browser, site.base) as page:
        page.route("**/api/rooms", lambda route: route.fulfill(status=429, body="<html>429</html>"))
        code, words, expected = call(
            page,
            """
            const { api } = await load("net.js");
            const { t } = await load("words.js");
            try {
              await api("POST", "/api/rooms", {});
            } catch (error) {
              return [error.code, error.message, t("page.refusal.rate_limited")];
            }
            return [null, null, null];
            """,
        )
    assert code == "rate_limited"
    assert words == expected
