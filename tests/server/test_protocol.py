"""The websocket protocol's frames (docs/protocol.md): every message a client may send is
read into its struct, and anything else is refused as ``bad_message`` with a reason, before
any game sees it."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import get_args

import msgspec
import pytest

import unoverse as uv
from unoverse import i18n
from unoverse.core.reasons import reason_words
from unoverse.match.session import Session
from unoverse.server.live import Live
from unoverse.server.protocol import (
    ERROR_CODES,
    MAX_ACTION,
    MAX_CHAT,
    MAX_COUNT,
    MAX_FRAME,
    PROTOCOL,
    Ack,
    Act,
    Chat,
    ClientMessage,
    Error,
    Hello,
    ProtocolError,
    ServerMessage,
    decode,
    encode,
    error_for,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def refused(frame: bytes | str, reason: str) -> None:
    with pytest.raises(ProtocolError, match=reason) as caught:
        decode(frame)
    assert caught.value.code == "bad_message"


def test_each_client_message_is_read_into_its_struct() -> None:
    assert decode('{"type":"hello","protocol":1,"room":"K7QP"}') == Hello(PROTOCOL, "K7QP")
    hello = decode(b'{"type":"hello","protocol":1,"room":"K7QP","token":"t0k","last_version":12}')
    assert hello == Hello(1, "K7QP", "t0k", 12)
    act = decode('{"type":"act","seq":4,"based_on_version":17,"action":"W+4:G uno"}')
    assert act == Act(seq=4, based_on_version=17, action="W+4:G uno")
    assert decode('{"type":"chat","seq":5,"text":"<b>gg</b>"}') == Chat(5, "<b>gg</b>")


@pytest.mark.parametrize(
    ("frame", "reason"),
    [
        ("nope", "JSON is malformed"),
        (b"\xff\xfe", "malformed"),
        ("", "truncated"),
        ("[]", "Expected `object`, got `array`"),
        ('{"seq":1}', "names its message in `type`"),
        ('{"type":"resign"}', "unknown message type 'resign'"),
        ('{"type":"act","seq":1,"action":"R5"}', "missing required field `based_on_version`"),
        ('{"type":"act","seq":"1","based_on_version":0,"action":"R5"}', r"Expected `int`.*\$\.seq"),
        ('{"type":"act","seq":-1,"based_on_version":0,"action":"R5"}', r">= 0 - at `\$\.seq`"),
        (f'{{"type":"act","seq":{MAX_COUNT + 1},"based_on_version":0,"action":"R5"}}', "<="),
        ('{"type":"act","seq":1,"based_on_version":0,"action":""}', "length >= 1"),
        ('{"type":"act","seq":1,"based_on_version":0,"action":"R5","to":2}', "unknown field `to`"),
        ('{"type":"chat","seq":1,"text":7}', r"Expected `str`.*\$\.text"),
        ('{"type":"hello","protocol":1,"room":"K7QP","token":""}', "length >= 1"),
    ],
)
def test_a_malformed_frame_is_refused_with_its_reason(frame: str | bytes, reason: str) -> None:
    refused(frame, reason)


def test_lengths_are_limited() -> None:
    act = {"type": "act", "seq": 1, "based_on_version": 0, "action": "R" * MAX_ACTION}
    assert decode(json.dumps(act)) == Act(1, 0, "R" * MAX_ACTION)
    refused(json.dumps({**act, "action": "R" * (MAX_ACTION + 1)}), f"length <= {MAX_ACTION}")
    chat = {"type": "chat", "seq": 1, "text": "é" * MAX_CHAT}
    assert decode(json.dumps(chat, ensure_ascii=False)) == Chat(1, "é" * MAX_CHAT)
    refused(json.dumps({**chat, "text": "x" * (MAX_CHAT + 1)}), f"length <= {MAX_CHAT}")


def test_an_oversized_frame_is_refused_before_it_is_parsed() -> None:
    padded = '{"type":"chat","seq":1,"text":"hi"}'.ljust(MAX_FRAME)
    assert decode(padded) == Chat(1, "hi")  # exactly the limit: read
    refused(padded + " ", f"at most {MAX_FRAME} bytes, not {MAX_FRAME + 1}")
    refused("é" * (MAX_FRAME // 2 + 1), "at most")  # bytes, not characters


@pytest.mark.parametrize(
    "frame",
    [
        "[" * 8000 + "]" * 8000,
        '{"type":"act","seq":1,"based_on_version":0,"action":' + "[" * 8000 + "]" * 8000 + "}",
        '{"type":"act","extra":' + '{"a":' * 2700 + "1" + "}" * 2700 + "}",
    ],
    ids=["top_level", "in_a_field", "in_an_unknown_field"],
)
def test_a_deeply_nested_payload_is_refused(frame: str) -> None:
    assert len(frame.encode()) <= MAX_FRAME
    with pytest.raises(ProtocolError) as caught:
        decode(frame)
    assert caught.value.code == "bad_message"


def test_server_messages_encode_as_documented() -> None:
    assert json.loads(encode(Ack(seq=4, version=18))) == {"type": "ack", "seq": 4, "version": 18}
    err = error_for(4, ProtocolError("rate_limited", "slow down"))
    assert err == Error(seq=4, code="rate_limited", message="slow down")
    assert json.loads(encode(err)) == {
        "type": "error",
        "seq": 4,
        "code": "rate_limited",
        "message": "slow down",
    }


def test_an_engine_refusal_is_sent_with_its_reason_and_fields() -> None:
    """The session's refusal becomes an ``error`` frame with the English message, the
    reason's key and its typed fields, which a client says in its own language."""
    session = Session(uv.position("hands: R3 G4 | R1 R2 | B1 B2; top: G5@2; turn: 0"), 0)
    frame = json.loads(Live._frame(4, session.submit(0, "R3", 1.0)))
    assert frame == {
        "type": "error",
        "seq": 4,
        "code": "illegal",
        "message": "R3 does not match the top card G5 (active colour G)",
        "reason": "reason.no_match",
        "fields": {"card": "R3", "top_card": "G5", "color": "G"},
    }
    es = i18n.words("es")
    said = "3 rojo no coincide con la carta de arriba, 5 verde (color en juego: verde)"
    assert reason_words(frame, es) == said
    frame = json.loads(Live._frame(5, session.submit(1, "R1", 2.0)))
    assert frame["code"] == "not_your_window" and frame["reason"] == "reason.not_your_turn"
    assert frame["fields"] == {"action": "R1", "seat": 1, "turn_seat": 0, "window": "turn"}
    names = ["Ana", "Bo", "Cy"].__getitem__
    assert reason_words(frame, es, name=names) == "le toca a Ana, no a Bo (ventana de turno)"
    # read back as the protocol's struct, and a frame without a reason leaves both out
    assert msgspec.json.decode(json.dumps(frame), type=ServerMessage) == Error(
        seq=5,
        code="not_your_window",
        message=frame["message"],
        reason="reason.not_your_turn",
        fields=frame["fields"],
    )
    assert "reason" not in json.loads(encode(Error(seq=1, code="notation", message="?")))


