"""Bot specs are read strictly: a ``:`` with no parameters after it, an empty spec between
commas, and a value that ``float`` reads but a spec does not write (digits of another
script, underscores, ``inf``, ``nan``) are each a ``BadBotSpec``, on the command line one
line with status 2."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from unoverse.bots.base import make_bot, parse_bot_specs
from unoverse.cli.app import app
from unoverse.core.errors import BadBotSpec

# the bots are compiled with the engine
pytestmark = pytest.mark.engine_build


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("naive:", "bot naive: no parameters after ':'"),
        ("easy: ", "bot naive: no parameters after ':'"),
        ("ismcts:iterations=١٠٠", "iterations='١٠٠' is not a number"),  # Arabic-Indic digits
        ("naive:median_ms=３００", "is not a number"),  # fullwidth digits
        ("naive:median_ms=1_000", "is not a number"),
        ("naive:sigma=nan", "is not a number"),
        ("naive:median_ms=inf", "is not a number"),
        ("naive:median_ms=0x10", "is not a number"),
        ("naive:sigma=", "is not a number"),
    ],
)
def test_a_spec_is_refused_where_it_is_not_written_as_specs_are(spec: str, said: str) -> None:
    with pytest.raises(BadBotSpec, match=said):
        make_bot(spec, 0, 0)


@pytest.mark.parametrize(
    "spec", ["naive:median_ms=300", "naive:median_ms=+3e2", "random:sigma=.5", "naive:sigma=1."]
)
def test_decimal_numbers_are_read(spec: str) -> None:
    make_bot(spec, 0, 0)


@pytest.mark.parametrize("text", ["naive,", ",naive", "naive,,random", "naive, ", ""])
def test_an_empty_spec_in_a_list_is_refused(text: str) -> None:
    with pytest.raises(BadBotSpec, match="an empty bot spec in"):
        parse_bot_specs(text, 2)


def test_parameters_after_commas_still_join_their_spec() -> None:
    assert parse_bot_specs("naive,random:median_ms=3,sigma=0", 2) == [
        "naive",
        "random:median_ms=3,sigma=0",
    ]


@pytest.mark.parametrize(
    ("bots", "said"),
    [
        ("naive,", "an empty bot spec in 'naive,'"),
        ("naive:", "no parameters after ':'"),
        ("ismcts:iterations=١٠٠", "is not a number"),
    ],
)
def test_the_command_line_refuses_them_in_one_line(bots: str, said: str) -> None:
    r = CliRunner().invoke(app, ["simulate", "--games", "1", "--bots", bots])
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1 and said in r.stderr
