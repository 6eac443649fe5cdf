"""A room's table (docs/protocol.md, "Rooms"): settings checked by the engine, seats taken
with tokens, the host's powers, and every refusal typed and without effect."""

from __future__ import annotations

import copy
import re

import pytest

import unoverse as uv
from unoverse.server.protocol import ProtocolError
from unoverse.server.room import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_NAME,
    TIMERS,
    Room,
    Settings,
    new_code,
    token_hash,
)


def room(preset: str = "classic", seats: int = 4, **kw: object) -> Room:
    return Room("K7QPZ2", Settings.make(preset, seats, **kw))


def refused(r: Room, code: str, call: object, *args: object) -> None:
    """``call`` is refused with ``code`` and the room is as it was."""
    before = copy.deepcopy((r.seats, r.host, r.started))
    with pytest.raises(ProtocolError) as caught:
        call(*args)  # type: ignore[operator]
    assert caught.value.code == code, caught.value.message
    assert (r.seats, r.host, r.started) == before


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        (("klondike", 4), uv.UnknownVariant, "klondike"),
        (("classic+no_such_rule", 4), uv.UnknownOption, "no_such_rule"),
        (("classic", 1), uv.BadPlayerCount, "2 to 10"),
        (("classic", 11), uv.BadPlayerCount, "2 to 10"),
        (("classic", "4"), uv.BadPlayerCount, "'4'"),
        (("classic", 4, "slow"), uv.InvalidOptionValue, "off, relaxed, normal, fast"),
        (("classic+target_score=0", 4), uv.InvalidOptionValue, "target_score"),
        (("classic", 4, "fast", "yes"), uv.InvalidOptionValue, "public"),
    ],
)
def test_settings_the_engine_refuses_are_refused_with_its_error(
    args: tuple[object, ...], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        Settings.make(*args)


def test_settings_take_any_preset_and_the_timer_presets() -> None:
    s = Settings.make("blast+mode=blast", 3, "relaxed", True, False)
    assert (s.seats, s.seconds, s.public, s.spectators) == (3, 60.0, True, False)
    assert [Settings.make("classic", 2, t).seconds for t in TIMERS] == [
        None, 60.0, 30.0, 15.0, 3600.0, 86400.0, 3 * 86400.0
    ]  # fmt: skip
    assert [Settings.make("classic", 2, t).turn_based for t in TIMERS] == [False] * 4 + [True] * 3


def test_joining_gives_a_seat_and_a_token_only_its_hash_is_kept() -> None:
    r = room()
    seat, token = r.join("Ana")
    assert seat == 0 and r.host == 0
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", token)  # 256 bits, URL-safe
    assert r.seats[0].token == token_hash(token) and token.encode() not in repr(r.seats).encode()
    assert r.seat_of(token) == 0
    assert r.join("Bo", 3)[0] == 3
    assert r.join("Cy")[0] == 1  # the first open seat


def test_a_wrong_or_missing_token_is_unauthorised() -> None:
    r = room()
    _, token = r.join("Ana")
    for bad in (token[:-1] + ("A" if token[-1] != "A" else "B"), "", None, 5):
        refused(r, "unauthorised", r.seat_of, bad)


def test_names_are_limited_unique_and_kept_as_text() -> None:
    r = room(seats=6)
    assert r.seats[r.join("  Ana   Lee ")[0]].name == "Ana Lee"
    assert r.seats[r.join("<b>Bo</b>")[0]].name == "<b>Bo</b>"  # text, not markup
    assert r.join("x" * MAX_NAME)[0] == 2
    refused(r, "bad_message", r.join, "ana lee")  # taken, whatever the case
    refused(r, "bad_message", r.join, "x" * (MAX_NAME + 1))
    refused(r, "bad_message", r.join, "   ")
    refused(r, "bad_message", r.join, "Bo\u200b")  # invisible
    refused(r, "bad_message", r.join, "Bo\x07")
    refused(r, "bad_message", r.join, 7)


def test_a_full_room_and_a_taken_seat_are_room_full() -> None:
    r = room(seats=2)
    r.join("Ana")
    refused(r, "room_full", r.join, "Bo", 0)
    r.join("Bo")
    refused(r, "room_full", r.join, "Cy")
    refused(r, "bad_message", r.join, "Cy", 2)


def test_only_the_host_adds_bots_kicks_hands_over_and_starts() -> None:
    r = room()
    _, host = r.join("Ana")
    _, guest = r.join("Bo")
    for call, args in (
        (r.add_bot, (guest, 2, "easy")),
        (r.kick, (guest, 0)),
        (r.hand_host, (guest, 1)),
        (r.start, (guest,)),
    ):
        refused(r, "unauthorised", call, *args)
    r.add_bot(host, 2, "hard")
    r.add_bot(host, 3, "random:median_ms=300")
    assert [s.kind for s in r.seats] == ["player", "player", "bot", "bot"]
    r.hand_host(host, 1)
    assert r.host == 1
    refused(r, "unauthorised", r.start, host)
    r.start(guest)
    assert r.started


def test_a_bad_bot_spec_gets_the_engines_error() -> None:
    r = room()
    _, host = r.join("Ana")
    with pytest.raises(uv.UnoverseError) as caught:
        r.add_bot(host, 1, "grandmaster")
    assert caught.value.code == "bad_bot_spec"
    assert r.seats[1].kind == "open"
    refused(r, "room_full", r.add_bot, host, 0, "easy")


def test_the_host_starts_only_a_full_table() -> None:
    r = room(seats=3)
    _, host = r.join("Ana")
    r.add_bot(host, 1, "easy")
    refused(r, "not_ready", r.start, host)
    r.add_bot(host, 2, "normal")
    r.remove_bot(host, 2)
    refused(r, "not_ready", r.start, host)
    r.join("Cy")
    r.start(host)
    for call, args in (
        (r.join, ("Di",)),
        (r.add_bot, (host, 1, "easy")),
        (r.kick, (host, 2)),
        (r.leave, (host,)),
        (r.start, (host,)),
    ):
        refused(r, "not_ready", call, *args)
    r.play_again(host)  # the same table, open for changes again
    assert not r.started and [s.kind for s in r.seats] == ["player", "bot", "player"]


def test_a_kicked_players_token_is_void_and_a_leaving_host_hands_on() -> None:
    r = room()
    _, host = r.join("Ana")
    _, bo = r.join("Bo")
    _, cy = r.join("Cy")
    r.kick(host, 1)
    refused(r, "unauthorised", r.seat_of, bo)
    refused(r, "bad_message", r.kick, host, 0)  # not itself
    assert r.leave(host) == 0
    assert r.host == 2 and r.seat_of(cy) == 2
    assert r.join("Bo")[0] == 0  # the name is free again


def test_the_listing_shows_the_rules_before_anyone_joins() -> None:
    r = room("classic+jump_in+stacking=progressive+target_score=300", 4, timer="fast", public=True)
    listing = r.listing()
    assert listing["variant"] == "classic"
    assert listing["options"] == {"jump_in": True, "stacking": "progressive", "target_score": 300}
    assert (listing["free"], listing["timer"]) == (4, "fast")
    _, host = r.join("<i>Ana</i>")
    r.add_bot(host, 2, "easy")
    assert r.listing()["seats"] == [
        {"kind": "player", "name": "<i>Ana</i>"},
        {"kind": "open", "name": None},
        {"kind": "bot", "name": "bot easy"},
        {"kind": "open", "name": None},
    ]


def test_room_codes_avoid_misread_characters() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set("01ILO") & set(CODE_ALPHABET)
