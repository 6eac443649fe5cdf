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
#: The one exception: ``core/registry.py`` reads the list of variants
#: (``unoverse.variants.VARIANTS``) inside its functions, when a name is looked up. The
#: variants are built on the core, so the core cannot import them while it loads; at module
#: level the file keeps to its layer like any other.
CALLED_UP = {"core/registry.py": {"variants"}}
#: Standard-library modules core must not use: no I/O, no clock, no global randomness.
FORBIDDEN_IN_CORE = {"random", "time", "datetime", "os", "io", "pathlib", "socket", "asyncio"}


def imports(path: Path, *, in_functions: bool = True) -> list[tuple[str, int]]:
    """(module, level) of every import in a file (without ``in_functions``: only those
    outside function bodies, the ones made when the module loads)."""
    out = []
    skip: set[int] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if not in_functions and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            skip.update(id(inner) for inner in ast.walk(node))
        if id(node) in skip:
            continue
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
        name = path.relative_to(SRC).as_posix()
        called_up = CALLED_UP.get(name, set())
        at_load = imports(path, in_functions=False)
        for module, level in imports(path):
            target = layer_of(module, level, layer)
            if target is None or target == layer:
                continue
            if target in called_up and (module, level) not in at_load:
                continue
            assert target in ALLOWED[layer], f"{name} imports {target}"


def test_the_registry_imports_the_variants_only_when_called() -> None:
    """The exception is still needed and still narrow: ``core/registry.py`` imports the
    variants inside a function, and not at module level."""
    path = SRC / "core" / "registry.py"
    called = [layer_of(m, lv, "core") for m, lv in imports(path)]
    at_load = [layer_of(m, lv, "core") for m, lv in imports(path, in_functions=False)]
    assert "variants" in called and "variants" not in at_load


def test_core_uses_only_the_standard_library_without_io_clock_or_randomness() -> None:
    for path in (SRC / "core").rglob("*.py"):
        for module, level in imports(path):
            if level == 0:
                top = module.split(".")[0]
                assert top in sys.stdlib_module_names, f"{path.name} imports {module}"
                assert top not in FORBIDDEN_IN_CORE, f"{path.name} imports {module}"
