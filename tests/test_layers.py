"""Imports point one way only (DESIGN.md "Layers"): core <- variants <- match <- bots/sim <- cli.

``core`` is pure: standard library only, no I/O, no clock, no global randomness.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "unoverse"

# What each layer may import from the project (besides itself).
ALLOWED = {
    "core": set(),
    "variants": {"core"},
    "match": {"core", "variants"},
    "bots": {"core"},
    "sim": {"core", "variants", "match", "bots"},
    "cli": {"core", "variants", "match", "bots", "sim"},
}
#: Standard-library modules core must not use: no I/O, no clock, no global randomness.
FORBIDDEN_IN_CORE = {"random", "time", "datetime", "os", "io", "pathlib", "socket", "asyncio"}


def imports(path: Path) -> list[tuple[str, int]]:
    """(module, level) of every import in a file."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            out.append((node.module or "", node.level))
        elif isinstance(node, ast.Import):
            out.extend((alias.name, 0) for alias in node.names)
    return out


def layer_of(module: str, level: int, layer: str) -> str | None:
    """The project layer an import refers to, or None for an outside module."""
    if level == 0:
        parts = module.split(".")
        return parts[1] if parts[0] == "unoverse" and len(parts) > 1 else None
    if level == 1:
        return layer
    return module.split(".")[0] if module else None


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_imports_point_one_way(layer: str) -> None:
    for path in (SRC / layer).rglob("*.py"):
        for module, level in imports(path):
            target = layer_of(module, level, layer)
            if target is None or target == layer:
                continue
            assert target in ALLOWED[layer], f"{path.relative_to(SRC)} imports {target}"


def test_core_uses_only_the_standard_library_without_io_clock_or_randomness() -> None:
    for path in (SRC / "core").rglob("*.py"):
        for module, level in imports(path):
            if level == 0:
                top = module.split(".")[0]
                assert top in sys.stdlib_module_names, f"{path.name} imports {module}"
                assert top not in FORBIDDEN_IN_CORE, f"{path.name} imports {module}"
