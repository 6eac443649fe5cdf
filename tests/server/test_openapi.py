"""The HTTP API against its own OpenAPI document: a bounded schemathesis run with every
check (``st run --checks all``) on a server in this process: once with valid and invalid
data, then with valid data on a room whose code the run is given (a finished game in it),
so that the operations on a room reach more than its 404.

A room's preset and names can be refused for reasons the schema cannot state (an unknown
variant or option, a name with an invisible character or already taken, a bot spec the
bots refuse): those three operations may answer schema-valid data with 422, and only they.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from .players import QUICK, Client, Server, in_process, room

#: Examples per operation and phase: bounded (about 20 s a run).
EXAMPLES = 8

CONFIG = r"""
[[operations]]
include-path-regex = '^/api/rooms(/\{code\}/(join|bots))?$'
include-method = "POST"
checks.positive_data_acceptance.expected-statuses = [
    "2xx", "401", "403", "404", "409", "422", "429"
]
"""
#: The second run's: the room's code given (valid data only, which a given value is).
KNOWN_ROOM = """
[parameters]
"path.code" = "{code}"
"""


def test_every_operation_passes_every_schemathesis_check(tmp_path: Path) -> None:
    async def schemathesis(server: Server, config: str, *args: str) -> None:
        path = tmp_path / "schemathesis.toml"
        path.write_text(config)
        st = Path(sys.executable).with_name("st")
        proc = await asyncio.create_subprocess_exec(
            str(st), "--config-file", str(path), "run", f"{server.base}/openapi.json",
            "--checks", "all", "--max-examples", str(EXAMPLES), "--generation-deterministic",
            "--report-dir", str(tmp_path / "reports"), *args,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, cwd=tmp_path,
        )  # fmt: skip
        out, _ = await asyncio.wait_for(proc.communicate(), 300)
        text = out.decode(errors="replace")
        assert proc.returncode == 0, text[-6000:]
        assert " passed" in text and "failure" not in text.split("SUMMARY")[-1], text[-3000:]

    async def main() -> None:
        async with in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server:
            await schemathesis(server, CONFIG)  # valid and invalid data, rooms unknown
            code, [(s0, t0)] = await room(
                server, "classic+scoring=none", 2, {1: QUICK["normal"]}, ["Ana"]
            )
            async with Client.connect(server, code, t0, s0) as ana:
                await ana.play_match()
            await schemathesis(server, CONFIG + KNOWN_ROOM.format(code=code), "--mode", "positive")

    asyncio.run(main())
