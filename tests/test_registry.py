"""The list of variants (``unoverse.variants.VARIANTS``) and lookups by name
(``core.registry``): one explicit list, read when a name is looked up, nothing registered on
import."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import unoverse as uv
from unoverse.core.bot_settings import BotSettings
from unoverse.core.options import split_preset
from unoverse.core.variant import Variant

pytestmark = pytest.mark.engine_build

#: The module ``unoverse.variants`` (the package's attribute of that name is the function).
listed = importlib.import_module("unoverse.variants")
FAKE = Variant(name="fake", title="A variant nobody listed", aliases=("fk",), option_specs=())


def test_the_variants_are_the_list_in_its_order() -> None:
    assert uv.variants() == listed.VARIANTS
    assert [v.name for v in uv.variants()] == [
        "classic", "minecraft", "attack", "full_spectrum", "blast", "flip", "no_mercy",
    ]  # fmt: skip


def test_every_name_and_alias_finds_its_variant_and_none_is_shared() -> None:
    names = [n for v in uv.variants() for n in (v.name, *v.aliases)]
    assert len(names) == len(set(names)), names
    for variant in uv.variants():
        for name in (variant.name, *variant.aliases):
            assert uv.get_variant(name) is variant
            assert split_preset(f"{name}+jump_in")[0] == name, "a name the preset grammar splits"


def test_a_variant_is_found_because_it_is_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lookups read the list when called: a variant left out of it is unknown, a variant put
    in it is found by its name and alias; making a descriptor registers nothing."""
    with pytest.raises(uv.UnknownVariant, match="unknown variant 'fake'"):
        uv.get_variant("fake")
    without_blast = tuple(v for v in listed.VARIANTS if v.name != "blast")
    monkeypatch.setattr(listed, "VARIANTS", (*without_blast, FAKE))
    assert uv.get_variant("fk") is FAKE and uv.variants()[-1] is FAKE
    with pytest.raises(uv.UnknownVariant, match="variants are: attack, classic, fake, flip, full"):
        uv.get_variant("blast")


def test_a_name_looked_up_first_leaves_the_public_variants_function_in_place() -> None:
    """``unoverse.variants`` is both a function of the API and the subpackage the list lives
    in: a first lookup in a new process must not rebind the name to the module."""
    code = (
        "import unoverse as uv; uv.from_json(uv.to_json(uv.new_game('fs', 2, 0))); "
        "print(callable(uv.variants), len(uv.variants()))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.split() == ["True", str(len(listed.VARIANTS))]


def test_each_variant_carries_its_bots_settings() -> None:
    """The bots' per-variant settings are the descriptor's (``Variant.bots``), not a table
    of names in a bot; a variant that gives none gets the defaults."""
    for variant in uv.variants():
        assert isinstance(variant.bots, BotSettings)
        assert variant.bots.ismcts_iterations > 0 and variant.bots.ismcts_iterations_realtime > 0
    assert FAKE.bots == BotSettings(ismcts_iterations=300, ismcts_iterations_realtime=300)
