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

numba checks only a kernel's own source file before loading it from the cache, yet freezes
every global value the kernel reads: this first empties the cache when any module-level
value of ``unoverse.fast`` differs from the one the cache was filled with (a table grown in
``unoverse.core``, a new card kind).

    .venv/bin/python tools/compile_fast.py    # `make jit`; `make test` runs it first
"""

from __future__ import annotations

import hashlib
import importlib
import pkgutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

#: Where numba keeps the batched engine's compiled kernels, and the fingerprint of the values
#: they were compiled with.
CACHE = Path(__file__).resolve().parent.parent / "src" / "unoverse" / "fast" / "__pycache__"
STAMP = CACHE / "constants.sha256"

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


def constants() -> str:
    """A fingerprint of the module-level values of ``unoverse.fast``'s modules: numba
    freezes each global a kernel reads into its machine code, and checks only the kernel's
    own source file before loading it from the cache, so a value defined elsewhere (a table
    size from ``unoverse.core``, a layout offset from ``fast.tables``) may change under a
    cached kernel."""
    import unoverse.fast as fast

    digest = hashlib.sha256()
    for info in sorted(pkgutil.iter_modules(fast.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"unoverse.fast.{info.name}")
        for name, value in sorted(vars(module).items()):
            if isinstance(value, np.ndarray):
                digest.update(f"{info.name}.{name}={value.dtype}{value.shape}".encode())
                digest.update(value.tobytes())
            elif isinstance(value, bool | int | float | str | tuple):
                digest.update(f"{info.name}.{name}={value!r}".encode())
    return digest.hexdigest()


def drop_stale() -> None:
    """Empty numba's cache of the batched engine when the values its kernels froze have
    changed since it was filled (``constants``), so that no kernel runs on old tables."""
    now = constants()
    if STAMP.exists() and STAMP.read_text() == now:
        return
    for cached in (*CACHE.glob("*.nbi"), *CACHE.glob("*.nbc")):
        cached.unlink()
    CACHE.mkdir(exist_ok=True)
    STAMP.write_text(now)


def main() -> int:
    began = time.perf_counter()
    drop_stale()
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