def test_an_error_code_outside_the_list_cannot_be_sent() -> None:
    bad = b'{"type":"error","seq":null,"code":"oops","message":"?"}'
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(bad, type=ServerMessage)
    assert set(ERROR_CODES) >= {"illegal", "not_your_window", "stale", "bad_message"}


def documented(heading: str) -> set[str]:
    """The names listed in docs/protocol.md's section ``heading`` (its ``### `name` `` lines)."""
    text = DOC.read_text()
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^### `(\w+)`", section, re.M))


def test_the_document_lists_every_message_and_error_code() -> None:
    def tags(union: object) -> set[str]:
        return {str(s.__struct_config__.tag) for s in get_args(union)}

    assert documented("From the client") == tags(ClientMessage)
    assert documented("From the server") == tags(ServerMessage)
    text = DOC.read_text()
    for code in ERROR_CODES:
        assert f"| `{code}` |" in text, f"docs/protocol.md has no row for the error {code}"
    for example in re.findall(r"```json\n(.*?)```", text, re.S):
        for line in example.strip().splitlines():
            # (a client's and the server's ``emote`` share a type: each side reads its own)
            read = []
            for union in (ClientMessage, ServerMessage):
                with contextlib.suppress(msgspec.ValidationError):
                    read.append(msgspec.json.decode(line, type=union))
            assert read, json.loads(line)
