"""``GET /api/variants``, what the page's room form offers: every variant with the options it
accepts (``Variant.offered``), so that nothing offered there is refused whatever else is set,
and the quick starts it declares; an option a variant refuses, sent anyway, is refused with its
reason (docs/protocol.md)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

import unoverse as uv
from unoverse.core.reasons import message
from unoverse.core.setup import new_game
from unoverse.core.variant import QuickStart, Variant

from .players import in_process


def test_the_variants_listing_offers_only_what_each_variant_accepts(tmp_path: Path) -> None:
    async def main() -> dict[str, Any]:
        async with (
            in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server,
            httpx.AsyncClient(base_url=server.base) as http,
        ):
            r = await http.get("/api/variants")
            assert r.status_code == 200
            listed = {v["name"]: v for v in r.json()}
            # a refused option sent anyway: the engine's conflict, with its reason
            for option in ("downpour", "seven_zero"):
                r = await http.post(
                    "/api/rooms", json={"name": "Ana", "preset": f"attack+{option}"}
                )
                assert (r.status_code, r.json()["code"]) == (422, "option_conflict"), r.text
                why = uv.get_variant("attack").refused[option]  # (a reason's key)
                assert r.json()["message"] == message(why, {})
                assert (r.json()["reason"], r.json()["fields"]) == (why, {})
            return listed

    listed = asyncio.run(main())
    assert list(listed) == [v.name for v in uv.variants()]
    for variant in uv.variants():
        options = listed[variant.name]["options"]
        assert [o["name"] for o in options] == list(variant.offered)
        for option, spec in zip(options, variant.offered.values(), strict=True):
            assert option["choices"] == list(spec.choices)
            assert (option["minimum"], option["maximum"]) == (spec.minimum, spec.maximum)
    attack = {o["name"]: o for o in listed["attack"]["options"]}
    # the options Attack declares and refuses (pinned by tests/test_options.py)
    refused = {name for name in uv.get_variant("attack").refused if "=" not in name}
    assert len(refused) == 7 and not refused & set(attack)
    assert {"stacking", "jump_in", "bar_special", "attack.launcher"} <= set(attack)
    assert attack["stacking"]["choices"] == ["off", "same", "progressive"]
    blast = {o["name"]: o for o in listed["blast"]["options"]}
    assert blast["blast.numbers"]["minimum"] == 1  # (0: no number to start on, U-B-19)


def test_the_variants_listing_gives_each_variants_quick_starts(tmp_path: Path) -> None:
    """The lobby's quick starts are the variants' own (``Variant.quick_starts``), in the
    variants' order: each a preset of its variant that makes a game, each named by its own
    words (``page.preset.<id>``)."""

    async def main() -> list[dict[str, Any]]:
        async with (
            in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server,
            httpx.AsyncClient(base_url=server.base) as http,
        ):
            r = await http.get("/api/variants")
            assert r.status_code == 200
            answer: list[dict[str, Any]] = r.json()
            return answer

    listed = asyncio.run(main())
    starts = [(v["name"], q["preset"], q["id"]) for v in listed for q in v["quick_starts"]]
    assert starts == [
        ("classic", "classic", "classic"),
        ("classic", "classic+stacking=progressive+seven_zero", "house"),
        ("classic", "classic+jump_in", "jump_in"),
        ("minecraft", "minecraft", "minecraft"),
        ("attack", "attack", "attack"),
        ("full_spectrum", "full_spectrum", "full_spectrum"),
        ("blast", "blast", "blast"),
        ("blast", "blast+mode=blast", "blast_mode"),
        ("flip", "flip", "flip"),
        ("no_mercy", "no_mercy", "no_mercy"),
    ]
    for name, preset, _ in starts:
        game = new_game(preset, 3, 1)
        assert game.rules.name == name


def test_a_quick_start_of_another_variant_is_refused() -> None:
    with pytest.raises(ValueError, match="name another variant"):
        Variant("mine", "Mine", (), (), quick_starts=(QuickStart("classic", "classic"),))
