"""Fuzzing the two small languages a user types: presets (``variant(+name[=value])*``) and
bot specs (``name[:k=v,...]``, and the comma-separated list of them ``--bots`` takes).

Arbitrary text, and text assembled from the grammar's own pieces (real variant, option, bot
and parameter names, in every spelling, with values that fit and values that do not: huge,
negative, ``nan``, ``1e999``, empty, non-ASCII, padded with spaces), either parses or is
refused with one line of ``UnoverseError``; never another exception. A preset that parses
gives the same options when its options are written back as a preset; a bot spec that
parses gives a bot whose reaction times are finite and never negative.
"""

from __future__ import annotations

import math

from hypothesis import event, given
from hypothesis import strategies as st

from unoverse.bots.base import BOTS, LEVELS, Bot, Param, make_bot, parse_bot_specs
from unoverse.core.errors import UnoverseError
from unoverse.core.options import Options, OptionSpec
from unoverse.core.registry import get, variants
from unoverse.core.setup import resolve_preset
from unoverse.core.variant import Variant

#: Box-Muller on doubles never draws a standard normal beyond this (docs/bots.md).
Z_MAX = 38.5

NUMBERS = st.sampled_from(
    ["0", "1", "2", "-1", "-0", "+3", "1.5", "1e3", "1e999", "-1e999", "nan", "inf", "-inf",
     "9" * 30, "9" * 5000, "1_000", "0x10", "\u0663", "", " ", "１"]
) | st.integers(-(10**7), 10**7).map(str) | st.floats().map(repr)  # fmt: skip
JUNK = st.text(max_size=12)

# -- presets ------------------------------------------------------------------------------

VARIANT_NAMES = sorted({n for v in variants() for n in (v.name, *v.aliases)})
ALL_SPECS = [s for v in variants() for s in v.option_specs]
WORDS = ["true", "false", "on", "off", "yes", "no", "none", "TRUE", "1", "0"]
PAD = st.sampled_from(["", "", "", " ", "\t", "\u00a0"])


def often(draw: st.DrawFn, usual: st.SearchStrategy[str], other: st.SearchStrategy[str]) -> str:
    """Nine times in ten ``usual``, else ``other``."""
    return draw(usual if draw(st.integers(0, 9)) else other)


def fitting(spec: OptionSpec) -> st.SearchStrategy[str]:
    """Values that ``spec`` accepts, mostly."""
    if spec.type == "bool":
        return st.sampled_from(WORDS)
    if spec.type == "choice":
        return st.sampled_from(spec.choices)
    numbers = st.integers(spec.minimum, min(spec.maximum, 1000)).map(str)
    return numbers | st.just("none") if spec.type == "optional_int" else numbers


@st.composite
def presets(draw: st.DrawFn) -> str:
    """A preset of real names and values, now and then wrong, with spaces here and there."""
    name = often(draw, st.sampled_from(VARIANT_NAMES), JUNK)
    specs = get(name).option_specs if name in VARIANT_NAMES else ALL_SPECS
    parts = [draw(PAD) + name + draw(PAD)]
    for _ in range(draw(st.integers(0, 4))):
        spec = draw(st.sampled_from(specs))
        key = often(draw, st.sampled_from([spec.name, spec.short]), JUNK)
        if spec.type == "bool" and draw(st.booleans()):
            part = key  # a bare flag
        else:
            value = often(draw, fitting(spec), NUMBERS | JUNK | st.sampled_from(WORDS))
            part = f"{key}{draw(PAD)}={draw(PAD)}{value}"
        parts.append(draw(PAD) + part + draw(PAD))
    return "+".join(parts)


def written_back(variant: Variant, options: Options) -> str:
    """The options as a preset: every option that differs from its default, by canonical
    name."""
    specs = variant.specs
    return variant.name + "".join(
        f"+{name}={specs[name].format(value)}"
        for name, value in options.items()
        if value != specs[name].default
    )


