"""The check catches a broken rule: each mutant is the batched engine with one rule broken in
its source (a copy of the package, run in a child process), and checking its games against
the reference engine must fail — naming where the games parted.

Without these, a check that passes could be a check that cannot fail.
"""

from __future__ import annotations

import inspect
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import unoverse

# a mutant breaks the batched engine, not the reference engine it is checked against, which
# tests/fast/test_exact.py checks on both builds
pytestmark = pytest.mark.any_build

#: name -> (file in unoverse/fast, the text that implements the rule, what replaces it,
#: preset, players, policy): each mutant breaks one rule of RULES.md.
MUTANTS = {
    # P5: a Wild Draw Four held with a card of the active colour is illegal
    "wild draw four legality": (
        "engine.py",
        "if held > 0 and (T[T[O_COLOR] + c] == color or (block and T[T[O_WILD] + c])):",
        "if held > 0 and block and T[T[O_WILD] + c]:",
        "classic",
        3,
        "random",
    ),
    # P7: with two seats a Reverse acts as a Skip
    "two-player reverse": (
        "engine.py",
        "if n == 2 and T[TWO_PLAYER_RULES]:",
        "if False:",
        "classic",
        2,
        "naive",
    ),
    # P3: the reshuffle keeps the top discard and shuffles the rest
    "reshuffle keeps the top card": (
        "engine.py",
        "    moved = k - 1\n",
        "    moved = k - 2\n",
        "classic",
        2,
        "naive",
    ),
    # P4: the next seat's move closes the other seats' UNO windows
    "UNO catch window": (
        "engine.py",
        "    S[g, UNO_OPEN] &= 1 << actor\n",
        "    S[g, UNO_OPEN] &= S[g, UNO_OPEN]\n",
        "classic",
        4,
        "random",
    ),
    # §1.2: a Skip turned first skips the first player
    "first-card table": (
        "engine.py",
        "            S[g, TURN] = (first + 1) % n\n",
        "            S[g, TURN] = first\n",
        "classic",
        4,
        "naive",
    ),
    # §1.8 stacking=same: only the chain's own kind answers it (here: any wild too)
    "stacking": (
        "engine.py",
        "                    if C[g, hand + s] > 0 and T[row + s]:\n"
        "                        _plays(S, C, T, g, seat, s, False, mask)",
        "                    if C[g, hand + s] > 0 and (T[row + s] or T[T[O_WILD] + s]):\n"
        "                        _plays(S, C, T, g, seat, s, False, mask)",
        "classic+stacking=same",
        3,
        "random",
    ),
}


def mismatches(preset: str, players: int, policy: str) -> dict[str, object]:
    """Play 300 rounds of ``preset`` by ``policy`` on the batched engine imported and check
    each against the reference engine: how many part from it, and the first mismatch."""
    from unoverse.fast import check
    from unoverse.fast.play import play
    from unoverse.fast.policies import POLICIES
    from unoverse.fast.tables import config

    cfg = config(preset, players)
    seats = np.full(players, POLICIES.index(policy))
    st = play(cfg, np.arange(300, dtype=np.uint64), seats, cap=400, log=400)
    found = [m for m in (check.check_game(cfg, st, g) for g in range(300)) if m is not None]
    return {"wrong": len(found), "first": str(found[0]) if found else ""}


#: A mutant's child process: ``mismatches`` on its copy of the package, printed as JSON.
_CHILD = "\n".join(
    (
        "import json, sys",
        "import numpy as np",
        inspect.getsource(mismatches),
        "print(json.dumps(mismatches(sys.argv[1], int(sys.argv[2]), sys.argv[3])))",
    )
)


def _package() -> Path:
    return Path(unoverse.__file__).parent


#: The mutant of the normal profile; the deep profile runs every one. Each compiles its own
#: copy of the batched engine in numba, about 50 s of a core (the unbroken engine is loaded
#: from numba's cache), so ``make test`` shows with one that the check can fail and
#: ``make test-deep`` that it catches each broken rule.
NORMAL = "wild draw four legality"


@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=[] if n == NORMAL else [pytest.mark.deep]) for n in MUTANTS]
)
def test_a_broken_rule_fails_the_check(name: str, tmp_path: Path) -> None:
    file, rule, broken, preset, players, policy = MUTANTS[name]
    copy = tmp_path / "unoverse"
    shutil.copytree(_package(), copy, ignore=shutil.ignore_patterns("__pycache__"))
    for helper in _package().parent.glob("*__mypyc*"):  # the compiled build's shared module
        shutil.copy2(helper, tmp_path / helper.name)
    source = copy / "fast" / file
    text = source.read_text()
    assert text.count(rule) == 1, f"the rule's text is not once in fast/{file}: {rule!r}"
    source.write_text(text.replace(rule, broken))
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "NUMBA_CACHE_DIR": str(tmp_path / "nb")}
    env.pop("UNOVERSE_EXPECT_COMPILED", None)
    run = subprocess.run(
        [sys.executable, "-c", _CHILD, preset, str(players), policy],
        env=env, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["wrong"] > 0, f"mutant {name!r} passed the check"
    assert "game of seed" in result["first"]


def test_the_unbroken_engine_passes_the_same_check() -> None:
    """The mutants' check, on the engine as it is (in this process): no mismatch, so a
    mutant's failures come from its broken rule."""
    for preset, players, policy in sorted({(m[3], m[4], m[5]) for m in MUTANTS.values()}):
        assert mismatches(preset, players, policy) == {"wrong": 0, "first": ""}, preset
