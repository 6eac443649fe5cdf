"""Compile the batched engine (``unoverse.fast``) into numba's cache before the tests ask for it.

numba compiles the engine's kernels the first time a process calls them and keeps the machine
code in a cache beside their sources (``src/unoverse/fast/__pycache__``; the compiled build
links ``fast`` there, so both builds share it). A first compile takes minutes of one core —
the vector environment's kernel alone about two and a half —, and every process that finds the
cache cold pays it again: two test workers at once, and each test's child processes. This
compiles the entry points every later caller loads (the simulation's ``play``, the vector
environment's step, and the engine's steps that the checks call one at a time), each in a
process of its own, side by side, so that the suite and the benchmarks load them from the
cache (a second or two). With a current cache it takes about as long as the imports.

    .venv/bin/python tools/compile_fast.py    # `make jit`; `make test` runs it first
"""

from __future__ import annotations

import subprocess
import sys
import time

#: Each entry point's compile, run in a child process of its own: the calls every later
#: caller makes, with the same argument types (numba compiles a kernel again for others).
ENTRY_POINTS = {
    # ``unoverse simulate --engine fast``, and ``fast.check`` (its deal and points)
    "the simulation's play": """
import numpy as np
from unoverse.fast import check
from unoverse.fast.play import play
from unoverse.fast.tables import config
cfg = config("classic", 2)
st = play(cfg, np.arange(2, dtype=np.uint64), np.zeros(2, np.int64), 1000, log=1000)
check.check_game(cfg, st, 0)
""",
    # ``unoverse.rl.vector_env``
    "the vector environment's step": """
import numpy as np
from unoverse.rl import vector_env
env = vector_env("classic", 2, 2, threads=1)
env.reset(seed=0)
env.step(np.array([np.flatnonzero(m)[0] for m in env.action_masks()]))
""",
    # the engine's steps called one at a time, as tests/fast/test_encoding.py calls them
    "the engine's steps one by one": """
import numpy as np
from unoverse.fast import engine, policies
from unoverse.fast.observe import observe
from unoverse.fast.state import new_state
from unoverse.fast.tables import TOKENS, config
cfg = config("classic", 2)
T = cfg.T
st = new_state(T, 1)
S, C, R, LOG = st.S, st.C, st.R, st.LOG
engine.deal(S, C, R, T, 0, np.uint64(0))
mask = np.zeros(int(T[TOKENS]), np.uint8)
scratch = np.zeros(policies.scratch_width(T), np.uint8)
counts = np.zeros(policies.GROUPS, np.int64)
code = engine.ask(S, C, T, 0)
observe(S, C, T, 0, 0, False, np.zeros(cfg.observation.size, np.float32))
engine.legal(S, C, T, 0, 0, False, mask)
token = policies.choose(S, C, R, T, 0, 0, False, 0, scratch, counts)
engine.apply(S, C, R, T, LOG, 0, 0, token)
engine.wait(S, 0, 0)
""",
}


def main() -> int:
    began = time.perf_counter()
    children = {
        name: subprocess.Popen(
            [sys.executable, "-c", code],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for name, code in ENTRY_POINTS.items()
    }
    failed = False
    for name, child in children.items():
        output, _ = child.communicate()
        if child.returncode != 0:
            failed = True
            print(f"compile_fast: compiling {name} failed:\n{output}", file=sys.stderr)
    if failed:
        return 1
    seconds = time.perf_counter() - began
    print(f"compile_fast: the batched engine is in numba's cache ({seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