def check_preset(preset: str) -> None:
    try:
        variant, options = resolve_preset(preset)
    except UnoverseError as exc:
        event(f"refused: {type(exc).__name__}")
        assert "\n" not in str(exc) and str(exc)
        return
    event("accepted")
    assert resolve_preset(written_back(variant, options)) == (variant, options)


@given(presets())
def test_a_preset_from_the_grammar_parses_and_writes_back_or_is_refused(preset: str) -> None:
    check_preset(preset)


@given(st.text(max_size=60) | st.binary(max_size=20).map(lambda b: b.decode("latin-1")))
def test_arbitrary_text_as_a_preset_parses_or_is_refused(preset: str) -> None:
    check_preset(preset)


OPTION_NAMES = sorted({n for s in ALL_SPECS for n in (s.name, s.short)})
PYTHON_VALUES = (
    st.none() | st.booleans() | st.integers() | st.floats() | NUMBERS | st.sampled_from(WORDS)
)


@given(
    st.sampled_from(VARIANT_NAMES),
    st.dictionaries(st.sampled_from(OPTION_NAMES) | JUNK, PYTHON_VALUES, max_size=4),
)
def test_options_given_as_python_values_resolve_or_are_refused(
    variant: str, options: dict[str, object]
) -> None:
    try:
        resolved, values = resolve_preset(variant, options)
    except UnoverseError as exc:
        assert "\n" not in str(exc)
        return
    assert resolve_preset(written_back(resolved, values)) == (resolved, values)


# -- bot specs ----------------------------------------------------------------------------

BOT_NAMES = sorted({*BOTS, *LEVELS})


def in_range(p: Param) -> st.SearchStrategy[str]:
    """Values that parameter ``p`` accepts."""
    if p.integer:
        return st.integers(int(p.low), int(p.high)).map(str)
    return st.floats(p.low, p.high).map(repr)


@st.composite
def bot_specs(draw: st.DrawFn) -> str:
    """A spec of a real bot or level with its parameters, now and then wrong."""
    name = often(draw, st.sampled_from(BOT_NAMES), JUNK)
    cls = BOTS.get(LEVELS.get(name, name), Bot)
    declared = {**Bot.params, **cls.params}
    items = []
    for _ in range(draw(st.integers(0, 3))):
        key = often(draw, st.sampled_from(sorted(declared)), JUNK)
        value = often(draw, in_range(declared[key]) if key in declared else NUMBERS, NUMBERS)
        items.append(f"{key}{draw(PAD)}={draw(PAD)}{value}")
    return name + (":" + ",".join(items) if items or draw(st.booleans()) else "")


def check_spec(spec: str) -> None:
    try:
        bot = make_bot(spec, 7, 1)
    except UnoverseError as exc:
        event(f"refused: {type(exc).__name__}")
        assert "\n" not in str(exc) and str(exc)
        return
    event(f"accepted: {bot.name}")
    assert bot.median_ms >= 0 and bot.sigma >= 0
    assert math.isfinite(bot.median_ms * math.exp(bot.sigma * Z_MAX))
    for _ in range(2000):
        delay = bot.delay()
        assert math.isfinite(delay) and delay >= 0, (spec, delay)


@given(bot_specs())
def test_a_bot_spec_from_the_grammar_gives_a_bot_with_sane_delays_or_is_refused(
    spec: str,
) -> None:
    check_spec(spec)


@given(st.text(max_size=40))
def test_arbitrary_text_as_a_bot_spec_gives_a_bot_or_is_refused(spec: str) -> None:
    check_spec(spec)


@given(st.lists(bot_specs() | JUNK, max_size=4).map(",".join), st.integers(2, 10))
def test_a_bot_list_gives_one_spec_per_seat_or_is_refused(text: str, players: int) -> None:
    try:
        specs = parse_bot_specs(text, players)
    except UnoverseError as exc:
        assert "\n" not in str(exc)
        return
    assert len(specs) == players
    for spec in specs:
        check_spec(spec)
